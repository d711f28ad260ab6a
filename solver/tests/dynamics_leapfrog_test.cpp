// The leapfrog's two loops (dynamics/leapfrog.cpp): free spheres without energy tracking take a
// vectorised loop of their own (advance_free_spheres); with energy tracking every particle takes
// the general loop. Both must give the same bits for every value, and the same error and state
// when a value turns non-finite.

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "dynamics/energy_ledger.hpp"
#include "dynamics/leapfrog.hpp"
#include "dynamics/particles.hpp"
#include "dynamics/state_error.hpp"

namespace lawcheck {
namespace {

constexpr double density = 2500;  // [kg/m^3]
constexpr double dt = 1e-4;       // [s]

// 700 free spheres (two whole blocks of 256 and a partial one), with random velocities, forces
// and torques of a few magnitudes. Every 37th does not spin (w = 0: its orientation must keep its
// bits) and every 41st spins fast enough to take std::sin and cos (|dt w| / 2 above the spin
// polynomials' range, rotated's rare case).
Particles free_spheres(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(-1, 1), size(0.5e-3, 2e-3);
  Particles p;
  for (int k = 0; k < 700; ++k) {
    ParticleSpec s;
    s.shape = Sphere{size(rng)};
    s.pose.pos = Vec3d(unit(rng), unit(rng), unit(rng));
    s.pose.ori = Quatd(unit(rng), unit(rng), unit(rng), unit(rng)).normalized();
    s.velocity.vel = Vec3d(unit(rng), unit(rng), unit(rng));
    s.velocity.ang_vel = Vec3d(unit(rng), unit(rng), unit(rng)) * 100.0;
    if (k % 37 == 0) s.velocity.ang_vel = Vec3d::Zero();
    if (k % 41 == 0) s.velocity.ang_vel = Vec3d(2e3, -1e3, 5e2);  // |dt w| / 2 = 0.11 rad
    p.add(s, 1, density);
  }
  for (std::size_t i = 0; i < p.size(); ++i) {
    p.force[i] = Vec3d(unit(rng), unit(rng), unit(rng)) * std::pow(10.0, 3 * unit(rng));
    p.torque[i] = Vec3d(unit(rng), unit(rng), unit(rng)) * std::pow(10.0, 3 * unit(rng)) * 1e-3;
  }
  return p;
}

bool same_bits(const auto& a, const auto& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(a[0])) == 0;
}

void expect_same_state(const Particles& fast, const Particles& general) {
  EXPECT_TRUE(same_bits(fast.pos, general.pos));
  EXPECT_TRUE(same_bits(fast.vel, general.vel));
  EXPECT_TRUE(same_bits(fast.ang_vel, general.ang_vel));
  EXPECT_TRUE(same_bits(fast.ori, general.ori));
}

// One step of each loop: leapfrog_step<false> (free spheres: the vectorised loop) and
// leapfrog_step<true> (the general loop, which also books the energies).
template <bool TrackEnergy>
void step(Particles& p, const LeapfrogParams& prm) {
  EnergyLedger ledger;
  LeapfrogScratch scratch;
  leapfrog_step<TrackEnergy>(p, prm, ledger, 0, scratch);
}

TEST(Leapfrog, FreeSpheresLoopGivesTheGeneralLoopsBitsForEveryValue) {
  for (const double damping : {0.0, 0.4}) {
    SCOPED_TRACE("damping " + std::to_string(damping));
    const LeapfrogParams prm{Vec3d(0, 0, -9.81), damping, dt};
    Particles fast = free_spheres(7), general = fast;
    for (int s = 0; s < 3; ++s) {
      step<false>(fast, prm);
      step<true>(general, prm);
    }
    expect_same_state(fast, general);
    // the steps moved every value (the comparison is not between two untouched copies)
    const Particles start = free_spheres(7);
    for (std::size_t i = 0; i < fast.size(); ++i) {
      EXPECT_NE(fast.pos[i], start.pos[i]) << i;
      EXPECT_NE(fast.vel[i], start.vel[i]) << i;
      if (i % 37 != 0) {
        EXPECT_NE(fast.ori[i].coeffs(), start.ori[i].coeffs()) << i;
      }
    }
  }
}

// A NaN force on particle 300 (the second block) and an infinite torque on 310: both loops throw
// the same StateError naming particle 300, and leave the same state, with no non-finite value in
// it: the first block advanced, the second up to particle 299, the third untouched.
TEST(Leapfrog, FreeSpheresLoopNamesTheFirstBadParticleAndStoresNothingNonFinite) {
  const LeapfrogParams prm{Vec3d(0, 0, -9.81), 0.4, dt};
  Particles fast = free_spheres(11);
  fast.force[300].y() = std::numeric_limits<double>::quiet_NaN();
  fast.torque[310].x() = std::numeric_limits<double>::infinity();
  Particles general = fast;
  std::string fast_error, general_error;
  try {
    step<false>(fast, prm);
  } catch (const StateError& e) {
    fast_error = e.what();
  }
  try {
    step<true>(general, prm);
  } catch (const StateError& e) {
    general_error = e.what();
  }
  EXPECT_NE(fast_error.find("particle[300].vel"), std::string::npos) << fast_error;
  EXPECT_EQ(fast_error, general_error);
  expect_same_state(fast, general);
  const Particles start = free_spheres(11);
  EXPECT_NE(fast.pos[299], start.pos[299]);
  EXPECT_EQ(fast.pos[300], start.pos[300]);
  EXPECT_EQ(fast.pos[600], start.pos[600]);
  for (std::size_t i = 0; i < fast.size(); ++i)
    ASSERT_TRUE(fast.pos[i].allFinite() && fast.vel[i].allFinite() && fast.ang_vel[i].allFinite()) << i;
}

}  // namespace
}  // namespace lawcheck
