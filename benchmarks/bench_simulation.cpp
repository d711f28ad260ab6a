#include "bench_simulation.hpp"

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

}  // namespace lawcheck::bench
