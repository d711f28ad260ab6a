#pragma once
// What the property kit needs to know about a law beyond the solver's SolverLaw concept
// (solver/laws/contact_law.hpp), split by capability: a law's subject says which capabilities
// the law has, and the law instantiates the suites of those (law_property_suite.hpp, README.md).
//
// LawSubject -- every law (general_properties.hpp, geometry_properties.hpp):
//   Law                   the law in double: it meets every rule of solver/laws/law_rules.hpp
//                         (checked with the rule named); Law::rebind<HighPrecision> is the same
//                         law in 50 digits, reached through law.cast<S>() and phys.cast<S>()
//                         (precision separation)
//   material(range)       rc::Gen<Law::Material>: the law's own materials, drawn for each side
//                         of a contact (gen::Range::typical or ::extreme); optional for a law whose
//                         Material is FrictMat (the kit then uses the FrictMat pair it draws with
//                         the contact, contact_case.hpp, which its Coulomb oracles also read)
//   law()                 generator of EVERY configuration of the law: each flag, each formula,
//                         each named option -- the general suites (50 digits, isotropy,
//                         symmetry, objectivity) run on all of them
//   path_unit(law, ph, uN0)  the tangential displacement of one unit of the generated paths
//                         (a Coulomb law: the yield slip, so that paths both stick and slip)
//   parameters(ph)        the contact's parameters, which must not depend on the order of the
//                         two particles
//   rotational_stiffness  true if the law has twist / bending springs (rotational suite),
//                         false if it must return zero torque on any path (torque-free suite)
// The contact's physics is the law's own: law.make_phys(m1, m2, creation) (phys_of below).
//
// ElasticEnergySubject -- a law with elastic configurations (elastic_energy_properties.hpp):
//   elastic(law)          the configuration made purely elastic (a Coulomb law: noSlip; a law
//                         that is elastic anyway: itself)
// CoulombBoundedSubject -- |Ft| <= fy (coulomb_properties.hpp, oracle_properties.hpp):
//   bounded(law)          the configuration with its friction limit on (noSlip off)
//   exact_slip(law)       ... with the dissipation formula that is the exact work of a 1D slip
//                         step (the decided formula; what the 1D balance and the oracles claim)
//   yield_force(ph, fn)   the largest admissible |Ft| under the normal force fn
//   tangential_stiffness  kt, for the exact work quadrature of 1D elasto-plastic steps
// RotationalSubject -- rotational_stiffness == true and ElasticEnergySubject
//   (rotational_properties.hpp): torque work = stored rotational energy on elastic paths.
// TorqueFreeSubject -- rotational_stiffness == false (rotational_properties.hpp): zero torque.
// BreakableSubject -- contacts that break in tension (breakable_properties.hpp):
//   breaks(law)           whether this configuration breaks at uN > 0 (noBreak off)
//   breaking(law), unbreakable(law)   the configuration with noBreak off / on
// ThresholdSubject -- a law whose step takes discontinuous decisions, where the response jumps
//   as a value crosses a limit (a bond breaks at a force), so that a double run and a 50-digit
//   run may branch apart when the value lies within rounding of the limit (general_properties.hpp):
//   decisions(law, ph, F, T, uN, du, dphi)   the step's tests "value > limit", recomputed in double
//                         from the response of the previous step (F, T; zero at a step that makes
//                         the contact), the step's uN and increments: {value, limit, size}, size
//                         the magnitude of the terms the value is computed from (rounding band).
//   A decision that is continuous in its value (a radial return: |F| > y or not gives the same
//   force at |F| = y) needs no entry. A law without such decisions is not a ThresholdSubject.
// Passivity (passivity_properties.hpp) needs nothing more of any law; two optional members narrow
// it where a law's bookkeeping says so:
//   stepwise_positive(kind)   whether the law books `kind` >= 0 in every step (default: every
//                         kind but `released`; a damper booked as a trapezoid of two forces is not)
//   lipschitz(law)        whether the configuration's force is Lipschitz in the displacement, so
//                         that the ledger's residual has an order to check (default: true; a spring
//                         d^p with p < 1 is not)
// ForceTermsSubject -- a law whose force is a sum of terms that may cancel, some of them
//   velocity-dependent (dampers, hysteresis, regularised friction), so that the rounding of a
//   force is not bounded by eps |F| nor by eps kt (path length) (general_properties.hpp,
//   geometry_properties.hpp use these bounds in their tolerances when the subject has them):
//   force_scale(law, ph, overlap, speed)   bound on the sum of the magnitudes of the force's
//                         terms over every state with overlap <= `overlap` and |vel| <= `speed`
//                         reached from a contact made at rest (as the kit makes them): each
//                         term is computed with a few relative roundings of its own size
//   velocity_sensitivity(law, ph, overlap, speed)   {normal, tangential}: bounds on |dF/dv_n|
//                         and |dF/dv_t| over the same states (how much the force amplifies a
//                         velocity's rounding); +inf where the force jumps with the velocity

#include <array>
#include <concepts>
#include <vector>

#include <rapidcheck.h>

#include "core/high_precision.hpp"
#include "contact_case.hpp"
#include "generators.hpp"
#include "core/vector_types.hpp"
#include "laws/contact_law.hpp"
#include "laws/law_rules.hpp"

namespace lawcheck::properties {

// Whether the subject draws its law's materials itself (LawSubject: material(range)).
template <class S>
concept OwnMaterialSubject = requires(gen::Range range) {
  { S::material(range) } -> std::same_as<rc::Gen<typename S::Law::Material>>;
};

template <class S>
consteval bool check_subject_material() {
  static_assert(OwnMaterialSubject<S> || std::same_as<typename S::Law::Material, FrictMat>,
                "lawcheck kit rule (material): the subject of a law whose Material is not FrictMat supplies "
                "`static rc::Gen<Law::Material> material(gen::Range range)`");
  return true;
}

template <class S>
concept LawSubject = requires(const typename S::Law& law, const typename S::Law::Phys& ph, double x) {
  requires check_law_rules<typename S::Law>();
  requires SolverLaw<typename S::Law>;
  requires check_subject_material<S>();
  requires ContactLaw<typename S::Law::template rebind<HighPrecision>>;
  { law.template cast<HighPrecision>() } -> std::same_as<typename S::Law::template rebind<HighPrecision>>;
  { ph.template cast<HighPrecision>() } -> std::same_as<typename S::Law::template rebind<HighPrecision>::Phys>;
  { S::law() } -> std::same_as<rc::Gen<typename S::Law>>;
  { S::path_unit(law, ph, x) } -> std::same_as<double>;
  { S::parameters(ph) } -> std::same_as<std::vector<double>>;
  { S::rotational_stiffness } -> std::convertible_to<bool>;
};

template <class S>
concept ElasticEnergySubject = LawSubject<S> && requires(const typename S::Law& law) {
  { S::elastic(law) } -> std::same_as<typename S::Law>;
};

template <class S>
concept CoulombBoundedSubject =
    ElasticEnergySubject<S> && requires(const typename S::Law& law, const typename S::Law::Phys& ph, double x) {
      { S::bounded(law) } -> std::same_as<typename S::Law>;
      { S::exact_slip(law) } -> std::same_as<typename S::Law>;
      { S::yield_force(ph, x) } -> std::same_as<double>;
      { S::tangential_stiffness(ph) } -> std::same_as<double>;
    };

template <class S>
concept RotationalSubject = ElasticEnergySubject<S> && S::rotational_stiffness;

template <class S>
concept TorqueFreeSubject = LawSubject<S> && !S::rotational_stiffness;

template <class S>
concept BreakableSubject = LawSubject<S> && requires(const typename S::Law& law) {
  { S::breaks(law) } -> std::same_as<bool>;
  { S::breaking(law) } -> std::same_as<typename S::Law>;
  { S::unbreakable(law) } -> std::same_as<typename S::Law>;
};

struct ThresholdDecision {
  double value = 0;  // the law branches on value > limit
  double limit = 0;
  double size = 0;   // |terms| value is computed from
};

template <class S>
concept ThresholdSubject =
    LawSubject<S> && requires(const typename S::Law& law, const typename S::Law::Phys& ph, const Vec3d& v, double x) {
      { S::decisions(law, ph, v, v, x, v, v) } -> std::same_as<std::vector<ThresholdDecision>>;
    };

struct VelocitySensitivity {
  double normal = 0;      // |dF/dv_n|, F the whole force vector
  double tangential = 0;  // |dF/dv_t|
};

template <class S>
concept ForceTermsSubject =
    LawSubject<S> && requires(const typename S::Law& law, const typename S::Law::Phys& ph, double x) {
      { S::force_scale(law, ph, x, x) } -> std::same_as<double>;
      { S::velocity_sensitivity(law, ph, x, x) } -> std::same_as<VelocitySensitivity>;
    };

// The law's elastic energy as it computes it: a sum of terms that may cancel (the unloading branch
// of an elasto-plastic spring, whose potential nearly vanishes where it meets the loading one).
// S::energy_terms(law, ph, d) bounds the sum of the terms' magnitudes for overlaps and remembered
// overlaps <= d; a difference of two such energies (a plastic booking) then rounds relative to
// it, not to the energies themselves (passivity_properties.hpp).
template <class S>
concept EnergyTermsSubject = LawSubject<S> && requires(const typename S::Law& law, const typename S::Law::Phys& ph, double x) {
  { S::energy_terms(law, ph, x) } -> std::same_as<double>;
};

template <class S>
using MaterialPair = std::array<typename S::Law::Material, 2>;

// The law's materials for a contact whose kit-drawn FrictMats are f1, f2 (contact_case.hpp): the
// subject's own draws (material(range)), or f1, f2 themselves for a FrictMat law without them.
template <class S>
MaterialPair<S> draw_materials(const FrictMat& f1, const FrictMat& f2, gen::Range range) {
  if constexpr (OwnMaterialSubject<S>)
    return {*S::material(range), *S::material(range)};
  else
    return {f1, f2};
}

// The law's physics for a generated contact (Woo's Cp2: from the two materials and the creation
// geometry).
template <SolverLaw L>
typename L::Phys phys_of(const L& law, const std::array<typename L::Material, 2>& m, const ContactCase& c) {
  return law.make_phys(m[0], m[1], creation_of(c, m[0].density, m[1].density));
}

}  // namespace lawcheck::properties
