#include "hertz_damped_impact.hpp"

#include <stdexcept>

#include <boost/math/constants/constants.hpp>

#include "bad_parameter.hpp"
#include "detail/ode.hpp"

namespace lawcheck::oracles {

namespace {

const Real kMinTolerance("1e-30");
const Real kMaxTolerance("1e-8");
// beta -> 1 as e -> 0; 2 bounds the domain with room (the top is reached for any beta).
const Real kMaxBeta(2);
// A bound on the work, not on the result: measured at most ~1500 accepted steps at 1e-30 (header).
constexpr std::size_t kMaxSteps = 20000;

}  // namespace

Real hertz_damping_beta(const Real& e) {
  if (!(e > 0 && e <= 1)) bad_parameter("e", e, "restitution must be in (0, 1]");
  const Real l = log(e);
  const Real pi = boost::math::constants::pi<Real>();
  return -l / sqrt(l * l + pi * pi);
}

HertzDampedImpact integrate_hertz_damped_impact(const Real& beta, const Real& tolerance) {
  if (!(beta >= 0 && beta < kMaxBeta)) bad_parameter("beta", beta, "must be in [0, 2)");
  if (!(tolerance >= kMinTolerance && tolerance <= kMaxTolerance))
    bad_parameter("tolerance", tolerance, "must be in [1e-30, 1e-8]");
  // In u = X^(1/4) (header); state (V, T).
  detail::Rhs approach = [&](const detail::State& s, detail::State& d, const Real& u) {
    const Real u4 = u * u * u * u;
    d[0] = (-5 * u4 * u4 * u - 10 * beta * u4 * s[0]) / s[0];
    d[1] = 4 * u * u * u / s[0];
  };
  // In time; state (X, V).
  detail::Rhs in_time = [&](const detail::State& s, detail::State& d, const Real&) {
    const Real x = s[0] > 0 ? s[0] : Real(0);
    d[0] = s[1];
    d[1] = -Real(5) / 4 * x * sqrt(x) - Real(5) / 2 * beta * sqrt(sqrt(x)) * s[1];
  };
  auto a = detail::integrate(approach, {1, 0}, 0, 2, tolerance, Real("1e-3"),
                             [](const detail::State& s, const Real&) { return Real(1) / 2 - s[0]; }, kMaxSteps);
  if (!a.event_hit) throw std::runtime_error("hertz damped impact: phase A did not reach V = 1/2");
  const Real u_a = a.t, x_a = u_a * u_a * u_a * u_a;
  const Real horizon = 1000;
  auto top = detail::integrate(in_time, {x_a, a.x[0]}, a.x[1], a.x[1] + horizon, tolerance, a.x[1] / 1000,
                               [](const detail::State& s, const Real&) { return -s[1]; }, kMaxSteps - a.steps);
  if (!top.event_hit) throw std::runtime_error("hertz damped impact: no maximum overlap reached");
  auto b = detail::integrate(in_time, top.x, top.t, top.t + horizon, tolerance, top.t / 1000,
                             [&](const detail::State& s, const Real&) { return x_a - s[0]; },
                             kMaxSteps - a.steps - top.steps);
  if (!b.event_hit) throw std::runtime_error("hertz damped impact: the overlap did not come back down");
  if (!(b.x[1] < 0)) throw std::runtime_error("hertz damped impact: not moving apart after the top");
  const Real u_c = sqrt(sqrt(b.x[0]));
  detail::Rhs rebound = [&](const detail::State& s, detail::State& d, const Real& sigma) {
    const Real u = u_c - sigma > 0 ? u_c - sigma : Real(0);
    const Real u4 = u * u * u * u;
    d[0] = (5 * u4 * u4 * u + 10 * beta * u4 * s[0]) / s[0];
    d[1] = -4 * u * u * u / s[0];
  };
  auto c = detail::integrate(rebound, {b.x[1], b.t}, 0, u_c, tolerance, u_c / 1000, {},
                             kMaxSteps - a.steps - top.steps - b.steps);
  if (!(c.x[0] < 0)) throw std::runtime_error("hertz damped impact: the rebound stopped before separation");
  HertzDampedImpact r;
  r.restitution = -c.x[0];
  r.contact_time = c.x[1];
  r.max_overlap = top.x[0];
  r.steps = a.steps + top.steps + b.steps + c.steps;
  return r;
}

HertzDampedImpact hertz_damped_impact(const Real& m_eff, const Real& e_eff, const Real& r_eff, const Real& v0,
                                      const Real& e, const Real& tolerance) {
  if (!(m_eff > 0) || !isfinite(m_eff)) bad_parameter("m_eff", m_eff, "must be positive");
  if (!(e_eff > 0) || !isfinite(e_eff)) bad_parameter("e_eff", e_eff, "must be positive");
  if (!(r_eff > 0) || !isfinite(r_eff)) bad_parameter("r_eff", r_eff, "must be positive");
  if (!(v0 > 0) || !isfinite(v0)) bad_parameter("v0", v0, "must be positive");
  const Real k = Real(4) / 3 * e_eff * sqrt(r_eff);
  // 2/5 K x_ref^(5/2) = m v0^2 / 2
  const Real x_ref = pow(Real(5) / 4 * m_eff * v0 * v0 / k, Real(2) / 5);
  HertzDampedImpact r = integrate_hertz_damped_impact(hertz_damping_beta(e), tolerance);
  r.contact_time *= x_ref / v0;
  r.max_overlap *= x_ref;
  return r;
}

}  // namespace lawcheck::oracles
