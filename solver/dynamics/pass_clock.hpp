#pragma once
// Where the contact step's time goes, pass by pass. A law's own cost is a few percent of
// the step (benchmarks/README.md), so a regression in the law hardly moves the step's figure; the
// law pass's own time inside the loop shows it. Built with LAWCHECK_PASS_TIMES (CMake option, off
// by default; `scripts/bench.sh --pass-times`), each block of the contact loop reads the CPU's
// time-stamp counter between its passes (dynamics/contact_block.hpp) and each thread sums the
// ticks per pass (Simulation::pass_ticks). Built without it, PassClock holds nothing and its calls
// are empty: the loop compiles as if they were not there.
//
// The counter runs at a fixed rate, not the core's clock (x86 rdtsc; steady_clock's nanoseconds
// elsewhere). Six reads per block of 64 contacts: at the ~25 cycles a read takes, ~2 % of the
// step by count (an estimate; this host's noise does not resolve it). contact_step_bench.cpp
// converts ticks to ns per contact against steady_clock.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#if defined(LAWCHECK_PASS_TIMES)
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#else
#include <chrono>
#endif
#endif

namespace lawcheck {

// A block's passes in the order they run: kinematics (the gather, frame transport and local
// velocities), physics (joining a contact's physics for the law), law, forces (to global axes,
// frames stored back), accumulation (onto the particles).
enum class BlockPass : std::size_t { kinematics, physics, law, forces, accumulation };
inline constexpr std::array<std::string_view, 5> block_pass_names = {"kinematics", "physics", "law", "forces",
                                                                     "accumulation"};

inline constexpr bool pass_times_enabled =
#if defined(LAWCHECK_PASS_TIMES)
    true;
#else
    false;
#endif

// Ticks per pass and the contacts they were spent on.
struct PassTicks {
  std::array<std::uint64_t, block_pass_names.size()> ticks{};
  std::uint64_t contacts = 0;

  std::uint64_t& operator[](BlockPass p) { return ticks[static_cast<std::size_t>(p)]; }
  std::uint64_t operator[](BlockPass p) const { return ticks[static_cast<std::size_t>(p)]; }
  PassTicks& operator+=(const PassTicks& o) {
    for (std::size_t p = 0; p < ticks.size(); ++p) ticks[p] += o.ticks[p];
    contacts += o.contacts;
    return *this;
  }
};

// The time-stamp counter now; 0 when built without LAWCHECK_PASS_TIMES.
[[gnu::always_inline]] inline std::uint64_t pass_clock_ticks() {
#if !defined(LAWCHECK_PASS_TIMES)
  return 0;
#elif defined(__x86_64__) || defined(__i386__)
  return __rdtsc();
#else
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
}

// One block's laps: each lap adds the ticks since the previous one (or since construction) to a
// pass of the thread's sums.
class PassClock {
public:
  [[gnu::always_inline]] PassClock(PassTicks& sums, std::size_t contacts) {
    if constexpr (pass_times_enabled) {
      sums_ = &sums;
      sums.contacts += contacts;
      last_ = pass_clock_ticks();
    } else {
      static_cast<void>(sums), static_cast<void>(contacts);
    }
  }
  [[gnu::always_inline]] void lap(BlockPass p) {
    if constexpr (pass_times_enabled) {
      const std::uint64_t now = pass_clock_ticks();
      (*sums_)[p] += now - last_;
      last_ = now;
    } else {
      static_cast<void>(p);
    }
  }

private:
  PassTicks* sums_ = nullptr;
  std::uint64_t last_ = 0;
};

}  // namespace lawcheck
