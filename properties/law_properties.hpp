#pragma once
// The law-level invariants of the kit, written once for any law with a LawSubject
// (law_subject.hpp). Each function is one RapidCheck property: it draws its inputs with `*gen`
// (they appear in a failing case's counterexample), drives the law along a loading path
// (path_driver.hpp), records its measurements (printed after the run) and asserts.
//
// Rounding tolerances. The tangential force is a running sum of increments kt dt vel (seed 000):
// each increment carries <= 3 roundings (du/dt, times dt, times kt) and each addition one more,
// so after k steps |dFt| <= 3 eps kt L_t + k eps |F|max, with L_t the tangential path length.
// The work is a sum of N trapezoids, each with ~4 roundings relative to |F| |du|. Hence, for an
// identity "work = energy" that is exact in real arithmetic,
//     |error| <= 8 eps (kt L_t^2 + N (sum_k |F_k| |du_k| + E_0 + E_N))      (energy_tolerance)
// where 8 covers the constants above with a margin of ~2. The printed "error / tolerance" shows
// how much of it a run used.

#include <algorithm>
#include <cmath>
#include <limits>

#include <rapidcheck.h>

#include "generators.hpp"
#include "law_subject.hpp"
#include "path_driver.hpp"
#include "property_runner.hpp"

namespace lawcheck::properties {

inline constexpr double eps = std::numeric_limits<double>::epsilon();

template <LawSubject S>
struct LawCase {
  typename S::Law law;
  ContactCase contact;
  typename S::Law::Phys phys;
  ContactLengths lengths;
  double dt;
  double slip;  // yield slip at uN0: the unit of the tangential loading paths
};

template <LawSubject S>
LawCase<S> draw_case(gen::Range range) {
  LawCase<S> c{*S::law(), *gen::contact_case(range), {}, {}, *gen::time_step(), 0};
  c.phys = S::phys(c.contact);
  c.lengths = lengths_of(c.contact);
  c.slip = S::yield_slip(c.phys, c.contact.uN0);
  return c;
}

template <LawSubject S>
PathRun<double> run_case(const LawCase<S>& c, const typename S::Law& law, const LoadingSpec& spec) {
  auto run = run_path(law, c.phys, to_path(spec, c.contact.uN0, c.slip, c.dt), c.lengths);
  RC_ASSERT(!run.broken);  // every generated path keeps uN <= 0
  return run;
}

inline double energy_tolerance(const PathRun<double>& run, double kt) {
  double path_t = 0;
  double exchanged = 0;
  for (std::size_t k = 1; k <= run.steps(); ++k) {
    path_t += run.du[k].template tail<2>().norm();
    exchanged += run.response[k].force.norm() * run.du[k].norm();
  }
  const double n = double(run.steps());
  return 8 * eps * (kt * path_t * path_t + n * (exchanged + run.elastic.front() + run.elastic.back()));
}

// Work of the continuous elastic - perfectly plastic spring (stiffness kt, yield force fy) over a
// straight tangential increment du from force a (|a| <= fy): along the motion the force is
// g(x) = min(a sgn(du) + kt x, fy), so the work is the area under g up to |du| -- a trapezoid up
// to the yield point and a rectangle after it. Exact for the law's piecewise behaviour.
inline double exact_slip_work(double a, double du, double kt, double fy) {
  if (du == 0) return 0;
  const double x = std::abs(du);
  const double g0 = du > 0 ? a : -a;
  const double x_yield = std::clamp((fy - g0) / kt, 0.0, x);
  return g0 * x_yield + kt * x_yield * x_yield / 2 + fy * (x - x_yield);
}

// --- checks shared by several properties -----------------------------------------------------

inline void check_finite(const PathRun<double>& run) {
  for (std::size_t k = 0; k <= run.steps(); ++k) {
    RC_ASSERT(run.response[k].force.allFinite());
    RC_ASSERT(run.response[k].torque.allFinite());
    RC_ASSERT(std::isfinite(run.elastic[k]));
    RC_ASSERT(std::isfinite(run.dissipated[k]));
  }
}

template <LawSubject S>
void check_coulomb_bound(const LawCase<S>& c, const PathRun<double>& run) {
  double worst = 0;
  for (std::size_t k = 0; k <= run.steps(); ++k) {
    const auto& f = run.response[k].force;
    const double fy = S::yield_force(c.phys, f.x());
    const double ft = f.template tail<2>().norm();
    // Radial return scales the trial force by fy/|trial|: |trial| (sqrt of a sum of squares), the
    // quotient, the two products and the norm taken here each add <= 1.5 eps relative; 8 eps
    // bounds them. No absolute slack: fy = 0 must give Ft = 0 exactly.
    RC_ASSERT(ft <= fy * (1 + 8 * eps));
    if (fy > 0) worst = std::max(worst, ft / fy);
  }
  measure("|Ft| / (|Fn| tanPhi)", worst);
}

inline void check_dissipation_monotone(const PathRun<double>& run) {
  for (std::size_t k = 0; k <= run.steps(); ++k) {
    RC_ASSERT(run.response[k].dissipation() >= 0);
    if (k > 0) RC_ASSERT(run.dissipated[k] >= run.dissipated[k - 1]);
  }
}

// 1D, constant normal force: work by exact_slip_work = stored elastic energy change + dissipation.
template <LawSubject S>
void check_energy_balance_1d(const LawCase<S>& c, const PathRun<double>& run) {
  const double kt = S::tangential_stiffness(c.phys);
  double work = 0;
  for (std::size_t k = 1; k <= run.steps(); ++k) {
    const double fy = S::yield_force(c.phys, run.response[k].force.x());
    work += exact_slip_work(run.response[k - 1].force.y(), run.du[k].y(), kt, fy);
  }
  const double balance = run.elastic.back() - run.elastic.front() + run.dissipated.back();
  const double tol = energy_tolerance(run, kt);
  measure("|W - dE - D| / tolerance", std::abs(work - balance) / tol);
  RC_ASSERT(std::abs(work - balance) <= tol);
}

// --- the properties ----------------------------------------------------------------------------

template <LawSubject S>
void tangential_force_stays_within_coulomb_bound() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto spec = *gen::path_2d();
  const auto run = run_case(c, c.law, spec);
  RC_CLASSIFY(run.dissipated.back() > 0, "slipped");
  check_coulomb_bound(c, run);
}

template <LawSubject S>
void dissipation_is_never_negative_and_never_decreases() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto spec = *gen::path_2d();
  const auto run = run_case(c, c.law, spec);
  RC_CLASSIFY(run.dissipated.back() > 0, "slipped");
  check_dissipation_monotone(run);
}

template <LawSubject S>
void dissipation_is_zero_inside_the_yield_surface() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto spec = *gen::path_inside_yield_surface();
  const auto run = run_case(c, c.law, spec);
  // The trial force stays within 0.99 of the yield force (the generator's margin) up to the
  // accumulated rounding (~1e-13 relative, see above), so no step may slip: exactly zero.
  double peak = 0;
  for (std::size_t k = 0; k <= run.steps(); ++k) {
    const auto& f = run.response[k].force;
    peak = std::max(peak, f.template tail<2>().norm() / S::yield_force(c.phys, f.x()));
  }
  measure("max |Ft| / fy along the path", peak);
  RC_ASSERT(run.dissipated.back() == 0.0);
}

// An elastic path: the law with slip disabled on any path, or the law itself on a path inside the
// yield surface. Work = change of stored elastic energy (trapezoid work is exact: elastic steps
// are linear in u).
template <LawSubject S>
void work_on_an_elastic_path_equals_the_stored_elastic_energy() {
  const auto c = draw_case<S>(gen::Range::typical);
  const bool no_slip = *rc::gen::arbitrary<bool>();
  const auto law = no_slip ? S::elastic(c.law) : c.law;
  const auto spec = no_slip ? *gen::path_2d() : LoadingSpec(*gen::path_inside_yield_surface());
  const auto run = run_case(c, law, spec);
  const double stored = run.elastic.back() - run.elastic.front();
  const double tol = energy_tolerance(run, S::tangential_stiffness(c.phys));
  measure("|W - dE| / tolerance", std::abs(run.work.back() - stored) / tol);
  RC_ASSERT(run.dissipated.back() == 0.0);
  RC_ASSERT(std::abs(run.work.back() - stored) <= tol);
}

template <LawSubject S>
void closed_elastic_loop_returns_the_same_energy() {
  const auto c = draw_case<S>(gen::Range::typical);
  const bool no_slip = *rc::gen::arbitrary<bool>();
  const auto law = no_slip ? S::elastic(c.law) : c.law;
  LoadingSpec spec;
  if (no_slip) {
    spec = *gen::closed_loop_2d();
  } else {
    auto inside = *gen::path_inside_yield_surface();
    inside.corners.push_back(Corner{4, 0, 0, inside.corners.back().steps});
    spec = inside;
  }
  const auto run = run_case(c, law, spec);
  const double tol = energy_tolerance(run, S::tangential_stiffness(c.phys));
  const double de = std::abs(run.elastic.back() - run.elastic.front());
  measure("|E_end - E_start| / tolerance", de / tol);
  measure("|W_loop| / tolerance", std::abs(run.work.back()) / tol);
  RC_ASSERT(de <= tol);
  RC_ASSERT(std::abs(run.work.back()) <= tol);
}

template <LawSubject S>
void work_equals_stored_energy_plus_dissipation_on_1d_paths() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto spec = *gen::path_1d();
  const auto run = run_case(c, c.law, spec);
  RC_CLASSIFY(run.dissipated.back() > 0, "slipped");
  check_energy_balance_1d(c, run);
}

// Double and 50-digit runs of the same path agree to the rounding of double: the force is a
// running sum over N <= 128 steps of increments with <= 4 roundings, and |dFt| <= 3 eps kt L_t
// with L_t <= 64 yield slips (8 corners x 8 slips), i.e. <= 200 eps |F|max ~ 5e-14 relative; the
// issue's 1e-12 bound keeps a factor 20 above that. Energies are compared on the scale of the
// energy exchanged along the path.
template <LawSubject S>
void double_and_fifty_digit_runs_agree_to_rounding() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto spec = *gen::path_2d();
  const auto path = to_path(spec, c.contact.uN0, c.slip, c.dt);
  const auto lo = run_path(c.law, c.phys, path, c.lengths);
  const auto hi = run_path(c.law.template cast<HighPrecision>(), c.phys.template cast<HighPrecision>(),
                           path, c.lengths);
  RC_ASSERT(!lo.broken);
  RC_ASSERT(!hi.broken);
  double force_scale = 0;
  double stored_max = 0;
  double exchanged = 0;
  for (std::size_t k = 0; k <= hi.steps(); ++k) {
    force_scale = std::max(force_scale, static_cast<double>(hi.response[k].force.norm()));
    stored_max = std::max(stored_max, static_cast<double>(hi.elastic[k]));
    exchanged += static_cast<double>(hi.response[k].force.norm() * hi.du[k].norm());
  }
  const double energy_scale = stored_max + exchanged;
  double force_error = 0;
  double energy_error = 0;
  for (std::size_t k = 0; k <= hi.steps(); ++k) {
    const Vec3d f_hi = hi.response[k].force.template cast<double>();
    force_error = std::max(force_error, (lo.response[k].force - f_hi).norm());
    energy_error = std::max({energy_error, std::abs(lo.elastic[k] - static_cast<double>(hi.elastic[k])),
                             std::abs(lo.dissipated[k] - static_cast<double>(hi.dissipated[k]))});
  }
  const double force_rel = force_scale > 0 ? force_error / force_scale : force_error;
  const double energy_rel = energy_scale > 0 ? energy_error / energy_scale : energy_error;
  measure("force |double - 50 digits| / max |F|", force_rel);
  measure("energy |double - 50 digits| / energy scale", energy_rel);
  RC_ASSERT(force_rel <= 1e-12);
  RC_ASSERT(energy_rel <= 1e-12);
}

// Extreme but valid inputs (Range::extreme: kt/kn 1e-6..1e6, radii 1e-6..1e2 m, zero friction;
// paths reaching zero normal force and, on the half-slip grid, exactly the yield surface):
// nothing becomes NaN or infinite and the properties above still hold.
template <LawSubject S>
void extreme_valid_inputs_stay_finite_and_keep_every_property() {
  const auto c = draw_case<S>(gen::Range::extreme);
  const bool one_d = *rc::gen::arbitrary<bool>();
  const auto spec = one_d ? LoadingSpec(*gen::path_1d()) : *gen::path_2d();
  const auto run = run_case(c, c.law, spec);
  RC_CLASSIFY(S::yield_force(c.phys, 1.0) == 0, "frictionless");
  RC_CLASSIFY(run.dissipated.back() > 0, "slipped");
  check_finite(run);
  check_coulomb_bound(c, run);
  check_dissipation_monotone(run);
  if (one_d) check_energy_balance_1d(c, run);
  const auto elastic = run_case(c, S::elastic(c.law), spec);
  check_finite(elastic);
  const double tol = energy_tolerance(elastic, S::tangential_stiffness(c.phys));
  RC_ASSERT(std::abs(elastic.work.back() - (elastic.elastic.back() - elastic.elastic.front())) <= tol);
}

}  // namespace lawcheck::properties
