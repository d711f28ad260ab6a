// Chung & Ooi's eight benchmark tests of the Hertz-Mindlin law through the full solver
// (study/chung_ooi_study.hpp derives every reference and bound; reports/chung_ooi/test<n>.json
// holds each test's inputs, reference and tolerance with its reason). Each test prints every
// check before asserting, and asserts them all, so one failure does not hide the rest.
#include <gtest/gtest.h>

#include <cstdio>

#include "study/chung_ooi_study.hpp"

namespace lawcheck::reports {
namespace {

void expect_all(const ChungOoiTest& t) {
  std::printf("Chung & Ooi test %d: %s (%.2f s)\nreference: %s\n", t.number, t.title.c_str(), t.seconds,
              t.reference.c_str());
  for (const auto& c : t.curves) {
    std::printf("  %s, %s (%s):\n", c.label.c_str(), c.material.c_str(), c.source.c_str());
    for (std::size_t k = 0; k < c.sim_x.size(); ++k) std::printf("    x = %-10.5g sim = %.6g\n", c.sim_x[k], c.sim_y[k]);
  }
  for (const auto& c : t.checks) std::printf("  [%s] %s: %s\n", c.passed ? "PASS" : "FAIL", c.name.c_str(), c.detail.c_str());
  ASSERT_FALSE(t.checks.empty());
  for (const auto& c : t.checks) EXPECT_TRUE(c.passed) << c.name << ": " << c.detail;
  EXPECT_TRUE(t.passed);
}

TEST(ChungOoi, Test1TwoIdenticalSpheresMatchHertzOverlapForceAndDurationWithinTheSecondOrderBound) {
  expect_all(run_chung_ooi_test(1));
}

TEST(ChungOoi, Test2ASphereOnARigidPlaneMatchesHertzOverlapForceAndDurationWithinTheSecondOrderBound) {
  expect_all(run_chung_ooi_test(2));
}

TEST(ChungOoi, Test3TheAchievedRestitutionIsTheRequestedOneUpToTheDiscretisation) {
  expect_all(run_chung_ooi_test(3));
}

// Test 4's sliding branch at N/4, N/2, N steps per contact: the printed residuals are the
// refinement that shows dv_t = mu (1 + e) v_n and R w' = -5/2 mu (1 + e) v_n to the step's order.
TEST(ChungOoi, Test4SlidesAsARigidBodyAtLargeAnglesAndFollowsThePapersCurvesWhereItSticks) {
  std::vector<ChungOoiSlidingLevel> levels;
  const ChungOoiTest t = run_chung_ooi_test(4, {}, &levels);
  for (const auto& L : levels)
    std::printf("sliding branch, N = %4.0f: dv_t residual %.3e (rounding %.1e), spin residual %.3e (bound %.3e)\n",
                L.steps_per_contact, L.impulse_residual, L.rounding, L.spin_residual, L.spin_bound);
  ASSERT_EQ(levels.size(), 3u);
  expect_all(t);
}

TEST(ChungOoi, Test5SpinSaturatesAtTheRigidBodySlidingValueWhenTheSphereSlidesThroughout) {
  expect_all(run_chung_ooi_test(5));
}

TEST(ChungOoi, Test6ASpinningSphereOnAPlaneSlidesAsARigidBodyWhenItSlidesThroughout) {
  expect_all(run_chung_ooi_test(6));
}

TEST(ChungOoi, Test7OppositeSpinsLeaveSpinAndTangentialVelocityUnchanged) { expect_all(run_chung_ooi_test(7)); }

TEST(ChungOoi, Test8ASpinningSphereOnAHeavyLargerSphereSlidesAsARigidBodyWhenItSlidesThroughout) {
  expect_all(run_chung_ooi_test(8));
}

}  // namespace
}  // namespace lawcheck::reports
