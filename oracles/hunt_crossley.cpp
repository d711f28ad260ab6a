#include "hunt_crossley.hpp"

#include "bad_parameter.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>

#include <boost/math/special_functions/expm1.hpp>
#include <boost/math/special_functions/lambert_w.hpp>
#include <boost/math/tools/roots.hpp>

#include "detail/ode.hpp"

namespace lawcheck::oracles {

namespace {

void check_e(const Real& e) {
  if (!(e > 0 && e <= 1)) bad_parameter("e", e, "restitution must be in (0, 1]");
}

void check_chi(const Real& chi) {
  if (!(chi >= 0) || !isfinite(chi)) bad_parameter("chi", chi, "must be a finite number >= 0");
}

// G(y) = y - ln(1 + y): the first integral is G(chi) = G(-chi e*) (see the header).
Real big_g(const Real& y) { return y - log1p(y); }

constexpr int kRootBits = 160;  // ~48 digits: the root is exact to the 50-digit rounding
constexpr std::uintmax_t kRootIterations = 500;
// Halvings or doublings of a bracket: 2^-4000 and 2^4000 lie beyond any e in (0, 1] a double can hold.
constexpr int kBracketSteps = 4000;
// integrate_hunt_crossley's domain and work bound. Measured (accepted steps of all phases, any map
// and e down to 1e-300): 140-960 at the default tolerance 1e-20 for n in [0.1, 100] (< 1 s);
// 2400-6200 at 1e-30 for n in [0.1, 10] (~1-3 s on a quiet core, the most for non-integer 2n;
// 1e-40 took 36 000 steps and 40 s, so the floor is 1e-30).
// The step cap, 4x the worst measured, turns a runaway into an error (exit 1), never a hang.
const Real kMinTolerance("1e-30");
const Real kMaxTolerance("1e-6");
const Real kMinExponent("0.1");
const Real kMaxExponent("10");
constexpr std::size_t kMaxSteps = 20000;

}  // namespace

DissipationMap parse_dissipation_map(std::string_view name) {
  if (name == "hunt-crossley") return DissipationMap::hunt_crossley;
  if (name == "lankarani-nikravesh") return DissipationMap::lankarani_nikravesh;
  if (name == "flores") return DissipationMap::flores;
  if (name == "gonthier") return DissipationMap::gonthier;
  if (name == "carvalho-martins") return DissipationMap::carvalho_martins;
  if (name == "exudyn-model2") return DissipationMap::exudyn_model2;
  if (name == "exact") return DissipationMap::exact;
  bad_parameter("model", std::string(name),
                "expected hunt-crossley, lankarani-nikravesh, flores, gonthier, "
                              "carvalho-martins, exudyn-model2 or exact");
}

std::string_view name_of(DissipationMap m) {
  switch (m) {
    case DissipationMap::hunt_crossley: return "hunt-crossley";
    case DissipationMap::lankarani_nikravesh: return "lankarani-nikravesh";
    case DissipationMap::flores: return "flores";
    case DissipationMap::gonthier: return "gonthier";
    case DissipationMap::carvalho_martins: return "carvalho-martins";
    case DissipationMap::exudyn_model2: return "exudyn-model2";
    case DissipationMap::exact: return "exact";
  }
  return "?";
}

Real dissipation_chi(DissipationMap map, const Real& e) {
  check_e(e);
  switch (map) {
    case DissipationMap::hunt_crossley: return 3 * (1 - e) / 2;
    case DissipationMap::lankarani_nikravesh: return 3 * (1 - e * e) / 4;
    case DissipationMap::flores: return 8 * (1 - e) / (5 * e);
    case DissipationMap::gonthier: return (1 - e * e) / e;
    case DissipationMap::carvalho_martins: return 3 * (1 - e) * (11 - e) / (2 * (1 + 9 * e));
    case DissipationMap::exudyn_model2:
      return e > Real(1) / 3 ? dissipation_chi(DissipationMap::carvalho_martins, e)
                             : dissipation_chi(DissipationMap::gonthier, e);
    case DissipationMap::exact: return exact_chi(e);
  }
  return 0;
}

Real achieved_restitution(const Real& chi) {
  check_chi(chi);
  if (chi == 0) return 1;
  // z = 1 - chi e* solves z e^{-z} = (1 + chi) e^{-(1 + chi)} with z in (0, 1): the principal
  // branch (the other branch gives z = 1 + chi, the trivial solution e* = -1).
  const Real arg = -(1 + chi) * exp(-(1 + chi));
  const Real z = -boost::math::lambert_w0(arg);
  return (1 - z) / chi;
}

Real achieved_restitution_by_root(const Real& chi) {
  check_chi(chi);
  if (chi == 0) return 1;
  // Same equation in w = -ln z (z = 1 - chi e* = e^{-w}, so 1 - z = -expm1(-w)):
  //   F(w) = z - ln z - 1 - G(chi) = expm1(-w) + w - G(chi),
  // increasing on w > 0 (F' = 1 - e^{-w}) from F(0) = -G(chi) < 0 to F(1 + G) = e^{-(1+G)} > 0.
  // In w the root stays well conditioned for any chi: for large chi, z ~ e^{-chi} is far below
  // the 50-digit rounding of 1 and a bracket in z no longer brackets (Boost: "a and b do not
  // bracket the root" for flores at e = 1e-3, chi ~ 1600).
  const Real g = big_g(chi);
  auto f = [&](const Real& w) { return boost::math::expm1(-w) + w - g; };
  const Real hi = 1 + g;
  std::uintmax_t iters = kRootIterations;
  auto r = boost::math::tools::toms748_solve(f, Real(0), hi, -g, f(hi),
                                             boost::math::tools::eps_tolerance<Real>(kRootBits), iters);
  if (iters >= kRootIterations)
    throw std::runtime_error("hunt-crossley: the bracketed root for chi = " + chi.str() + " did not converge");
  const Real w = (r.first + r.second) / 2;
  return -boost::math::expm1(-w) / chi;
}

Real exact_chi(const Real& e) {
  check_e(e);
  if (e == 1) return 0;
  // In w = -ln(1 - chi e), i.e. chi(w) = -expm1(-w)/e in (0, 1/e) (G(-chi e) = expm1(-w) + w):
  //   Q(w) = expm1(-w) + w - G(chi(w)) ~ w^2 (1 - 1/e^2)/2 < 0 near 0, ~ w - G(1/e) -> +inf.
  // For small e the root has 1 - chi e ~ e^{-1/e}, beyond 50 digits below 1: a search in chi
  // (towards the pole 1/e) cannot bracket it and never ends (e = 0.008 hung); in w it is an
  // ordinary root near 1 + G(1/e). Both bracket searches are bounded.
  auto q = [&](const Real& w) { return boost::math::expm1(-w) + w - big_g(-boost::math::expm1(-w) / e); };
  Real lo = 1;
  for (int i = 0; q(lo) >= 0; ++i) {
    if (i == kBracketSteps) throw std::runtime_error("exact chi: no bracket found for e = " + e.str());
    lo /= 2;
  }
  Real hi = 2 * lo;
  for (int i = 0; q(hi) <= 0; ++i) {
    if (i == kBracketSteps) throw std::runtime_error("exact chi: no bracket found for e = " + e.str());
    hi *= 2;
  }
  std::uintmax_t iters = kRootIterations;
  auto r = boost::math::tools::toms748_solve(q, lo, hi, boost::math::tools::eps_tolerance<Real>(kRootBits), iters);
  if (iters >= kRootIterations) throw std::runtime_error("exact chi: the root for e = " + e.str() + " did not converge");
  const Real w = (r.first + r.second) / 2;
  return -boost::math::expm1(-w) / e;
}

HuntCrossleyIntegration integrate_hunt_crossley(const Real& mass, const Real& k, const Real& n,
                                                const Real& chi, const Real& v0,
                                                const Real& tolerance) {
  if (!(mass > 0) || !isfinite(mass)) bad_parameter("mass", mass, "must be positive");
  if (!(k > 0) || !isfinite(k)) bad_parameter("k", k, "must be positive");
  if (!(n >= kMinExponent && n <= kMaxExponent))
    bad_parameter("n", n, "exponent must be in [0.1, 10] (the range where the integration's cost is measured)");
  if (!(v0 > 0) || !isfinite(v0)) bad_parameter("v0", v0, "must be positive");
  check_chi(chi);
  // Below 1e-30 the work grows past seconds (1e-40: 40 s); below ~1e-40 step doubling in 50
  // digits could not meet the tolerance at all (rounding dominates).
  if (!(tolerance >= kMinTolerance && tolerance <= kMaxTolerance))
    bad_parameter("tolerance", tolerance, "must be in [1e-30, 1e-6] (1e-30 takes up to ~3 s, 1e-40 took 40 s)");
  // Dimensionless: x = x_ref X, t = t_ref T with k x_ref^{n+1}/(n+1) = m v0^2/2, t_ref = x_ref/v0:
  //   X'' = -((n+1)/2) X^n (1 + chi X'),  X(0) = 0, X'(0) = 1.
  const Real x_ref = pow((n + 1) * mass * v0 * v0 / (2 * k), 1 / (n + 1));
  const Real t_ref = x_ref / v0;
  const Real c = (n + 1) / 2;
  // X^n is not smooth at X = 0 (n = 3/2), which defeats the embedded error estimate in time near
  // the start and the end of the contact. There the overlap itself is the better independent
  // variable, written X = u^2 so that X^n dX = 2 u^(2n+1) du is smooth (polynomial when 2n is an
  // integer; other n keep a mild singularity at the two ends).
  // From the end of the approach on, the velocity is carried as Y = ln(1 + chi V)/chi (Y = V at
  // chi = 0): dY/dT = X''/(1 + chi V) = -c X^n, a quadrature, and V = expm1(chi Y)/chi. In V the
  // rebound is stiff for large chi: V relaxes to the terminal speed -1/chi at the rate c chi X^n
  // while X creeps out over a time ~chi X_max (e = 1e-6, chi ~ 1e6: ~2 min of ever smaller steps,
  // then "did not come back down"); in Y nothing is stiff (Y falls linearly, X slowly), so the
  // steps grow with the solution's own scale. On the rebound dV/dY = 1 + chi V is in (0, 1]: an
  // error in Y is no larger in V.
  // Scales: the approach stops within u ~ s = (1 + chi)^(-1/(2n+2)) (where c chi u^(2n+2)/(n+1)
  // ~ 1, for chi >> 1), so X_max ~ s^2 and Y ~ ln(1 + chi)/chi there: with chi = 1e300 these are
  // far below the tolerance, which the error control applies as an absolute bound to states of
  // order one. So u is measured in s (w = u/s), T in s^2 during the approach (T ~ u^2), X in s^2
  // and Y in its value at V = 1/2 (Y_h) until the rebound makes it large:
  //   phase A  w from 0 until V = 1/2, state (V, T/s^2):
  //              dV/dw = -2c s^(2n+2) w^(2n+1) (1 + chi V)/V,  d(T/s^2)/dw = 2w/V
  //   phase B  time through the top (Y = 0) until X = X_max/2 on the way out, state (X/s^2, Y/Y_h):
  //              dX/dT = V(Y),  dY/dT = -c X^n
  //   phase C  w back to 0 (as sigma = w_b - w), state (Y, T):
  //              dY/dw = -2c s^(2n+2) w^(2n+1)/V(Y),  dT/dw = 2 s^2 w/V(Y)
  // Every piece is integrated, none uses the first integral, which is what this route checks.
  const Real scale = pow(1 + chi, -1 / (2 * n + 2));
  const Real s2 = scale * scale;
  const Real s_pow = pow(scale, 2 * n + 2);
  // V(Y); chi Y <= ln(1 + chi/2) on the solution, the clamp only keeps rejected trial steps finite.
  const Real chi_y_max = log1p(chi) + 1;
  auto velocity = [&](const Real& y) {
    if (chi == 0) return y;
    const Real z = chi * y;
    return Real(boost::math::expm1(z < chi_y_max ? z : chi_y_max) / chi);
  };
  const Real y_half = chi == 0 ? Real(1) / 2 : Real(log1p(chi / 2) / chi);
  detail::Rhs approach = [&](const detail::State& st, detail::State& d, const Real& w) {
    const Real ww = w > 0 ? w : Real(0);
    d[0] = -2 * c * s_pow * pow(ww, 2 * n + 1) * (1 + chi * st[0]) / st[0];
    d[1] = 2 * ww / st[0];
  };
  detail::Rhs in_time = [&](const detail::State& st, detail::State& d, const Real&) {
    d[0] = velocity(y_half * st[1]) / s2;
    d[1] = -c * pow(st[0] > 0 ? s2 * st[0] : Real(0), n) / y_half;
  };
  // The rebound lasts about X_max/e*, and e* >= 1/(1 + chi) up to a factor of order one: the
  // horizons scale with 1 + chi (the steps grow geometrically, so a far horizon costs nothing).
  const Real horizon = 1000 * (1 + chi);
  auto a = detail::integrate(approach, {1, 0}, 0, 1000, tolerance, Real("1e-3"),
                             [](const detail::State& st, const Real&) { return Real(1) / 2 - st[0]; }, kMaxSteps);
  if (!a.event_hit) throw std::runtime_error("hunt-crossley: phase A did not reach V = 1/2");
  const Real t_a = s2 * a.x[1];
  // First trial steps at a thousandth of the elapsed time; the error control adjusts them.
  auto top = detail::integrate(in_time, {a.t * a.t, 1}, t_a, t_a + horizon, tolerance, t_a / 1000,
                               [](const detail::State& st, const Real&) { return -st[1]; }, kMaxSteps - a.steps);
  if (!top.event_hit) throw std::runtime_error("hunt-crossley: no maximum overlap reached");
  const Real xi_max = top.x[0];
  auto b = detail::integrate(in_time, top.x, top.t, top.t + horizon, tolerance, top.t / 1000,
                             [&](const detail::State& st, const Real&) { return xi_max / 2 - st[0]; },
                             kMaxSteps - a.steps - top.steps);
  if (!b.event_hit) throw std::runtime_error("hunt-crossley: the overlap did not come back down");
  const Real w_b = sqrt(b.x[0]);
  detail::Rhs rebound = [&](const detail::State& st, detail::State& d, const Real& sigma) {
    const Real w = w_b - sigma > 0 ? w_b - sigma : Real(0);
    const Real vel = velocity(st[0]);
    d[0] = 2 * c * s_pow * pow(w, 2 * n + 1) / vel;
    d[1] = -2 * s2 * w / vel;
  };
  auto cc = detail::integrate(rebound, {y_half * b.x[1], b.t}, 0, w_b, tolerance, w_b / 1000, {},
                              kMaxSteps - a.steps - top.steps - b.steps);
  HuntCrossleyIntegration r;
  r.restitution = -velocity(cc.x[0]);
  r.contact_time = cc.x[1] * t_ref;
  r.max_overlap = s2 * xi_max * x_ref;
  r.steps = a.steps + top.steps + b.steps + cc.steps;
  return r;
}

}  // namespace lawcheck::oracles
