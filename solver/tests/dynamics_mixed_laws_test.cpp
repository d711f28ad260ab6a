// Several laws in one simulation (issue 9 must-show 4): sphere-sphere contacts use LinEl6,
// sphere-wall contacts the linear Cundall law, chosen per pair of materials; both run through
// one Simulation, each in its own batches.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "dynamics/simulation.hpp"
#include "laws/linear_coulomb_law.hpp"
#include "laws/linel6_law.hpp"

namespace lawcheck::dynamics_mixed_laws_test {
namespace {

using MixedSimulation = Simulation<LinearCoulombLaw<double>, LinEl6Law<double>>;

struct Settled {
  Vec3d wall_force;    // sum of the contact forces on the spheres = the wall's force on them
  double weight = 0;   // of all spheres
  double worst = 0;    // largest |relative balance error| over the run
  double kinetic = 0, damping = 0;
  std::size_t steps = 0;
};

// Two spheres stacked on a wall, the upper one off the axis by offset * r. Materials: 0 spheres,
// 1 wall; the pair (0, 0) uses LinEl6 (law 1), every other pair the default law 0 (linear). Both
// spheres start at rest and touching (uN = 0), so no contact is created with a kink in its force.
Settled settle(double offset, double dt_fraction, std::size_t steps) {
  const double r = 0.01, rho = 2600, young = 1e7, g = 9.81;
  LinEl6Law<double> linel6;
  linel6.char_len = r / 2;
  linel6.no_break = true;
  MixedSimulation sim(LinearCoulombLaw<double>{}, linel6);
  const auto spheres = static_cast<std::uint32_t>(sim.add_material(FrictMat{young, 0.2, 0.5, rho}));
  const auto wall = static_cast<std::uint32_t>(sim.add_material(FrictMat{young, 0.2, 0.5, rho}));
  sim.set_pair_law(spheres, spheres, 1);
  sim.add_particle({Wall{2, +1}, {}, {}, wall, dof::all});
  sim.add_particle({Sphere{r}, {Vec3d(0, 0, r), Quatd::Identity()}, {}, spheres});
  const double dx = offset * r, dz = std::sqrt(4 * r * r - dx * dx);
  sim.add_particle({Sphere{r}, {Vec3d(dx, 0, r + dz), Quatd::Identity()}, {}, spheres});
  sim.set_gravity(Vec3d(0, 0, -g));
  sim.set_damping(0.3);
  sim.set_dt(dt_fraction * r * std::sqrt(rho / young));
  sim.step(1, true);
  EXPECT_EQ(sim.sphere_contacts<1>().size(), 1u);  // sphere-sphere: LinEl6
  EXPECT_EQ(sim.other_contacts<0>().size(), 1u);   // sphere-wall: linear
  EXPECT_EQ(sim.sphere_contacts<0>().size() + sim.other_contacts<1>().size(), 0u);
  Settled out;
  for (std::size_t k = 1; k < steps; ++k) {
    sim.step(1, true);
    out.worst = std::max(out.worst, std::abs(sim.energy().relative_error()));
  }
  out.wall_force = sim.particles().force[1] + sim.particles().force[2];
  out.weight = 2 * sim.particles().mass[1] * g;
  out.kinetic = sim.energy().kinetic();
  out.damping = sim.energy().damping;
  out.steps = steps;
  std::printf("offset %.1f r, dt %.3g of the p-wave step: wall force (%.3e, %.3e, %.9e) N, 2 m g = %.9e N, "
              "kinetic %.2e J, damping %.3e J, worst balance %.3e\n",
              offset, dt_fraction, out.wall_force.x(), out.wall_force.y(), out.wall_force.z(), out.weight, out.kinetic,
              out.damping, out.worst);
  return out;
}

// On the axis only normal springs work (LinEl6 and linear alike), every force is linear in the
// positions and the ledger's trapezoid identity is exact (energy_ledger.hpp): the balance closes
// to rounding, which accumulates by at most ~8 eps of the energy scale per step.
TEST(MixedLaws, AStackOnTheAxisSettlesToItsWeightOnTheWallAndBalancesToRounding) {
  const Settled s = settle(0.0, 0.5, 40000);
  EXPECT_NEAR(s.wall_force.z() / s.weight, 1.0, 1e-9);
  EXPECT_LE(s.kinetic, 1e-12 * s.damping);
  EXPECT_LE(s.worst, 8 * std::numeric_limits<double>::epsilon() * static_cast<double>(s.steps));
}

// Off the axis the upper sphere rolls over the lower one: the LinEl6 contact is sheared, bent and
// twisted while its frame turns, and the wall contact slips under a varying normal force. Both
// laws still settle the stack onto the wall. The balance is not at rounding here: a turning frame
// and slip under a varying yield force leave first-order terms in the ledger (the known defects of
// issues 12 and 13, KnownSolverDefect.ObliqueSpinningElasticImpactEnergyBandIsNotYetSecondOrder);
// what holds is that the band shrinks as dt does (measured order ~0.7; asserted >= 0.5).
TEST(MixedLaws, AStackOffTheAxisSettlesToItsWeightOnTheWallAndItsBandShrinksWithDt) {
  const Settled coarse = settle(0.3, 0.5, 40000), fine = settle(0.3, 0.25, 80000);
  for (const Settled& s : {coarse, fine}) {
    EXPECT_NEAR(s.wall_force.z() / s.weight, 1.0, 1e-9);
    EXPECT_NEAR(s.wall_force.x() / s.weight, 0.0, 1e-9);
    EXPECT_LE(s.kinetic, 1e-12 * s.damping);
  }
  const double order = std::log2(coarse.worst / fine.worst);
  std::printf("balance band: %.3e at dt, %.3e at dt/2: order %.2f\n", coarse.worst, fine.worst, order);
  EXPECT_GE(order, 0.5);
}

}  // namespace
}  // namespace lawcheck::dynamics_mixed_laws_test
