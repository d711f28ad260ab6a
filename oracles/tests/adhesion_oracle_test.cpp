// The JKR and DMT oracle (oracles/adhesion.hpp): every closed form against an independent route --
// extrema found as 50-digit roots of derivatives written out here, the hysteresis by quadrature in
// a and in delta, the inversion round trip, and LAMMPS's gamma-form equations against the w-form.
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>

#include <boost/math/constants/constants.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/tools/roots.hpp>

#include "oracles/adhesion.hpp"
#include "oracles/bad_parameter.hpp"
#include "oracles/tests/agreement.hpp"

namespace lawcheck::oracles {
namespace {

using testing::expect_agree;
using testing::kThirtyDigits;

const Real kAdhesionPi = boost::math::constants::pi<Real>();

JkrContact contact() { return {Real("7e7"), Real("0.004"), Real("0.3")}; }

// A 50-digit root of f on [lo, hi] (TOMS 748 to full precision).
template <class F>
Real root(F f, const Real& lo, const Real& hi) {
  std::uintmax_t it = 500;
  const auto r = boost::math::tools::toms748_solve(f, lo, hi, boost::math::tools::eps_tolerance<Real>(), it);
  return (r.first + r.second) / 2;
}

// a_c^3 = pi w R^2/(8E) is the scale; brackets are [a_c/10, 100 a_c].
Real scale(const JkrContact& c) { return cbrt(kAdhesionPi * c.w * c.r_eff * c.r_eff / (8 * c.e_eff)); }

// The minimum of F(a): the root of dF/da = 4 E a^2/R - 3/2 sqrt(8 pi w E) a^(1/2).
TEST(AdhesionOracle, JkrForceControlledPullOffIsTheMinimumOfTheForce) {
  const JkrContact c = contact();
  const Real s = scale(c);
  const Real a = root([&](const Real& x) {
    return 4 * c.e_eff * x * x / c.r_eff - Real(3) / 2 * sqrt(8 * kAdhesionPi * c.w * c.e_eff * x);
  }, s / 10, 100 * s);
  const JkrPoint p = jkr_force_controlled_pulloff(c);
  expect_agree("a_f", p.a, a, kThirtyDigits);
  expect_agree("F at the minimum vs -3/2 pi w R", p.force, -Real(3) / 2 * kAdhesionPi * c.w * c.r_eff, kThirtyDigits);
  expect_agree("F at the root", jkr_force(c, a), p.force, kThirtyDigits);
  expect_agree("delta_f = -a^2/(3R)", p.delta, -a * a / (3 * c.r_eff), kThirtyDigits);
  EXPECT_GT(jkr_force(c, a * Real("1.001")), p.force);
  EXPECT_GT(jkr_force(c, a * Real("0.999")), p.force);
}

// The minimum of delta(a): the root of d delta/da = 2a/R - 1/2 sqrt(2 pi w/(E a)).
TEST(AdhesionOracle, JkrDisplacementControlledSeparationIsTheMinimumOfTheOverlap) {
  const JkrContact c = contact();
  const Real s = scale(c);
  const Real a = root([&](const Real& x) {
    return 2 * x / c.r_eff - sqrt(2 * kAdhesionPi * c.w / (c.e_eff * x)) / 2;
  }, s / 10, 100 * s);
  const JkrPoint p = jkr_displacement_controlled_separation(c);
  expect_agree("a_c", p.a, a, kThirtyDigits);
  expect_agree("delta_c at the root", jkr_overlap(c, a), p.delta, kThirtyDigits);
  expect_agree("delta_c = -3 a_c^2/R", p.delta, -3 * a * a / c.r_eff, kThirtyDigits);
  expect_agree("F_c = -5/6 pi w R", jkr_force(c, a), -Real(5) / 6 * kAdhesionPi * c.w * c.r_eff, kThirtyDigits);
}

// delta(a_0) = 0 by a root of delta(a) on the branch; F(a_0) = -4/3 pi w R.
TEST(AdhesionOracle, JkrTouchIsTheRootOfTheOverlapOnTheBranch) {
  const JkrContact c = contact();
  const Real s = scale(c);
  const Real a = root([&](const Real& x) { return jkr_overlap(c, x); }, s * Real("1.01"), 100 * s);
  const JkrPoint p = jkr_touch(c);
  expect_agree("a_0", p.a, a, kThirtyDigits);
  expect_agree("F(a_0) = -4/3 pi w R", p.force, -Real(4) / 3 * kAdhesionPi * c.w * c.r_eff, kThirtyDigits);
  EXPECT_LT(abs(p.delta), Real("1e-40") * s * s / c.r_eff);
}

// a(delta) inverts delta(a) on the stable branch: the round trip to 1e-40 of the overlap scale
// a_c^2/R (a bracketed root polished by Newton: rounding of ~10 operations), and the special
// points come back.
TEST(AdhesionOracle, JkrContactRadiusInvertsTheOverlapOnTheStableBranch) {
  const JkrContact c = contact();
  const Real s = scale(c), unit = s * s / c.r_eff;
  Real worst = 0;
  for (const char* k : {"-2.99999999", "-2.9999", "-2.5", "-1.4422", "-1", "0", "0.3", "2", "17", "1e3", "1e6"}) {
    const Real delta = Real(k) * unit;
    const Real a = jkr_contact_radius(c, delta);
    const Real err = abs(jkr_overlap(c, a) - delta) / unit;
    if (err > worst) worst = err;
    EXPECT_GE(a, s * (1 - Real("1e-40"))) << k;
  }
  std::cout << "  worst round-trip error / (a_c^2/R): " << to_string(worst, 3) << "\n";
  EXPECT_LT(worst, Real("1e-40"));
  expect_agree("a(delta_f)", jkr_contact_radius(c, jkr_force_controlled_pulloff(c).delta),
               jkr_force_controlled_pulloff(c).a, kThirtyDigits);
  expect_agree("a(0)", jkr_contact_radius(c, Real(0)), jkr_touch(c).a, kThirtyDigits);
  EXPECT_THROW(jkr_contact_radius(c, Real("-3.0001") * unit), BadParameter);
}

// H = -int_{delta_sep}^0 F d delta: by Gauss-Kronrod in a (F(a) delta'(a), smooth for a > 0) against
// the closed antiderivative U(a_sep) - U(a_0). (A tanh-sinh quadrature in delta through a(delta)
// agreed to 3e-50 but took 20 minutes: left out.)
TEST(AdhesionOracle, JkrHysteresisIsTheWorkAgainstTheAttractionByQuadratureInAAndInDelta) {
  const JkrContact c = contact();
  const Real a0 = jkr_touch(c).a;
  for (JkrSeparation sep : {JkrSeparation::force_controlled, JkrSeparation::displacement_controlled}) {
    const JkrPoint end = sep == JkrSeparation::force_controlled ? jkr_force_controlled_pulloff(c)
                                                                : jkr_displacement_controlled_separation(c);
    auto in_a = [&](const Real& a) {
      const Real ddelta = 2 * a / c.r_eff - sqrt(2 * kAdhesionPi * c.w / (c.e_eff * a)) / 2;
      return -jkr_force(c, a) * ddelta;
    };
    Real err_a = 0;
    const Real h_a =
        boost::math::quadrature::gauss_kronrod<Real, 61>::integrate(in_a, end.a, a0, 8, Real("1e-32"), &err_a);  // 1e-32: two digits past the 30 checked
    const Real h = jkr_hysteresis(c, sep);
    const Real unit = kAdhesionPi * c.w * scale(c) * scale(c);
    std::cout << (sep == JkrSeparation::force_controlled ? "force-controlled" : "displacement-controlled")
              << ": H = " << to_string(h, 30) << " J = " << to_string(h / unit, 30) << " pi w a_c^2\n";
    expect_agree("H by quadrature in a", h_a, h, kThirtyDigits);
    EXPECT_GT(h, 0);
  }
  // Separating later costs more: the branch beyond the force-controlled point still attracts.
  EXPECT_GT(jkr_hysteresis(c, JkrSeparation::displacement_controlled), jkr_hysteresis(c, JkrSeparation::force_controlled));
}

// LAMMPS's equations in gamma (pair_granular.rst) are the w-form with w = 2 gamma; its pull-off
// distance (a = cbrt(9 pi gamma R^2/(4E)), delta = a^2/R - 2 sqrt(pi gamma a/E)) is the
// force-controlled point; its pull-off forces 3 pi gamma R (jkr) and 4 pi gamma R (dmt).
TEST(AdhesionOracle, LammpsGammaIsTheSurfaceEnergyHalfTheWorkOfAdhesion) {
  const Real gamma("0.15"), E("7e7"), R("0.004");
  const JkrContact c{E, R, lammps_gamma_to_w(gamma)};
  for (const char* k : {"0.5", "1", "3"}) {
    const Real a = Real(k) * scale(c);
    const Real f_lammps = 4 * E * a * a * a / (3 * R) - 2 * kAdhesionPi * a * a * sqrt(4 * gamma * E / (kAdhesionPi * a));
    const Real d_lammps = a * a / R - 2 * sqrt(kAdhesionPi * gamma * a / E);
    expect_agree("F", jkr_force(c, a), f_lammps, kThirtyDigits);
    expect_agree("delta", jkr_overlap(c, a), d_lammps, kThirtyDigits);
  }
  const Real a_lammps = cbrt(9 * kAdhesionPi * gamma * R * R / (4 * E));
  expect_agree("LAMMPS's pull-off radius", jkr_force_controlled_pulloff(c).a, a_lammps, kThirtyDigits);
  expect_agree("LAMMPS's pull-off overlap", jkr_force_controlled_pulloff(c).delta,
               a_lammps * a_lammps / R - 2 * sqrt(kAdhesionPi * gamma * a_lammps / E), kThirtyDigits);
  expect_agree("jkr pull-off 3 pi gamma R", -jkr_force_controlled_pulloff(c).force, 3 * kAdhesionPi * gamma * R,
               kThirtyDigits);
  expect_agree("dmt pull-off 4 pi gamma R", dmt_pulloff_force(R, c.w), 4 * kAdhesionPi * gamma * R, kThirtyDigits);
}

// DMT: -2 pi w R at delta = 0, and zero where the Hertz force balances it,
// delta_0 = (3/2 pi w R/(E sqrt(R)))^(2/3).
TEST(AdhesionOracle, DmtForceIsHertzLessTheConstantPullOff) {
  const Real E("7e7"), R("0.004"), w("0.3");
  expect_agree("F(0)", dmt_force(E, R, w, Real(0)), -2 * kAdhesionPi * w * R, kThirtyDigits);
  const Real d0 = pow(Real(3) / 2 * kAdhesionPi * w * R / (E * sqrt(R)), Real(2) / 3);
  const Real f0 = dmt_force(E, R, w, d0);
  std::cout << "  F(delta_0) = " << to_string(f0, 3) << " N\n";
  EXPECT_LT(abs(f0), Real("1e-45") * dmt_pulloff_force(R, w));
  EXPECT_THROW(dmt_force(E, R, w, Real(-1)), BadParameter);
  EXPECT_THROW(jkr_force(JkrContact{E, R, Real(0)}, Real(1)), BadParameter);
  EXPECT_THROW(lammps_gamma_to_w(Real(-1)), BadParameter);
}

}  // namespace
}  // namespace lawcheck::oracles
