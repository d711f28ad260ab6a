// Oracle 3 (2D Coulomb slip, integrated): agrees with the exact 1D oracle on collinear paths
// (stick/slip switching), with the exact transient and steady state on a circle, and keeps the
// work balance with a time-varying yield force; its error shrinks with the tolerance.
#include <gtest/gtest.h>

#include <boost/math/constants/constants.hpp>

#include "agreement.hpp"
#include "oracles/coulomb_slip_1d.hpp"
#include "oracles/coulomb_slip_2d.hpp"

namespace lawcheck::oracles::coulomb_slip_2d_oracle_test {
namespace {

using testing::expect_agree;
using testing::kThirtyDigits;

const Real kPi = boost::math::constants::pi<Real>();

// Stated accuracy of an integrated oracle: each accepted step keeps the two-half-step result,
// whose local error is ~1/255 of the accepted difference (<= tol, relative to 1 + |x|); summed
// without any cancellation over `steps` steps this is steps * tol / 255. The bound below allows
// steps * tol / 100 (plus one tol for the switching events), i.e. no tuning to the observed error.
Real allowed(const Slip2dResult& r, const Real& tol) { return (Real(r.steps) / 100 + 1) * tol; }

// The two tolerances of the shrink checks: 1e-20 and 1e-25 keep the whole label fast (seconds).
const Real kCoarse("1e-20");
const Real kFine("1e-25");

TEST(CoulombSlip2dOracle, CollinearSinusoidalPathMatchesTheExact1dOracleAndErrorShrinksWithTolerance) {
  // u(t) = A sin(2 pi t) d, d a unit vector at 35 degrees: stick, slip, stick at each reversal.
  const Real kt("1e5"), fy("1"), amp("5e-5"), beta = kPi * 35 / 180, t1("2.2");
  const Real cb = cos(beta), sb = sin(beta), w = 2 * kPi;
  Path2d path = [&](const Real& t) {
    const Real s = amp * sin(w * t), v = amp * w * cos(w * t);
    return PathPoint{{s * cb, s * sb}, {v * cb, v * sb}, fy, 0};
  };
  // Turning points at t = 1/4, 3/4, 5/4, 7/4, then the end point: monotone legs for the 1D oracle.
  const Slip1dState exact = coulomb_slip_1d(kt, fy, {amp, -amp, amp, -amp, amp * sin(w * t1)});
  Real previous_error = 1;
  for (const Real& tol : {kCoarse, kFine}) {
    Slip2dOptions o;
    o.tolerance = tol;
    const Slip2dResult r = coulomb_slip_2d(path, kt, 0, t1, o);
    const Real f_along = r.force[0] * cb + r.force[1] * sb;
    const Real f_across = -r.force[0] * sb + r.force[1] * cb;
    std::cout << "tolerance " << to_string(tol, 2) << ": " << r.steps << " steps, " << r.switches
              << " stick/slip switches\n";
    EXPECT_EQ(r.switches, 9u);  // 0: stick; slip at yield; at each of 4 reversals stick then slip
    expect_agree("force along d", f_along, exact.force, allowed(r, tol));
    EXPECT_LE(abs(f_across), allowed(r, tol) * fy);
    expect_agree("dissipation", r.dissipation, exact.dissipation, allowed(r, tol));
    expect_agree("work", r.work, exact.work, allowed(r, tol));
    const Real error = relative_difference(r.dissipation, exact.dissipation);
    EXPECT_LT(error, previous_error);
    previous_error = error;
  }
}

TEST(CoulombSlip2dOracle, GapRateBoundScanSeesTheSamePhasesAndStepsOverStickFarInsideTheCircle) {
  // (a) The collinear sinusoid again (9 switches), scanned at the default step and with the bound
  // kt |du/dt| <= kt A w (fy constant): the same phases, agreement with the exact 1D oracle, and
  // fewer path evaluations (the stick phases at the reversals are crossed in longer scan steps).
  const Real kt("1e5"), fy("1"), amp("5e-5"), beta = kPi * 35 / 180, t1("2.2");
  const Real cb = cos(beta), sb = sin(beta), w = 2 * kPi;
  std::size_t evaluations = 0;
  Path2d path = [&](const Real& t) {
    ++evaluations;
    const Real s = amp * sin(w * t), v = amp * w * cos(w * t);
    return PathPoint{{s * cb, s * sb}, {v * cb, v * sb}, fy, 0};
  };
  const Slip1dState exact = coulomb_slip_1d(kt, fy, {amp, -amp, amp, -amp, amp * sin(w * t1)});
  std::size_t counted[2] = {0, 0};
  for (int bounded = 0; bounded < 2; ++bounded) {
    Slip2dOptions o;
    o.tolerance = kCoarse;
    o.gap_rate_bound = bounded ? kt * amp * w : Real(0);
    evaluations = 0;
    const Slip2dResult r = coulomb_slip_2d(path, kt, 0, t1, o);
    counted[bounded] = evaluations;
    std::cout << (bounded ? "bounded scan: " : "default scan: ") << evaluations << " path evaluations, "
              << r.switches << " switches\n";
    EXPECT_EQ(r.switches, 9u);
    expect_agree("force along d", r.force[0] * cb + r.force[1] * sb, exact.force, allowed(r, kCoarse));
    expect_agree("dissipation", r.dissipation, exact.dissipation, allowed(r, kCoarse));
  }
  EXPECT_LT(counted[1], counted[0]);

  // (b) A circle of radius R with kt R = fy/4 from F = 0 never reaches the yield circle
  // (|F| <= 2 kt R = fy/2): one stick phase over [0, 0.7], exact F = kt (u(0.7) - u(0)). The
  // default scan takes 2000 steps; with the bound kt R w the gap fy - |F| >= fy/2 allows steps of
  // (fy/2)/(kt R w) = 1/pi, so a handful of evaluations.
  const Real radius = fy / (4 * kt);
  Path2d circle = [&](const Real& t) {
    ++evaluations;
    return PathPoint{{radius * cos(w * t), radius * sin(w * t)},
                     {-radius * w * sin(w * t), radius * w * cos(w * t)}, fy, 0};
  };
  Slip2dOptions o;
  o.tolerance = kCoarse;
  o.gap_rate_bound = kt * radius * w;
  evaluations = 0;
  const Slip2dResult r = coulomb_slip_2d(circle, kt, 0, Real("0.7"), o);
  std::cout << "stick circle, bounded scan: " << evaluations << " path evaluations\n";
  EXPECT_EQ(r.switches, 0u);
  EXPECT_EQ(r.dissipation, 0);
  const Real phase = w * Real("0.7");
  expect_agree("F_x", r.force[0], kt * radius * (cos(phase) - 1), kThirtyDigits);
  expect_agree("F_y", r.force[1], kt * radius * sin(phase), kThirtyDigits);
  EXPECT_LE(evaluations, 20u);

  // (c) A bound the path exceeds (a quarter of the peak rate) is rejected where the scan sees it.
  Slip2dOptions wrong;
  wrong.tolerance = kCoarse;
  wrong.gap_rate_bound = kt * amp * w / 4;
  EXPECT_THROW(coulomb_slip_2d(path, kt, 0, t1, wrong), std::invalid_argument);
}

TEST(CoulombSlip2dOracle, CircleTransientMatchesTheClosedFormAndErrorShrinksWithTolerance) {
  // u(t) = R (cos wt, sin wt) after a radial preload (F = fy x): c = kt R / fy = 2.
  const Real kt("1e5"), fy("1"), radius("2e-5"), w = 2 * kPi, t1("1.3");
  Path2d path = [&](const Real& t) {
    return PathPoint{{radius * cos(w * t), radius * sin(w * t)},
                     {-radius * w * sin(w * t), radius * w * cos(w * t)}, fy, 0};
  };
  const CircleTransient exact = circle_transient(kt, fy, radius, w, t1);
  Real previous_error = 1;
  for (const Real& tol : {kCoarse, kFine}) {
    Slip2dOptions o;
    o.tolerance = tol;
    o.initial_force = {fy, 0};
    const Slip2dResult r = coulomb_slip_2d(path, kt, 0, t1, o);
    std::cout << "tolerance " << to_string(tol, 2) << ": " << r.steps << " steps, " << r.switches << " switches\n";
    EXPECT_EQ(r.switches, 0u);  // slips throughout
    expect_agree("F_x", r.force[0], exact.force[0], allowed(r, tol));
    expect_agree("F_y", r.force[1], exact.force[1], allowed(r, tol));
    expect_agree("dissipation", r.dissipation, exact.dissipation, allowed(r, tol));
    const Real error = relative_difference(r.dissipation, exact.dissipation);
    EXPECT_LT(error, previous_error);
    previous_error = error;
  }
}

TEST(CoulombSlip2dOracle, SteadyCircleDissipatesTwoPiFyRSqrtOneMinusRatioSquaredPerRevolution) {
  const Real kt("1e5"), fy("1"), radius("3e-5"), w = 2 * kPi;
  const CircleSteadyState steady = circle_steady_state(kt, fy, radius);
  // Route 1: the exact transient, 20 and 21 revolutions in (its approach to the steady state is
  // exp(-sqrt(c^2 - 1) w t) ~ e^-355: converged far beyond 50 digits).
  const CircleTransient a = circle_transient(kt, fy, radius, w, Real(20));
  const CircleTransient b = circle_transient(kt, fy, radius, w, Real(21));
  expect_agree("transient D(21) - D(20)", b.dissipation - a.dissipation, steady.dissipation_per_revolution,
               kThirtyDigits);
  expect_agree("transient psi -> lead angle arccos(fy/(kt R))", a.psi, steady.lead_angle, kThirtyDigits);
  expect_agree("per revolution = fy * plastic path length", steady.dissipation_per_revolution,
               2 * kPi * fy * steady.plastic_radius, kThirtyDigits);
  expect_agree("lead + lag = pi/2", steady.lead_angle + steady.lag_angle, kPi / 2, kThirtyDigits);
  // Route 2: integrate one revolution started in the steady state (F leads u by alpha).
  Path2d path = [&](const Real& t) {
    return PathPoint{{radius * cos(w * t), radius * sin(w * t)},
                     {-radius * w * sin(w * t), radius * w * cos(w * t)}, fy, 0};
  };
  Slip2dOptions o;
  o.tolerance = kCoarse;
  o.initial_force = {fy * cos(steady.lead_angle), fy * sin(steady.lead_angle)};
  const Slip2dResult r = coulomb_slip_2d(path, kt, 0, 1, o);
  expect_agree("integrated one revolution", r.dissipation, steady.dissipation_per_revolution, allowed(r, kCoarse));
  expect_agree("force returns to its start (x)", r.force[0], o.initial_force[0], allowed(r, kCoarse));
}

TEST(CoulombSlip2dOracle, VaryingYieldForceKeepsTheWorkBalanceAndConvergesWithTolerance) {
  // Back and forth along a turning line, u = R sin(wt) (cos wt/4, sin wt/4), with
  // fy(t) = fy0 (1 + 0.3 sin 3wt): it sticks at each reversal and slips in 2D with a normal force
  // that changes while slipping. No closed form: the checks are the balance
  // work = elastic(end) + dissipation (the work is exact in stick phases, integrated in slip
  // phases) and convergence towards a 1e-25 reference.
  // The three angles are wt/4, wt and 3wt: sin and cos of wt = 4 (wt/4) by two double-angle steps
  // and of 3wt by the triple-angle formulas (exact identities; a few roundings in the 50th digit),
  // so two 50-digit series per evaluation instead of six.
  const Real kt("1e5"), fy0("1"), radius("5e-5"), w = 2 * kPi, t1("1.6");
  const Real w_4 = w / 4, fy_amp = fy0 * Real("0.3"), dfy_amp = 3 * w * fy_amp;
  Path2d path = [&](const Real& t) {
    const Real phi = w_4 * t, c = cos(phi), sn = sin(phi);
    const Real sin_2phi = 2 * sn * c, cos_2phi = (c - sn) * (c + sn);
    const Real sin_wt = 2 * sin_2phi * cos_2phi, cos_wt = (cos_2phi - sin_2phi) * (cos_2phi + sin_2phi);
    const Real sin_3wt = sin_wt * (3 - 4 * sin_wt * sin_wt), cos_3wt = cos_wt * (4 * cos_wt * cos_wt - 3);
    const Real s = radius * sin_wt, ds = radius * w * cos_wt;
    return PathPoint{{s * c, s * sn}, {ds * c - s * sn * w_4, ds * sn + s * c * w_4},
                     fy0 + fy_amp * sin_3wt, dfy_amp * cos_3wt};
  };
  auto run = [&](const Real& tol) {
    Slip2dOptions o;
    o.tolerance = tol;
    return coulomb_slip_2d(path, kt, 0, t1, o);
  };
  const Slip2dResult reference = run(kFine);
  std::cout << "reference (1e-25): D = " << to_string(reference.dissipation, 35) << ", "
            << reference.switches << " switches, " << reference.steps << " steps\n";
  // The scenario must exercise both transitions repeatedly (a guard on the test, not a claim
  // about the law); every tolerance must then see the same sequence of phases.
  EXPECT_GE(reference.switches, 4u);
  EXPECT_GT(reference.dissipation, 0);
  Real previous_error = 1;
  for (const Real& tol : {Real("1e-16"), kCoarse}) {
    const Slip2dResult r = run(tol);
    std::cout << "tolerance " << to_string(tol, 2) << ": " << r.switches << " switches\n";
    EXPECT_EQ(r.switches, reference.switches);
    expect_agree("work vs elastic + dissipation", r.work, r.elastic + r.dissipation, allowed(r, tol));
    expect_agree("dissipation vs reference", r.dissipation, reference.dissipation, allowed(r, tol));
    const Real error = relative_difference(r.dissipation, reference.dissipation);
    EXPECT_LT(error, previous_error);
    previous_error = error;
  }
}

TEST(CoulombSlip2dOracle, BadInputThrows) {
  Path2d path = [](const Real&) { return PathPoint{{0, 0}, {1, 0}, 1, 0}; };
  EXPECT_THROW(coulomb_slip_2d(path, Real(-1), 0, 1), std::invalid_argument);
  Slip2dOptions o;
  o.initial_force = {2, 0};
  EXPECT_THROW(coulomb_slip_2d(path, Real(1), 0, 1, o), std::invalid_argument);
  EXPECT_THROW(circle_steady_state(Real(1), Real(2), Real(1)), std::invalid_argument);
  Slip2dOptions negative_bound;
  negative_bound.gap_rate_bound = -1;
  EXPECT_THROW(coulomb_slip_2d(path, Real(1), 0, 1, negative_bound), std::invalid_argument);
}

}  // namespace
}  // namespace lawcheck::oracles::coulomb_slip_2d_oracle_test
