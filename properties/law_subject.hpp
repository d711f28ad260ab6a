#pragma once
// What the property kit needs to know about a law beyond the solver's ContactLaw concept
// (solver/laws/contact_law.hpp): how to configure it, how its physics follows from a contact
// configuration, and its friction limit. A DEM developer verifies a new law by writing one such
// subject and instantiating the suite for it (law_property_suite.hpp, README.md).
//
//   Law                   the law in double (must meet ContactLaw); Law::rebind<HighPrecision>
//                         is the same law in 50 digits, reached through law.cast<S>() and
//                         phys.cast<S>() (precision separation)
//   law()                 generator of the configurations under test (elasto-plastic)
//   elastic(law)          the same law with slip disabled (noSlip), for the energy properties
//   phys(contact)         the law's physics for a generated contact configuration
//   yield_force(ph, fn)   the largest admissible |Ft| under the normal force fn
//   tangential_stiffness  kt, for the exact work quadrature of 1D elasto-plastic steps
//   yield_slip(ph, uN)    the tangential displacement that reaches the yield surface from rest;
//                         loading paths are drawn in units of it so that they both stick and slip
//   parameters(ph)        the contact's parameters (kn, kt, tanPhi), which must not depend on
//                         the order of the two particles

#include <algorithm>
#include <cmath>
#include <concepts>
#include <vector>

#include <rapidcheck.h>

#include "contact_case.hpp"
#include "core/vector_types.hpp"
#include "laws/contact_law.hpp"

namespace lawcheck::properties {

template <class S>
concept LawSubject = requires(const typename S::Law& law, const typename S::Law::Phys& ph,
                              const ContactCase& contact, double x) {
  requires ContactLaw<typename S::Law>;
  requires std::same_as<typename S::Law::Scalar, double>;
  requires ContactLaw<typename S::Law::template rebind<HighPrecision>>;
  { law.template cast<HighPrecision>() } -> std::same_as<typename S::Law::template rebind<HighPrecision>>;
  { ph.template cast<HighPrecision>() } -> std::same_as<typename S::Law::template rebind<HighPrecision>::Phys>;
  { S::law() } -> std::same_as<rc::Gen<typename S::Law>>;
  { S::elastic(law) } -> std::same_as<typename S::Law>;
  { S::phys(contact) } -> std::same_as<typename S::Law::Phys>;
  { S::yield_force(ph, x) } -> std::same_as<double>;
  { S::tangential_stiffness(ph) } -> std::same_as<double>;
  { S::yield_slip(ph, x) } -> std::same_as<double>;
  { S::parameters(ph) } -> std::same_as<std::vector<double>>;
};

// Subject for laws with FrictPhys physics, a Coulomb limit |Ft| <= |Fn| tanPhi and the flags of
// LinearCoulombLaw (no_break, no_slip, dissipation): the linear law and its test-only mutants.
template <class L>
struct CoulombSubject {
  using Law = L;

  static rc::Gen<Law> law() { return rc::gen::just(Law{}); }
  static Law elastic(Law law) {
    law.no_slip = true;
    return law;
  }
  static FrictPhys<double> phys(const ContactCase& c) { return frict_phys_of(c); }
  static double yield_force(const FrictPhys<double>& ph, double fn) { return std::abs(fn) * ph.tan_phi; }
  static double tangential_stiffness(const FrictPhys<double>& ph) { return ph.kt; }
  // With no friction or no tangential stiffness there is no yield slip; |uN| still gives the
  // paths a size (the tangential force is then identically zero).
  static double yield_slip(const FrictPhys<double>& ph, double uN) {
    const double slip = ph.kn * std::abs(uN) * ph.tan_phi / ph.kt;
    return std::isfinite(slip) && slip > 0 ? slip : std::abs(uN);
  }
  static std::vector<double> parameters(const FrictPhys<double>& ph) { return {ph.kn, ph.kt, ph.tan_phi}; }
};

}  // namespace lawcheck::properties
