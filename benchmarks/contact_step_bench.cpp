// Contact-step and threads suites of the linear law: Simulation::contact_step -- for every contact, frame
// transport, local geometry, the law, global force and torque accumulated on both particles --
// on the settled packings of 1e3 (smoke) .. 1e6 spheres (benchmarks/sphere_packing.hpp). Nothing
// is integrated, so every iteration sees the same positions; all velocities are reversed between
// iterations, untimed (bench_simulation.hpp says why). Energy tracking off.
// Counters: ns per contact-step; bytes of contact state per contact (ContactBatch's arrays: ids,
// frame, law state, physics); contacts per sphere (sphere-sphere contacts count for both
// spheres, wall contacts once).
// Threads: the same step with Simulation::set_threads(T), wall-clock time (UseRealTime): the
// speed-up is the ratio of the T = 1 and T = 2 times.

#include <cstdint>

#include <benchmark/benchmark.h>

#include "bench_simulation.hpp"
#include "pass_times.hpp"
#include "per_item_counter.hpp"

namespace lawcheck::bench {
namespace {

void report(benchmark::State& st, const BenchSimulation& sim, std::size_t spheres) {
  const std::size_t contacts = sim.contact_count();
  st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * contacts));
  st.counters["ns_per_contact"] = ns_per_item(contacts);
  st.counters["contacts"] = static_cast<double>(contacts);
  st.counters["bytes_per_contact"] =
      static_cast<double>(ContactBatch<LinearCoulombLaw<double>>::bytes_per_contact);
  st.counters["contacts_per_sphere"] =
      static_cast<double>(2 * sim.sphere_contacts().size() + sim.other_contacts().size()) /
      static_cast<double>(spheres);
}

void contact_step(benchmark::State& st) {
  const auto n = static_cast<std::size_t>(st.range(0));
  BenchSimulation& sim = bench_simulation(n, Purpose::contact_step);
  sim.set_threads(1);
  const benchmarks::PassTimes passes(sim);
  for (auto _ : st) {
    sim.contact_step();
    st.PauseTiming();
    reverse_motion(sim);
    st.ResumeTiming();
  }
  report(st, sim, n);
  passes.report(st);
}

void contact_step_threads(benchmark::State& st) {
  const auto n = static_cast<std::size_t>(st.range(0));
  BenchSimulation& sim = bench_simulation(n, Purpose::contact_step);
  sim.set_threads(static_cast<int>(st.range(1)));
  for (auto _ : st) {
    sim.contact_step();
    st.PauseTiming();
    reverse_motion(sim);
    st.ResumeTiming();
  }
  sim.set_threads(1);
  report(st, sim, n);
}

BENCHMARK(contact_step)
    ->ArgName("spheres")
    ->Arg(1'000)
    ->Arg(10'000)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Unit(benchmark::kMicrosecond);

BENCHMARK(contact_step_threads)
    ->ArgNames({"spheres", "threads"})
    ->Args({1'000, 1})
    ->Args({1'000, 2})
    ->Args({100'000, 1})
    ->Args({100'000, 2})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace lawcheck::bench
