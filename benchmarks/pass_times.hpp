#pragma once
// With LAWCHECK_PASS_TIMES (scripts/bench.sh --pass-times; dynamics/pass_clock.hpp): ns per
// contact of each block pass, `<pass>_ns`, over every contact of the step (sphere pairs and the
// rest together), and each pair kind's passes together per contact of that kind,
// `sphere_pairs_ns` and `other_pairs_ns` (LAMMPS's Pair time counts sphere pairs only; its walls
// are fixes); the counter's ticks converted with its rate against steady_clock over the run.
// For the contact step of any law (contact_step_suite.hpp, contact_step_bench.cpp). Without
// LAWCHECK_PASS_TIMES it reports nothing and the step has no counter read in it.

#include <chrono>
#include <cstdint>
#include <string>

#include <benchmark/benchmark.h>

#include "dynamics/pass_clock.hpp"

namespace lawcheck::benchmarks {

template <class Sim>
class PassTimes {
public:
  explicit PassTimes(Sim& sim) : sim_(sim) {
    sim_.reset_pass_ticks();
    start_ticks_ = pass_clock_ticks();
    start_ = std::chrono::steady_clock::now();
  }
  void report(benchmark::State& st) const {
    if constexpr (pass_times_enabled) {
      const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start_).count();
      const double ticks_per_ns = static_cast<double>(pass_clock_ticks() - start_ticks_) / ns;
      PassTicks all;
      for (const PassTicks& kind : sim_.pass_ticks()) all += kind;
      for (std::size_t p = 0; p < block_pass_names.size(); ++p)
        st.counters[std::string(block_pass_names[p]) + "_ns"] =
            static_cast<double>(all.ticks[p]) / ticks_per_ns / static_cast<double>(all.contacts);
      const auto kind_ns = [&](const PassTicks& kind) {
        std::uint64_t ticks = 0;
        for (std::uint64_t t : kind.ticks) ticks += t;
        return kind.contacts == 0 ? 0.0 : static_cast<double>(ticks) / ticks_per_ns / static_cast<double>(kind.contacts);
      };
      st.counters["sphere_pairs_ns"] = kind_ns(sim_.pass_ticks()[1]);
      st.counters["other_pairs_ns"] = kind_ns(sim_.pass_ticks()[0]);
    } else {
      static_cast<void>(st);
    }
  }

private:
  Sim& sim_;
  std::uint64_t start_ticks_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace lawcheck::benchmarks
