// Oracle 5 (normal impact): dissipation by quadrature of the dashpot power agrees with the
// closed-form restitution (with and without the tension cut-off); extrema agree with numerical
// maximisation; the Hertz contact time agrees with quadrature and with integration of the
// equation of motion (error shrinking with the tolerance).
#include <gtest/gtest.h>

#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <boost/math/tools/minima.hpp>

#include "agreement.hpp"
#include "oracles/hunt_crossley.hpp"
#include "oracles/normal_impact.hpp"

namespace lawcheck::oracles::normal_impact_oracle_test {
namespace {

using testing::expect_agree;
using testing::kThirtyDigits;

// x(t) and x'(t) of the damped oscillator, written directly (not taken from the oracle).
struct Oscillator {
  Real m, k, c, v0;
  Real wn() const { return sqrt(k / m); }
  Real zeta() const { return c / (2 * sqrt(k * m)); }
  Real wd() const { return wn() * sqrt(1 - zeta() * zeta()); }
  Real x(const Real& t) const { return v0 / wd() * exp(-zeta() * wn() * t) * sin(wd() * t); }
  Real v(const Real& t) const {
    return v0 / wd() * exp(-zeta() * wn() * t) * (wd() * cos(wd() * t) - zeta() * wn() * sin(wd() * t));
  }
};

// Gauss-Kronrod 61 with adaptive bisection on a smooth integrand converges exponentially; 1e-45
// requested, so 30 digits are a safe floor.
Real integrate(const std::function<Real(const Real&)>& f, const Real& a, const Real& b) {
  return boost::math::quadrature::gauss_kronrod<Real, 61>::integrate(f, a, b, 15, Real("1e-45"));
}

TEST(LinearImpactOracle, DashpotWorkByQuadratureEqualsKineticEnergyLostAtTheClosedFormRestitution) {
  for (const char* cs : {"0.5", "3", "12"}) {  // zeta = c/(2 sqrt(k m)) = c/20: 0.025, 0.15, 0.6
    const Oscillator o{Real("0.01"), Real("1e4"), Real(cs), Real("1.5")};
    const ImpactResult r = linear_impact({o.m, o.k, o.c, o.v0, false});
    std::cout << "c = " << cs << ", zeta = " << to_string(o.zeta(), 4) << ", e = " << to_string(r.restitution, 30) << "\n";
    const Real work = integrate([&](const Real& t) { return o.c * o.v(t) * o.v(t); }, 0, r.contact_time);
    expect_agree("int c x'^2 dt vs m v0^2 (1 - e^2)/2", work, r.dissipation, kThirtyDigits);
    expect_agree("x(t_c) = 0 (x/x_max + 1 vs 1)", o.x(r.contact_time) / r.max_overlap + 1, Real(1), kThirtyDigits);
    expect_agree("|x'(t_c)|/v0 vs e", -o.v(r.contact_time) / o.v0, r.restitution, kThirtyDigits);
  }
}

TEST(LinearImpactOracle, TensionCutoffEndsTheForceEarlyAndRaisesTheRestitution) {
  // With F = max(0, kx + cx'), energy lost = dashpot work until the force vanishes + the spring
  // energy still stored then (never returned): a second route to e_cut.
  for (const char* cs : {"0.5", "3", "9", "18"}) {  // zeta = 0.025, 0.15, 0.45, 0.9
    const Oscillator o{Real("0.01"), Real("1e4"), Real(cs), Real("1.5")};
    const ImpactResult plain = linear_impact({o.m, o.k, o.c, o.v0, false});
    const ImpactResult cut = linear_impact({o.m, o.k, o.c, o.v0, true});
    std::cout << "zeta = " << to_string(o.zeta(), 4) << ": e = " << to_string(plain.restitution, 12)
              << ", e_cut = " << to_string(cut.restitution, 12) << "\n";
    const Real ts = cut.force_time;
    const Real lost = integrate([&](const Real& t) { return o.c * o.v(t) * o.v(t); }, 0, ts) +
                      o.k * o.x(ts) * o.x(ts) / 2;
    expect_agree("dashpot work + stored spring energy vs m v0^2 (1 - e_cut^2)/2", lost, cut.dissipation, kThirtyDigits);
    expect_agree("force k x + c x' vanishes at t_s (+ c v0 vs c v0)", o.k * o.x(ts) + o.c * o.v(ts) + o.c * o.v0,
                 o.c * o.v0, kThirtyDigits);
    expect_agree("free flight reaches x = 0 at contact_time (x(ts) + x'(ts) dt + x_max vs x_max)",
                 o.x(ts) + o.v(ts) * (cut.contact_time - ts) + cut.max_overlap, cut.max_overlap, kThirtyDigits);
    EXPECT_GT(cut.restitution, plain.restitution);
    EXPECT_LT(cut.force_time, plain.contact_time);
  }
}

TEST(LinearImpactOracle, MaximumOverlapAndForceMatchNumericalMaximisation) {
  // Brent's method locates the argument to ~sqrt(eps) but the maximum value to ~eps (the
  // function is flat there): values agree to 30 digits. Cases on both sides of zeta = 1/2.
  for (const char* cs : {"3", "8", "16"}) {  // zeta = 0.15, 0.4, 0.8
    const Oscillator o{Real("0.01"), Real("1e4"), Real(cs), Real("1.5")};
    const ImpactResult r = linear_impact({o.m, o.k, o.c, o.v0, false});
    auto neg_x = [&](const Real& t) { return -o.x(t); };
    auto neg_f = [&](const Real& t) { return -(o.k * o.x(t) + o.c * o.v(t)); };
    const auto xm = boost::math::tools::brent_find_minima(neg_x, Real(0), r.contact_time, 160);
    std::cout << "zeta = " << to_string(o.zeta(), 3) << ":\n";
    expect_agree("max overlap", -xm.second, r.max_overlap, kThirtyDigits);
    if (r.max_force_time > 0) {
      const auto fm = boost::math::tools::brent_find_minima(neg_f, Real(0), r.max_overlap_time, 160);
      expect_agree("max force", -fm.second, r.max_force, kThirtyDigits);
    } else {
      // zeta >= 1/2: the force decreases from its initial value c v0.
      EXPECT_LT(-neg_f(r.contact_time / 1000), r.max_force);
      expect_agree("max force = c v0", r.max_force, o.c * o.v0, kThirtyDigits);
    }
  }
}

TEST(LinearImpactOracle, DampingRatioForRestitutionRoundTrips) {
  for (const char* es : {"0.05", "0.5", "0.9", "0.999"}) {
    const Real e(es), m("0.02"), k("3e5");
    const Real zeta = damping_ratio_for_restitution(e);
    const ImpactResult r = linear_impact({m, k, 2 * zeta * sqrt(k * m), Real(1), false});
    expect_agree(std::string("e = ") + es, r.restitution, e, kThirtyDigits);
  }
}

TEST(HertzImpactOracle, ContactTimeMatchesQuadratureOfTheEnergyIntegral) {
  // Steel sphere r = 5 mm on a rigid wall at 1 m/s.
  const Real rho("7850"), rad("0.005");
  const Real mass = rho * 4 * boost::math::constants::pi<Real>() * rad * rad * rad / 3;
  const HertzInput h = hertz_sphere_wall(Real("2.1e11"), Real("0.3"), rad, mass, 0, 0, Real(1));
  const ImpactResult r = hertz_impact(h);
  const Real k = Real(4) / 3 * h.modulus * sqrt(h.radius);
  std::cout << "  t_c = " << to_string(r.contact_time, 30) << " s, x_max = " << to_string(r.max_overlap, 30)
            << " m, F_max = " << to_string(r.max_force, 30) << " N\n";
  expect_agree("energy: m v0^2/2 vs 2/5 K x_max^(5/2)", h.mass * h.v0 * h.v0 / 2,
               Real(2) / 5 * k * pow(r.max_overlap, Real(5) / 2), kThirtyDigits);
  // t_c = 2 int_0^xmax dx / sqrt(v0^2 - (4K/5m) x^(5/2)), endpoint singularity: tanh-sinh.
  boost::math::quadrature::tanh_sinh<Real> ts;
  // With x = s x_max and v0^2 = (4K/5m) x_max^(5/2): integrand x_max/(v0 sqrt(1 - s^(5/2))).
  // tanh-sinh passes the distance sc to the nearer end; near s = 1 it keeps 1 - s^(5/2) exact.
  auto f = [&](const Real& s, const Real& sc) {
    const Real gap = sc > 0 ? Real(-expm1(Real(5) / 2 * log1p(-sc))) : Real(1 - pow(s, Real(5) / 2));
    return r.max_overlap / (h.v0 * sqrt(gap));
  };
  const Real quad = 2 * ts.integrate(f, Real(0), Real(1), Real("1e-45"));
  expect_agree("contact time: Gamma closed form vs tanh-sinh quadrature", r.contact_time, quad, kThirtyDigits);
  // Sphere-sphere with a twin: E* halves, R* halves, m* halves.
  const HertzInput twin = hertz_sphere_sphere(Real("2.1e11"), Real("0.3"), rad, mass, Real("2.1e11"), Real("0.3"),
                                              rad, mass, Real(1));
  expect_agree("twin E*", twin.modulus, h.modulus / 2, kThirtyDigits);
  expect_agree("twin R*", twin.radius, h.radius / 2, kThirtyDigits);
}

TEST(HertzImpactOracle, ContactTimeAndMaxOverlapMatchIntegrationAndErrorShrinksWithTolerance) {
  const HertzInput h{Real("1.15e11"), Real("0.005"), Real("0.004"), Real("0.7")};
  const ImpactResult r = hertz_impact(h);
  const Real k = Real(4) / 3 * h.modulus * sqrt(h.radius);
  Real previous = 1;
  for (const char* tol : {"1e-18", "1e-23"}) {
    const HuntCrossleyIntegration ig = integrate_hunt_crossley(h.mass, k, Real("1.5"), 0, h.v0, Real(tol));
    // Stated accuracy: ~steps * tol / 255 summed (see coulomb_slip_2d test); steps/100 allowed.
    const Real allowed = (Real(ig.steps) / 100 + 1) * Real(tol);
    std::cout << "tolerance " << tol << ", " << ig.steps << " steps:\n";
    expect_agree("contact time", ig.contact_time, r.contact_time, allowed);
    expect_agree("max overlap", ig.max_overlap, r.max_overlap, allowed);
    expect_agree("restitution 1", ig.restitution, Real(1), allowed);
    const Real err = relative_difference(ig.contact_time, r.contact_time);
    EXPECT_LT(err, previous);
    previous = err;
  }
}

TEST(NormalImpactOracle, BadInputThrows) {
  EXPECT_THROW(linear_impact({Real(1), Real(-1), 0, Real(1), false}), std::invalid_argument);
  EXPECT_THROW(linear_impact({Real(1), Real(1), Real(2), Real(1), false}), std::invalid_argument);  // zeta = 1
  EXPECT_THROW(damping_ratio_for_restitution(Real("1.5")), std::invalid_argument);
  EXPECT_THROW(hertz_sphere_wall(Real(1), Real("0.6"), Real(1), Real(1), 0, 0, Real(1)), std::invalid_argument);
}

}  // namespace
}  // namespace lawcheck::oracles::normal_impact_oracle_test
