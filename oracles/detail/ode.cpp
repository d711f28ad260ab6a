#include "ode.hpp"

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

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

// One step of size h from (x, t) whose derivative dxdt = rhs(x, t) is given: the full step and
// the first half step of step doubling share it, and so do the retries after a rejection and the
// trial steps of event location (one evaluation of the 13 saved each time). One stepper serves a
// whole integration, so its 13 stage vectors are allocated once.
class Steps {
public:
  explicit Steps(const Rhs& rhs) : rhs_(rhs) {}

  State derivative(const State& x, const Real& t) const {
    State d(x.size());
    rhs_(x, d, t);
    return d;
  }
  State single(const State& x, const State& dxdt, const Real& t, const Real& h) {
    State out(x.size());
    auto system = [this](const State& s, State& d, const Real& tt) { rhs_(s, d, tt); };
    stepper_.do_step(system, x, dxdt, t, out, h);
    return out;
  }
  State two_halves(const State& x, const State& dxdt, const Real& t, const Real& h) {
    const State mid = single(x, dxdt, t, h / 2);
    return single(mid, derivative(mid, t + h / 2), t + h / 2, h / 2);
  }

private:
  const Rhs& rhs_;
  Stepper stepper_;
};

}  // namespace

State rkf78_step(const Rhs& rhs, const State& x, const Real& t, const Real& h) {
  Steps steps(rhs);
  return steps.single(x, steps.derivative(x, t), t, h);
}

State precise_step(const Rhs& rhs, const State& x, const Real& t, const Real& h) {
  Steps steps(rhs);
  return steps.two_halves(x, steps.derivative(x, t), t, h);
}

Integration integrate(const Rhs& rhs, State x0, const Real& t0, const Real& t1, const Real& tol,
                      const Real& h0, const Event& event, std::size_t max_steps) {
  Integration r{std::move(x0), t0, false, 0, h0};
  Steps steps(rhs);
  State dxdt = steps.derivative(r.x, r.t);
  Real& h = r.h_next;
  Real g_prev = event ? event(r.x, r.t) : Real(0);
  std::size_t rejections = 0;
  // Stop when the remainder is below the rounding of t (the last step lands on t1 up to it).
  const Real t_eps = Real("1e-45") * (abs(t1) + abs(t1 - t0));
  while (t1 - r.t > t_eps) {
    const Real h_try = r.t + h > t1 ? t1 - r.t : h;
    // Error by step doubling: one step of h against two of h/2 (their difference is ~(1 - 2^-8)
    // times the full step's local error, so the kept half-step result is ~255 times better than
    // the bound). Unlike Fehlberg's embedded estimate, which vanishes on quadrature-like
    // problems (dx/dt depending mainly on t) and then lets the step grow unchecked, this one
    // sees every error term.
    const State full = steps.single(r.x, dxdt, r.t, h_try);
    State half = steps.two_halves(r.x, dxdt, r.t, h_try);
    Real err = 0;
    for (std::size_t i = 0; i < half.size(); ++i) {
      const Real e = abs(full[i] - half[i]) / (tol * (1 + abs(half[i])));
      if (e > err) err = e;
    }
    if (!isfinite(err)) err = Real(1e10);
    // The factor 0.9 err^(-1/9) only steers the step size: double precision is plenty (a 50-digit
    // pow, a logarithm and an exponential, costs several sines).
    const double err_d = static_cast<double>(err);
    const Real factor = err_d > 0 ? Real(0.9 * std::pow(err_d, -1.0 / (kOrder + 1))) : Real(4);
    if (err > 1) {
      if (++rejections > 10000) throw std::runtime_error("oracle integrator: step size control failed");
      h = h_try * (factor < Real("0.1") ? Real("0.1") : factor);
      continue;
    }
    const State x_prev = std::move(r.x);
    const State dxdt_prev = std::move(dxdt);
    const Real t_prev = r.t;
    r.x = std::move(half);
    r.t = t_prev + h_try;
    if (++r.steps > max_steps)
      throw std::runtime_error("oracle integrator: more than " + std::to_string(max_steps) + " steps (work limit)");
    // A step cut short to land on t1 says nothing about the next one: keep the proposal.
    if (h_try == h) h *= factor > 4 ? Real(4) : factor;
    if (event) {
      const Real g = event(r.x, r.t);
      if (g_prev < 0 && g >= 0) {
        // Trials are single steps from the accepted start (ode.hpp): a step of hh <= h_try errs
        // by at most the full step's err tol (1 + |x|) (local error ~hh^9), so the root is found
        // to about the tolerance over |d event/dt|; the state there is two half steps (~tol/255).
        auto f = [&](const Real& hh) { return event(steps.single(x_prev, dxdt_prev, t_prev, hh), t_prev + hh); };
        std::uintmax_t iters = 200;
        auto bracket = boost::math::tools::toms748_solve(
            f, Real(0), h_try, g_prev, g, boost::math::tools::eps_tolerance<Real>(event_bits(tol)), iters);
        // The end of the bracket where the (trial) event has fired.
        const Real hh = bracket.second;
        r.x = steps.two_halves(x_prev, dxdt_prev, t_prev, hh);
        r.t = t_prev + hh;
        r.event_hit = true;
        return r;
      }
      g_prev = g;
    }
    if (t1 - r.t > t_eps) dxdt = steps.derivative(r.x, r.t);
  }
  return r;
}

}  // namespace lawcheck::oracles::detail
