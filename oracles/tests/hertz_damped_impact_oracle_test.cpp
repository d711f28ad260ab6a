// The damped Hertz impact oracle (oracles/hertz_damped_impact.hpp): the undamped case against its
// closed forms, the integration against itself at a looser tolerance, and the restitution the
// LIGGGHTS/EDEM dashpot achieves for each requested e: the requested one.
#include <gtest/gtest.h>

#include <cstdio>

#include <boost/math/special_functions/beta.hpp>

#include "oracles/bad_parameter.hpp"
#include "oracles/hertz_damped_impact.hpp"

namespace lawcheck::oracles {
namespace {

// Without the dashpot: e = 1, X_max = 1 and T_c = 4/5 B(2/5, 1/2) (header), each to the
// integration's tolerance 1e-24 (a few hundred steps each within it: 1e-20 bounds them).
TEST(HertzDampedImpactOracle, WithoutDampingTheImpactIsHertzsElasticOne) {
  const auto r = integrate_hertz_damped_impact(0);
  const Real t_c = Real(4) / 5 * boost::math::beta(Real(2) / 5, Real(1) / 2);
  std::printf("beta = 0: e = %s, X_max = %s, T_c = %s (closed form %s), %zu steps\n", to_string(r.restitution, 30).c_str(),
              to_string(r.max_overlap, 30).c_str(), to_string(r.contact_time, 30).c_str(), to_string(t_c, 30).c_str(), r.steps);
  EXPECT_LT(abs(r.restitution - 1), Real("1e-20"));
  EXPECT_LT(abs(r.max_overlap - 1), Real("1e-20"));
  EXPECT_LT(abs(r.contact_time - t_c), Real("1e-20"));
}

// The requested against the achieved restitution, at tolerances 1e-24 and 1e-16: they agree to
// 1e-14 (the looser run's own error, with a margin of 100 for its few hundred steps). The form
// gives back the requested e: to 1e-20, the finer run's tolerance with a margin of 1e4 for its
// ~900 steps (measured: |e* - e| < 4e-25).
TEST(HertzDampedImpactOracle, AchievedRestitutionOfEachRequestedOneAgreesAtTwoTolerances) {
  for (const char* e : {"0.01", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "0.95", "0.99"}) {
    const Real requested(e);
    const Real beta = hertz_damping_beta(requested);
    const auto fine = integrate_hertz_damped_impact(beta, Real("1e-24"));
    const auto coarse = integrate_hertz_damped_impact(beta, Real("1e-16"));
    std::printf("requested e = %-5s beta = %.6f  achieved e* = %s  (e* - e = %+.4e; T_c = %.6f t_ref, %zu steps)\n", e,
                static_cast<double>(beta), to_string(fine.restitution, 20).c_str(),
                static_cast<double>(fine.restitution - requested), static_cast<double>(fine.contact_time), fine.steps);
    EXPECT_LT(abs(fine.restitution - coarse.restitution), Real("1e-14")) << e;
    EXPECT_LT(abs(fine.restitution - requested), Real("1e-20")) << e;
  }
}

// In SI units the restitution is the dimensionless one whatever the mass, moduli, radius or speed.
TEST(HertzDampedImpactOracle, RestitutionDependsOnTheRequestedOneAlone) {
  const auto a = hertz_damped_impact(Real("0.0117"), Real("2.6e10"), Real("0.005"), Real("0.2"), Real("0.5"));
  const auto b = hertz_damped_impact(Real("3.1"), Real("7e7"), Real("0.3"), Real("5"), Real("0.5"));
  EXPECT_LT(abs(a.restitution - b.restitution), Real("1e-20"));
  EXPECT_THROW(hertz_damped_impact(Real(-1), Real(1), Real(1), Real(1), Real("0.5")), BadParameter);
  EXPECT_THROW(integrate_hertz_damped_impact(Real("0.5"), Real("1e-40")), BadParameter);
  EXPECT_THROW(hertz_damping_beta(Real(0)), BadParameter);
}

}  // namespace
}  // namespace lawcheck::oracles
