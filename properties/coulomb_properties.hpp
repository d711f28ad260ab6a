#pragma once
// The Coulomb-bounded suite (law_subject.hpp, CoulombBoundedSubject): |Ft| <= fy after every
// step, dissipation never negative and never decreasing, exactly zero inside the yield surface,
// and the 1D work balance with the exact work of each slip step. The slip oracles
// (oracle_properties.hpp) complete the suite. Every property runs the drawn configuration with
// its friction limit on (S::bounded); those that claim the exact slip work also take the exact
// formula (S::exact_slip), the other formulas being what the kit must tell apart from it
// (mutation_test.cpp). Rounding tolerances: law_case.hpp.

#include <algorithm>
#include <cmath>

#include <rapidcheck.h>

#include "law_case.hpp"

namespace lawcheck::properties {

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

template <CoulombBoundedSubject S>
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
    for (const double d : run.response[k].dissipated.by_kind) RC_ASSERT(d >= 0);
    if (k > 0) RC_ASSERT(run.dissipated[k] >= run.dissipated[k - 1]);
  }
}

// 1D, constant normal force: work by exact_slip_work = stored elastic energy change + dissipation.
template <CoulombBoundedSubject S>
void check_energy_balance_1d(const LawCase<S>& c, const PathRun<double>& run) {
  const double kt = S::tangential_stiffness(c.phys);
  double work = 0;
  for (std::size_t k = 1; k <= run.steps(); ++k) {
    const double fy = S::yield_force(c.phys, run.response[k].force.x());
    work += exact_slip_work(run.response[k - 1].force.y(), run.du[k].y(), kt, fy);
  }
  const double balance = run.elastic.back() - run.elastic.front() + run.dissipated.back();
  const double tol = energy_tolerance(run, c.stiffness());
  measure("|W - dE - D| / tolerance", std::abs(work - balance) / tol);
  RC_ASSERT(std::abs(work - balance) <= tol);
}

template <CoulombBoundedSubject S>
void tangential_force_stays_within_coulomb_bound() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto spec = *gen::path_2d();
  const auto run = run_in_compression(c, S::bounded(c.law), spec);
  RC_CLASSIFY(run.dissipated.back() > 0, "slipped");
  check_coulomb_bound(c, run);
}

template <CoulombBoundedSubject S>
void dissipation_is_never_negative_and_never_decreases() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto spec = *gen::path_2d();
  const auto run = run_in_compression(c, S::bounded(c.law), spec);
  RC_CLASSIFY(run.dissipated.back() > 0, "slipped");
  check_dissipation_monotone(run);
}

template <CoulombBoundedSubject S>
void dissipation_is_zero_inside_the_yield_surface() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto spec = *gen::path_inside_yield_surface();
  const auto run = run_in_compression(c, S::bounded(c.law), spec);
  // The trial force stays within 0.99 of the yield force (the generator's margin) up to the
  // accumulated rounding (~1e-13 relative, see law_case.hpp), so no step may slip: exactly zero.
  double peak = 0;
  for (std::size_t k = 0; k <= run.steps(); ++k) {
    const auto& f = run.response[k].force;
    peak = std::max(peak, f.template tail<2>().norm() / S::yield_force(c.phys, f.x()));
  }
  measure("max |Ft| / fy along the path", peak);
  RC_ASSERT(run.dissipated.back() == 0.0);
}

template <CoulombBoundedSubject S>
void work_equals_stored_energy_plus_dissipation_on_1d_paths() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto spec = *gen::path_1d();
  const auto run = run_in_compression(c, S::exact_slip(S::bounded(c.law)), spec);
  RC_CLASSIFY(run.dissipated.back() > 0, "slipped");
  check_energy_balance_1d(c, run);
}

}  // namespace lawcheck::properties
