// The LinEl6 study's numbers: what the report's LinEl6 section shows is measured, its verdicts
// follow from the numbers, and the seed claims it decides agree with the claims ledger.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>

#include "claims/claims_ledger.hpp"
#include "render/linel6_section.hpp"
#include "study/linel6_study.hpp"

namespace lawcheck::reports::linel6_study_test {
namespace {

constexpr double eps = std::numeric_limits<double>::epsilon();

const LinEl6Study& study() {
  static const LinEl6Study s = run_linel6_study();
  return s;
}

TEST(LinEl6Study, EachDofDrivenAloneMatchesItsClosedFormAgainstTheStiffnessOracle) {
  ASSERT_EQ(study().dofs.size(), 6u);
  for (const auto& d : study().dofs) {
    std::printf("%-9s k oracle %.15e measured %.15e [%s]: load %.2e, energy %.2e, work %.2e (%zu steps), back %.2e\n",
                d.name.c_str(), d.k_oracle, d.k_measured, d.stiffness_unit.c_str(), d.load_error, d.energy_error,
                d.work_error, d.steps, d.final_load);
    // The study's own tolerances restated: 12 roundings (u = eps/2) from the materials to k x, 16 to
    // the energy, 24 per step to the trapezoidal work, one per step of the 2 x 200 steps to x.
    EXPECT_LE(d.load_error, 6 * eps) << d.name;
    EXPECT_LE(d.energy_error, 8 * eps) << d.name;
    EXPECT_LE(d.work_error, 12 * eps * static_cast<double>(d.steps)) << d.name;
    EXPECT_LE(d.final_load, 200 * eps) << d.name;
    EXPECT_NEAR(d.k_measured, d.k_oracle, 6 * eps * d.k_oracle) << d.name;
    EXPECT_GT(d.peak_energy, 0) << d.name;
  }
  // Under the squared rule kw/kn = kb/kt = l^2: the two ratios, from measured stiffnesses alone.
  const double l2 = study().char_len * study().char_len;
  EXPECT_NEAR(study().dofs[3].k_measured / study().dofs[0].k_measured, l2, 16 * eps * l2);
  EXPECT_NEAR(study().dofs[4].k_measured / study().dofs[1].k_measured, l2, 16 * eps * l2);
  EXPECT_GE(study().coulomb_multiple, 100);
}

TEST(LinEl6Study, OnlyTheSquaredRuleIsScaleFreeAndTheOthersChangeAsTheirPowerPredicts) {
  ASSERT_EQ(study().scale.size(), 3u);
  for (const auto& r : study().scale) {
    std::printf("%-8s p=%2d: ratio %.15e -> %.15e, change %.15f (predicted %.15f)\n", std::string(name_of(r.rule)).c_str(),
                r.power, r.ratio_1, r.ratio_2, r.change(), r.predicted());
    EXPECT_NEAR(r.change(), r.predicted(), 40 * eps * r.predicted()) << name_of(r.rule);
    if (r.rule != RotationalStiffness::squared) {
      EXPECT_GT(std::abs(r.change() - 1), 0.4) << name_of(r.rule);
    }
  }
}

TEST(LinEl6Study, ZeroKtDivKnHoldsNoShearForceNoBendingTorqueAndAFiniteEnergy) {
  const auto& z = study().zero_stiffness;
  std::printf("max |Ft| %g N, max |Tb| %g N m, energy error %.2e, finite %d, %zu steps\n", z.largest_shear_force,
              z.largest_bending_torque, z.energy_error, z.all_finite, z.steps);
  EXPECT_TRUE(z.all_finite);
  EXPECT_EQ(z.largest_shear_force, 0.0);
  EXPECT_EQ(z.largest_bending_torque, 0.0);
  EXPECT_LE(z.energy_error, 8 * eps);
}

TEST(LinEl6Study, DecidesEachSeedClaimAboutLinEl6AsTheLedgerDoes) {
  const ClaimsLedger& ledger = builtin_claims_ledger();
  std::set<std::string> decided;
  for (const auto& c : study().claims) {
    std::printf("%s %-9s %s\n", c.id.c_str(), std::string(name_of(c.verdict)).c_str(), c.measured.c_str());
    decided.insert(c.id);
    const Claim* in_ledger = nullptr;
    for (const auto& l : ledger.claims)
      if (l.id == c.id) in_ledger = &l;
    ASSERT_NE(in_ledger, nullptr) << c.id;
    EXPECT_EQ(name_of(c.verdict), name_of(in_ledger->verdict)) << c.id << ": " << in_ledger->quote;
    EXPECT_NE(std::find(in_ledger->tests.begin(), in_ledger->tests.end(), c.test), in_ledger->tests.end())
        << c.id << " does not name " << c.test;
  }
  // Every ledger entry whose deciding tests are LinEl6's is decided by the study.
  for (const auto& l : ledger.claims) {
    for (const auto& t : l.tests) {
      if (t.rfind("LinEl6Law.", 0) == 0) {
        EXPECT_TRUE(decided.count(l.id)) << l.id << " (" << t << ")";
      }
    }
  }
  for (const auto& c : study().checks) {
    std::printf("%s  %s: %s\n", c.passed ? "PASS" : "FAIL", c.name.c_str(), c.detail.c_str());
    EXPECT_TRUE(c.passed) << c.name;
  }
  EXPECT_TRUE(linel6_summary(study()).passed);
}

}  // namespace
}  // namespace lawcheck::reports::linel6_study_test
