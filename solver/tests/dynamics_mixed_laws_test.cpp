// Several laws in one simulation: sphere-sphere contacts use LinEl6,
// sphere-wall contacts the linear Cundall law, chosen per pair of materials; both run through
// one Simulation, each in its own batches.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "dynamics/simulation.hpp"
#include "laws/linear_coulomb_law.hpp"
#include "laws/exudyn_law.hpp"
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
// laws still settle the stack onto the wall. The balance is not at rounding here: the turning
// normals and frames, the rolling lever arms, and the wall contact's openings and stick-slip
// switches each leave O(dt^2) in the ledger. What would leave first-order terms is the slip under
// a varying yield force: with yield_times_slip at the wall the band fits 0.74, 1.16, 1.07 over
// three halvings; the default mean_yield_times_slip is exact for every slipping step that starts
// at yield and O(dt^2) once per switch (laws/plastic_dissipation.hpp). That holds for a slip whose
// direction does not turn; here it cannot turn, the scene being planar (spins about y only, wall
// slip along x), so neither the radial return's first-order corner cutting of a turning 2D slip
// (same header) nor a spinning pair's twist about the normal (fitted order 2 in
// Dynamics.ObliqueSpinningElasticImpactEnergyBandHasFittedOrderTwoOverFourRefinementsAndSevenPhases)
// enters. Measured: order 1.88 (then 2.82, 2.12 over two further halvings). Asserted >= 0.5: this
// test claims that the band shrinks with dt; the second order is the oblique impact test's claim.
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

namespace lawcheck::dynamics_mixed_laws_test {
namespace {

// The linear law keeps kn per contact and kt/kn, tanPhi once per material pair (PairSplitLaw,
// dynamics/phys_column.hpp): each contact's physics must still be what make_phys builds from its
// own two materials (eq. (4): kt = mean(ktDivKn) kn; tanPhi = min), exactly, also after a material
// is added (the pair indexing changes) and after its pair is handed to another law (contacts made
// before keep the law they were made with).
void expect_linear_physics_of_own_materials(const MixedSimulation& sim, const std::vector<FrictMat>& mats,
                                            std::size_t& checked) {
  const auto check = [&](const auto& batch) {
    for (std::size_t k = 0; k < batch.size(); ++k) {
      const FrictMat& a = mats[sim.particles().material[batch.id1[k]]];
      const FrictMat& b = mats[sim.particles().material[batch.id2[k]]];
      const FrictPhys<double> ph = batch.phys[k];
      EXPECT_EQ(ph.kt, (a.kt_div_kn + b.kt_div_kn) / 2 * ph.kn) << batch.id1[k] << '-' << batch.id2[k];
      EXPECT_EQ(ph.tan_phi, std::min(a.tan_phi, b.tan_phi)) << batch.id1[k] << '-' << batch.id2[k];
      ++checked;
    }
  };
  check(sim.sphere_contacts<0>());
  check(sim.other_contacts<0>());
}

TEST(MixedLaws, EachLinearContactKeepsThePhysicsOfItsOwnMaterialsWhenMaterialsAndPairLawsChange) {
  static_assert(ContactBatch<LinearCoulombLaw<double>>::bytes_per_contact <= 80, "a linear contact's record must stay <= 80 B");
  const double r = 0.01, overlap = 1e-3 * r;
  std::vector<FrictMat> mats = {{1e7, 0.1, 0.2, 2600}, {2e7, 0.3, 0.9, 2600}, {3e7, 0.7, 0.45, 2600}};
  MixedSimulation sim;
  for (const FrictMat& m : mats) sim.add_material(m);
  // A row of touching spheres on a floor: sphere pairs (0,1), (1,2), (2,1); floor pairs with material 2.
  const std::uint32_t sphere_material[] = {0, 1, 2, 1};
  sim.add_particle({Wall{2, +1}, {}, {}, 2, dof::all});
  for (int i = 0; i < 4; ++i)
    sim.add_particle({Sphere{r}, {Vec3d(i * (2 * r - overlap), 0, r - overlap), Quatd::Identity()}, {}, sphere_material[i]});
  sim.set_dt(1e-3 * r * std::sqrt(2600 / 3e7));
  sim.step();
  std::size_t checked = 0;
  expect_linear_physics_of_own_materials(sim, mats, checked);
  EXPECT_EQ(checked, 7u);  // 3 sphere pairs + 4 on the floor
  // A fourth material (3 x 3 -> 4 x 4 pairs) and the pair (1, 2) handed to LinEl6: the existing
  // contacts stay linear and must still read their own materials' kt/kn and tanPhi.
  mats.push_back({4e7, 0.5, 0.33, 2600});
  sim.add_material(mats.back());
  sim.set_pair_law(1, 2, 1);
  sim.step();
  checked = 0;
  expect_linear_physics_of_own_materials(sim, mats, checked);
  EXPECT_EQ(checked, 7u);
  EXPECT_EQ(sim.sphere_contacts<1>().size() + sim.other_contacts<1>().size(), 0u);
}

// One material met by laws of different material types (dynamics/material_bundle.hpp): the balls'
// material bundles a FrictMat and an ExudynMat read from one description. Ball-ball contacts use
// the exudyn law (its part), ball-wall contacts the linear law (the FrictMat part), and the
// p-wave estimate before any contact takes the bundle's modulus: r sqrt(rho/E).
TEST(MixedLaws, ABundledMaterialServesEachLawItsOwnPartAndItsModulusToThePWaveEstimate) {
  using Sim = Simulation<LinearCoulombLaw<double>, ExudynLaw<double>>;
  const double r = 0.01, rho = 2600, young = 1e7;
  Sim sim;
  Sim::Materials::Bundle balls;
  balls.add(FrictMat{young, 0.2, 0.5, rho});
  ExudynMat exudyn;
  exudyn.density = rho;
  balls.add(exudyn);
  const auto ball = static_cast<std::uint32_t>(sim.add_material(balls));
  const auto wall = static_cast<std::uint32_t>(sim.add_material(FrictMat{young, 0.2, 0.5, rho}));
  sim.set_pair_law(ball, ball, 1);
  ASSERT_NE(sim.materials().as<ExudynMat>(ball), nullptr);
  ASSERT_NE(sim.materials().as<FrictMat>(ball), nullptr);
  EXPECT_EQ(sim.materials().as<FrictMat>(ball)->young, young);
  sim.add_particle({Wall{2, +1}, {}, {}, wall, dof::all});
  sim.add_particle({Sphere{r}, {Vec3d(0, 0, r), Quatd::Identity()}, {}, ball});
  sim.add_particle({Sphere{r}, {Vec3d(0, 0, 3 * r), Quatd::Identity()}, {}, ball});
  const double p_wave = r * std::sqrt(rho / young);
  std::printf("stable dt before contacts %.17g s, r sqrt(rho/E) = %.17g s\n", sim.stable_dt().dt, p_wave);
  EXPECT_EQ(sim.stable_dt().dt, p_wave);
  sim.set_dt(p_wave / 10);
  sim.step(1, true);
  EXPECT_EQ(sim.sphere_contacts<1>().size(), 1u);  // ball-ball: exudyn
  EXPECT_EQ(sim.other_contacts<0>().size(), 1u);   // ball-wall: linear
  EXPECT_EQ(sim.sphere_contacts<0>().size() + sim.other_contacts<1>().size(), 0u);
  // The parts of one material share its density: a bundle whose parts disagree is refused.
  Sim::Materials::Bundle mismatched;
  mismatched.add(FrictMat{young, 0.2, 0.5, rho});
  exudyn.density = 2 * rho;
  mismatched.add(exudyn);
  EXPECT_THROW(sim.add_material(mismatched), InputError);
}

}  // namespace
}  // namespace lawcheck::dynamics_mixed_laws_test
