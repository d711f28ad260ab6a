// The power-law spring-dashpot impact oracle (oracles/damped_power_impact.hpp): undamped impacts
// against their closed forms, the linear spring-dashpot against its closed forms for both
// endings, p = 3/2, q = 1/4 against the separate Hertz dashpot oracle, the integration against
// itself at two tolerances, the two endings against each other, and weak damping against the
// first-order energy loss.
#include <gtest/gtest.h>

#include <cstdio>
#include <stdexcept>

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/beta.hpp>

#include "oracles/bad_parameter.hpp"
#include "oracles/damped_power_impact.hpp"
#include "oracles/hertz_damped_impact.hpp"
#include "oracles/normal_impact.hpp"
#include "oracles/tests/agreement.hpp"

namespace lawcheck::oracles {
namespace {

using testing::expect_agree;

const Real kPi = boost::math::constants::pi<Real>();

// At tolerance 1e-24 the impact takes a few hundred accepted steps, each with a local error
// <= 1e-24 (1 + |x|), |x| <= 2: the global error of this dissipative (contracting) flow is at
// most their sum, < 1e-21. 1e-20 leaves a margin of 10 for the event locations (each within
// the tolerance, ode.hpp).
const Real kIntegrated{"1e-20"};

constexpr DampingEnd kBoth[] = {DampingEnd::force_may_pull, DampingEnd::force_clamped_at_zero};
const char* name(DampingEnd e) { return e == DampingEnd::force_may_pull ? "may pull" : "clamped"; }

// Without damping both endings are the elastic impact: e = 1, Hooke's contact time pi sqrt(m/K)
// and largest overlap v0 sqrt(m/K); Hertz's largest overlap (5 m v0^2/(4K))^(2/5) and contact
// time 4/5 B(2/5, 1/2) x_max/v0 (header).
TEST(DampedPowerImpactOracle, WithoutDampingHookeAndHertzImpactsAreTheirClosedForms) {
  const Real m("0.0117"), v0("0.73"), K_hooke("2.5e4"), K_hertz("3.1e9");
  for (DampingEnd end : kBoth) {
    for (const char* q : {"0", "0.25", "0.5"}) {
      std::printf("%s, q = %s\n", name(end), q);
      const auto hooke = damped_power_impact(Real(1), Real(q), K_hooke, Real(0), m, v0, end);
      expect_agree("Hooke e", hooke.restitution, Real(1), kIntegrated);
      expect_agree("Hooke contact time", hooke.contact_time, kPi * sqrt(m / K_hooke), kIntegrated);
      expect_agree("Hooke largest overlap", hooke.max_overlap, v0 * sqrt(m / K_hooke), kIntegrated);
      EXPECT_EQ(hooke.separation_overlap, 0);
      const auto hertz = damped_power_impact(Real(3) / 2, Real(q), K_hertz, Real(0), m, v0, end);
      const Real x_max = pow(Real(5) / 4 * m * v0 * v0 / K_hertz, Real(2) / 5);
      expect_agree("Hertz e", hertz.restitution, Real(1), kIntegrated);
      expect_agree("Hertz largest overlap", hertz.max_overlap, x_max, kIntegrated);
      expect_agree("Hertz contact time", hertz.contact_time,
                   Real(4) / 5 * boost::math::beta(Real(2) / 5, Real(1) / 2) * x_max / v0, kIntegrated);
    }
  }
}

// m x'' + C x' + K x = 0 with the free flight from x = 0 (header): e = exp(-zeta pi/sqrt(1-zeta^2)),
// contact time pi/wd, largest overlap (v0/w0) exp(-zeta acos(zeta)/sqrt(1-zeta^2)).
TEST(DampedPowerImpactOracle, LinearSpringDashpotThatMayPullIsItsClosedForm) {
  const Real m("0.02"), K("1e5"), v0("1.5");
  const Real w0 = sqrt(K / m);
  for (const char* z : {"0.01", "0.1", "0.3", "0.6", "0.9"}) {
    const Real zeta(z), s = sqrt(1 - zeta * zeta);
    const Real C = 2 * zeta * sqrt(m * K);
    const auto r = damped_power_impact(Real(1), Real(0), K, C, m, v0, DampingEnd::force_may_pull);
    std::printf("zeta = %s (%zu steps)\n", z, r.steps);
    expect_agree("e", r.restitution, exp(-zeta * kPi / s), kIntegrated);
    expect_agree("contact time", r.contact_time, kPi / (w0 * s), kIntegrated);
    expect_agree("largest overlap", r.max_overlap, v0 / w0 * exp(-zeta * acos(zeta) / s), kIntegrated);
  }
}

// The same with the force clamped at zero (header): the force ends at w_d t_s = pi - 2 asin(zeta),
// e = exp(-zeta (pi - 2 asin zeta)/sqrt(1-zeta^2)), x_s = 2 zeta e v0/w0, contact t_s + 2 zeta/w0;
// and the exact linear oracle with its tension cut-off (oracles/normal_impact.hpp, derived there as
// 2 arccos zeta = pi - 2 asin zeta) gives the same restitution and times.
TEST(DampedPowerImpactOracle, LinearSpringDashpotClampedAtZeroIsItsClosedForm) {
  const Real m("0.02"), K("1e5"), v0("1.5");
  const Real w0 = sqrt(K / m);
  for (const char* z : {"0.01", "0.1", "0.3", "0.6", "0.9"}) {
    const Real zeta(z), s = sqrt(1 - zeta * zeta);
    const Real C = 2 * zeta * sqrt(m * K);
    const auto r = damped_power_impact(Real(1), Real(0), K, C, m, v0, DampingEnd::force_clamped_at_zero);
    const Real phase = kPi - 2 * asin(zeta);
    const Real e = exp(-zeta * phase / s);
    std::printf("zeta = %s (%zu steps)\n", z, r.steps);
    expect_agree("e", r.restitution, e, kIntegrated);
    expect_agree("force end time", r.force_end_time, phase / (w0 * s), kIntegrated);
    expect_agree("overlap at the end of the force", r.separation_overlap, 2 * zeta * e * v0 / w0, kIntegrated);
    expect_agree("contact time", r.contact_time, phase / (w0 * s) + 2 * zeta / w0, kIntegrated);
    LinearImpactInput in;
    in.mass = m;
    in.kn = K;
    in.damping = C;
    in.v0 = v0;
    in.tension_cutoff = true;
    const auto exact = linear_impact(in);
    expect_agree("e (exact linear oracle)", r.restitution, exact.restitution, kIntegrated);
    expect_agree("force end time (exact linear oracle)", r.force_end_time, exact.force_time, kIntegrated);
    expect_agree("contact time (exact linear oracle)", r.contact_time, exact.contact_time, kIntegrated);
  }
}

// The Hertz dashpot of oracles/hertz_damped_impact.hpp is C x^(1/4) x' with
// C = 2 sqrt(5/6) beta sqrt(2 E* sqrt(R*) m*) (its header: eta_n = 2 sqrt(5/6) beta sqrt(S_n m*),
// S_n = 2 E* sqrt(R* x)), its ending "may pull". Two separate integrations at 1e-24: 1e-20.
TEST(DampedPowerImpactOracle, HertzWithQuarterPowerDashpotAgreesWithTheHertzDampedImpactOracle) {
  const Real m("0.0117"), E("2.6e10"), R("0.005"), v0("0.2");
  const Real K = Real(4) / 3 * E * sqrt(R);
  for (const char* e : {"0.05", "0.3", "0.6", "0.9", "0.99"}) {
    const Real beta = hertz_damping_beta(Real(e));
    const Real C = 2 * sqrt(Real(5) / 6) * beta * sqrt(2 * E * sqrt(R) * m);
    const auto mine = damped_power_impact(Real(3) / 2, Real(1) / 4, K, C, m, v0, DampingEnd::force_may_pull);
    const auto theirs = hertz_damped_impact(m, E, R, v0, Real(e));
    std::printf("requested e = %s (%zu and %zu steps)\n", e, mine.steps, theirs.steps);
    expect_agree("e", mine.restitution, theirs.restitution, kIntegrated);
    expect_agree("contact time", mine.contact_time, theirs.contact_time, kIntegrated);
    expect_agree("largest overlap", mine.max_overlap, theirs.max_overlap, kIntegrated);
  }
}

// Every (p, q) and ending at 1e-24 and 1e-30: they agree to the looser run's error, at most its
// steps times 1e-24 (1 + |x|) (the sum of its local errors, |x| <= 2), asserted as 3 steps 1e-24.
TEST(DampedPowerImpactOracle, EveryExponentAndEndingAgreesAtTwoTolerances) {
  for (DampingEnd end : kBoth)
    for (const char* p : {"1", "1.5"})
      for (const char* q : {"0", "0.25", "0.5"})
        for (const char* c : {"0.5"}) {
          const auto loose = integrate_damped_power_impact(Real(p), Real(q), Real(c), end, Real("1e-24"));
          const auto tight = integrate_damped_power_impact(Real(p), Real(q), Real(c), end, Real("1e-30"));
          const Real bound = 3 * Real(loose.steps) * Real("1e-24");
          std::printf("%s p = %s q = %s c = %s: e = %s, T_c = %s (%zu / %zu steps), e diff %.3e, T diff %.3e\n",
                      name(end), p, q, c, to_string(tight.restitution, 25).c_str(),
                      to_string(tight.contact_time, 12).c_str(), loose.steps, tight.steps,
                      static_cast<double>(abs(loose.restitution - tight.restitution)),
                      static_cast<double>(abs(loose.contact_time - tight.contact_time)));
          EXPECT_LE(abs(loose.restitution - tight.restitution), bound);
          EXPECT_LE(abs(loose.contact_time - tight.contact_time), bound * (1 + tight.contact_time));
          EXPECT_LE(abs(loose.max_overlap - tight.max_overlap), bound);
        }
}

// Derived in the header: the trajectories agree until the clamped force ends, after which the
// attractive force can only slow the may-pull separation: e(clamped) >= e(may pull), strictly when
// the clamp acts at x_s > 0 (c > 0; by more than both runs' errors, 2e-20, asserted where the
// difference is resolved), the force end of the clamped run coming before the may-pull contact end.
TEST(DampedPowerImpactOracle, ClampingTheForceNeverLowersTheRestitution) {
  for (const char* p : {"1", "1.5"})
    for (const char* q : {"0", "0.25", "0.5"})
      for (const char* c : {"0.01", "0.2", "1"}) {
        const auto pull = integrate_damped_power_impact(Real(p), Real(q), Real(c), DampingEnd::force_may_pull);
        const auto clamp = integrate_damped_power_impact(Real(p), Real(q), Real(c), DampingEnd::force_clamped_at_zero);
        std::printf("p = %s q = %s c = %s: e may pull %s, clamped %s (X_s = %.4e, T_s = %.6f, T_c %.6f vs %.6f)\n", p,
                    q, c, to_string(pull.restitution, 20).c_str(), to_string(clamp.restitution, 20).c_str(),
                    static_cast<double>(clamp.separation_overlap), static_cast<double>(clamp.force_end_time),
                    static_cast<double>(clamp.contact_time), static_cast<double>(pull.contact_time));
        EXPECT_GE(clamp.restitution, pull.restitution - 2 * kIntegrated);
        EXPECT_GT(clamp.separation_overlap, 0);
        EXPECT_LT(clamp.force_end_time, pull.contact_time);
        EXPECT_EQ(clamp.max_overlap, pull.max_overlap);  // the same integration up to the top
      }
}

// To first order in c, 1 - e^2 = 4c/(p+1) B((q+1)/(p+1), 3/2) (header), so the relative residual
// is O(c): a tenth of c gives a tenth of it (ratio 10 (1 + O(c)); the integration's error, ~1e-23
// on 1 - e^2 ~ 1e-7, is 1e-9 of the residual ~ 1e-14). Asserted: the ratio in [9.9, 10.1] and the
// residual below 10 c.
TEST(DampedPowerImpactOracle, WeakDampingLosesTheFirstOrderEnergyOfTheElasticImpact) {
  for (const char* p : {"1", "1.5"})
    for (const char* q : {"0", "0.25", "0.5"}) {
      const Real P(p), Q(q);
      const Real first = 4 / (P + 1) * boost::math::beta((Q + 1) / (P + 1), Real(3) / 2);
      Real residual[2];
      int i = 0;
      for (const char* c : {"1e-6", "1e-7"}) {
        const auto r = integrate_damped_power_impact(P, Q, Real(c), DampingEnd::force_may_pull);
        const Real loss = 1 - r.restitution * r.restitution;
        residual[i] = abs(loss / (first * Real(c)) - 1);
        std::printf("p = %s q = %s c = %s: 1 - e^2 = %s, first order %s, relative residual %.6e\n", p, q, c,
                    to_string(loss, 20).c_str(), to_string(first * Real(c), 20).c_str(),
                    static_cast<double>(residual[i]));
        EXPECT_LT(residual[i], 10 * Real(c));
        ++i;
      }
      const Real ratio = residual[0] / residual[1];
      std::printf("  ratio of residuals %.8f\n", static_cast<double>(ratio));
      EXPECT_GT(ratio, Real("9.9"));
      EXPECT_LT(ratio, Real("10.1"));
    }
}

// Bad input names its field; an overdamped linear impact that may pull never ends: an error, not
// a result (header); clamped, the same impact ends (the force reaches zero at once).
TEST(DampedPowerImpactOracle, BadInputThrowsAndAnImpactThatNeverEndsIsAnError) {
  const Real one(1);
  EXPECT_THROW(damped_power_impact(Real("1.1"), Real(0), one, one, one, one, DampingEnd::force_may_pull), BadParameter);
  EXPECT_THROW(damped_power_impact(one, Real("0.3"), one, one, one, one, DampingEnd::force_may_pull), BadParameter);
  EXPECT_THROW(damped_power_impact(one, Real(0), one, Real(-1), one, one, DampingEnd::force_may_pull), BadParameter);
  EXPECT_THROW(damped_power_impact(one, Real(0), Real(0), one, one, one, DampingEnd::force_may_pull), BadParameter);
  EXPECT_THROW(damped_power_impact(one, Real(0), one, one, one, Real(0), DampingEnd::force_may_pull), BadParameter);
  EXPECT_THROW(integrate_damped_power_impact(one, Real(0), one, DampingEnd::force_may_pull, Real("1e-40")),
               BadParameter);
  EXPECT_THROW(integrate_damped_power_impact(one, one, one, DampingEnd::force_may_pull), BadParameter);
  // zeta = 1.5: c = 2 zeta = 3.
  EXPECT_THROW(integrate_damped_power_impact(one, Real(0), Real(3), DampingEnd::force_may_pull), std::runtime_error);
  const auto clamped = integrate_damped_power_impact(one, Real(0), Real(3), DampingEnd::force_clamped_at_zero);
  std::printf("zeta = 1.5 clamped: e = %s\n", to_string(clamped.restitution, 20).c_str());
  EXPECT_GT(clamped.restitution, 0);
  EXPECT_LT(clamped.restitution, 1);
}

}  // namespace
}  // namespace lawcheck::oracles
