// The Ice study's numbers: what the report's Ice section shows is measured,
// and its verdicts follow from the numbers.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>

#include "render/report.hpp"
#include "study/ice_study.hpp"

namespace lawcheck::reports::ice_study_test {
namespace {

constexpr double eps = std::numeric_limits<double>::epsilon();

const IceStudy& study() {
  static const IceStudy s = run_ice_study();
  return s;
}

TEST(IceStudy, EachSenseBreaksWithinOneStepsIncrementOfItsClosedForm) {
  ASSERT_EQ(study().breaks.size(), 4u);
  for (const auto& b : study().breaks) {
    std::printf("%-8s %s = %.9e: before %.9e, + increment %.9e (step %zu); released %.4e J; ledger %.2e J of %.2e J\n",
                b.sense.c_str(), b.formula.c_str(), b.closed_form, b.before, b.before + b.increment, b.step, b.released,
                b.worst_balance, b.energy_scale);
    EXPECT_GT(b.step, 0u) << b.sense;
    EXPECT_LE(b.before, b.closed_form * (1 + 8 * eps)) << b.sense;
    EXPECT_GT(b.before + b.increment, b.closed_form * (1 - 8 * eps)) << b.sense;
    EXPECT_GT(b.released, 0) << b.sense;
    EXPECT_TRUE(b.all_bonds_gone) << b.sense;
    EXPECT_LE(b.worst_balance, 4 * 3000 * eps * b.energy_scale) << b.sense;  // 4 eps per step, 3000 steps
  }
}

TEST(IceStudy, UnbondedLoopsDissipateWhatTheExact1dOracleGivesToRounding) {
  ASSERT_EQ(study().loops.size(), 3u);
  for (const auto& l : study().loops) {
    std::printf("%-8s k %.6e yield %.6e peak %.9e: dissipated %.12e J, oracle %.12e J, relative %.2e, other %.1e J, "
                "%zu plotted points\n",
                l.sense.c_str(), l.k, l.yield, l.peak, l.dissipation, l.oracle, l.rel_error(), l.other_kinds, l.x.size());
    EXPECT_GT(l.oracle, 0) << l.sense;
    EXPECT_LE(std::abs(l.rel_error()), 8 * l.steps * eps) << l.sense;  // rounding of the sums: 8 eps per step
    EXPECT_EQ(l.other_kinds, 0.0) << l.sense;
    EXPECT_NEAR(l.peak, l.yield, 8 * eps * l.yield) << l.sense;
    EXPECT_EQ(l.x.size(), l.y.size());
  }
}

TEST(IceStudy, EverySeedClaimHasAVerdictAndATestAndEveryCheckPasses) {
  for (const auto& c : study().claims) {
    std::printf("claim: %s -> %s [%s]\n", c.seed_writes.c_str(), c.right.c_str(), c.test.c_str());
    EXPECT_FALSE(c.right.empty()) << c.seed_writes;
    EXPECT_FALSE(c.test.empty()) << c.seed_writes;
    EXPECT_NE(c.test.find('.'), std::string::npos) << "a ctest name Suite.Test: " << c.test;
  }
  EXPECT_GE(study().claims.size(), 6u);  // the seed's six claims on Ice at least
  for (const auto& c : study().checks) {
    std::printf("%s  %s: %s\n", c.passed ? "PASS" : "FAIL", c.name.c_str(), c.detail.c_str());
    EXPECT_TRUE(c.passed) << c.name;
  }
  EXPECT_TRUE(ice_summary(study()).passed);
}

}  // namespace
}  // namespace lawcheck::reports::ice_study_test
