// The LawTester: prescribed local motion through the real geometry -> physics -> law
// pipeline reproduces the linear law's closed forms and closes its energy balance.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <boost/math/constants/constants.hpp>

#include "tester/law_tester.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::dynamics_law_tester_test {
namespace {

const double pi = boost::math::constants::pi<double>();
constexpr double kYoung = 1e7, kRadius = 0.01, kKtDivKn = 0.2, kTanPhi = 0.5;
// Equal spheres, radius lengths and radius area (the defaults): kn = pi E r / 2 (seed 000: l1 = l2 = r, A = pi r^2).
const double kKn = pi * kYoung * kRadius / 2;
const double kKt = kKtDivKn * kKn;

LawTesterSetup<FrictMat> setup(double dt) {
  LawTesterSetup<FrictMat> s;
  s.radii = {kRadius, kRadius};
  s.materials = {FrictMat{kYoung, kKtDivKn, kTanPhi, 2600}, FrictMat{kYoung, kKtDivKn, kTanPhi, 2600}};
  s.dt = dt;
  return s;
}

// A NaN or inf stops the run at the step that produced it. A tangential velocity of
// 1e300 m/s (valid input, finite) drives the state to NaN in the first step of stage "spin"
// (step 10); before, the tester ran all 999 990 steps of that stage (1.7 s, 240 MB of NaN history)
// and the CLI found the NaN afterwards. Now run() throws StateError naming the step, the stage and
// the quantity, and the history ends with the last finite record.
TEST(LawTester, ANonFiniteStateStopsTheRunAtThatStepNamingStepStageAndQuantity) {
  LawTesterStage spin = LawTesterStage::prescribed("spin", {0, 1e300, 0, 0, 0, 0}, "steps >= 999990");
  spin.max_steps = 999990;
  LawTester<LinearCoulombLaw<double>> t(
      {}, setup(1e-5), {LawTesterStage::prescribed("compress", {-1e-3, 0, 0, 0, 0, 0}, "steps >= 10"), spin});
  std::string message;
  try {
    t.run();
  } catch (const StateError& e) {
    message = e.what();
  }
  std::printf("%zu records kept; message: %s\n", t.records().size(), message.c_str());
  ASSERT_FALSE(message.empty());
  EXPECT_NE(message.find("at step 10 (stage spin)"), std::string::npos);
  EXPECT_NE(message.find(" = "), std::string::npos);
  EXPECT_EQ(t.records().size(), 10u);  // steps 0-9 of "compress"; nothing of the blown-up step
  for (const auto& r : t.records()) EXPECT_TRUE(std::isfinite(r.u.y()) && std::isfinite(r.work));
}

TEST(LawTester, PrescribedNormalCompressionGivesFnEqualKnTimesUNAtEveryStep) {
  const double dt = 1e-5, v = 1e-3;
  LawTester<LinearCoulombLaw<double>> t({}, setup(dt), {LawTesterStage::prescribed("compress", {-v, 0, 0, 0, 0, 0}, "uN <= -1e-5")});
  t.run();
  double worst_force = 0, worst_path = 0, worst_balance = 0;
  for (const auto& r : t.records()) {
    const double expected_u = -v * dt * static_cast<double>(r.step);
    worst_path = std::max(worst_path, std::abs(r.u.x() - expected_u));
    if (r.u.x() != 0) worst_force = std::max(worst_force, std::abs(r.force.x() - kKn * r.u.x()) / std::abs(kKn * r.u.x()));
    worst_balance = std::max(worst_balance, std::abs(r.balance_error()));
  }
  const auto& last = t.records().back();
  std::printf("steps %zu, final uN %.6e m, Fn %.6e N, kn uN %.6e N; worst |Fn - kn uN|/|kn uN| %.2e, "
              "worst |uN - (-v t)| %.2e m, worst |work - elastic - plastic| %.2e J (work %.3e J)\n",
              t.records().size(), last.u.x(), last.force.x(), kKn * last.u.x(), worst_force, worst_path,
              worst_balance, last.work);
  ASSERT_GT(t.records().size(), 900u);
  // kn here is the closed form, the solver's comes from frict_phys: both are a few roundings of
  // the same product, so they agree to ~1e-15; 1e-13 leaves room only for rounding.
  EXPECT_LT(worst_force, 1e-13);
  // Positions are summed in steps of v dt: 1000 roundings of ulp(2 cm) = 3.5e-18 m at most.
  EXPECT_LT(worst_path, 1e-14);
  // Normal spring: the trapezoidal work is exact (dynamics/energy_ledger.hpp); only rounding of
  // ~1000 sums of ~1e-8 J remains.
  EXPECT_LT(worst_balance, 1e-15);
  EXPECT_TRUE(std::all_of(t.records().begin(), t.records().end(), [](const auto& r) { return r.in_contact; }));
}

TEST(LawTester, ShearPastTheCoulombLimitHoldsFtAtFyAndWorkEqualsElasticPlusPlastic) {
  const double dt = 1e-5, v = 1e-3;
  LawTester<LinearCoulombLaw<double>> t({}, setup(dt),
                                        {LawTesterStage::prescribed("compress", {-v, 0, 0, 0, 0, 0}, "uN <= -1e-5"),
                                         LawTesterStage::prescribed("shear", {0, v, 0, 0, 0, 0}, "|ut| >= 1e-4")});
  t.run();
  const auto& comp = t.summaries().at(0).last;
  // The shear stage keeps uN where the compression stopped, so fy is constant.
  const double fy = std::abs(kKn * comp.u.x()) * kTanPhi;
  const double ut_yield = fy / kKt;
  double worst_yield = 0, worst_elastic = 0, worst_balance = 0, worst_ut = 0;
  std::size_t sliding = 0;
  for (const auto& r : t.records()) {
    if (r.stage != 1) continue;
    EXPECT_EQ(r.u.x(), comp.u.x());
    worst_ut = std::max(worst_ut, std::abs(r.u.y() - v * dt * static_cast<double>(r.stage_steps)));
    worst_balance = std::max(worst_balance, std::abs(r.balance_error()));
    if (r.u.y() > ut_yield + v * dt) {
      ++sliding;
      worst_yield = std::max(worst_yield, std::abs(r.ft_norm() - fy) / fy);
    } else if (r.u.y() < ut_yield - v * dt) {
      worst_elastic = std::max(worst_elastic, std::abs(r.force.y() - kKt * r.u.y()) / fy);
    }
  }
  const auto& last = t.records().back();
  const double onset_bound = kKt * (v * dt) * (v * dt) / 8;
  std::printf("fy = %.6e N at uN = %.6e m; slip from ut = %.4e m; %zu sliding steps, final |Ft| = %.15e N\n"
              "worst | |Ft| - fy |/fy = %.2e, worst |Ft - kt ut|/fy before slip = %.2e, worst |ut - v t| = %.2e m\n"
              "final work %.9e J, elastic %.9e J, plastic %.9e J, worst balance error %.3e J "
              "(onset bound %.3e J)\n",
              fy, comp.u.x(), ut_yield, sliding, last.ft_norm(), worst_yield, worst_elastic, worst_ut, last.work,
              last.elastic, last.plastic, worst_balance, onset_bound);
  ASSERT_GT(sliding, 5000u);
  // Radial return scales the trial force by fy/|trial|: |Ft| = fy to a few roundings.
  EXPECT_LT(worst_yield, 1e-14);
  // Sticking: Ft is a sum of kt v dt increments, kt ut to rounding of ~2500 sums.
  EXPECT_LT(worst_elastic, 1e-12);
  EXPECT_LT(worst_ut, 1e-14);
  // Balance: with the default dissipation (mean_yield_times_slip, = yield_times_slip at this constant
  // fy) the trapezoidal work equals elastic +
  // plastic exactly in sticking and in steady sliding; only the onset step, where Ft goes from
  // F0 < fy to fy, leaves (ft - fy)(fy - F0)/(2 kt) <= kt (v dt)^2 / 8 (ft - F0 = kt v dt).
  // Plus rounding: ~1.1e4 sums, each within 1.1e-16 of the running work.
  EXPECT_LT(worst_balance, onset_bound + 1.1e4 * 1.1e-16 * last.work);
}

}  // namespace
}  // namespace lawcheck::dynamics_law_tester_test
