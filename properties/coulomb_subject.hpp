#pragma once
// Subject for laws with FrictPhys physics, a Coulomb limit |Ft| <= |Fn| tanPhi, no rotational
// stiffness and the configuration of LinearCoulombLaw (no_break, no_slip, dissipation): the
// linear law and its test-only mutants (mutant_laws.hpp). Capabilities (law_subject.hpp):
// elastic energy, Coulomb-bounded, torque-free, breakable.

#include <cmath>
#include <vector>

#include <rapidcheck.h>

#include "generators.hpp"
#include "law_subject.hpp"
#include "laws/plastic_dissipation.hpp"
#include "physics/frict_phys.hpp"

namespace lawcheck::properties {

template <class L>
struct CoulombSubject {
  using Law = L;
  static constexpr bool rotational_stiffness = false;

  // Every configuration: both flags and the four formulas. Shrinking takes each towards the
  // default (false, false, the decided mean_yield_times_slip), so a counterexample keeps only the
  // flags it needs.
  static rc::Gen<Law> law() {
    return rc::gen::build<Law>(rc::gen::set(&Law::no_break, rc::gen::arbitrary<bool>()),
                               rc::gen::set(&Law::no_slip, rc::gen::arbitrary<bool>()),
                               rc::gen::set(&Law::dissipation, gen::element_of(all_plastic_dissipations)));
  }

  static Law elastic(Law law) {
    law.no_slip = true;
    return law;
  }
  static Law bounded(Law law) {
    law.no_slip = false;
    return law;
  }
  static Law exact_slip(Law law) {
    law.dissipation = decided_plastic_dissipation;
    return law;
  }
  static bool breaks(const Law& law) { return !law.no_break; }
  static Law breaking(Law law) {
    law.no_break = false;
    return law;
  }
  static Law unbreakable(Law law) {
    law.no_break = true;
    return law;
  }

  static double yield_force(const FrictPhys<double>& ph, double fn) { return std::abs(fn) * ph.tan_phi; }
  static double tangential_stiffness(const FrictPhys<double>& ph) { return ph.kt; }
  // The yield slip at uN0. With no friction or no tangential stiffness there is none; |uN| still
  // gives the paths a size (the tangential force is then identically zero).
  static double path_unit(const Law&, const FrictPhys<double>& ph, double uN) {
    const double slip = ph.kn * std::abs(uN) * ph.tan_phi / ph.kt;
    return std::isfinite(slip) && slip > 0 ? slip : std::abs(uN);
  }
  static std::vector<double> parameters(const FrictPhys<double>& ph) { return {ph.kn, ph.kt, ph.tan_phi}; }
};

}  // namespace lawcheck::properties
