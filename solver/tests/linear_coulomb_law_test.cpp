// Unit checks of the linear Cundall law on hand-computable single steps (seed 000).
#include <gtest/gtest.h>

#include <cstdio>
#include <utility>

#include "core/high_precision.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::linear_coulomb_law_test {

// The law runs in 50 digits too (the oracle comparisons below rely on it).
static_assert(ContactLaw<LinearCoulombLaw<HighPrecision>>);

namespace {

const FrictPhys<double> phys{1e5, 2e4, 0.5};

LocalGeom<double> geom(double uN, double vy, double vz) {
  LocalGeom<double> g;
  g.uN = uN;
  g.vel = Vec3d(0, vy, vz);
  return g;
}

TEST(LinearCoulombLaw, NormalForceIsKnTimesUN) {
  LinearCoulombLaw<double> law;
  LinearCoulombLaw<double>::State s;
  const auto r = law.step<false>(geom(-1e-4, 0, 0), phys, s, 1e-3);
  EXPECT_EQ(r.force.x(), -10.0);
  EXPECT_FALSE(r.broken);
}

TEST(LinearCoulombLaw, StickingStepAddsKtTimesSlipIncrementAndDissipatesNothing) {
  LinearCoulombLaw<double> law;
  LinearCoulombLaw<double>::State s;
  // fy = 10 * 0.5 = 5 N; increment kt * v * dt = 2e4 * 0.1 * 1e-3 = 2 N along y.
  const auto r = law.step<true>(geom(-1e-4, 0.1, 0), phys, s, 1e-3);
  EXPECT_DOUBLE_EQ(r.force.y(), 2.0);
  EXPECT_EQ(r.force.z(), 0.0);
  EXPECT_EQ(r.dissipation(), 0.0);
}

TEST(LinearCoulombLaw, SlidingStepReturnsRadiallyToTheYieldCircle) {
  for (auto f : all_plastic_dissipations) {
    LinearCoulombLaw<double> law;
    law.dissipation = f;
    LinearCoulombLaw<double>::State s;
    // trial (6, 8) N, |trial| = 10 > fy = 5: returned to (3, 4).
    const auto r = law.step<true>(geom(-1e-4, 0.3, 0.4), phys, s, 1e-3);
    EXPECT_NEAR(r.force.y(), 3.0, 1e-15);
    EXPECT_NEAR(r.force.z(), 4.0, 1e-15);
    // A fresh contact has no previous yield force: mean_yield_times_slip books fy s here.
    const bool yield = f == PlasticDissipation::yield_times_slip || f == PlasticDissipation::mean_yield_times_slip;
    const double expected = yield ? 5.0 * 5.0 / 2e4 : (100.0 - 25.0) / 4e4;
    EXPECT_NEAR(r.dissipation(), expected, 1e-18) << name_of(f);
  }
}

TEST(LinearCoulombLaw, SeparationBreaksTheContactUnlessNoBreak) {
  LinearCoulombLaw<double> law;
  LinearCoulombLaw<double>::State s;
  s.ft = Vec2d(1, 1);
  EXPECT_TRUE(law.step<false>(geom(1e-6, 0, 0), phys, s, 1e-3).broken);
  EXPECT_EQ(s.ft, Vec2d::Zero());
  law.no_break = true;
  const auto r = law.step<false>(geom(1e-6, 0, 0), phys, s, 1e-3);
  EXPECT_FALSE(r.broken);
  EXPECT_DOUBLE_EQ(r.force.x(), 0.1);
}

TEST(LinearCoulombLaw, NoSlipKeepsTheTrialForce) {
  LinearCoulombLaw<double> law;
  law.no_slip = true;
  LinearCoulombLaw<double>::State s;
  const auto r = law.step<true>(geom(-1e-4, 0.3, 0.4), phys, s, 1e-3);
  EXPECT_DOUBLE_EQ(r.force.y(), 6.0);
  EXPECT_EQ(r.dissipation(), 0.0);
}

TEST(LinearCoulombLaw, ZeroFrictionAndZeroKtNeverProduceNaN) {
  LinearCoulombLaw<double> law;
  LinearCoulombLaw<double>::State s;
  const FrictPhys<double> frictionless{1e5, 0.0, 0.0};
  const auto g = geom(-1e-4, 1, 1);
  const auto r = law.step<true>(g, frictionless, s, 1e-3);
  EXPECT_TRUE(r.force.allFinite());
  EXPECT_EQ(law.elastic_energy(g, frictionless, s), 1e5 * 1e-8 / 2);
}

// Seed 000: tanPhi = min[(tanPhi)_1, (tanPhi)_2], "of which consequence is that material without
// friction will not have frictional contacts, regardless of friction of the other material".
// fy = |Fn| * 0 = 0, so the radial return scales the trial force by exactly 0.
TEST(LinearCoulombLaw, AFrictionlessMaterialMakesEveryContactFrictionlessWhateverItsPartner) {
  const FrictMat frictionless{1e7, 0.2, 0.0, 2600}, rough{1e7, 0.2, 0.9, 2600};
  const ShapeSize sphere{ShapeKind::sphere, 0.01};
  const ContactLengths g = contact_lengths(sphere, sphere, 0.0);
  for (const auto& [a, b] : {std::pair{frictionless, rough}, std::pair{rough, frictionless}}) {
    const FrictPhys<double> ph = frict_phys(a, b, g);
    LinearCoulombLaw<double> law;
    LinearCoulombLaw<double>::State s;
    const auto r = law.step<true>(geom(-1e-4, 1.0, -0.5), ph, s, 1e-3);
    std::printf("tanPhi of the pair %.3g: Fn = %.6e N, Ft = (%.3g, %.3g) N, dissipated %.3g J\n", ph.tan_phi,
                r.force.x(), r.force.y(), r.force.z(), r.dissipation());
    EXPECT_EQ(ph.tan_phi, 0.0);
    EXPECT_LT(r.force.x(), 0.0);  // loaded in compression
    EXPECT_EQ(r.force.y(), 0.0);
    EXPECT_EQ(r.force.z(), 0.0);
    EXPECT_EQ(r.dissipation(), 0.0);  // fy (ft - fy) / kt with fy = 0
  }
}

TEST(LinearCoulombLaw, InstantiatesInFiftyDigitPrecision) {
  LinearCoulombLaw<HighPrecision> law;
  LinearCoulombLaw<HighPrecision>::State s;
  LocalGeom<HighPrecision> g;
  g.uN = HighPrecision("-1e-4");
  g.vel = Vec3<HighPrecision>(0, HighPrecision("0.3"), HighPrecision("0.4"));
  const auto r = law.step<true>(g, phys.cast<HighPrecision>(), s, HighPrecision("1e-3"));
  // |(3,4)| = fy = kn*|uN|*tanPhi: holds to ~1e-49 in 50 digits.
  EXPECT_LT(abs(r.force.tail<2>().norm() - HighPrecision(5)), HighPrecision("1e-45"));
}

}  // namespace
}  // namespace lawcheck::linear_coulomb_law_test
