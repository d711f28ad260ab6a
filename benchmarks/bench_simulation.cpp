#include "bench_simulation.hpp"

#include <cstddef>
#include <map>
#include <memory>
#include <utility>

#include "packing_cache.hpp"

namespace lawcheck::bench {

BenchSimulation& bench_simulation(std::size_t spheres, Purpose purpose) {
  static std::map<std::pair<std::size_t, Purpose>, std::unique_ptr<BenchSimulation>> memo;
  auto& slot = memo[{spheres, purpose}];
  if (!slot) slot = std::make_unique<BenchSimulation>(simulate_packing(packing(spheres)));
  return *slot;
}

void reverse_motion(BenchSimulation& sim) {
  Particles& p = sim.particles();
  const auto n = static_cast<std::ptrdiff_t>(p.size());
  // On the simulation's threads, each a contiguous share of the particles as the leapfrog
  // (dynamics/leapfrog.hpp) shares them, so that each core's cache holds what a real step leaves
  // in it.
#pragma omp parallel for schedule(static) num_threads(sim.threads())
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    p.vel[i] = -p.vel[i];
    p.ang_vel[i] = -p.ang_vel[i];
  }
}

}  // namespace lawcheck::bench
