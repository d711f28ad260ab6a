// Seed 004's two worked stiffness examples, whose printed kn "does not match?!" the hand
// computation next to it. Both numbers are reproduced here, each under the rule that gives it:
// the mismatch is the area rule (Woo's code takes A from the radii, the seed's formula from the
// reduced lengths); both use lengths reduced by half the initial overlap.

#include <gtest/gtest.h>

#include <boost/math/constants/constants.hpp>

#include "physics/frict_phys.hpp"

namespace lawcheck::seed_stiffness_examples_test {
namespace {

// 1e-12 relative: the printed values carry 17 significant digits and kn is a few double
// operations away from its inputs, so agreement is at rounding level (~1e-16); 1e-12 leaves
// room only for the printing, not for a different formula (the two rules differ by 1e-2).
constexpr double kRel = 1e-12;

FrictMat mat(double young) { return FrictMat{young, 0.2, 0.5, 2600}; }

struct Example {
  const char* name;
  ShapeSize first;   // the flat or larger particle, young E1 = 10 MPa
  ShapeSize second;  // the sphere r = 0.1, young E2 = 30 MPa
  double woo_kn;     // what Woo printed (seed 004, Out[4] / Out[10])
  double hand_kn;    // the seed's hand computation (seed 004, Out[6] / Out[12])
};

const Example examples[] = {
    {"capsule r=0.2 + sphere r=0.1", {ShapeKind::capsule, 0.2}, {ShapeKind::sphere, 0.1},
     1350254.7221732636, 1336785.9313195853},
    {"facet h=0 + sphere r=0.1", {ShapeKind::facet, 0.0}, {ShapeKind::sphere, 0.1},
     2368034.663509894, 2344413.5177413835},
};

constexpr double uN0 = -0.001;

double kn_under(const Example& e, StiffnessRules rules) {
  const ContactLengths g = contact_lengths(e.first, e.second, uN0, rules);
  return frict_phys(mat(10e6), mat(30e6), g).kn;
}

TEST(SeedStiffnessExamples, WooPrintedKnIsReducedLengthsWithAreaFromRadii) {
  for (const auto& e : examples) {
    const double kn = kn_under(e, {LengthRule::reduced, AreaRule::radii});
    std::printf("%-30s reduced lengths, radii area:   kn = %.17g (Woo printed %.17g)\n", e.name,
                kn, e.woo_kn);
    EXPECT_NEAR(kn / e.woo_kn, 1.0, kRel) << e.name;
  }
}

TEST(SeedStiffnessExamples, HandComputedKnIsReducedLengthsWithAreaFromLengths) {
  for (const auto& e : examples) {
    const double kn = kn_under(e, {LengthRule::reduced, AreaRule::lengths});
    std::printf("%-30s reduced lengths, lengths area: kn = %.17g (hand %.17g)\n", e.name, kn,
                e.hand_kn);
    EXPECT_NEAR(kn / e.hand_kn, 1.0, kRel) << e.name;
  }
}

TEST(SeedStiffnessExamples, WooPrintedLengthsAndAreaAreReproduced) {
  // Woo printed lens (0.0995, 0.1995) for the capsule case with the sphere first, and contA
  // 0.031415926535897934 = pi * 0.1^2 for both cases.
  const double pi = boost::math::constants::pi<double>();
  const ContactLengths cap = contact_lengths(examples[0].second, examples[0].first, uN0,
                                             {LengthRule::reduced, AreaRule::radii});
  EXPECT_DOUBLE_EQ(cap.l1, 0.0995);
  EXPECT_DOUBLE_EQ(cap.l2, 0.1995);
  EXPECT_DOUBLE_EQ(cap.area, 0.031415926535897934);
  const ContactLengths fac = contact_lengths(examples[1].first, examples[1].second, uN0,
                                             {LengthRule::reduced, AreaRule::radii});
  EXPECT_DOUBLE_EQ(fac.l1, 0.0995);  // max(h, r) - overlap/2
  EXPECT_DOUBLE_EQ(fac.l2, 0.0995);
  EXPECT_NEAR(fac.area, pi * 0.01, 1e-17);
}

TEST(Stiffness, TwoEqualSpheresWithRadiiRulesGivePiEROverTwo) {
  // l1 = l2 = r, A = pi r^2: kn = pi r^2 / (2 r / E) = pi E r / 2. 1e-14: four roundings.
  const double pi = boost::math::constants::pi<double>();
  for (double r : {1e-6, 1e-3, 0.1, 7.0}) {
    for (double young : {1e5, 7e10}) {
      const ShapeSize s{ShapeKind::sphere, r};
      const double kn = frict_phys(mat(young), mat(young), contact_lengths(s, s, 0.0)).kn;
      EXPECT_NEAR(kn / (pi * young * r / 2), 1.0, 1e-14) << "r=" << r << " E=" << young;
    }
  }
}

TEST(Stiffness, FlatFlatPairIsAnErrorNamingThePair) {
  const ShapeSize wall{ShapeKind::wall, 0};
  const ShapeSize thin_facet{ShapeKind::facet, 0};
  for (auto [a, b] : {std::pair{wall, wall}, std::pair{wall, thin_facet}, std::pair{thin_facet, thin_facet}}) {
    try {
      contact_lengths(a, b, 0.0);
      ADD_FAILURE() << "flat-flat accepted";
    } catch (const InputError& e) {
      EXPECT_EQ(e.field(), "pair");
      EXPECT_NE(std::string(e.what()).find("flat"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace lawcheck::seed_stiffness_examples_test
