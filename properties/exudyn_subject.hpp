#pragma once
// The kit's subject for Exudyn's sphere-sphere law (solver/laws/exudyn_law.hpp, seed 003).
// The kit draws FrictMat pairs (contact_case.hpp); Exudyn's parameters live on the
// law (as on Exudyn's connector) and its material is a density that the law never reads (it only
// gives the solver's particles their mass). So the subject's law is ExudynKitLaw: ExudynLaw with
// Material = FrictMat, whose drawn parameters are the configuration; the FrictMats are ignored,
// which makes the contact's physics (min of the two lengths) symmetric in the two particles.
//
// Configurations (law()): impact model 0, 1, 2; d in d_p from the history or (the seed's text) the
// current overlap; v_- remembered at first penetration or (the seed's text) the current gap
// velocity; each with and without damping, friction, adhesion. Ranges, for the kit's contacts
// (radii 1 mm .. 1 m, overlaps 1e-4 .. 1e-1 of the radius, dt 1e-7 .. 1e-3 s, gap speeds up to
// ~1e3 m/s, gen::contact_case):
//   k_c      1e4 .. 9e10 N/m^n    (Hertz 4/3 E* sqrt(R*) for E = 1e6 .. 1e11 Pa, R* = 1 mm .. 1 m)
//   n        1/2, 1, 3/2, 2, 5/2, 3   (linear 1, Hertz 3/2; the seed asks only n > 0)
//   d_c      0 or 1e-2 .. 9e3 N s/m
//   mu_d     0 or 0.1 .. 1;  v_reg 1e-4 .. 9 m/s
//   f_adh    0 or 1e-3 .. 9e1 N;  k_adh 0 or 1e2 .. 9e8 N/m^n_adh;  n_adh as n   (model 0)
//   lambda_P 0 or 0.1 .. 0.9   (model 0; < 1 by the seed)
//   e_res    0.01 .. 1   (models 1, 2; both of model 2's branches, e <= 1/3 and e > 1/3)
//   v_min    0 or 1e-4 .. 9 m/s   (models 1, 2)
// Every drawn set passes ExudynLaw::validate() (exudyn_properties_test.cpp checks it).
// Capabilities (law_subject.hpp): any law; torque-free (the law returns no torque: the lever-arm
// torques are the contact loop's). Not Coulomb-bounded (the regularised friction is a damper,
// mu_d f_n v_t / max(|v_t|, v_reg), no spring and no slip); not breakable in the kit's sense (no
// noBreak configuration: the contact always ends at uN > 0); no elastic configuration whose
// paths the kit's exact trapezoid work fits (the spring is d^n: the trapezoid is exact only for
// n = 1). The properties Exudyn claims beyond these are exudyn_properties.hpp.

#include <algorithm>
#include <cmath>
#include <limits>
#include <ostream>
#include <string_view>
#include <vector>

#include <rapidcheck.h>

#include "core/high_precision.hpp"
#include "generators.hpp"
#include "law_subject.hpp"
#include "laws/exudyn_law.hpp"

namespace lawcheck {

inline void showValue(const ExudynLaw<double>& l, std::ostream& os) {
  os << "ExudynLaw{impactModel=" << l.impact_model << " k_c=" << l.contact_stiffness
     << " n=" << l.stiffness_exponent << " d_c=" << l.contact_damping << " mu_d=" << l.dynamic_friction
     << " v_reg=" << l.friction_zone;
  if (l.impact_model == 0)
    os << " f_adh=" << l.pull_off_force << " lambda_P=" << l.plasticity_ratio << " k_adh=" << l.adhesion_coefficient
       << " n_adh=" << l.adhesion_exponent << " plasticOverlap=" << name_of(l.plastic_overlap);
  else
    os << " e_res=" << l.restitution << " v_min=" << l.minimum_impact_velocity
       << " impactVelocity=" << name_of(l.impact_velocity);
  os << '}';
}

}  // namespace lawcheck

namespace lawcheck::properties {

// ExudynLaw seen through FrictMat: every member forwards to the law unchanged.
template <class R>
struct ExudynKitLaw {
  using Scalar = R;
  using Phys = ExudynPhys<R>;
  using State = typename ExudynLaw<R>::State;
  using Material = FrictMat;
  template <class S> using rebind = ExudynKitLaw<S>;

  static constexpr std::string_view name = ExudynLaw<R>::name;
  static constexpr auto energy_kinds = ExudynLaw<R>::energy_kinds;

  ExudynLaw<R> exudyn;

  template <class S>
  rebind<S> cast() const {
    return {exudyn.template cast<S>()};
  }

  void validate() const { exudyn.validate(); }
  Phys make_phys(const FrictMat&, const FrictMat&, const ContactCreation& c) const {
    return exudyn.make_phys(ExudynMat{}, ExudynMat{}, c);
  }
  State initial_state(const ContactCreation& c, const Phys& ph) const { return exudyn.initial_state(c, ph); }
  ContactStiffness stiffness(const Phys& ph) const { return exudyn.stiffness(ph); }
  template <bool TrackEnergy>
  LocalResponse<R> step(const LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) const {
    return exudyn.template step<TrackEnergy>(g, ph, s, dt);
  }
  R elastic_energy(const LocalGeom<R>& g, const Phys& ph, const State& s) const {
    return exudyn.elastic_energy(g, ph, s);
  }
};

static_assert(SolverLaw<ExudynKitLaw<double>>);
static_assert(ContactLaw<ExudynKitLaw<HighPrecision>>);

inline void showValue(const ExudynKitLaw<double>& law, std::ostream& os) { showValue(law.exudyn, os); }

namespace gen {

// Zero in about one draw of three, else `values`.
inline rc::Gen<double> zero_or(const rc::Gen<double>& values) {
  return rc::gen::weightedOneOf<double>({{1, rc::gen::just(0.0)}, {2, values}});
}

// Exponents 1/2 .. 3 in halves.
inline rc::Gen<double> exudyn_exponent() {
  return rc::gen::map(rc::gen::inRange(1, 7), [](int h) { return h / 2.0; });
}

// One Exudyn parameter set (header: ranges); the fields of the other models keep their defaults.
inline rc::Gen<ExudynLaw<double>> exudyn_law() {
  return rc::gen::apply(
      [](int model, double k, double n, double d, double mu, double v_reg, double f_adh, double lambda_p,
         double k_adh, double n_adh, int e_percent, double v_min, bool literal_d, bool literal_v) {
        ExudynLaw<double> l;
        l.impact_model = model;
        l.contact_stiffness = k;
        l.stiffness_exponent = n;
        l.contact_damping = d;
        l.dynamic_friction = mu;
        l.friction_zone = v_reg;
        if (model == 0) {
          l.pull_off_force = f_adh;
          l.plasticity_ratio = lambda_p;
          l.adhesion_coefficient = k_adh;
          l.adhesion_exponent = n_adh;
          l.plastic_overlap = literal_d ? PlasticOverlap::current : PlasticOverlap::history;
        } else {
          l.restitution = e_percent / 100.0;
          l.minimum_impact_velocity = v_min;
          l.impact_velocity = literal_v ? ImpactVelocity::current : ImpactVelocity::remembered;
        }
        return l;
      },
      rc::gen::inRange(0, 3), decimal(4, 10), exudyn_exponent(), zero_or(decimal(-2, 3)), zero_or(tenths()),
      decimal(-4, 0), zero_or(decimal(-3, 1)), zero_or(tenths(1, 9)), zero_or(decimal(2, 8)), exudyn_exponent(),
      rc::gen::inRange(1, 101), zero_or(decimal(-4, 0)),
      // the seed's literal readings in one draw of four
      rc::gen::map(rc::gen::inRange(0, 4), [](int i) { return i == 0; }),
      rc::gen::map(rc::gen::inRange(0, 4), [](int i) { return i == 0; }));
}

}  // namespace gen

struct ExudynSubject {
  using Law = ExudynKitLaw<double>;
  static constexpr bool rotational_stiffness = false;

  static rc::Gen<Law> law() {
    return rc::gen::map(gen::exudyn_law(), [](ExudynLaw<double> l) { return Law{l}; });
  }

  // No yield slip: tangential paths are drawn in units of the overlap, so that tangential and
  // normal gap speeds are of one order (the friction's regularised zone and its sliding branch
  // are both reached across the drawn v_reg).
  static double path_unit(const Law&, const ExudynPhys<double>&, double uN) { return std::abs(uN); }
  // Passivity (passivity_properties.hpp): the viscous, hysteresis and friction kinds are booked as
  // trapezoids of the previous and the current damper force (exudyn_law.hpp), negative in a step
  // where the velocity reverses; the plastic one is the drop of the potential as the history
  // d_max grows, never negative.
  static bool stepwise_positive(EnergyKind kind) { return kind == EnergyKind::plastic_normal; }
  // The ledger's order (passivity_properties.hpp): the springs d^n and, in model 0, k_adh d^n_adh
  // have a bounded stiffness only for exponents >= 1.
  static bool lipschitz(const Law& law) {
    const auto& l = law.exudyn;
    return l.stiffness_exponent >= 1 && (l.impact_model != 0 || l.adhesion_coefficient == 0 || l.adhesion_exponent >= 1);
  }
  // The contact's own parameters: the length of its time-step bound (min of the two).
  static std::vector<double> parameters(const ExudynPhys<double>& ph) { return {ph.length}; }

  // Force terms (ForceTermsSubject, law_subject.hpp), for overlaps d <= `overlap` (so also
  // d_max <= overlap) and |vel| <= `speed`; the normal force's terms (exudyn_law.hpp):
  //   spring k d^n; model 0: f_adh, k2 (d^n - lambda_P d_max^n) <= k2 (1 + lambda_P) d^n,
  //   k_adh d^n_adh; damper d_c |v_dn|; models 1, 2: hysteresis chi k d^n |v_dn| / v_-.
  // v_-: the kit makes every contact at rest (path_driver.hpp, two_body_scenario.hpp), so the
  // remembered v_- is max(v_min, 0) = v_min (the term is off at v_min = 0); the current one is
  // max(v_min, -v_dn), so |v_dn| / v_- <= max(1, speed / v_min) (<= 1 at v_min = 0, where the
  // term is chi k d^n while approaching and 0 otherwise).
  static double normal_terms(const ExudynLaw<double>& l, double overlap, double speed) {
    const double spring = l.contact_stiffness * std::pow(overlap, l.stiffness_exponent);
    double terms = spring + l.contact_damping * speed;
    if (l.impact_model == 0) {
      terms += l.pull_off_force + spring * (1 + l.plasticity_ratio) / (1 - l.plasticity_ratio) +
               l.adhesion_coefficient * std::pow(overlap, l.adhesion_exponent);
    } else if (l.restitution < 1) {
      const double v_min = l.minimum_impact_velocity;
      const double hysteresis = exudyn_chi(l.impact_model, l.restitution) * spring;
      if (v_min > 0)
        terms += hysteresis * std::max(1.0, speed / v_min);
      else if (l.impact_velocity == ImpactVelocity::current)
        terms += hysteresis;
    }
    return terms;
  }
  // The terms of the spring energy (exudyn_law.hpp, spring_energy) for d, d_max <= D: model 0
  // sums f_adh d, the adhesive k_adh (b^(n_adh+1) - a^(n_adh+1)) / (n_adh + 1), the unloading
  // k2 ((b^(n+1) - a^(n+1)) / (n+1) - lambda_P d_max^n (b - a)) and the loading
  // k (b^(n+1) - a^(n+1)) / (n+1), each of a, b <= D. At lambda_P = 1/(n+1) the unloading branch's
  // two parts cancel almost exactly, so the energy is far smaller than its terms and a plastic
  // booking (a difference of two energies) rounds relative to these terms.
  static double energy_terms(const Law& law, const ExudynPhys<double>&, double D) {
    const ExudynLaw<double>& l = law.exudyn;
    const double n = l.stiffness_exponent;
    const double power = std::pow(D, n + 1);
    if (l.impact_model != 0) return l.contact_stiffness * power / (n + 1);
    const double k2 = l.contact_stiffness / (1 - l.plasticity_ratio);
    const double na = l.adhesion_exponent;
    return std::abs(l.pull_off_force) * D + 2 * std::abs(l.adhesion_coefficient) * std::pow(D, na + 1) / (na + 1) +
           2 * k2 * power * (1 / (n + 1) + l.plasticity_ratio) + 2 * l.contact_stiffness * power / (n + 1);
  }
  // The friction force mu_d max(f_n, 0) v_t / max(|v_t|, v_reg) has magnitude <= mu_d f_n.
  static double force_scale(const Law& law, const ExudynPhys<double>&, double overlap, double speed) {
    return (1 + law.exudyn.dynamic_friction) * normal_terms(law.exudyn, overlap, speed);
  }
  // dF/dv: the normal force has slope d_c + chi k d^n / v_- in v_dn (hysteresis: v_- = v_min
  // while it depends on v_dn; remembered at v_min = 0 it is off; current at v_min = 0 it jumps
  // by chi k d^n as v_dn crosses 0: infinite), and the friction follows f_n with factor mu_d
  // (max(f_n, 0) is 1-Lipschitz). In v_t the friction has slope mu_d f_n / v_reg inside the
  // regularised zone and mu_d f_n / |v_t| < mu_d f_n / v_reg across the direction outside it.
  static VelocitySensitivity velocity_sensitivity(const Law& law, const ExudynPhys<double>&, double overlap,
                                                  double speed) {
    const ExudynLaw<double>& l = law.exudyn;
    double normal = l.contact_damping;
    if (l.impact_model != 0 && l.restitution < 1) {
      const double hysteresis =
          exudyn_chi(l.impact_model, l.restitution) * l.contact_stiffness * std::pow(overlap, l.stiffness_exponent);
      if (l.minimum_impact_velocity > 0)
        normal += hysteresis / l.minimum_impact_velocity;
      else if (l.impact_velocity == ImpactVelocity::current && hysteresis > 0)
        normal = std::numeric_limits<double>::infinity();
    }
    return {(1 + l.dynamic_friction) * normal,
            l.dynamic_friction * normal_terms(l, overlap, speed) / l.friction_zone};
  }
};

static_assert(TorqueFreeSubject<ExudynSubject>);
static_assert(ForceTermsSubject<ExudynSubject>);
static_assert(EnergyTermsSubject<ExudynSubject>);

}  // namespace lawcheck::properties
