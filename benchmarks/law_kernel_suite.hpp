#pragma once
// The law kernel suite for any law: Law::step alone over n made-up contacts (n = 1e3 .. 1e6),
// through the solver's own law pass (law_pass, dynamics/contact_block.hpp) as the contact step
// runs it: blocks of 64 contacts, per contact a LocalGeom from the block's arrays (NaN for what
// the law says it does not read: LawNeeds), its Phys where the solver keeps it (a PairSplitLaw's
// joined into the block's words beforehand, as PhysColumn::lanes does before the pass -- the
// join is the solver's storage cost, timed in contact_step, not the law's; any other law's read
// from a column of whole Phys), its State as ContactBatch stores it (a StateColumn, one array per
// 8-byte word), the force, torque (if the law returns one) and broken flag stored into the block,
// and with energy tracking the dissipation summed.
//
// Contacts: law_fixture.hpp says how they are drawn. Successive sweeps alternate the sign of dt,
// so every contact's motion reverses each sweep: a state that follows the motion (a sticking
// spring) oscillates about its first value instead of drifting, and one that saturates (a slip at
// the yield, a broken bond) stays saturated, however long the benchmark runs. Each run starts
// from the contacts' initial states (law.initial_state), so its first sweep also times what a
// law does once per contact (Exudyn's remembered impact velocity, Ice's first breaks).
//
// Names: law_kernel/<law>/n:<N>/energy:<0|1>. Figures: ns_per_contact (time / (n sweeps)). A
// sweep is the instruction gate's counted region (counted_region.hpp).

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <cstdint>
#include <exception>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "benchmark_family.hpp"
#include "counted_region.hpp"
#include "dynamics/contact_block.hpp"
#include "dynamics/state_column.hpp"
#include "dynamics/words.hpp"
#include "law_fixture.hpp"
#include "per_item_counter.hpp"
#include "physics/contact_creation.hpp"
#include "physics/stiffness_rules.hpp"
#include "toolchain_context.hpp"
#include "workload_slot.hpp"

namespace lawcheck::benchmarks {

template <SolverLaw Law>
class LawKernelContacts {
public:
  using Phys = typename Law::Phys;
  using State = typename Law::State;

  LawKernelContacts(const LawFixture<Law>& f, std::size_t n) : n_(n), blocks_((n + contact_block - 1) / contact_block) {
    std::mt19937_64 rng(0x1a3c0ffee + n);
    std::uniform_real_distribution<double> unit(0, 1);
    std::normal_distribution<double> gauss(0, 1);
    const auto log_uniform = [&](double lo, double hi) {
      return lo * std::pow(hi / lo, unit(rng));
    };
    const auto direction = [&] {  // uniform on the unit sphere: an isotropic Gaussian, normalised
      Vec3d d;
      do {
        d = Vec3d(gauss(rng), gauss(rng), gauss(rng));
      } while (!(d.norm() > 1e-6));
      return Vec3d(d.normalized());
    };
    if constexpr (!PairSplitLaw<Law>) phys_.reserve(n);
    initial_.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      const double r1 = f.radius_min + (f.radius_max - f.radius_min) * unit(rng);
      const double r2 = f.radius_min + (f.radius_max - f.radius_min) * unit(rng);
      const double r = std::min(r1, r2);
      const double uN = -r * log_uniform(f.overlap_min, f.overlap_max);
      // the bodies as the solver describes them at creation (Simulation::create): two spheres of the
      // fixture's material
      const ContactCreation creation =
          contact_creation(sphere_body(r1, f.material.density), sphere_body(r2, f.material.density), uN);
      const Phys ph = f.law.make_phys(f.material, f.material, creation);
      initial_.push_back(f.law.initial_state(creation, ph));
      const Vec3d vel = direction() * (log_uniform(f.motion_min, f.motion_max) * -uN / f.time_step);
      const Vec3d spin = direction() * (log_uniform(f.motion_min, f.motion_max) * -uN / (r * f.time_step));
      ContactBlock& b = blocks_[i / contact_block];
      const std::size_t l = i % contact_block;
      b.uN[l] = uN;
      for (int c = 0; c < 3; ++c) {
        b.vel[c][l] = vel[c];
        b.ang_vel[c][l] = spin[c];
      }
      if constexpr (PairSplitLaw<Law>)
        BlockPhysLanes<Phys>::store(b, l, ph);
      else
        phys_.push_back(ph);
    }
    reset();
  }

  // Every contact back to its initial state.
  void reset() {
    state_ = {};
    state_.reserve(n_);
    for (const State& s : initial_) state_.push_back(s);
  }

  // One step of every contact; returns the energy dissipated (0 unless TrackEnergy).
  template <bool TrackEnergy>
  double sweep(const Law& law, double dt) {
    double dissipated = 0;
    for (std::size_t k0 = 0; k0 < n_; k0 += contact_block) {
      ContactBlock& b = blocks_[k0 / contact_block];
      const std::size_t m = std::min(contact_block, n_ - k0);
      if constexpr (PairSplitLaw<Law>)
        dissipated += law_pass<TrackEnergy>(law, b, BlockPhysLanes<Phys>{}, state_.lanes(k0), 0, m, dt).total();
      else
        dissipated += law_pass<TrackEnergy>(law, b, ArrayPhysLanes<Phys>{phys_.data() + k0}, state_.lanes(k0), 0, m, dt)
                          .total();
    }
    return dissipated;
  }

  // Bytes one sweep moves per contact: the geometry the law reads, its physics, its state read
  // and written, force, torque if it returns one, broken flag (the law pass's operands).
  static constexpr std::size_t bytes_per_contact() {
    constexpr LawNeeds needs = law_needs<Law>();
    constexpr std::size_t geometry = 3 + (needs.normal_velocity ? 1 : 0) + (needs.spin ? 3 : 0);
    constexpr std::size_t physics = PairSplitLaw<Law> ? Words<Phys>::count * sizeof(double) : sizeof(Phys);
    constexpr std::size_t written = 3 + (needs.torque ? 3 : 0);
    return (geometry + written) * sizeof(double) + physics + 2 * StateColumn<State>::bytes_per_contact +
           sizeof(std::uint64_t);
  }

private:
  std::size_t n_;
  std::vector<ContactBlock> blocks_;  // the kinematics pass's output, one block per 64 contacts
  std::vector<Phys> phys_;            // a column of whole Phys, unless PairSplitLaw (then in blocks_)
  std::vector<State> initial_;
  StateColumn<State> state_;
};

namespace detail {

template <bool TrackEnergy, class Law>
void run_law_kernel(benchmark::State& st, const LawFixture<Law>& fixture, LawKernelContacts<Law>& contacts) {
  contacts.reset();
  double dt = fixture.time_step;
  for (auto _ : st) {
    double dissipated = 0;
    counted_law_sweep([&] { return contacts.template sweep<TrackEnergy>(fixture.law, dt); }, dissipated);
    benchmark::DoNotOptimize(dissipated);
    benchmark::ClobberMemory();
    dt = -dt;
  }
}

}  // namespace detail

// Registers law_kernel/<law_name>/n:<N>/energy:<0|1> for N = 1e3 .. 1e6. Throws
// std::invalid_argument (or the law's InputError) for a bad fixture or law name.
template <SolverLaw Law>
void register_law_kernel_benchmarks(std::string_view law_name, const LawFixture<Law>& fixture) {
  fixture.validate();
  record_toolchain_context();
  const std::string family = claim_benchmark_family("law_kernel", law_name);
  benchmark::RegisterBenchmark(family.c_str(), [fixture, family](benchmark::State& st) {
    try {
      const auto n = static_cast<std::size_t>(st.range(0));
      auto& contacts = workload_slot().get<LawKernelContacts<Law>>(
          fmt::format("{}/n:{}", family, n), [&] { return LawKernelContacts<Law>(fixture, n); });
      if (st.range(1) != 0)
        detail::run_law_kernel<true>(st, fixture, contacts);
      else
        detail::run_law_kernel<false>(st, fixture, contacts);
      st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * n));
      st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations() * n * contacts.bytes_per_contact()));
      st.counters["ns_per_contact"] = bench::ns_per_item(n);
    } catch (const std::exception& e) {
      st.SkipWithError(e.what());
    }
  })->ArgNames({"n", "energy"})->Apply([](benchmark::internal::Benchmark* b) {
    for (std::int64_t n : {1'000, 10'000, 100'000, 1'000'000})
      for (std::int64_t energy : {0, 1}) b->Args({n, energy});  // one after the other: one workload
  })->Apply(apply_fixed_iterations);
}

}  // namespace lawcheck::benchmarks
