#pragma once
// Oracle 3: the continuous, rate-independent, associative Coulomb law in the tangential plane
// (seed 000 "Contact response": the limit dt -> 0 of the incremental return mapping), with a
// yield force fy(t) that may vary in time (varying normal force), driven along a smooth path u(t).
//
// Law: F = kt (u - u_p), |F| <= fy(t), du_p/dt = lambda n with n = F/|F|, lambda >= 0,
// lambda (|F| - fy) = 0. Consistency on the surface (d|F|/dt = dfy/dt) gives
//   lambda = n.du/dt - (dfy/dt)/kt,
// so the state slips when |F| = fy and lambda > 0, sticks otherwise:
//   stick: F(t) = F(t_s) + kt (u(t) - u(t_s))                     (closed form, no integration)
//   slip : F = fy(t) (cos theta, sin theta),
//          dtheta/dt = kt (tau . du/dt) / fy,  tau = (-sin theta, cos theta)
//          (the tangential part of dF/dt = kt (du/dt - lambda n); writing F by its direction keeps
//          it exactly on the yield circle, so the integrator never drifts off the surface; the
//          direction is integrated as the vector n = (cos theta, sin theta), dn/dt = theta' tau,
//          which needs no sine or cosine).
// Dissipation rate fy lambda; the external work F.du/dt is integrated alongside, so
// work = elastic(end) - elastic(start) + dissipation is an independent check (the tests use it).
// Switching: slip -> stick where lambda crosses 0 (located to the integration tolerance on the
// step size by TOMS 748); stick -> slip where |F(t)|^2 - fy(t)^2 crosses 0 upwards (the stick
// phase is scanned with `scan_step` and the crossing bracketed and solved by TOMS 748; a crossing
// that enters and leaves the yield circle within one scan step would be missed: keep scan_step
// below the path's time scale; given a bound on kt |du/dt| + |dfy/dt|, the scan steps further
// where the gap fy - |F| provably cannot close sooner). Integrator: Runge-Kutta-Fehlberg 7(8),
// error controlled, in 50 digits (Boost.Odeint).
//
// Accuracy: the integrated values are accurate to about the requested `tolerance` relative to
// their scale (local error control; the self-tests show the error shrinking when the tolerance
// does). The closed forms below are exact (50-digit rounding).
//
// Closed form on a circle u(t) = R (cos wt, sin wt), constant fy < kt R, started with
// F = fy (1, 0) (i.e. after a radial preload 0 -> (R, 0), which dissipates fy (R - fy/kt)):
//   with psi = theta - wt, c = kt R / fy > 1:  dpsi/dt = w (c cos psi - 1), psi(0) = 0, so
//     tan(psi/2) = a tanh(sqrt(c^2 - 1) w t / 2),  a = sqrt((c - 1)/(c + 1)),
//     dissipation rate fy lambda = fy R w sin psi, and int sin psi dt = int sin psi dpsi/(w(c cos psi - 1)), so
//     D(t) = (fy^2/kt) ln((c - 1)/(c cos psi(t) - 1))
//          = (fy^2/kt) [2 ln cosh s + ln(1 + a^2 tanh^2 s)],  s = sqrt(c^2 - 1) w t/2,
//     whose slope tends to (fy^2/kt) sqrt(c^2 - 1) w, i.e. the steady rate below;
//   steady state: psi -> alpha = arccos(fy/(kt R)) (F leads the position vector u by alpha in
//   the sense of motion; u_p lags u by beta = pi/2 - alpha and runs on a circle of radius
//   R sin alpha), dissipation per revolution 2 pi fy R sqrt(1 - (fy/(kt R))^2)
//   = fy * (length of the plastic path).

#include <array>
#include <cstddef>
#include <functional>

#include "real.hpp"

namespace lawcheck::oracles {

using Vec2 = std::array<Real, 2>;

// The driving at time t: displacement u, its rate du/dt, the yield force fy > 0 and dfy/dt.
struct PathPoint {
  Vec2 u;
  Vec2 du;
  Real fy;
  Real dfy;
};
using Path2d = std::function<PathPoint(const Real& t)>;

struct Slip2dOptions {
  Real tolerance{"1e-25"};  // relative error tolerance of the integration
  Real scan_step = 0;       // stick-phase scan step; 0: (t1 - t0)/2000
  Vec2 initial_force{0, 0}; // F(t0); must satisfy |F| <= fy(t0)
  // An upper bound of kt |du/dt| + |dfy/dt| over [t0, t1], or 0 if none is known. The gap
  // fy - |F| of a stick phase closes no faster (d(fy - |F|)/dt >= -|dfy/dt| - kt |du/dt|), so the
  // scan may step over the time it needs to close, never less than scan_step: far fewer path
  // evaluations deep inside the circle, and no crossing missed there. A bound that the path
  // exceeds at an evaluated time throws; one exceeded only between them would miss crossings.
  Real gap_rate_bound = 0;
};

struct Slip2dResult {
  Vec2 force;         // F(t1)
  Real dissipation;   // int fy lambda dt over [t0, t1]
  Real work;          // int F . du/dt dt over [t0, t1]
  Real elastic;       // |F(t1)|^2 / (2 kt)
  std::size_t switches = 0;  // number of stick <-> slip transitions
  std::size_t steps = 0;     // accepted integration steps
};

// Throws std::invalid_argument for kt <= 0, t1 < t0, tolerance outside (0, 1e-6], |F(t0)| > fy(t0),
// a negative or non-finite gap_rate_bound, or one the path exceeds (above).
Slip2dResult coulomb_slip_2d(const Path2d& path, const Real& kt, const Real& t0, const Real& t1,
                             const Slip2dOptions& options = {});

struct CircleSteadyState {
  Real dissipation_per_revolution;  // 2 pi fy R sqrt(1 - (fy/(kt R))^2)
  Real lead_angle;                  // alpha = arccos(fy/(kt R)): angle from u to F
  Real lag_angle;                   // beta = arcsin(fy/(kt R)): angle by which u_p lags u
  Real plastic_radius;              // R sin(alpha) = sqrt(R^2 - (fy/kt)^2)
};

// Requires fy < kt R (otherwise the circle is travelled without slip: throws std::invalid_argument).
CircleSteadyState circle_steady_state(const Real& kt, const Real& fy, const Real& radius);

struct CircleTransient {
  Vec2 force;        // F(t)
  Real psi;          // angle from u(t) to F(t), rising from 0 to alpha
  Real dissipation;  // dissipated on the circle over [0, t] (preload not included)
};

// Exact state at time t on u(s) = R (cos ws, sin ws), started at s = 0 with F = fy (1, 0).
CircleTransient circle_transient(const Real& kt, const Real& fy, const Real& radius,
                                 const Real& omega, const Real& t);

// Dissipation of the radial preload 0 -> (R, 0): fy (R - fy/kt) for R >= fy/kt, else 0.
Real radial_preload_dissipation(const Real& kt, const Real& fy, const Real& radius);

}  // namespace lawcheck::oracles
