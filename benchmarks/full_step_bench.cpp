// Full-step suite: one whole solver step, Simulation::step -- broad phase (Verlet list,
// rebuilt only when a sphere moved more than half the margin), contact detection, the contact
// loop and the leapfrog -- on the settled packings of 1e3 (smoke) .. 1e6 spheres. Energy tracking
// off. The packing keeps evolving from one iteration to the next (it is settled, so it barely
// moves). Counter: ns per particle-step. full_step_threads: the same on 1 and 2 threads.

#include <cstdint>

#include <benchmark/benchmark.h>

#include "bench_simulation.hpp"
#include "per_item_counter.hpp"

namespace lawcheck::bench {
namespace {

void full_step(benchmark::State& st) {
  const auto n = static_cast<std::size_t>(st.range(0));
  BenchSimulation& sim = bench_simulation(n, Purpose::full_step);
  sim.set_threads(1);
  for (auto _ : st) sim.step(1);
  const std::size_t particles = sim.particles().size();
  st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * particles));
  st.counters["ns_per_particle"] = ns_per_item(particles);
  st.counters["contacts_per_sphere"] = static_cast<double>(2 * sim.sphere_contacts().size() +
                                                           sim.other_contacts().size()) /
                                       static_cast<double>(n);
}

BENCHMARK(full_step)
    ->ArgName("spheres")
    ->Arg(1'000)
    ->Arg(10'000)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Unit(benchmark::kMillisecond);

// The same step on T = 1, 2 OpenMP threads (the contact loop and the leapfrog are threaded; the
// broad phase and the detection are not), wall-clock time: the speed-up a whole run sees.
void full_step_threads(benchmark::State& st) {
  const auto n = static_cast<std::size_t>(st.range(0));
  BenchSimulation& sim = bench_simulation(n, Purpose::full_step);
  sim.set_threads(static_cast<int>(st.range(1)));
  for (auto _ : st) sim.step(1);
  sim.set_threads(1);
  st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * sim.particles().size()));
  st.counters["ns_per_particle"] = ns_per_item(sim.particles().size());
}

BENCHMARK(full_step_threads)
    ->ArgNames({"spheres", "threads"})
    ->Args({1'000, 1})
    ->Args({1'000, 2})
    ->Args({100'000, 1})
    ->Args({100'000, 2})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace lawcheck::bench
