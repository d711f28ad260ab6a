#pragma once
// The contact step suite for any law: Simulation<Law>::contact_step -- for every contact, frame
// transport, local geometry, the law, global force and torque accumulated on both particles -- on
// the settled packings of 1e3 (smoke), 1e4 and 1e5 spheres (sphere_packing.hpp), one thread,
// energy tracking off, as contact_step_bench.cpp times the linear law's.
//
// The packings are settled with the linear law; another law takes the same positions, which are
// geometry, with its own material on every sphere and wall (packing_simulation.hpp,
// packed_simulation): its contacts are those it makes there (uN <= its reach), and their forces
// are its own, not in equilibrium, which does not matter because nothing is integrated: every
// iteration sees the same positions, and all velocities are reversed between iterations,
// untimed, so that the contacts' states oscillate about their first values (bench_simulation.hpp
// says why).
//
// Names: contact_step/<law>/spheres:<N>. Counters: ns_per_contact (per contact-step), contacts,
// bytes_per_contact (ContactBatch<Law>: ids, frame, state, physics), contacts_per_sphere
// (sphere-sphere contacts count for both spheres, wall contacts once); with --pass-times each block
// pass's ns per contact (pass_times.hpp), the law's own among them. The step is the instruction
// gate's counted region (counted_region.hpp).

#include <cstddef>
#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "benchmark_family.hpp"
#include "counted_region.hpp"
#include "dynamics/simulation.hpp"
#include "law_fixture.hpp"
#include "packing_cache.hpp"
#include "packing_simulation.hpp"
#include "pass_times.hpp"
#include "per_item_counter.hpp"
#include "toolchain_context.hpp"
#include "workload_slot.hpp"

namespace lawcheck::benchmarks {

// Registers contact_step/<law_name>/spheres:<N> for N = 1e3, 1e4, 1e5. The first run of a size
// settles its packing once (minutes for 1e4; cached on disk, packing_cache.hpp). Throws
// std::invalid_argument (or the law's InputError) for a bad fixture or law name.
template <SolverLaw Law>
void register_contact_step_benchmarks(std::string_view law_name, const LawFixture<Law>& fixture) {
  fixture.validate();
  record_toolchain_context();
  const std::string family = claim_benchmark_family("contact_step", law_name);
  benchmark::RegisterBenchmark(family.c_str(), [fixture, family](benchmark::State& st) {
    try {
      const auto spheres = static_cast<std::size_t>(st.range(0));
      auto& sim = workload_slot().get<Simulation<Law>>(fmt::format("{}/spheres:{}", family, spheres), [&] {
        return bench::packed_simulation(bench::packing(spheres), fixture.law, fixture.material);
      });
      if (sim.contact_count() == 0)
        throw std::runtime_error(fmt::format("the law made no contact in the packing of {} spheres", spheres));
      sim.set_threads(1);
      const PassTimes passes(sim);
      for (auto _ : st) {
        counted_contact_step([&] { sim.contact_step(); });
        st.PauseTiming();
        bench::reverse_motion(sim);
        st.ResumeTiming();
      }
      const std::size_t contacts = sim.contact_count();  // after the first step's breaks, if any
      st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * contacts));
      st.counters["ns_per_contact"] = bench::ns_per_item(contacts);
      st.counters["contacts"] = static_cast<double>(contacts);
      st.counters["bytes_per_contact"] = static_cast<double>(ContactBatch<Law>::bytes_per_contact);
      st.counters["contacts_per_sphere"] =
          static_cast<double>(2 * sim.sphere_contacts().size() + sim.other_contacts().size()) /
          static_cast<double>(spheres);
      passes.report(st);
    } catch (const std::exception& e) {
      st.SkipWithError(e.what());
    }
  })
      ->ArgName("spheres")
      ->Arg(1'000)
      ->Arg(10'000)
      ->Arg(100'000)
      ->Unit(benchmark::kMicrosecond)
      ->Apply(apply_fixed_iterations);
}

}  // namespace lawcheck::benchmarks
