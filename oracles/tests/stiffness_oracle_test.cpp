// Oracle 1 (stiffness): reproduces Woo's printed numbers (seed 004), and agrees with independent
// closed forms (equal spheres, swapped pairs) to 50-digit rounding.
#include <gtest/gtest.h>

#include <boost/math/constants/constants.hpp>

#include "agreement.hpp"
#include "oracles/stiffness.hpp"

namespace lawcheck::oracles::stiffness_oracle_test {
namespace {

using testing::expect_agree;
using testing::kThirtyDigits;

StiffnessSide side(Shape s, const char* size, const char* young) {
  return StiffnessSide{s, Real(size), Real(young), Real("0.3"), Real("0.5")};
}

// Seed 004 prints Woo's kn (the code) and the seed's hand computation as Python doubles (17
// significant digits): agreement to 1e-15 is what a printed double can carry.
const Real kPrintedDouble{"1e-15"};

TEST(StiffnessOracle, ReproducesWooPrintedKnWithAreaFromRadiiAndSeedHandKnWithAreaFromLengths) {
  // Example 1: capsule r1 = .2 (E1 = 10 MPa) with sphere r2 = .1 (E2 = 30 MPa), uN = -.001.
  StiffnessInput in{side(Shape::capsule, "0.2", "10e6"), side(Shape::sphere, "0.1", "30e6"),
                    Real("-0.001"), LengthRule::reduced, AreaRule::radii};
  StiffnessResult woo = stiffness(in);
  std::cout << "capsule-sphere, reduced lengths:\n";
  expect_agree("l1 (capsule)", woo.l1, Real("0.1995"), kThirtyDigits);
  expect_agree("l2 (sphere)", woo.l2, Real("0.0995"), kThirtyDigits);
  expect_agree("contA, area from radii = Woo", woo.area, Real("0.031415926535897934"), kPrintedDouble);
  expect_agree("kn, area from radii = Woo Out[4]", woo.kn, Real("1350254.7221732636"), kPrintedDouble);
  in.area = AreaRule::lengths;
  StiffnessResult hand = stiffness(in);
  expect_agree("A, area from lengths = seed Out[6]", hand.area, Real("0.031102552668702352"), kPrintedDouble);
  expect_agree("kn, area from lengths = seed Out[6]", hand.kn, Real("1336785.9313195853"), kPrintedDouble);

  // Example 2: thin facet (h = 0, E1 = 10 MPa) with sphere r = .1 (E2 = 30 MPa), uN = -.001.
  StiffnessInput f{side(Shape::facet, "0", "10e6"), side(Shape::sphere, "0.1", "30e6"),
                   Real("-0.001"), LengthRule::reduced, AreaRule::radii};
  StiffnessResult fw = stiffness(f);
  std::cout << "facet-sphere, reduced lengths:\n";
  expect_agree("l1 (facet, max(h, r))", fw.l1, Real("0.0995"), kThirtyDigits);
  expect_agree("l2 (sphere)", fw.l2, Real("0.0995"), kThirtyDigits);
  expect_agree("kn, area from radii = Woo Out[10]", fw.kn, Real("2368034.663509894"), kPrintedDouble);
  f.area = AreaRule::lengths;
  expect_agree("kn, area from lengths = seed Out[12]", stiffness(f).kn, Real("2344413.5177413835"),
               kPrintedDouble);
}

TEST(StiffnessOracle, EqualSpheresGivePiErOverTwoUnderRadiiRules) {
  // Two equal spheres, radii rules: A = pi r^2, two springs E pi r^2 / r in series:
  // kn = pi E r / 2, independent of the general formula's operation order.
  const Real r("0.0137"), e("2.1e11");
  StiffnessInput in{side(Shape::sphere, "0.0137", "2.1e11"), side(Shape::sphere, "0.0137", "2.1e11")};
  const StiffnessResult s = stiffness(in);
  const Real pi = boost::math::constants::pi<Real>();
  expect_agree("kn", s.kn, pi * e * r / 2, kThirtyDigits);
  expect_agree("kt = mean(ktDivKn) kn", s.kt, Real("0.3") * pi * e * r / 2, kThirtyDigits);
  // Reduced lengths with area from lengths: the same with r -> r + uN0/2.
  in.uN0 = Real("-2e-4");
  in.lengths = LengthRule::reduced;
  in.area = AreaRule::lengths;
  expect_agree("kn reduced/lengths", stiffness(in).kn, pi * e * (r - Real("1e-4")) / 2, kThirtyDigits);
}

TEST(StiffnessOracle, EverySupportedPairGivesTheSameKnInEitherOrder) {
  // Seed 000's rules are symmetric: swapping the particles swaps l1 and l2 and keeps kn, kt, tanPhi.
  const StiffnessSide sph = side(Shape::sphere, "0.01", "1e9");
  const StiffnessSide sph2{Shape::sphere, Real("0.02"), Real("3e9"), Real("0.5"), Real("0.2")};
  const StiffnessSide wall = side(Shape::wall, "0", "5e9");
  const StiffnessSide facet_thin = side(Shape::facet, "0", "2e9");
  const StiffnessSide facet_thick = side(Shape::facet, "0.03", "2e9");
  const StiffnessSide caps{Shape::capsule, Real("0.015"), Real("7e9"), Real("0.4"), Real("0.7")};
  const StiffnessSide caps2 = side(Shape::capsule, "0.005", "7e8");
  const StiffnessSide cyl = side(Shape::inf_cylinder, "0.05", "4e9");
  const std::pair<StiffnessSide, StiffnessSide> pairs[] = {
      {sph, sph2}, {sph, wall}, {sph, facet_thin}, {sph, facet_thick}, {sph, caps},
      {sph, cyl},  {caps, caps2}, {caps, wall}};
  for (LengthRule lr : {LengthRule::radii, LengthRule::reduced}) {
    for (AreaRule ar : {AreaRule::radii, AreaRule::lengths}) {
      for (const auto& [a, b] : pairs) {
        const StiffnessResult ab = stiffness({a, b, Real("-1e-4"), lr, ar});
        const StiffnessResult ba = stiffness({b, a, Real("-1e-4"), lr, ar});
        std::cout << name_of(a.shape) << "-" << name_of(b.shape) << ":\n";
        expect_agree("kn swapped", ab.kn, ba.kn, kThirtyDigits);
        expect_agree("l1 = swapped l2", ab.l1, ba.l2, kThirtyDigits);
        expect_agree("kt swapped", ab.kt, ba.kt, kThirtyDigits);
        EXPECT_EQ(ab.tan_phi, ba.tan_phi);
      }
    }
  }
}

TEST(StiffnessOracle, FlatPartnerTakesTheOtherRadiusAndThickFacetTakesTheLarger) {
  // Rule 2: a wall takes the sphere's radius; a facet with sphere takes max(halfThick, r).
  const StiffnessResult w = stiffness({side(Shape::wall, "0", "1e9"), side(Shape::sphere, "0.01", "1e9")});
  EXPECT_EQ(w.l1, Real("0.01"));
  const StiffnessResult f = stiffness({side(Shape::facet, "0.03", "1e9"), side(Shape::sphere, "0.01", "1e9")});
  EXPECT_EQ(f.l1, Real("0.03"));
  EXPECT_EQ(f.l2, Real("0.01"));
  const StiffnessResult c = stiffness({side(Shape::capsule, "0.02", "1e9"), side(Shape::wall, "0", "1e9")});
  EXPECT_EQ(c.l2, Real("0.02"));
}

TEST(StiffnessOracle, TwoFlatParticlesAndBadInputThrowNamingTheField) {
  auto message = [](const StiffnessInput& in) {
    try {
      stiffness(in);
    } catch (const std::invalid_argument& e) {
      std::cout << "  " << e.what() << "\n";
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  EXPECT_NE(message({side(Shape::wall, "0", "1e9"), side(Shape::facet, "0", "1e9")}).find("pair"), std::string::npos);
  EXPECT_NE(message({side(Shape::sphere, "-1", "1e9"), side(Shape::sphere, "1", "1e9")}).find("p1.size"), std::string::npos);
  EXPECT_NE(message({side(Shape::sphere, "1", "0"), side(Shape::sphere, "1", "1e9")}).find("p1.young"), std::string::npos);
  EXPECT_NE(message({side(Shape::sphere, "1", "1e9"), side(Shape::sphere, "1", "1e9"), Real("1e-3"),
                     LengthRule::reduced}).find("uN0"), std::string::npos);
}

}  // namespace
}  // namespace lawcheck::oracles::stiffness_oracle_test
