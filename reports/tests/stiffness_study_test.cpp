// The stiffness study: seed 004's "does not match?!" is the area rule, and the solver's
// stiffness equals the independent oracle for every pair and rule.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "study/stiffness_study.hpp"

namespace lawcheck::reports::stiffness_study_test {
namespace {

TEST(StiffnessStudy, PrintedKnIsTheRadiiAreaAndHandKnTheLengthsArea) {
  const StiffnessStudy s = run_stiffness_study();
  ASSERT_EQ(s.examples.size(), 2u);
  for (const auto& e : s.examples) {
    std::printf("%-32s radii area kn %.17g (Woo %.17g)  lengths area kn %.17g (hand %.17g)\n", e.name.c_str(),
                e.area_radii.solver.kn, e.woo_kn, e.area_lengths.solver.kn, e.hand_kn);
    // 1e-12: 17 printed digits, a few double operations (rounding ~1e-16); the rules differ by 1e-2.
    EXPECT_NEAR(e.area_radii.solver.kn / e.woo_kn, 1.0, 1e-12);
    EXPECT_NEAR(e.area_lengths.solver.kn / e.hand_kn, 1.0, 1e-12);
    // The whole mismatch is the area: kn is proportional to A, and A differs by (0.1/0.0995)^2.
    EXPECT_NEAR(e.woo_kn / e.hand_kn, (0.1 / 0.0995) * (0.1 / 0.0995), 1e-12);
    EXPECT_NEAR(e.area_radii.solver.area, e.woo_area, 1e-17);
  }
  for (const auto& c : s.checks) EXPECT_TRUE(c.passed) << c.name << ": " << c.detail;
}

TEST(StiffnessStudy, SolverEqualsTheOracleForEveryPairOrderAndRule) {
  const ShapeKind kinds[] = {ShapeKind::sphere, ShapeKind::wall, ShapeKind::facet, ShapeKind::capsule,
                             ShapeKind::inf_cylinder};
  double worst = 0;
  int cases = 0;
  for (auto k1 : kinds)
    for (auto k2 : kinds)
      for (double h : {0.0, 0.03})  // a facet thin and thick
        for (auto lr : {LengthRule::radii, LengthRule::reduced})
          for (auto ar : {AreaRule::radii, AreaRule::lengths}) {
            PairInput in{k1, k2, 0.2, 0.07, 10e6, 30e6, -0.001, 0.3, {lr, ar}};
            if (k1 == ShapeKind::wall) in.r1 = 0;
            if (k2 == ShapeKind::wall) in.r2 = 0;
            if (k1 == ShapeKind::facet) in.r1 = h;
            if (k2 == ShapeKind::facet) in.r2 = h;
            if (is_flat(k1, in.r1) && is_flat(k2, in.r2)) continue;
            const PairResult r = evaluate_pair(in);
            worst = std::max(worst, r.worst_rel_difference);
            ++cases;
          }
  std::printf("%d configurations, largest relative difference solver vs oracle %.3e\n", cases, worst);
  // 1e-13: double against 50 digits, a handful of roundings (~1e-16 each) apart.
  EXPECT_LT(worst, 1e-13);
}

TEST(StiffnessStudy, BadPairsAndSizesAreInputErrorsNamingTheField) {
  auto field_of = [](auto&& fn) -> std::string {
    try {
      fn();
    } catch (const InputError& e) {
      std::printf("%s\n", e.what());
      return e.field();
    }
    return "(no error)";
  };
  EXPECT_EQ(field_of([] { parse_pair("cube-sphere"); }), "pair");
  EXPECT_EQ(field_of([] { parse_pair("sphere"); }), "pair");
  EXPECT_EQ(field_of([] {
              evaluate_pair({ShapeKind::sphere, ShapeKind::sphere, -0.1, 0.1, 1e7, 1e7, 0, 0.2, {}});
            }),
            "r1 (radius)");
  EXPECT_EQ(field_of([] { evaluate_pair({ShapeKind::wall, ShapeKind::sphere, 0.1, 0.1, 1e7, 1e7, 0, 0.2, {}}); }), "r1");
  EXPECT_EQ(field_of([] { evaluate_pair({ShapeKind::sphere, ShapeKind::sphere, 0.1, 0.1, 0, 1e7, 0, 0.2, {}}); }),
            "young1");
  EXPECT_EQ(field_of([] { evaluate_pair({ShapeKind::sphere, ShapeKind::sphere, 0.1, 0.1, 1e7, 1e7, 1e-3, 0.2, {}}); }),
            "uN");
}

}  // namespace
}  // namespace lawcheck::reports::stiffness_study_test
