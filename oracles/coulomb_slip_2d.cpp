#include "coulomb_slip_2d.hpp"

#include "bad_parameter.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>

#include <boost/math/constants/constants.hpp>
#include <boost/math/tools/roots.hpp>

#include "detail/ode.hpp"

namespace lawcheck::oracles {

namespace {

Real dot(const Vec2& a, const Vec2& b) { return a[0] * b[0] + a[1] * b[1]; }
Real norm2(const Vec2& a) { return dot(a, a); }

// Plastic multiplier of a state on the yield circle with force direction n: consistency
// d|F|/dt = dfy/dt gives lambda = n.du/dt - (dfy/dt)/kt (slip if > 0).
Real multiplier(const Real& theta, const PathPoint& p, const Real& kt) {
  return cos(theta) * p.du[0] + sin(theta) * p.du[1] - p.dfy / kt;
}

class Solver {
public:
  Solver(const Path2d& path, const Real& kt, const Real& t0, const Real& t1, const Slip2dOptions& o)
      : path_(path), kt_(kt), t1_(t1), tol_(o.tolerance) {
    const PathPoint p0 = path_(t0);
    if (!(p0.fy > 0)) bad_parameter("fy(t0)", p0.fy, "yield force must be positive");
    e_ref_ = p0.fy * p0.fy / kt_;
    scan_ = o.scan_step > 0 ? o.scan_step : (t1 - t0) / 2000;
    h0_ = scan_ / 10;
    t_ = t0;
    force_ = o.initial_force;
    if (norm2(force_) > p0.fy * p0.fy * (1 + Real("1e-40")))
      bad_parameter("initial_force", sqrt(norm2(force_)), "|F(t0)| exceeds fy(t0)");
  }

  Slip2dResult run() {
    bool slipping = decide();
    while (t1_ - t_ > Real("1e-45") * (abs(t1_) + scan_)) {
      const bool next = slipping ? slip_phase() : stick_phase();
      if (next != slipping && t1_ - t_ > 0) ++result_.switches;
      slipping = next;
    }
    result_.force = force_;
    result_.elastic = norm2(force_) / (2 * kt_);
    return result_;
  }

private:
  // Stick or slip from the current state? Inside the circle: stick. On it: the sign of lambda;
  // if lambda vanishes (tangential loading), one short slip step tells which way it goes.
  bool decide() {
    const PathPoint p = path_(t_);
    if (norm2(force_) < p.fy * p.fy * (1 - Real("1e-40"))) return false;
    const Real theta = atan2(force_[1], force_[0]);
    const Real lambda = multiplier(theta, p, kt_);
    const Real scale = sqrt(norm2(p.du)) + abs(p.dfy) / kt_;
    if (lambda > Real("1e-40") * scale) return true;
    if (lambda < -Real("1e-40") * scale) return false;
    const Real dt = scan_ * Real("1e-6");
    const detail::State s = detail::rkf78_step(rhs(), {theta, 0, 0}, t_, dt);
    return multiplier(s[0], path_(t_ + dt), kt_) > 0;
  }

  // Slip state {theta, D/e_ref, W/e_ref}: F = fy (cos theta, sin theta) stays on the circle.
  detail::Rhs rhs() {
    return [this](const detail::State& s, detail::State& d, const Real& t) {
      const PathPoint p = path_(t);
      const Real c = cos(s[0]);
      const Real sn = sin(s[0]);
      const Real n_du = c * p.du[0] + sn * p.du[1];
      d[0] = kt_ * (-sn * p.du[0] + c * p.du[1]) / p.fy;
      d[1] = p.fy * (n_du - p.dfy / kt_) / e_ref_;
      d[2] = p.fy * n_du / e_ref_;
    };
  }

  bool slip_phase() {
    const Real theta0 = atan2(force_[1], force_[0]);
    const Real t_start = t_;
    auto r = detail::integrate(rhs(), {theta0, 0, 0}, t_, t1_, tol_, h0_,
                               [this](const detail::State& s, const Real& t) {
                                 return -multiplier(s[0], path_(t), kt_);
                               });
    t_ = r.t;
    const Real fy = path_(t_).fy;
    force_ = {fy * cos(r.x[0]), fy * sin(r.x[0])};
    result_.dissipation += r.x[1] * e_ref_;
    result_.work += r.x[2] * e_ref_;
    result_.steps += r.steps;
    if (t_ > t_start) stalls_ = 0;
    return !r.event_hit;
  }

  // Exact: F(t) = F_s + kt (u(t) - u_s), work F_s.du + kt |du|^2/2. Scan for |F| reaching fy.
  bool stick_phase() {
    const Real ts = t_;
    const Vec2 fs = force_;
    const Vec2 us = path_(ts).u;
    auto force_at = [&](const PathPoint& p) {
      return Vec2{fs[0] + kt_ * (p.u[0] - us[0]), fs[1] + kt_ * (p.u[1] - us[1])};
    };
    auto g = [&](const Real& t) {
      const PathPoint p = path_(t);
      return (norm2(force_at(p)) - p.fy * p.fy) / (p.fy * p.fy);
    };
    auto finish = [&](const Real& t) {
      const PathPoint p = path_(t);
      const Vec2 du{p.u[0] - us[0], p.u[1] - us[1]};
      force_ = force_at(p);
      result_.work += dot(fs, du) + kt_ * norm2(du) / 2;
      if (t > ts) stalls_ = 0;
      t_ = t;
    };
    // Last scanned time known to be strictly inside the circle.
    Real inside = ts;
    Real g_inside = g(ts);
    if (!(g_inside < 0)) {
      // Just left a slip phase on the circle: the earliest point found inside (growing steps from
      // far below the scan step); if none within one scan step, it slips on.
      for (Real h = scan_ * Real("1e-15"); h <= scan_ && !(g_inside < 0); h *= 4) {
        inside = ts + h < t1_ ? ts + h : t1_;
        g_inside = g(inside);
      }
      if (!(g_inside < 0)) {
        inside = ts;
        if (++stalls_ > 3) bad_parameter("path", t_, "stick and slip alternate without progress at this time");
        return true;
      }
    }
    while (true) {
      const Real t = inside + scan_ < t1_ ? inside + scan_ : t1_;
      const Real gt = g(t);
      if (gt >= 0) {
        std::uintmax_t iters = 300;
        auto root = boost::math::tools::toms748_solve(g, inside, t, g_inside, gt,
                                                      boost::math::tools::eps_tolerance<Real>(150), iters);
        finish(root.second);
        // On the circle now: project |F| = fy exactly (the root is accurate to ~1e-45).
        const Real fy = path_(t_).fy;
        const Real scale = fy / sqrt(norm2(force_));
        force_ = {force_[0] * scale, force_[1] * scale};
        return true;
      }
      if (t >= t1_) {
        finish(t1_);
        return false;
      }
      inside = t;
      g_inside = gt;
    }
  }

  const Path2d& path_;
  Real kt_;
  Real t1_;
  Real tol_;
  Real e_ref_;
  Real scan_;
  Real h0_;
  Real t_;
  Vec2 force_;
  int stalls_ = 0;  // consecutive phases that made no progress in time
  Slip2dResult result_{{0, 0}, 0, 0, 0, 0, 0};
};

}  // namespace

Slip2dResult coulomb_slip_2d(const Path2d& path, const Real& kt, const Real& t0, const Real& t1,
                             const Slip2dOptions& options) {
  if (!(kt > 0) || !isfinite(kt)) bad_parameter("kt", kt, "must be positive");
  if (!(t1 >= t0) || !isfinite(t1) || !isfinite(t0)) bad_parameter("t1", t1, "must be finite and >= t0");
  if (!(options.tolerance > 0 && options.tolerance <= Real("1e-6")))
    bad_parameter("tolerance", options.tolerance, "must be in (0, 1e-6]");
  if (t1 == t0) {
    Slip2dResult r{options.initial_force, 0, 0, norm2(options.initial_force) / (2 * kt), 0, 0};
    return r;
  }
  return Solver(path, kt, t0, t1, options).run();
}

CircleSteadyState circle_steady_state(const Real& kt, const Real& fy, const Real& radius) {
  if (!(kt > 0) || !isfinite(kt)) bad_parameter("kt", kt, "must be positive");
  if (!(fy > 0) || !isfinite(fy)) bad_parameter("fy", fy, "must be positive");
  if (!(radius > 0) || !isfinite(radius)) bad_parameter("radius", radius, "must be positive");
  const Real ratio = fy / (kt * radius);
  if (!(ratio < 1)) bad_parameter("radius", radius, "must exceed fy/kt, else the circle is travelled without slip");
  CircleSteadyState s;
  s.lead_angle = acos(ratio);
  s.lag_angle = asin(ratio);
  s.plastic_radius = sqrt(radius * radius - (fy / kt) * (fy / kt));
  s.dissipation_per_revolution =
      2 * boost::math::constants::pi<Real>() * fy * radius * sqrt(1 - ratio * ratio);
  return s;
}

CircleTransient circle_transient(const Real& kt, const Real& fy, const Real& radius,
                                 const Real& omega, const Real& t) {
  circle_steady_state(kt, fy, radius);  // validates kt, fy, radius
  if (!(omega > 0) || !isfinite(omega)) bad_parameter("omega", omega, "must be positive");
  if (!(t >= 0) || !isfinite(t)) bad_parameter("t", t, "must be >= 0");
  const Real c = kt * radius / fy;
  const Real a = sqrt((c - 1) / (c + 1));
  CircleTransient r;
  r.psi = 2 * atan(a * tanh(sqrt(c * c - 1) * omega * t / 2));
  const Real theta = omega * t + r.psi;
  r.force = {fy * cos(theta), fy * sin(theta)};
  // c cos psi - 1 = (c - 1) sech^2(s)/(1 + a^2 tanh^2 s) with s = sqrt(c^2-1) w t/2, so the
  // logarithm is 2 ln cosh s + ln(1 + a^2 tanh^2 s), written without the cancellation of
  // c cos psi - 1 -> 0 (which would lose all digits once psi has converged to alpha).
  const Real s = sqrt(c * c - 1) * omega * t / 2;
  const Real log_cosh = s + log1p(exp(-2 * s)) - log(Real(2));
  const Real th = tanh(s);
  r.dissipation = fy * fy / kt * (2 * log_cosh + log1p(a * a * th * th));
  return r;
}

Real radial_preload_dissipation(const Real& kt, const Real& fy, const Real& radius) {
  if (!(kt > 0) || !isfinite(kt)) bad_parameter("kt", kt, "must be positive");
  if (!(fy >= 0) || !isfinite(fy)) bad_parameter("fy", fy, "must be >= 0");
  if (!(radius >= 0) || !isfinite(radius)) bad_parameter("radius", radius, "must be >= 0");
  return radius > fy / kt ? fy * (radius - fy / kt) : Real(0);
}

}  // namespace lawcheck::oracles
