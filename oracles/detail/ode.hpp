#pragma once
// The one numerical integrator of the oracles: Runge-Kutta-Fehlberg 7(8) steps (Boost.Odeint) in
// 50 digits, with the local error controlled by step doubling, and location of a sign change of
// an event function to the integration tolerance.
//
// Error control: each step of size h is compared with two steps of h/2; the step is accepted if
// |difference| <= tol (1 + |x|) component-wise and the two-half-step result is kept. Fehlberg's
// embedded estimate is not used: it vanishes on quadrature-like right-hand sides (checked: on
// dV/du = -5u^4/(2V) it let the error reach 1e4 times the tolerance). Callers pass dimensionless
// states of order one, so one tolerance serves as both the absolute and the relative bound.
//
// Event location: after each accepted step from (x, t) of size h, if the event function went from
// < 0 to >= 0, the crossing is found as the root of h' -> event(step(x, t, h')) on [0, h] by
// TOMS 748, each trial a single RKF78 step of h' <= h (its error is at most the accepted full
// step's, <= tol (1 + |x|)); the state returned at the root h* is two half steps of h*, as
// accurate as the accepted steps. The returned (x, t) is thus an accurate point of the
// trajectory, at a time within ~tol/|d event/dt| (or 2^-(bits of tol + 8) h) of the crossing.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "../real.hpp"

namespace lawcheck::oracles::detail {

using State = std::vector<Real>;
using Rhs = std::function<void(const State& x, State& dxdt, const Real& t)>;
using Event = std::function<Real(const State& x, const Real& t)>;

struct Integration {
  State x;              // state at t
  Real t;
  bool event_hit = false;
  std::size_t steps = 0;  // accepted steps
  Real h_next;            // the step size the control proposes next (to continue a related integration)
};

// Integrates dx/dt = rhs from (x0, t0) towards t1 (t1 > t0) with error tolerance `tol`; stops
// early at the first time the event (if given) crosses from negative to non-negative. `h0` is
// the first trial step. More than `max_steps` accepted steps throw std::runtime_error (a bound on
// the work, not on the result).
Integration integrate(const Rhs& rhs, State x0, const Real& t0, const Real& t1, const Real& tol,
                      const Real& h0, const Event& event = {}, std::size_t max_steps = SIZE_MAX);

// One RKF78 step of size h, and two of h/2 (the accepted kind), without error control: used by
// event location and by probes.
State rkf78_step(const Rhs& rhs, const State& x, const Real& t, const Real& h);
State precise_step(const Rhs& rhs, const State& x, const Real& t, const Real& h);

}  // namespace lawcheck::oracles::detail
