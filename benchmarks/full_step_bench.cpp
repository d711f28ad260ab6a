// Full-step suite (issue 6): one whole solver step, Simulation::step -- broad phase (Verlet list,
// rebuilt only when a sphere moved more than half the margin), contact detection, the contact
// loop and the leapfrog -- on the settled packings of 1e3 (smoke) .. 1e6 spheres. Energy tracking
// off. The packing keeps evolving from one iteration to the next (it is settled, so it barely
// moves). Counter: ns per particle-step.

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

}  // namespace
}  // namespace lawcheck::bench
