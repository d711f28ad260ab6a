// Without LAWCHECK_PASS_TIMES (the default build) the contact loop reads no clock:
// Simulation::pass_ticks stays zero (dynamics/pass_clock.hpp; dynamics_pass_clock_test.cpp tests
// the clock on).
#include <gtest/gtest.h>

#include <cstdint>

#include "dynamics/pass_clock.hpp"
#include "dynamics/simulation.hpp"
#include "lattice_packing_scene.hpp"

namespace lawcheck::dynamics_pass_clock_off_test {

TEST(PassClock, TheDefaultBuildCountsNothing) {
  static_assert(!pass_times_enabled);
  test_scenes::LatticePacking spec;
  spec.nx = 6, spec.ny = 6, spec.nz = 4;
  auto sim = test_scenes::lattice_packing(spec);
  sim.step(20);
  ASSERT_GT(sim.contact_count(), 0u);
  for (const PassTicks& kind : sim.pass_ticks()) {
    EXPECT_EQ(kind.contacts, 0u);
    for (const std::uint64_t t : kind.ticks) EXPECT_EQ(t, 0u);
  }
}

}  // namespace lawcheck::dynamics_pass_clock_off_test
