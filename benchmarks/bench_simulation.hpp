#pragma once
// Simulations of the packings for the whole benchmark process, built once per size and purpose,
// so that repetitions do not rebuild 1e6 spheres each time.
// - Purpose::contact_step: never integrated. contact_step alone would apply the packing's
//   residual velocities again and again to frozen positions, walking every tangential force to
//   the Coulomb limit; the suites therefore reverse all velocities between iterations (untimed,
//   reverse_motion, packing_simulation.hpp), so the law state oscillates about the settled one as
//   the law kernel's does.
// - Purpose::full_step: stepped for real; kept apart so the other use cannot disturb it.

#include <cstddef>

#include "packing_simulation.hpp"
#include "sphere_packing.hpp"

namespace lawcheck::bench {

enum class Purpose { contact_step, full_step };

BenchSimulation& bench_simulation(std::size_t spheres, Purpose purpose);

}  // namespace lawcheck::bench
