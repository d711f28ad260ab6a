// Energy by kind: a contact that breaks books what its springs lose in the breaking
// step as released (laws/energy_kind.hpp), and the ledger's reference is the energy before the
// first step.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "dynamics/simulation.hpp"
#include "laws/linear_coulomb_law.hpp"
#include "tester/law_tester.hpp"

namespace lawcheck::dynamics_energy_kinds_test {
namespace {

constexpr double eps = std::numeric_limits<double>::epsilon();

// Load, shear below the yield force, pull apart while still shearing. Powers of two for r, dt and
// the speeds make every position exact, so the pull returns uN to 0 exactly one step before the
// break: the normal spring then holds nothing when the contact goes and does no work in the last
// step, and the only energy the break takes away is the tangential spring's. noSlip keeps that
// spring loaded to the end: with Coulomb slip the unloading normal force would shrink the yield
// force, and with it Ft, to zero first. The break step shears by v dt too, so what the spring
// loses in it (laws/linear_coulomb_law.hpp) is
//   released = |Ft_{n-1}|^2/(2 kt) + 1/2 Ft_{n-1} . (v dt) = Ft_{n-1} . Ft^T / (2 kt),
// which the ledger needs to close: the held energy |Ft_{n-1}|^2/(2 kt) alone would leave the
// step's work 1/2 Ft_{n-1} v dt unaccounted (and booking nothing, all of it).
TEST(LinearCoulomb, BreakingWhileShearedBooksWhatTheSpringLosesInTheStepAsReleasedAndTheLedgerCloses) {
  const double r = std::ldexp(1.0, -7), dt = std::ldexp(1.0, -20), v = std::ldexp(1.0, -10);
  LawTesterSetup<FrictMat> setup;
  setup.radii = {r, r};
  setup.materials = {FrictMat{1e7, 0.2, 0.5, 2600}, FrictMat{1e7, 0.2, 0.5, 2600}};
  setup.dt = dt;
  LinearCoulombLaw<double> law;
  law.no_slip = true;
  LawTester<LinearCoulombLaw<double>> t(law, setup,
                                        {LawTesterStage::prescribed("load", {-v, 0, 0, 0, 0, 0}, "steps >= 1024"),
                                         LawTesterStage::prescribed("shear", {0, v, 0, 0, 0, 0}, "steps >= 512"),
                                         LawTesterStage::prescribed("pull", {v, v, 0, 0, 0, 0}, "broken")});
  t.run();
  const auto& recs = t.records();
  const LawTesterRecord& before = recs[recs.size() - 2];
  const LawTesterRecord& last = recs.back();
  double largest_work = 0;
  for (const auto& rec : recs) largest_work = std::max(largest_work, std::abs(rec.work));
  const double released = last.dissipated[EnergyKind::released];
  // Fn_{n-1} = 0: the shear's work alone, on the step's tangential increment as the tester
  // recorded it (about v dt: the local frame turns a little with the shear).
  const double step_work = before.force.tail<2>().dot((last.u - before.u).tail<2>()) / 2;
  const double expected = before.elastic + step_work;
  // Each of the N steps adds one trapezoid with ~8 roundings of the work scale (energy_ledger.hpp).
  const double tol = 8 * eps * static_cast<double>(recs.size()) * largest_work;
  std::printf("uN before the break %.3e m, |Ft| %.6e N, elastic before %.6e J, + step's work %.6e J = %.6e J; "
              "released %.6e J\n",
              before.u.x(), before.ft_norm(), before.elastic, step_work, expected, released);
  std::printf("balance error %.3e J (tolerance %.3e J, largest work %.6e J), plastic %.3e J\n",
              last.balance_error(), tol, largest_work, last.plastic);
  EXPECT_TRUE(before.in_contact);
  EXPECT_FALSE(last.in_contact);
  EXPECT_EQ(last.plastic, 0.0);  // the shear stayed inside the yield surface
  EXPECT_GT(before.ft_norm(), 0.0);
  EXPECT_LE(std::abs(before.u.x()), 1e-15 * r);
  // The law's Ft . Ft^T / (2 kt) and the test's sum: a few roundings each of the released energy.
  EXPECT_NEAR(released, expected, 16 * eps * expected);
  EXPECT_LE(std::abs(last.balance_error()), tol);
  // What the ledger would miss: the released energy (if it were not booked), its step's share (the held
  // energy convention). Both are visible parts of the work.
  EXPECT_GT(released, 1e3 * tol);
  EXPECT_GT(std::abs(step_work), 1e3 * tol);
}

// A sphere launched along a frictional wall slips in its first step. The reference is the energy
// before that step, from closed forms: R = 1/2 m v^2 + m g z + 1/2 kn uN0^2 (the contact as created,
// before its first increment). The first step's bookkeeping then follows from the leapfrog
// (energy_ledger.hpp) and the law: the trial force kt dt v exceeds fy, so
//   K_0 = 1/2 m v (v - dt fy/m),  E_0 = 1/2 kn uN0^2 + fy^2/(2 kt),  D_0 = fy (kt dt v - fy)/kt,
//   total_0 - R = 1/2 dt fy v - fy^2/(2 kt)   (the kinetic side sees half a step of friction work).
// A reference taken after step 0 (an earlier rule of the ledger) makes this residual zero by definition.
TEST(EnergyLedger, TheReferenceIsTheEnergyBeforeTheFirstStepSoAFirstStepSlipIsChecked) {
  const double r = 0.01, rho = 2600, young = 1e7, g = 9.81, v0 = 1.0, uN0 = -1e-7;
  Simulation<LinearCoulombLaw<double>> sim;
  const auto m = static_cast<std::uint32_t>(sim.add_material(FrictMat{young, 0.2, 0.5, rho}));
  sim.add_particle({Wall{2, +1}, {}, {}, m, dof::all});
  sim.add_particle({Sphere{r}, {Vec3d(0, 0, r + uN0), Quatd::Identity()}, {Vec3d(v0, 0, 0), Vec3d::Zero()}, m});
  sim.set_gravity(Vec3d(0, 0, -g));
  const double dt = 0.5 * r * std::sqrt(rho / young);
  sim.set_dt(dt);
  sim.step(1, true);
  const auto& e = sim.energy();
  const double mass = sim.particles().mass[1];
  const FrictPhys<double>& ph = sim.other_contacts().phys[0];
  const double fy = ph.kn * std::abs(uN0) * ph.tan_phi;
  const double reference = mass * v0 * v0 / 2 + mass * g * (r + uN0) + ph.kn * uN0 * uN0 / 2;
  const double residual = dt * fy * v0 / 2 - fy * fy / (2 * ph.kt);
  std::printf("reference %.12e J (closed form %.12e J); plastic after step 0 %.6e J\n", e.reference_total, reference,
              e.plastic());
  std::printf("total - reference after step 0: %.12e J (derived %.12e J)\n", e.total() - e.reference_total, residual);
  ASSERT_GT(dt * ph.kt * v0, fy);  // the first step does slip
  EXPECT_GT(e.plastic(), 0.0);
  // Both sides are sums of a few terms of size <= reference: 64 eps of it bounds their rounding.
  const double rounding = 64 * std::numeric_limits<double>::epsilon() * reference;
  EXPECT_NEAR(e.reference_total, reference, rounding);
  EXPECT_NEAR(e.total() - e.reference_total, residual, rounding);
  EXPECT_GT(std::abs(residual), 1e3 * rounding);  // the check is not vacuous
}

}  // namespace
}  // namespace lawcheck::dynamics_energy_kinds_test
