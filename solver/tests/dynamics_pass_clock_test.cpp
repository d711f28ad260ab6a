// Simulation::pass_ticks with LAWCHECK_PASS_TIMES (dynamics/pass_clock.hpp): every contact of every
// block is counted once, every pass that ran took time, and the passes' ticks add up to no more
// than the time the steps took. This executable alone is built with the clock on (the define
// below, before any solver header; solver/tests/CMakeLists.txt); dynamics_pass_clock_off_test.cpp
// checks that the default build counts nothing.
#define LAWCHECK_PASS_TIMES 1

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>

#include "dynamics/pass_clock.hpp"
#include "dynamics/simulation.hpp"
#include "lattice_packing_scene.hpp"

namespace lawcheck::dynamics_pass_clock_test {

using test_scenes::LatticePacking;
using test_scenes::lattice_packing;

TEST(PassClock, EveryPassOfEveryContactIsTimedWithinTheStepsOwnTime) {
  static_assert(pass_times_enabled);
  LatticePacking spec;
  spec.nx = 10, spec.ny = 10, spec.nz = 6;
  auto sim = lattice_packing(spec);
  sim.step(50);  // contacts with the walls and between spheres
  sim.reset_pass_ticks();
  std::size_t spheres = 0, others = 0;
  const std::uint64_t start = pass_clock_ticks();
  for (int s = 0; s < 20; ++s) {
    spheres += sim.sphere_contacts().size();  // each processed once, broken or not
    others += sim.other_contacts().size();
    sim.contact_step();
  }
  const std::uint64_t elapsed = pass_clock_ticks() - start;
  ASSERT_GT(spheres, 0u);
  ASSERT_GT(others, 0u);
  const auto ticks = sim.pass_ticks();
  EXPECT_EQ(ticks[1].contacts, spheres);
  EXPECT_EQ(ticks[0].contacts, others);
  std::uint64_t sum = 0;
  for (const PassTicks& kind : ticks)
    for (std::size_t p = 0; p < block_pass_names.size(); ++p) {
      EXPECT_GT(kind.ticks[p], 0u) << block_pass_names[p];
      sum += kind.ticks[p];
    }
  EXPECT_LE(sum, elapsed);
  sim.reset_pass_ticks();
  for (const PassTicks& kind : sim.pass_ticks()) {
    EXPECT_EQ(kind.contacts, 0u);
    for (const std::uint64_t t : kind.ticks) EXPECT_EQ(t, 0u);
  }
}

}  // namespace lawcheck::dynamics_pass_clock_test
