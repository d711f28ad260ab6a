// The restitution study: see restitution_study.hpp.
#include "study/restitution_study.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numbers>

#include <fmt/core.h>
#include <fmt/format.h>

#include "dynamics/simulation.hpp"
#include "laws/exudyn_law.hpp"
#include "oracles/detail/ode.hpp"
#include "oracles/hunt_crossley.hpp"

namespace lawcheck::reports {

namespace {

using oracles::Real;

// x^n for x >= 0; n = 1 and 3/2 (the study's exponents) without the 50-digit exp/log of pow, which
// dominated the oracle's cost (exact: x^(3/2) = x sqrt(x)).
template <class T>
T pow_n(const T& x, const T& n) {
  using std::pow;
  using std::sqrt;
  if (n == 1) return x;
  if (2 * n == 3) return x * sqrt(x);
  return pow(x, n);
}

template <class T>
T model0_e2(const T& lambda, const T& n) {
  using std::pow;
  if (lambda == 0) return T(1);
  const T x = pow(lambda, 1 / n);
  const T xn = pow_n(x, n);
  return (n + 1) / (1 - lambda) * ((1 - xn * x) / (n + 1) - xn * (1 - x));
}

}  // namespace

double model0_restitution(double lambda_p, double n) { return std::sqrt(model0_e2(lambda_p, n)); }

double model0_lambda_for(double e, double n) {
  if (e >= 1) return 0;
  const Real target = Real(e) * Real(e), nn(n);
  Real lo = 0, hi = 1;
  for (int it = 0; it < 200; ++it) {
    const Real mid = (lo + hi) / 2;
    (model0_e2(mid, nn) > target ? lo : hi) = mid;
  }
  return static_cast<double>((lo + hi) / 2);
}

ImpactOracle impact_oracle(int model, double n_, double k_, double m_, double v0_, double restitution,
                           double lambda_p, double damping, double tolerance) {
  namespace od = oracles::detail;
  const Real n(n_), k(k_), m(m_), v0(v0_), lam(model == 0 ? lambda_p : 0.0), tol(tolerance);
  const Real X = pow((n + 1) * m * v0 * v0 / (2 * k), 1 / (n + 1));
  const Real T = X / v0;
  const Real a = (n + 1) / 2;
  const Real c = Real(damping) * X / (m * v0);
  const Real chi = model == 0 ? Real(0)
                              : oracles::dissipation_chi(model == 1 ? oracles::DissipationMap::hunt_crossley
                                                                    : oracles::DissipationMap::exudyn_model2,
                                                         Real(restitution));
  const Real h0("1e-3");
  od::Rhs loading = [&](const od::State& s, od::State& d, const Real&) {
    const Real x = s[0] > 0 ? s[0] : Real(0);
    d[0] = s[1];
    d[1] = -a * pow_n(x, n) * (1 + chi * s[1]) - c * s[1];
  };
  const auto top = od::integrate(loading, {0, 1}, 0, 1000, tol, h0,
                                 [](const od::State& s, const Real&) { return -s[1]; });
  ImpactOracle out;
  if (!top.event_hit) throw std::runtime_error("restitution oracle: no maximum overlap reached");
  const Real x_max = top.x[0];
  out.max_overlap = static_cast<double>(x_max * X);
  Real e, t;
  bool sticks = false;
  if (model != 0 || lam == 0) {
    const auto end = od::integrate(loading, top.x, top.t, top.t + 1000, tol, h0,
                                   [](const od::State& s, const Real&) { return -s[0]; });
    sticks = !end.event_hit;
    e = -end.x[1];
    t = end.t;
  } else {
    const Real xpn = lam * pow_n(x_max, n);
    const Real xp = pow(xpn, 1 / n);
    od::Rhs unloading = [&](const od::State& s, od::State& d, const Real&) {
      const Real x = s[0] > 0 ? s[0] : Real(0);
      const Real f = (pow_n(x, n) - xpn) / (1 - lam);
      d[0] = s[1];
      d[1] = -a * (f > 0 ? f : Real(0)) - c * s[1];
    };
    const auto mid = od::integrate(unloading, top.x, top.t, top.t + 1000, tol, h0,
                                   [&](const od::State& s, const Real&) { return xp - s[0]; });
    if (!mid.event_hit) throw std::runtime_error("restitution oracle: model 0 did not unload to the plastic overlap");
    // Below x_p only the damper acts: w' = -c w (w = -x'), closed form.
    const Real w0 = -mid.x[1], xr = mid.x[0];
    if (c == 0) {
      e = w0;
      t = mid.t + xr / w0;
    } else if (w0 > c * xr) {
      e = w0 - c * xr;
      t = mid.t - log(1 - c * xr / w0) / c;
    } else {
      sticks = true;
    }
  }
  out.sticks = sticks;
  out.restitution = sticks ? 0.0 : static_cast<double>(e);
  out.duration = sticks ? 0.0 : static_cast<double>(t * T);
  if (damping == 0)
    out.closed_form = model == 0 ? model0_restitution(lambda_p, n_) : static_cast<double>(oracles::achieved_restitution(chi));
  return out;
}

double fit_log_slope(const std::vector<double>& dts, const std::vector<double>& err) {
  const std::size_t n = dts.size();
  double mx = 0, my = 0;
  for (std::size_t k = 0; k < n; ++k) {
    mx += std::log(dts[k]) / static_cast<double>(n);
    my += std::log(err[k]) / static_cast<double>(n);
  }
  double sxy = 0, sxx = 0;
  for (std::size_t k = 0; k < n; ++k) {
    sxy += (std::log(dts[k]) - mx) * (std::log(err[k]) - my);
    sxx += (std::log(dts[k]) - mx) * (std::log(dts[k]) - mx);
  }
  return sxy / sxx;
}

std::string RestitutionCase::label() const {
  return fmt::format("model {} n={} e={} {}{}", model, n == 1 ? "1" : "3/2", requested,
                     wall ? "sphere-wall" : "sphere-sphere", damped ? " damped" : "");
}

const RestitutionCase* RestitutionStudy::find(int model, double n, double requested, bool damped, bool wall) const {
  for (const auto& c : cases)
    if (c.model == model && c.n == n && c.requested == requested && c.damped == damped && c.wall == wall) return &c;
  return nullptr;
}

namespace {

struct Run {
  double restitution = 0;
  double duration = 0;
  double ledger = 0;
  bool stuck = false;
};

// One head-on impact: sphere 0 at `speed` towards sphere 1 at rest (or a static wall); contact
// onset at fraction `phase` of a step. Ends when the contact is gone, or at t_max (stuck).
Run run_impact(const ExudynLaw<double>& law, const RestitutionParams& p, bool wall, double dt, double phase,
               double t_max) {
  Simulation<ExudynLaw<double>> sim(law);
  sim.add_material(ExudynMat{p.density});
  const double R = p.radius, v = p.speed;
  const double gap = v * dt * (3 + phase);
  sim.add_particle({Sphere{R}, {Vec3d(0, 0, 0)}, {Vec3d(v, 0, 0)}});
  if (wall)
    sim.add_particle({Wall{0, -1}, {Vec3d(R + gap, 0, 0)}, {}, 0, dof::all});
  else
    sim.add_particle({Sphere{R}, {Vec3d(2 * R + gap, 0, 0)}, {}});
  sim.set_dt(dt);
  auto overlap = [&]() {
    const auto& P = sim.particles();
    return wall ? R - (P.pos[1].x() - P.pos[0].x()) : 2 * R - (P.pos[1] - P.pos[0]).norm();
  };
  const double t_touch = gap / v;
  const auto max_steps = static_cast<std::size_t>((t_touch + t_max) / dt) + 10;
  bool touched = false;
  double prev = overlap();
  Run r;
  for (std::size_t s = 1; s <= max_steps; ++s) {
    sim.step(1, true);
    const double d = overlap();
    if (sim.contact_count() > 0) touched = true;
    if (touched && sim.contact_count() == 0) {
      // The overlap crossed zero during the last step (positions at t_s = s dt).
      const double t_end = static_cast<double>(s - 1) * dt + dt * prev / (prev - d);
      const auto& P = sim.particles();
      r.restitution = (wall ? -P.vel[0].x() : P.vel[1].x() - P.vel[0].x()) / v;
      r.duration = t_end - t_touch;
      r.ledger = sim.energy().relative_error();
      return r;
    }
    prev = d;
  }
  r.stuck = true;
  r.ledger = sim.energy().relative_error();
  return r;
}

// The impacts of one level (header): sample i has dt = t_ref/(N + u_i), u_i = span (i + 1/2)/m,
// and onset phase frac((i + 1/2) g), g = (sqrt 5 - 1)/2 (a Kronecker sequence: the pairs fill the
// unit square evenly for any m, so each level sees every in-step position of every event).
struct Sample {
  double u = 0;
  double phase = 0;
};
std::vector<Sample> level_samples(int m, double span) {
  const double g = (std::sqrt(5.0) - 1) / 2;
  std::vector<Sample> out;
  for (int i = 0; i < m; ++i) {
    const double x = (i + 0.5) * g;
    out.push_back({span * (i + 0.5) / m, x - std::floor(x)});
  }
  return out;
}

double sphere_mass(const RestitutionParams& p) {
  return 4.0 / 3.0 * std::numbers::pi * p.radius * p.radius * p.radius * p.density;
}

// Runs one case. `oracle`: the sphere-sphere case's oracle for a sphere-wall case (the same
// dimensionless problem, rescaled here), else null (computed).
void run_case(RestitutionCase& c, const RestitutionParams& p, const RestitutionCase* same_dimensionless) {
  const double m = sphere_mass(p);
  const double m_eff = c.wall ? m : m / 2;
  const double k = c.n == 1 ? p.stiffness_n1 : p.stiffness_n32;
  const double v0 = p.speed;
  const double X = std::pow((c.n + 1) * m_eff * v0 * v0 / (2 * k), 1 / (c.n + 1));
  const double T = X / v0;
  c.lambda_p = c.model == 0 ? model0_lambda_for(c.requested, c.n) : 0.0;
  c.damping = c.damped ? p.damping * m_eff * v0 / X : 0.0;
  if (same_dimensionless) {
    // x'' = -a f(x) - c x' in units X, T has the same a, chi, lambda_P and c = p.damping for both
    // partners: e is the same, durations scale with T, overlaps with X.
    const auto& o = same_dimensionless->oracle;
    const double m_o = same_dimensionless->wall ? m : m / 2;
    const double X_o = std::pow((c.n + 1) * m_o * v0 * v0 / (2 * k), 1 / (c.n + 1));
    c.oracle = o;
    c.oracle.duration = o.duration * (X / X_o);  // T/T_o = X/X_o (same v0)
    c.oracle.max_overlap = o.max_overlap * (X / X_o);
  } else {
    c.oracle = impact_oracle(c.model, c.n, k, m_eff, v0, c.requested, c.lambda_p, c.damping, p.oracle_tolerance);
  }

  ExudynLaw<double> law;
  law.impact_model = c.model;
  law.contact_stiffness = k;
  law.stiffness_exponent = c.n;
  law.restitution = c.model == 0 ? 1.0 : c.requested;
  law.plasticity_ratio = c.lambda_p;
  law.contact_damping = c.damping;

  // Reference time: the contact duration, but no longer than the stiffest phase's half period
  // (model 0 unloads with k2 = k/(1 - lambda_P)).
  const double a = (c.n + 1) / 2;
  const double t_stiff = std::numbers::pi * T * std::sqrt((1 - c.lambda_p) / (a * c.n));
  const double t_ref = std::min(c.oracle.sticks ? std::numbers::pi * T / std::sqrt(a * c.n) : c.oracle.duration, t_stiff);
  const double t_max = 20 * std::max(c.oracle.duration, std::numbers::pi * T);

  c.convergence_study = !c.damped && !c.wall && p.steps_per_time.size() >= 2;
  // Sphere-wall cases run the samples of their sphere-sphere case, to be compared with it.
  const std::vector<Sample> samples = level_samples(c.damped ? p.check_samples : p.samples, p.dt_span);
  const std::vector<int> levels = c.convergence_study ? p.steps_per_time : std::vector<int>{p.steps_per_time.back()};
  c.samples = static_cast<int>(samples.size());
  std::vector<double> dts, rms;
  for (int N : levels) {
    ImpactLevel L;
    L.steps_per_time = N;
    L.dt = t_ref / (N + p.dt_span / 2);
    double sum = 0, sum2 = 0, dsum = 0;
    for (const Sample& smp : samples) {
      const Run r = run_impact(law, p, c.wall, t_ref / (N + smp.u), smp.phase, t_max);
      const double err = r.restitution - c.oracle.restitution;
      L.worst_error = std::max(L.worst_error, std::abs(err));
      sum += err;
      sum2 += err * err;
      dsum += r.duration;
      if (!c.oracle.sticks && !r.stuck)
        L.worst_duration_error = std::max(L.worst_duration_error, std::abs(r.duration / c.oracle.duration - 1));
      L.worst_ledger = std::max(L.worst_ledger, std::abs(r.ledger));
      L.stuck += r.stuck ? 1 : 0;
    }
    const double ns = static_cast<double>(samples.size());
    L.mean_error = sum / ns;
    L.rms_error = std::sqrt(sum2 / ns);
    dts.push_back(L.dt);
    rms.push_back(L.rms_error);
    c.levels.push_back(L);
    c.achieved = c.oracle.restitution + L.mean_error;
    c.duration = dsum / ns;
  }
  const auto& f = c.levels.back();
  if (!c.convergence_study) {
    c.order.reset();
    c.extrapolated = f.mean_error;
    if (c.damped && !c.wall) {
      // First order (dynamics_exudyn_test.cpp): the contact and with it the damper switch on and
      // off at step boundaries, and unlike the elastic force the damper's force c|x'| does not
      // vanish there: each switch adds or misses at most one step of it, |delta x'| <= c dt/T
      // in units of v0 (|x'| <= 1), so |e - e*| <= 2 c dt/T (dt: the level's largest step,
      // t_ref/N); the undamped second-order remainder is at most 2 % of it at N = 100.
      const bool stuck_agrees = f.stuck == (c.oracle.sticks ? c.samples : 0);
      const double dt_max = t_ref / f.steps_per_time;
      c.converges = stuck_agrees && (c.oracle.sticks || f.worst_error <= 2 * p.damping * dt_max / T);
    }
    // Sphere-wall: compared with its sphere-sphere case by run_restitution_study. Undamped
    // sphere-sphere with a single level: nothing to fit, `converges` stays false.
    return;
  }
  // Rounding level: the solver's double rounding over ~10^3 steps (the achieved e of model 2,
  // e = 0.05 sits there: 1e-13 .. 1e-10 at every level); nothing to fit.
  const double rounding = 1e-10;
  if (f.rms_error <= rounding) {
    c.order.reset();
    c.extrapolated = f.mean_error;
    c.converges = true;
    return;
  }
  // The half-step velocity lag guarantees first order (dynamics_exudyn_test.cpp); the order is
  // fitted on the RMS over the samples (a fixed multiple of dt^2, header). Richardson on the
  // sample means with that order: if the solver tended to a limit other than the oracle, the
  // residual would be that offset, larger than the finest error once the discretisation error is
  // below it.
  const double q = fit_log_slope(dts, rms);
  c.order = q;
  const auto& g = c.levels[c.levels.size() - 2];
  c.extrapolated = f.mean_error + (f.mean_error - g.mean_error) / (std::pow(2.0, q) - 1);
  c.converges = q >= 1 && std::abs(c.extrapolated) <= f.rms_error;
}

// Gaps achieved - requested of undamped sphere-sphere cases, per requested e.
std::vector<std::pair<double, double>> gaps(const RestitutionStudy& s, int model, double n, bool use_oracle) {
  std::vector<std::pair<double, double>> out;
  for (double e : s.params.requested)
    if (const RestitutionCase* c = s.find(model, n, e))
      out.push_back({e, (use_oracle ? c->oracle.restitution : c->achieved) - e});
  return out;
}

}  // namespace

ClaimVerdict hunt_crossley_verdict(const RestitutionStudy& s, bool use_oracle) {
  ClaimVerdict v;
  v.claim = "Hunt-Crossley (model 1) is valid for very small energy loss (e_res ~ 1)";
  const double tau = s.params.valid_gap;
  bool valid_near_one = true, invalid_somewhere = false;
  std::string evidence;
  for (double n : {1.0, 1.5}) {
    const auto g = gaps(s, 1, n, use_oracle);
    if (g.empty()) continue;
    // Smallest requested e from which on every larger one is valid.
    double from = 1;
    for (auto it = g.rbegin(); it != g.rend() && std::abs(it->second) <= tau; ++it) from = it->first;
    double largest_below_one = 0, gap_there = 0, worst = 0, worst_e = 1;
    for (auto [e, d] : g) {
      if (e < 1 && e > largest_below_one) largest_below_one = e, gap_there = d;
      if (std::abs(d) > worst) worst = std::abs(d), worst_e = e;
      if (std::abs(d) > tau) invalid_somewhere = true;
    }
    if (std::abs(gap_there) > tau) valid_near_one = false;
    evidence += fmt::format("{}n = {}: |achieved - requested| <= {} for e >= {} only (gap {:+.4f} at e = {}); "
                            "worst gap {:.4f} at e = {}",
                            evidence.empty() ? "" : "; ", n == 1 ? "1" : "3/2", tau, from, gap_there,
                            largest_below_one, worst, worst_e);
  }
  v.holds = valid_near_one && invalid_somewhere;
  v.evidence = fmt::format("{} ({}). {}", v.holds ? "Holds, as a restriction" : "Does not hold", use_oracle ? "oracle" : "solver, finest dt",
                           evidence);
  return v;
}

ClaimVerdict model2_verdict(const RestitutionStudy& s, bool use_oracle) {
  ClaimVerdict v;
  v.claim = "model 2 is much more accurate regarding the restitution, in the full range [0,1] except for 0";
  const double F = s.params.much_factor;
  bool holds = true;
  std::string evidence, failures;
  for (double n : {1.0, 1.5}) {
    const auto g1 = gaps(s, 1, n, use_oracle);
    const auto g2 = gaps(s, 2, n, use_oracle);
    double worst2 = 0, worst2_e = 1, min_ratio = std::numeric_limits<double>::infinity(), min_ratio_e = 1;
    for (std::size_t i = 0; i < std::min(g1.size(), g2.size()); ++i) {
      const double e = g1[i].first;
      if (e >= 1) continue;
      const double a1 = std::abs(g1[i].second), a2 = std::abs(g2[i].second);
      if (a2 > worst2) worst2 = a2, worst2_e = e;
      const double ratio = a2 > 0 ? a1 / a2 : std::numeric_limits<double>::infinity();
      if (ratio < min_ratio) min_ratio = ratio, min_ratio_e = e;
      if (!(a2 * F <= a1)) {
        holds = false;
        failures += fmt::format("{}n = {} e = {} (model 1 gap {:.2e}, model 2 {:.2e})", failures.empty() ? "" : ", ",
                                n == 1 ? "1" : "3/2", e, a1, a2);
      }
    }
    evidence += fmt::format("{}n = {}: model 2's largest gap {:.2e} at e = {}; smallest ratio model 1 gap / model 2 "
                            "gap {:.1f} at e = {}",
                            evidence.empty() ? "" : "; ", n == 1 ? "1" : "3/2", worst2, worst2_e, min_ratio, min_ratio_e);
  }
  v.holds = holds;
  v.evidence = fmt::format("{} ({}; 'much' = a gap {} times smaller at every requested e < 1). {}{}",
                           holds ? "Holds" : "Does not hold", use_oracle ? "oracle" : "solver, finest dt", F, evidence,
                           failures.empty() ? "" : ". Fails at " + failures);
  return v;
}

RestitutionStudy run_restitution_study(const RestitutionParams& p,
                                       const std::function<void(const std::string&)>& progress) {
  const auto t0 = std::chrono::steady_clock::now();
  RestitutionStudy s;
  s.params = p;
  for (bool wall : {false, true})
    for (bool damped : {false, true})
      for (int model : p.models)
        for (double n : p.exponents) {
          if ((damped ? !p.damped_cases : !p.undamped_cases) || (wall && p.wall_requested.empty())) continue;
          if (progress)
            progress(fmt::format("restitution: model {}, n = {}, {}{}", model, n, wall ? "sphere-wall" : "sphere-sphere",
                                 damped ? ", damped" : ""));
          for (double e : wall ? p.wall_requested : p.requested) {
            RestitutionCase c;
            c.model = model;
            c.n = n;
            c.requested = e;
            c.damped = damped;
            c.wall = wall;
            const RestitutionCase* sphere = wall ? s.find(model, n, e, damped, false) : nullptr;
            run_case(c, p, sphere);
            if (wall && sphere) {
              // The same dimensionless problem at the same dt/T and onset samples: the achieved e
              // agrees to rounding (positions ~R carry the overlap ~X: relative rounding
              // 1e-16 R/X ~ 1e-13, over ~10^3 steps); 1e-9 bounds it.
              c.converges = sphere->converges && std::abs(c.achieved - sphere->achieved) <= 1e-9;
            } else if (wall) {
              c.converges = false;  // no sphere-sphere case to compare with
            }
            s.cases.push_back(std::move(c));
          }
        }
  s.all_converge = std::all_of(s.cases.begin(), s.cases.end(), [](const auto& c) { return c.converges; });
  s.hunt_crossley_small_loss = hunt_crossley_verdict(s, false);
  s.model2_full_range = model2_verdict(s, false);
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return s;
}

}  // namespace lawcheck::reports
