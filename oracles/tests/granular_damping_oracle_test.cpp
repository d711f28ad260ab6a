// The restitution maps of LAMMPS's documented granular damping models (oracles/granular_damping.hpp),
// each against an independent route: the linear dashpot's closed forms, the separate Hertz dashpot
// oracle, scale invariances of the power law, and the first-order loss of weak damping.
#include <gtest/gtest.h>

#include <cstdio>

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/beta.hpp>

#include "oracles/bad_parameter.hpp"
#include "oracles/granular_damping.hpp"
#include "oracles/hertz_damped_impact.hpp"
#include "oracles/tests/agreement.hpp"

namespace lawcheck::oracles {
namespace {

using testing::expect_agree;

// One or two integrations at 1e-24 of a few hundred to ~1000 steps: 1e-20 (as in
// damped_power_impact_oracle_test.cpp: the sum of the local errors, < 3e-21, with a margin).
const Real kGranularIntegrated{"1e-20"};

Real linear_e(const Real& zeta, DampingEnd end) {
  const Real pi = boost::math::constants::pi<Real>();
  const Real phase = end == DampingEnd::force_may_pull ? pi : pi - 2 * asin(zeta);
  return exp(-zeta * phase / sqrt(1 - zeta * zeta));
}

GranularImpactInput input(GranularNormal n, const char* k, GranularDamping d, const char* coefficient, const char* m,
                          const char* r, const char* v0, DampingEnd end = DampingEnd::force_may_pull) {
  GranularImpactInput in;
  in.normal = n;
  in.stiffness = Real(k);
  in.damping = d;
  in.coefficient = Real(coefficient);
  in.m_eff = Real(m);
  in.r_eff = Real(r);
  in.v0 = Real(v0);
  in.end = end;
  return in;
}

// hooke + velocity: zeta = eta_n0/(2 sqrt(m k_n)); hooke + mass_velocity: zeta = eta_n0 m/(2 sqrt(m k_n));
// both endings have closed forms (damped_power_impact.hpp).
TEST(GranularDampingOracle, HookeWithVelocityOrMassVelocityDampingIsTheLinearDashpotsClosedForm) {
  const Real m("0.0042"), k("3e4");
  for (DampingEnd end : {DampingEnd::force_may_pull, DampingEnd::force_clamped_at_zero}) {
    const auto v = granular_impact(input(GranularNormal::hooke, "3e4", GranularDamping::velocity, "2.5", "0.0042",
                                         "0.002", "0.8", end));
    const auto mv = granular_impact(input(GranularNormal::hooke, "3e4", GranularDamping::mass_velocity, "400",
                                          "0.0042", "0.002", "0.8", end));
    const Real zeta_v = Real("2.5") / (2 * sqrt(m * k)), zeta_mv = Real(400) * m / (2 * sqrt(m * k));
    std::printf("%s: velocity zeta = %.6f, mass_velocity zeta = %.6f\n",
                end == DampingEnd::force_may_pull ? "may pull" : "clamped", static_cast<double>(zeta_v),
                static_cast<double>(zeta_mv));
    expect_agree("velocity e", v.restitution, linear_e(zeta_v, end), kGranularIntegrated);
    expect_agree("mass_velocity e", mv.restitution, linear_e(zeta_mv, end), kGranularIntegrated);
  }
}

// mass_velocity's e depends on m through k_n/m only (zeta = eta_n0 sqrt(m/k_n)/2): the same for
// (m, k_n) and (4m, 4k_n), and lower for 4m at k_n (zeta doubles, and e falls with zeta).
TEST(GranularDampingOracle, HookeWithMassVelocityDampingDependsOnTheMassThroughKnOverMOnly) {
  const auto a = granular_impact(input(GranularNormal::hooke, "3e4", GranularDamping::mass_velocity, "300", "0.004",
                                       "0.002", "0.8"));
  const auto b = granular_impact(input(GranularNormal::hooke, "1.2e5", GranularDamping::mass_velocity, "300",
                                       "0.016", "0.002", "0.8"));
  const auto c = granular_impact(input(GranularNormal::hooke, "3e4", GranularDamping::mass_velocity, "300", "0.016",
                                       "0.002", "0.8"));
  std::printf("e(m, k) = %s, e(4m, 4k) = %s, e(4m, k) = %s\n", to_string(a.restitution, 25).c_str(),
              to_string(b.restitution, 25).c_str(), to_string(c.restitution, 25).c_str());
  expect_agree("e(m, k) vs e(4m, 4k)", a.restitution, b.restitution, kGranularIntegrated);
  EXPECT_LT(c.restitution, a.restitution);
  expect_agree("e(4m, k) closed form", c.restitution, linear_e(Real(300) * sqrt(Real("0.016") / Real("3e4")) / 2,
                                                               DampingEnd::force_may_pull), kGranularIntegrated);
}

// hooke + tsuji is the linear dashpot with zeta = alpha(e)/2; the achieved e is printed against the
// requested one (alpha is a fit for the Hertz law, so they differ: a finding, not asserted).
TEST(GranularDampingOracle, HookeWithTsujiDampingIsTheLinearDashpotWithZetaHalfAlpha) {
  for (const char* e : {"0.1", "0.3", "0.5", "0.7", "0.9"}) {
    const auto r = granular_impact(input(GranularNormal::hooke, "3e4", GranularDamping::tsuji, e, "0.0042", "0.002",
                                         "0.8"));
    const Real zeta = tsuji_alpha(Real(e)) / 2;
    std::printf("requested e = %s: alpha = %.6f, achieved e = %s\n", e, static_cast<double>(2 * zeta),
                to_string(r.restitution, 12).c_str());
    expect_agree("e", r.restitution, linear_e(zeta, DampingEnd::force_may_pull), kGranularIntegrated);
  }
}

// hertz + tsuji: c = alpha sqrt(5)/2 whatever m, R, k_n and v0 (header), i.e. the Hertz-Mindlin
// dashpot of hertz_damped_impact.hpp with beta = alpha/sqrt(5) (its c = 5/2 beta), a separate oracle.
TEST(GranularDampingOracle, HertzWithTsujiDampingDependsOnTheRequestedRestitutionAloneAndIsTheHertzDashpot) {
  for (const char* e : {"0.1", "0.3", "0.5", "0.7", "0.9", "0.99"}) {
    const auto slow = granular_impact(input(GranularNormal::hertz, "7e9", GranularDamping::tsuji, e, "0.0042",
                                            "0.002", "0.05"));
    const auto fast = granular_impact(input(GranularNormal::hertz_material, "2e8", GranularDamping::tsuji, e, "1.7",
                                            "0.03", "6"));
    const Real beta = tsuji_alpha(Real(e)) / sqrt(Real(5));
    const auto hm = integrate_hertz_damped_impact(beta);
    // Were m the particle mass of two equal spheres (2 m_eff), alpha would be sqrt(2) times larger.
    const auto twice = integrate_hertz_damped_impact(beta * sqrt(Real(2)));
    std::printf("requested e = %s: achieved e = %s; with 2 m_eff in alpha's sqrt: %s\n", e,
                to_string(slow.restitution, 20).c_str(), to_string(twice.restitution, 8).c_str());
    expect_agree("e slow vs fast, other material", slow.restitution, fast.restitution, kGranularIntegrated);
    expect_agree("e vs the Hertz dashpot oracle", slow.restitution, hm.restitution, kGranularIntegrated);
    // The finding of the header (3.): with m_eff the documented formula misses the requested e by
    // more than 3e-3 everywhere on this sweep; with 2 m_eff it meets it to 1e-3, the claim that the
    // 7-term polynomial (5-digit coefficients) is a fit of the Hertz e(alpha) with that mass. The
    // bound is the claim's, not derived from an error analysis: if it fails, the explanation is wrong.
    EXPECT_GT(abs(slow.restitution - Real(e)), Real("3e-3")) << e;
    EXPECT_LT(abs(twice.restitution - Real(e)), Real("1e-3")) << e;
  }
}

// The documentation: hertz/material is hertz with k_n = 4/3 E_eff; so for every damping model.
TEST(GranularDampingOracle, HertzMaterialIsHertzWithKnFourThirdsOfE) {
  struct Case { GranularDamping d; const char* coefficient; };
  for (const Case& c : {Case{GranularDamping::velocity, "0.9"}, Case{GranularDamping::mass_velocity, "300"},
                        Case{GranularDamping::viscoelastic, "4e5"}, Case{GranularDamping::tsuji, "0.6"}}) {
    const auto mat = granular_impact(input(GranularNormal::hertz_material, "3e9", c.d, c.coefficient, "0.0042",
                                           "0.002", "0.8"));
    const auto hz = granular_impact(input(GranularNormal::hertz, "4e9", c.d, c.coefficient, "0.0042", "0.002", "0.8"));
    expect_agree("e", mat.restitution, hz.restitution, kGranularIntegrated);
    expect_agree("contact time", mat.contact_time, hz.contact_time, kGranularIntegrated);
  }
}

// hertz + viscoelastic (eta = eta_n0 m a): c = eta_n0 sqrt(R) x_ref^(3/2)/v0 ~ v0^(1/5), so e falls
// as v0 rises. Weak damping: 1 - e^2 = (8/5) c B(3/5, 3/2) (1 + O(c)), so 32 times the speed
// doubles the loss: ratio 2 (1 + O(c)), |O(c)| <= 10 c (the bound asserted, and met with a margin of
// ~6, in damped_power_impact_oracle_test.cpp), c < 4e-6 here: within 1e-4 of 2.
TEST(GranularDampingOracle, HertzWithViscoelasticDampingLosesMoreAtHigherSpeedAsTheFifthRootOfTheSpeed) {
  Real previous = 2;
  for (const char* v0 : {"0.1", "0.5", "2", "8"}) {
    const auto r = granular_impact(input(GranularNormal::hertz_material, "3e9", GranularDamping::viscoelastic, "3e7",
                                         "0.0042", "0.002", v0));
    std::printf("v0 = %s m/s: e = %s\n", v0, to_string(r.restitution, 20).c_str());
    EXPECT_LT(r.restitution, previous) << v0;
    previous = r.restitution;
  }
  // The map to the dimensionless oracle by hand: x_ref = (5 m v0^2/(4K))^(2/5), c as above.
  const Real m("0.0042"), R("0.002"), v0("2"), eta("3e7");
  const Real K = Real(4) / 3 * Real("3e9") * sqrt(R);
  const Real x_ref = pow(Real(5) / 4 * m * v0 * v0 / K, Real(2) / 5);
  const Real c = eta * sqrt(R) * x_ref * sqrt(x_ref) / v0;
  const auto by_hand = integrate_damped_power_impact(Real(3) / 2, Real(1) / 2, c, DampingEnd::force_may_pull);
  const auto mapped = granular_impact(input(GranularNormal::hertz_material, "3e9", GranularDamping::viscoelastic,
                                            "3e7", "0.0042", "0.002", "2"));
  expect_agree("e by the hand-scaled c", mapped.restitution, by_hand.restitution, kGranularIntegrated);

  const auto weak_slow = granular_impact(input(GranularNormal::hertz_material, "3e9", GranularDamping::viscoelastic,
                                               "20", "0.0042", "0.002", "0.1"));
  const auto weak_fast = granular_impact(input(GranularNormal::hertz_material, "3e9", GranularDamping::viscoelastic,
                                               "20", "0.0042", "0.002", "3.2"));
  const Real loss_slow = 1 - weak_slow.restitution * weak_slow.restitution;
  const Real loss_fast = 1 - weak_fast.restitution * weak_fast.restitution;
  const Real x_fast = pow(Real(5) / 4 * m * Real("3.2") * Real("3.2") / K, Real(2) / 5);
  const Real c_fast = Real(20) * sqrt(R) * x_fast * sqrt(x_fast) / Real("3.2");
  std::printf("weak damping: 1 - e^2 = %s at 0.1 m/s, %s at 3.2 m/s (c = %.3e), ratio %.10f\n",
              to_string(loss_slow, 15).c_str(), to_string(loss_fast, 15).c_str(), static_cast<double>(c_fast),
              static_cast<double>(loss_fast / loss_slow));
  EXPECT_LT(c_fast, Real("4e-6"));
  EXPECT_LT(abs(loss_fast / loss_slow - 2), Real("1e-4"));
}

// alpha(1) = 1.2728 - 4.2783 + 11.087 - 22.348 + 27.467 - 18.022 + 4.8218 = 0.0003 exactly: the
// dashpot damps at a requested e = 1. With hertz, c = alpha sqrt(5)/2 = 3.35e-4 and, to first
// order, 1 - e^2 = (8/5) c B(1/2, 3/2) = 4 pi c/5 (relative residual <= 10 c, as above).
TEST(GranularDampingOracle, TsujiDampingAtRequestedRestitutionOneStillDamps) {
  const Real alpha = tsuji_alpha(Real(1));
  std::printf("alpha(1) = %s\n", to_string(alpha, 50).c_str());
  EXPECT_LT(abs(alpha - Real("0.0003")), Real("1e-45"));
  const auto r = granular_impact(input(GranularNormal::hertz_material, "3e9", GranularDamping::tsuji, "1", "0.0042",
                                       "0.002", "0.8"));
  const Real c = alpha * sqrt(Real(5)) / 2;
  const Real first = Real(8) / 5 * c * boost::math::beta(Real(1) / 2, Real(3) / 2);
  std::printf("requested e = 1: achieved e = %s\n", to_string(r.restitution, 20).c_str());
  EXPECT_LT(r.restitution, 1);
  expect_agree("1 - e^2 against the first-order loss", 1 - r.restitution * r.restitution, first, 10 * c);
}

TEST(GranularDampingOracle, BadInputNamesTheField) {
  EXPECT_EQ(parse_granular_normal("hertz/material"), GranularNormal::hertz_material);
  EXPECT_EQ(parse_granular_damping("mass_velocity"), GranularDamping::mass_velocity);
  EXPECT_THROW(parse_granular_normal("jkr"), BadParameter);
  EXPECT_THROW(parse_granular_damping("coeff_restitution"), BadParameter);
  EXPECT_THROW(tsuji_alpha(Real("1.5")), BadParameter);
  EXPECT_THROW(granular_power_law(input(GranularNormal::hooke, "-1", GranularDamping::velocity, "1", "1", "1", "1")),
               BadParameter);
  EXPECT_THROW(granular_power_law(input(GranularNormal::hooke, "1", GranularDamping::velocity, "-1", "1", "1", "1")),
               BadParameter);
}

}  // namespace
}  // namespace lawcheck::oracles
