#include "damped_power_impact.hpp"

#include <stdexcept>
#include <string>

#include "bad_parameter.hpp"
#include "detail/ode.hpp"

namespace lawcheck::oracles {

namespace {

const Real kPowerMinTolerance("1e-30");
const Real kPowerMaxTolerance("1e-8");
// A bound on the work, not on the result (at most ~4000 accepted steps at 1e-30 measured).
constexpr std::size_t kPowerMaxSteps = 20000;

// 4 * exponent, checked to be an integer in [lo, hi] (the u = X^(1/4) substitution needs it).
int quarters(const char* field, const Real& exponent, int lo, int hi, const char* range) {
  const Real four = 4 * exponent;
  const Real r = round(four);
  if (!isfinite(four) || four != r || r < lo || r > hi)
    bad_parameter(field, exponent, std::string("must be a multiple of 1/4 in ") + range);
  return r.convert_to<int>();
}

// X^(n/4) from X and r = X^(1/4): X^(n div 4) r^(n mod 4), a handful of 50-digit roundings.
Real quarter_power(const Real& x, const Real& r, int n) {
  Real y = 1;
  for (int i = 0; i < n / 4; ++i) y *= x;
  for (int i = 0; i < n % 4; ++i) y *= r;
  return y;
}

// u^n for the phases in u = X^(1/4).
Real int_power(const Real& u, int n) {
  Real y = 1;
  for (int i = 0; i < n; ++i) y *= u;
  return y;
}

void check_tolerance(const Real& tolerance) {
  if (!(tolerance >= kPowerMinTolerance && tolerance <= kPowerMaxTolerance))
    bad_parameter("tolerance", tolerance, "must be in [1e-30, 1e-8]");
}

}  // namespace

Real damped_power_impact_x_ref(const Real& p, const Real& K, const Real& m, const Real& v0) {
  return pow((p + 1) * m * v0 * v0 / (2 * K), 1 / (p + 1));
}

Real damped_power_impact_c(const Real& p, const Real& q, const Real& K, const Real& C, const Real& m, const Real& v0) {
  return C * pow(damped_power_impact_x_ref(p, K, m, v0), q + 1) / (m * v0);
}

DampedPowerImpact integrate_damped_power_impact(const Real& p, const Real& q, const Real& c, DampingEnd end,
                                                const Real& tolerance) {
  const int np = quarters("p", p, 4, 12, "[1, 3]");
  const int nq = quarters("q", q, 0, 4, "[0, 1]");
  if (!(nq < np)) bad_parameter("q", q, "must be less than p");
  if (!(c >= 0) || !isfinite(c)) bad_parameter("c", c, "damping must be finite and >= 0");
  check_tolerance(tolerance);
  const bool clamped = end == DampingEnd::force_clamped_at_zero;
  const Real a = (p + 1) / 2;
  const int npq = np - nq;  // 4 (p - q) > 0
  const std::size_t budget = kPowerMaxSteps;
  std::size_t used = 0;

  // In u = X^(1/4); state (V, T). dV/du = 4u^3 (-a u^(4p) - c u^(4q) V) / V.
  detail::Rhs approach = [&](const detail::State& s, detail::State& d, const Real& u) {
    const Real u3 = u * u * u;
    d[0] = 4 * u3 * (-a * int_power(u, np) - c * int_power(u, nq) * s[0]) / s[0];
    d[1] = 4 * u3 / s[0];
  };
  // In time; state (X, V).
  detail::Rhs in_time = [&](const detail::State& s, detail::State& d, const Real&) {
    const Real x = s[0] > 0 ? s[0] : Real(0);
    const Real r = sqrt(sqrt(x));
    d[0] = s[1];
    d[1] = -a * quarter_power(x, r, np) - c * quarter_power(x, r, nq) * s[1];
  };
  // The total force over m X^q: G = a X^(p-q) + c V; the clamp acts where it turns negative.
  auto g_of = [&](const Real& x, const Real& v) {
    const Real xx = x > 0 ? x : Real(0);
    return a * quarter_power(xx, sqrt(sqrt(xx)), npq) + c * v;
  };

  auto A = detail::integrate(approach, {1, 0}, 0, 2, tolerance, Real("1e-3"),
                             [](const detail::State& s, const Real&) { return Real(1) / 2 - s[0]; }, budget);
  used += A.steps;
  if (!A.event_hit) throw std::runtime_error("damped power impact: phase A did not reach V = 1/2");
  const Real u_a = A.t, x_a = int_power(u_a, 4);
  const Real horizon = 1000;
  auto top = detail::integrate(in_time, {x_a, A.x[0]}, A.x[1], A.x[1] + horizon, tolerance, A.x[1] / 1000,
                               [](const detail::State& s, const Real&) { return -s[1]; }, budget - used);
  used += top.steps;
  if (!top.event_hit) throw std::runtime_error("damped power impact: no maximum overlap reached");
  // Down to the overlap where A ended, or (clamped) to G = 0 if that comes first: the first of two
  // crossings is the crossing of their maximum.
  detail::Event down = [&](const detail::State& s, const Real&) {
    const Real back = x_a - s[0];
    if (!clamped) return back;
    const Real pull = -g_of(s[0], s[1]);
    return back > pull ? back : pull;
  };
  auto B = detail::integrate(in_time, top.x, top.t, top.t + horizon, tolerance, top.t / 1000, down, budget - used);
  used += B.steps;
  if (!B.event_hit) throw std::runtime_error("damped power impact: the overlap did not come back down");
  if (!(B.x[1] < 0)) throw std::runtime_error("damped power impact: not moving apart after the top");

  DampedPowerImpact r;
  r.max_overlap = top.x[0];
  auto finish_clamped = [&](const Real& x_s, const Real& v_s, const Real& t_s) {
    r.restitution = -v_s;
    r.force_end_time = t_s;
    r.separation_overlap = x_s;
    r.contact_time = t_s + x_s / -v_s;
    r.steps = used;
    return r;
  };
  // Clamped, and G reached 0 before the overlap of phase A: the force ended in phase B (at the
  // located crossing the other function is still clearly negative unless both coincide).
  if (clamped && -g_of(B.x[0], B.x[1]) >= x_a - B.x[0]) return finish_clamped(B.x[0], B.x[1], B.t);

  const Real u_c = sqrt(sqrt(B.x[0]));
  // sigma = u_c - u from 0 to u_c; state (V, T).
  detail::Rhs rebound = [&](const detail::State& s, detail::State& d, const Real& sigma) {
    const Real u = u_c - sigma > 0 ? u_c - sigma : Real(0);
    const Real u3 = u * u * u;
    d[0] = -4 * u3 * (-a * int_power(u, np) - c * int_power(u, nq) * s[0]) / s[0];
    d[1] = -4 * u3 / s[0];
  };
  detail::Event release;
  if (clamped)
    release = [&](const detail::State& s, const Real& sigma) {
      const Real u = u_c - sigma > 0 ? u_c - sigma : Real(0);
      return -(a * int_power(u, npq) + c * s[0]);
    };
  auto C = detail::integrate(rebound, {B.x[1], B.t}, 0, u_c, tolerance, u_c / 1000, release, budget - used);
  used += C.steps;
  if (!(C.x[0] < 0) || !isfinite(C.x[0]) || !isfinite(C.x[1]))
    throw std::runtime_error("damped power impact: the rebound stopped before separation (overdamped: the "
                             "overlap does not return to 0 in finite time)");
  if (clamped && C.event_hit) {
    const Real u_s = u_c - C.t;
    return finish_clamped(int_power(u_s, 4), C.x[0], C.x[1]);
  }
  r.restitution = -C.x[0];
  r.contact_time = C.x[1];
  r.force_end_time = C.x[1];
  r.separation_overlap = 0;
  r.steps = used;
  return r;
}

DampedPowerImpact damped_power_impact(const Real& p, const Real& q, const Real& K, const Real& C, const Real& m,
                                      const Real& v0, DampingEnd end, const Real& tolerance) {
  if (!(K > 0) || !isfinite(K)) bad_parameter("K", K, "must be positive");
  if (!(C >= 0) || !isfinite(C)) bad_parameter("C", C, "must be finite and >= 0");
  if (!(m > 0) || !isfinite(m)) bad_parameter("m", m, "must be positive");
  if (!(v0 > 0) || !isfinite(v0)) bad_parameter("v0", v0, "must be positive");
  quarters("p", p, 4, 12, "[1, 3]");
  quarters("q", q, 0, 4, "[0, 1]");
  const Real x_ref = damped_power_impact_x_ref(p, K, m, v0);
  const Real t_ref = x_ref / v0;
  DampedPowerImpact r =
      integrate_damped_power_impact(p, q, damped_power_impact_c(p, q, K, C, m, v0), end, tolerance);
  r.contact_time *= t_ref;
  r.force_end_time *= t_ref;
  r.max_overlap *= x_ref;
  r.separation_overlap *= x_ref;
  return r;
}

}  // namespace lawcheck::oracles
