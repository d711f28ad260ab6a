#pragma once
// What every law-level property draws and how it runs it: a law configuration, a contact, its
// physics (the law's own make_phys), a time step and the scale of the loading paths; then the law
// driven along a path (path_driver.hpp). Each property (general_, elastic_energy_, coulomb_,
// rotational_, breakable_properties.hpp) draws its inputs with `*gen` (they appear in a failing
// case's counterexample), records its measurements (printed after the run) and asserts.
//
// Rounding tolerance of an energy identity (energy_tolerance). The tangential force (or
// displacement) is a running sum of increments kt dt vel (seed 000): each increment carries
// <= 3 roundings (du/dt, times dt, times kt) and each addition one more, so after k steps
// |dFt| <= 3 eps kt L_t + k eps |F|max, with L_t the tangential path length; a rotation summed
// the same way gives |dT| <= 3 eps kr L_r + k eps |T|max (kr the largest rotational stiffness,
// L_r the rotation path length). The work is a sum of N trapezoids, each with ~4 roundings
// relative to |F| |du| + |T| |dphi|. Hence, for an identity "work = energy" that is exact in real
// arithmetic,
//     |error| <= 8 eps (kt L_t^2 + kr L_r^2 + N (sum_k (|F_k| |du_k| + |T_k| |dphi_k|) + E_0 + E_N))
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
  MaterialPair<S> materials;  // the law's own, drawn by the subject (law_subject.hpp)
  typename S::Law::Phys phys;
  ContactLengths lengths;
  PathScale scale;

  ContactStiffness stiffness() const { return law.stiffness(phys); }
};

// The contact's radius-like size, sqrt(A / pi) (the area rules make A = pi r^2).
inline double contact_radius(const ContactLengths& l) {
  return std::sqrt(l.area / boost::math::constants::pi<double>());
}

// law: a configuration drawn by the property (default: any of S::law()).
template <LawSubject S>
LawCase<S> draw_case(gen::Range range, const typename S::Law& law) {
  LawCase<S> c{law, *gen::contact_case(range), {}, {}, {}, {}};
  c.materials = draw_materials<S>(c.contact.m1, c.contact.m2, range);
  c.lengths = lengths_of(c.contact);
  c.phys = phys_of(c.law, c.materials, c.contact);
  c.scale.uN0 = c.contact.uN0;
  c.scale.slip = S::path_unit(c.law, c.phys, c.contact.uN0);
  c.scale.angle = c.scale.slip / contact_radius(c.lengths);
  c.scale.dt = *gen::time_step();
  return c;
}

template <LawSubject S>
LawCase<S> draw_case(gen::Range range) {
  return draw_case<S>(range, *S::law());
}

template <LawSubject S>
PathRun<double> run_case(const LawCase<S>& c, const typename S::Law& law, const LoadingSpec& spec) {
  return run_path(law, c.phys, to_path(spec, c.scale), c.lengths);
}

// For paths that stay in compression (uN <= 0): no law may break on them. scale: the case's own,
// or the same path refined (passivity_properties.hpp).
template <LawSubject S>
PathRun<double> run_in_compression(const LawCase<S>& c, const typename S::Law& law, const LoadingSpec& spec,
                                   const PathScale& scale) {
  auto run = run_path(law, c.phys, to_path(spec, scale), c.lengths);
  RC_ASSERT(!run.broken());
  return run;
}

template <LawSubject S>
PathRun<double> run_in_compression(const LawCase<S>& c, const typename S::Law& law, const LoadingSpec& spec) {
  return run_in_compression(c, law, spec, c.scale);
}

inline double largest_rotational(const ContactStiffness& k) { return std::max(k.twist, k.bending); }

// Each stored energy enters by its magnitude: an adhesive spring stores a negative energy, and its
// rounding is relative to |E| all the same, and a signed sum could make the band negative.
inline double energy_tolerance(const PathRun<double>& run, const ContactStiffness& k) {
  double path_t = 0;
  double path_r = 0;
  double exchanged = 0;
  for (std::size_t i = 1; i <= run.steps(); ++i) {
    path_t += run.du[i].tail<2>().norm();
    path_r += run.dphi[i].norm();
    exchanged += run.response[i].force.norm() * run.du[i].norm() + run.response[i].torque.norm() * run.dphi[i].norm();
  }
  const double n = double(run.steps());
  return 8 * eps *
         (k.tangential * path_t * path_t + largest_rotational(k) * path_r * path_r +
          n * (exchanged + std::abs(run.elastic.front()) + std::abs(run.elastic.back())));
}

inline void check_finite(const PathRun<double>& run) {
  for (std::size_t k = 0; k <= run.steps(); ++k) {
    RC_ASSERT(run.response[k].force.allFinite());
    RC_ASSERT(run.response[k].torque.allFinite());
    RC_ASSERT(std::isfinite(run.elastic[k]));
    RC_ASSERT(std::isfinite(run.dissipated[k]));
  }
}

// Work = change of stored energy, no dissipation: the elastic identity (exact in real arithmetic
// for a linear elastic law: the trapezoid rule is exact on linear steps).
inline void check_elastic_balance(const PathRun<double>& run, const ContactStiffness& k, const char* what) {
  const double stored = run.elastic.back() - run.elastic.front();
  const double tol = energy_tolerance(run, k);
  measure(what, std::abs(run.work.back() - stored) / tol);
  RC_ASSERT(run.dissipated.back() == 0.0);
  RC_ASSERT(std::abs(run.work.back() - stored) <= tol);
}

}  // namespace lawcheck::properties
