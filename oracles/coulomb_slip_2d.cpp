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
Vec2 unit(const Real& x, const Real& y) {
  const Real inv = 1 / sqrt(x * x + y * y);
  return {x * inv, y * inv};
}
// The same for a vector whose length is 1 up to the integration tolerance (the slip state below):
// 1/|n| = (1 + d)^(-1/2) with d = |n|^2 - 1 is 1 - d/2 up to 3d^2/8 (one Newton step for the
// inverse square root from 1), i.e. exact to ~tol^2, without a 50-digit square root (which costs
// as much as a sine).
Vec2 near_unit(const Real& x, const Real& y) {
  const Real inv = (3 - (x * x + y * y)) / 2;
  return {x * inv, y * inv};
}

// Plastic multiplier of a state on the yield circle with force direction n: consistency
// d|F|/dt = dfy/dt gives lambda = n.du/dt - (dfy/dt)/kt (slip if > 0).
Real multiplier(const Vec2& n, const PathPoint& p, const Real& kt) {
  return n[0] * p.du[0] + n[1] * p.du[1] - p.dfy / kt;
}

// The path, remembering its value at the last kRemembered distinct times. A step-doubling attempt
// evaluates it at 37 stage times of which about 14 recur bit for bit: RKF78's nodes 0, 1/6 and 1
// appear twice in a step, the first half step's nodes are half the full step's (halving is exact
// in binary), and the next step starts at the full step's end (ode.cpp). A path evaluation (two
// or more 50-digit sines) is most of the oracle's work; a lookup is a few comparisons.
class RememberedPath {
public:
  explicit RememberedPath(const Path2d& path) : path_(path) {}

  PathPoint operator()(const Real& t) {
    for (std::size_t k = 0; k < size_; ++k) {
      const std::size_t i = (last_ + kRemembered - k) % kRemembered;  // newest first
      if (times_[i] == t) return points_[i];
    }
    last_ = (last_ + 1) % kRemembered;
    if (size_ < kRemembered) ++size_;
    times_[last_] = t;
    points_[last_] = path_(t);
    return points_[last_];
  }

private:
  static constexpr std::size_t kRemembered = 32;  // > the 24 distinct times of one attempt
  const Path2d& path_;
  std::array<Real, kRemembered> times_;
  std::array<PathPoint, kRemembered> points_;
  std::size_t size_ = 0;
  std::size_t last_ = kRemembered - 1;
};

class Solver {
public:
  Solver(const Path2d& path, const Real& kt, const Real& t0, const Real& t1, const Slip2dOptions& o)
      : path_(path), kt_(kt), t1_(t1), tol_(o.tolerance) {
    const PathPoint p0 = path_(t0);
    if (!(p0.fy > 0)) bad_parameter("fy(t0)", p0.fy, "yield force must be positive");
    e_ref_ = p0.fy * p0.fy / kt_;
    inv_e_ref_ = 1 / e_ref_;
    inv_kt_ = 1 / kt_;
    scan_ = o.scan_step > 0 ? o.scan_step : (t1 - t0) / 2000;
    gap_rate_ = o.gap_rate_bound;
    h_ = scan_ / 10;
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
    const Vec2 n = unit(force_[0], force_[1]);
    const Real lambda = multiplier(n, p, kt_);
    const Real scale = sqrt(norm2(p.du)) + abs(p.dfy) / kt_;
    if (lambda > Real("1e-40") * scale) return true;
    if (lambda < -Real("1e-40") * scale) return false;
    const Real dt = scan_ * Real("1e-6");
    const detail::State s = detail::rkf78_step(rhs(), {n[0], n[1], 0, 0}, t_, dt);
    return multiplier(unit(s[0], s[1]), path_(t_ + dt), kt_) > 0;
  }

  // Slip state {n_x, n_y, D/e_ref, W/e_ref}: the direction of F as a vector n, F = fy n/|n|, so F
  // stays exactly on the circle. The angle theta of F turns at theta' = kt (tau.du/dt)/fy
  // (header); n follows as dn/dt = theta' (-n_y, n_x), a rotation, so |n| = 1 is invariant (the
  // integration keeps it to the tolerance, and every use divides it out). The same law as
  // integrating theta itself, without a cosine and a sine per evaluation (50-digit series, each
  // as costly as ~20 multiplications).
  detail::Rhs rhs() {
    return [this](const detail::State& s, detail::State& d, const Real& t) {
      const PathPoint p = path_(t);
      const Vec2 n = near_unit(s[0], s[1]);
      const Real n_du = n[0] * p.du[0] + n[1] * p.du[1];
      const Real turn_rate = kt_ * (n[0] * p.du[1] - n[1] * p.du[0]) / p.fy;
      const Real fy_e = p.fy * inv_e_ref_;
      d[0] = -turn_rate * s[1];
      d[1] = turn_rate * s[0];
      d[2] = fy_e * (n_du - p.dfy * inv_kt_);
      d[3] = fy_e * n_du;
    };
  }

  bool slip_phase() {
    const Vec2 n0 = unit(force_[0], force_[1]);
    const Real t_start = t_;
    auto r = detail::integrate(rhs(), {n0[0], n0[1], 0, 0}, t_, t1_, tol_, h_,
                               [this](const detail::State& s, const Real& t) {
                                 return -multiplier(near_unit(s[0], s[1]), path_(t), kt_);
                               });
    // The next slip phase starts with the step size this one ended with (the path's time scale
    // does not change at a switch; the control corrects it either way).
    h_ = r.h_next;
    t_ = r.t;
    const Real fy = path_(t_).fy;
    const Vec2 n = unit(r.x[0], r.x[1]);
    force_ = {fy * n[0], fy * n[1]};
    result_.dissipation += r.x[2] * e_ref_;
    result_.work += r.x[3] * e_ref_;
    result_.steps += r.steps;
    if (t_ > t_start) stalls_ = 0;
    return !r.event_hit;
  }

  // Exact: F(t) = F_s + kt (u(t) - u_s), work F_s.du + kt |du|^2/2. Scan for |F| reaching fy.
  // With a bound on the rate at which the gap fy - |F| can close (options.gap_rate_bound), the
  // scan advances by the time the gap needs to close at that rate when this exceeds scan_step:
  // no crossing can lie in between. fy - |F| = (fy^2 - |F|^2)/(fy + |F|) >= -g fy/2 inside.
  bool stick_phase() {
    const Real ts = t_;
    const Vec2 fs = force_;
    const Vec2 us = path_(ts).u;
    auto force_at = [&](const PathPoint& p) {
      return Vec2{fs[0] + kt_ * (p.u[0] - us[0]), fs[1] + kt_ * (p.u[1] - us[1])};
    };
    Real fy_last = 0;  // fy at the last time g was evaluated
    auto g = [&](const Real& t) {
      const PathPoint p = path_(t);
      if (gap_rate_ > 0) check_gap_rate(p, t);
      fy_last = p.fy;
      return (norm2(force_at(p)) - p.fy * p.fy) / (p.fy * p.fy);
    };
    auto advance = [&](const Real& g_inside, const Real& fy_inside) {
      if (!(gap_rate_ > 0)) return scan_;
      const Real safe = -g_inside * fy_inside / (2 * gap_rate_);
      return safe > scan_ ? safe : scan_;
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
    Real fy_inside = fy_last;
    if (!(g_inside < 0)) {
      // Just left a slip phase on the circle: the earliest point found inside (growing steps from
      // far below the scan step); if none within one scan step, it slips on.
      for (Real h = scan_ * Real("1e-15"); h <= scan_ && !(g_inside < 0); h *= 4) {
        inside = ts + h < t1_ ? ts + h : t1_;
        g_inside = g(inside);
        fy_inside = fy_last;
      }
      if (!(g_inside < 0)) {
        inside = ts;
        if (++stalls_ > 3) bad_parameter("path", t_, "stick and slip alternate without progress at this time");
        return true;
      }
    }
    while (true) {
      const Real step = advance(g_inside, fy_inside);
      const Real t = inside + step < t1_ ? inside + step : t1_;
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
      fy_inside = fy_last;
    }
  }

  // A stated bound that the path exceeds where it is evaluated is wrong (the scan could step over a
  // crossing elsewhere): kt |du/dt| + |dfy/dt| <= bound, squared to spare a square root.
  void check_gap_rate(const PathPoint& p, const Real& t) const {
    const Real room = gap_rate_ - abs(p.dfy);
    if (!(room >= 0) || kt_ * kt_ * norm2(p.du) > room * room)
      bad_parameter("gap_rate_bound", gap_rate_, "is exceeded by kt |du/dt| + |dfy/dt| at t = " + to_string(t, 17));
  }

  RememberedPath path_;
  Real kt_;
  Real t1_;
  Real tol_;
  Real e_ref_;
  Real inv_e_ref_;  // 1/e_ref and 1/kt: the slip rates multiply (a division costs more)
  Real inv_kt_;
  Real scan_;
  Real gap_rate_;
  Real h_;  // first trial step of the next slip phase
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
  if (!(options.gap_rate_bound >= 0) || !isfinite(options.gap_rate_bound))
    bad_parameter("gap_rate_bound", options.gap_rate_bound, "must be finite and >= 0");
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
