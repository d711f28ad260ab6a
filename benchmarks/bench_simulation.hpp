#pragma once
// One Simulation per packing size for the whole benchmark process (shared by the contact-step,
// threads and full-step suites), so repetitions and suites do not rebuild 1e6 spheres each time.

#include <cstddef>

#include "sphere_packing.hpp"

namespace lawcheck::bench {

BenchSimulation& bench_simulation(std::size_t spheres);

}  // namespace lawcheck::bench
