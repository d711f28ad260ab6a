#include "bench_simulation.hpp"

#include <map>
#include <memory>

#include "packing_cache.hpp"

namespace lawcheck::bench {

BenchSimulation& bench_simulation(std::size_t spheres) {
  static std::map<std::size_t, std::unique_ptr<BenchSimulation>> memo;
  auto& slot = memo[spheres];
  if (!slot) slot = std::make_unique<BenchSimulation>(simulate_packing(packing(spheres)));
  return *slot;
}

}  // namespace lawcheck::bench
