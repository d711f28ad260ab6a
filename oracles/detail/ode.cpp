#include "ode.hpp"

#include <cstdint>
#include <stdexcept>

#include <boost/math/tools/roots.hpp>
#include <boost/numeric/odeint.hpp>

namespace lawcheck::oracles::detail {

namespace {

namespace odeint = boost::numeric::odeint;
// Spelled out with range_algebra/default_operations: odeint's own deduction of the value type
// fails for cpp_bin_float_50 in Boost 1.74 (DESIGN.md).
using Stepper = odeint::runge_kutta_fehlberg78<State, Real, State, Real, odeint::range_algebra,
                                               odeint::default_operations>;

// RKF78 advances with its 8th-order solution (local error O(h^9)).
constexpr int kOrder = 8;

// Relative precision asked of the event's step size: a few bits beyond the tolerance.
int event_bits(const Real& tol) {
  const int bits = static_cast<int>(-log2(tol)) + 8;
  return bits < 160 ? bits : 160;
}

}  // namespace

State rkf78_step(const Rhs& rhs, const State& x, const Real& t, const Real& h) {
  Stepper stepper;
  State out(x.size());
  auto system = [&rhs](const State& s, State& d, const Real& tt) { rhs(s, d, tt); };
  stepper.do_step(system, x, t, out, h);
  return out;
}

State precise_step(const Rhs& rhs, const State& x, const Real& t, const Real& h) {
  return rkf78_step(rhs, rkf78_step(rhs, x, t, h / 2), t + h / 2, h / 2);
}

Integration integrate(const Rhs& rhs, State x0, const Real& t0, const Real& t1, const Real& tol,
                      const Real& h0, const Event& event) {
  Integration r{std::move(x0), t0, false, 0};
  Real h = h0;
  Real g_prev = event ? event(r.x, r.t) : Real(0);
  std::size_t rejections = 0;
  // Stop when the remainder is below the rounding of t (the last step lands on t1 up to it).
  const Real t_eps = Real("1e-45") * (abs(t1) + abs(t1 - t0));
  const Real exponent = Real(1) / (kOrder + 1);
  while (t1 - r.t > t_eps) {
    if (r.t + h > t1) h = t1 - r.t;
    // Error by step doubling: one step of h against two of h/2 (their difference is ~(1 - 2^-8)
    // times the full step's local error, so the kept half-step result is ~255 times better than
    // the bound). Unlike Fehlberg's embedded estimate, which vanishes on quadrature-like
    // problems (dx/dt depending mainly on t) and then lets the step grow unchecked, this one
    // sees every error term.
    const State full = rkf78_step(rhs, r.x, r.t, h);
    State half = precise_step(rhs, r.x, r.t, h);
    Real err = 0;
    for (std::size_t i = 0; i < half.size(); ++i) {
      const Real e = abs(full[i] - half[i]) / (tol * (1 + abs(half[i])));
      if (e > err) err = e;
    }
    if (!isfinite(err)) err = Real(1e10);
    const Real factor = err > 0 ? Real("0.9") * pow(err, -exponent) : Real(4);
    if (err > 1) {
      if (++rejections > 10000) throw std::runtime_error("oracle integrator: step size control failed");
      h *= factor < Real("0.1") ? Real("0.1") : factor;
      continue;
    }
    const State x_prev = std::move(r.x);
    const Real t_prev = r.t;
    r.x = std::move(half);
    r.t = t_prev + h;
    ++r.steps;
    const Real h_acc = h;
    h *= factor > 4 ? Real(4) : factor;
    if (!event) continue;
    const Real g = event(r.x, r.t);
    if (g_prev < 0 && g >= 0) {
      auto f = [&](const Real& hh) { return event(precise_step(rhs, x_prev, t_prev, hh), t_prev + hh); };
      std::uintmax_t iters = 200;
      auto bracket = boost::math::tools::toms748_solve(
          f, Real(0), h_acc, g_prev, g, boost::math::tools::eps_tolerance<Real>(event_bits(tol)), iters);
      // Take the end of the bracket where the event has fired (g >= 0), so callers can rely on it.
      const Real hh = bracket.second;
      r.x = precise_step(rhs, x_prev, t_prev, hh);
      r.t = t_prev + hh;
      r.event_hit = true;
      return r;
    }
    g_prev = g;
  }
  return r;
}

}  // namespace lawcheck::oracles::detail
