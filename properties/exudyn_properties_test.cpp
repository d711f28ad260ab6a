// The property kit instantiated for Exudyn's sphere-sphere law (seed 003, solver/laws/exudyn_law.hpp),
// by capability (exudyn_subject.hpp): of the kit's suites, general (50
// digits, isotropy, extreme inputs), geometry (symmetry, objectivity; through the subject's
// force-terms hooks, below) and torque-free; and the law's own claims (exudyn_properties.hpp): its viscous,
// hysteresis and friction dissipation never negative, a remade contact starts afresh.
#include <gtest/gtest.h>

#include <rapidcheck.h>

#include "exudyn_properties.hpp"
#include "impact_oracle_properties.hpp"
#include "exudyn_subject.hpp"
#include "law_property_suite.hpp"

namespace lawcheck::properties::exudyn_properties_test {
namespace {

// A deliberately wrong Exudyn law: when its contact separates it keeps the impact velocity of
// that contact, so a contact made again remembers the OLD v_-. The remake property must reject it.
struct ExudynThatKeepsItsImpactVelocity {
  ExudynLaw<double> exudyn;
  template <bool TrackEnergy>
  LocalResponse<double> step(const LocalGeom<double>& g, const ExudynPhys<double>& ph,
                             ExudynLaw<double>::State& s, double dt) const {
    const double kept = s.impact_velocity;
    const auto r = exudyn.template step<TrackEnergy>(g, ph, s, dt);
    if (r.broken) s.impact_velocity = kept;
    return r;
  }
};

// A deliberately wrong Exudyn law whose hysteresis is switched off (models 1 and 2 then return
// every impact elastically): passive, its ledger closes, only the oracle property can see it.
struct ExudynWithoutHysteresis {
  ExudynLaw<double> exudyn;
  using State = ExudynLaw<double>::State;
  State initial_state(const ContactCreation& c, const ExudynPhys<double>& ph) const { return exudyn.initial_state(c, ph); }
  template <bool TrackEnergy>
  LocalResponse<double> step(const LocalGeom<double>& g, const ExudynPhys<double>& ph, State& s, double dt) const {
    ExudynLaw<double> off = exudyn;
    if (off.impact_model != 0) off.restitution = 1;
    return off.template step<TrackEnergy>(g, ph, s, dt);
  }
};

TEST(ExudynPropertyKitRejects, ALawWhoseHysteresisIsSwitchedOff) {
  const auto result = check_property("ExudynMutant/NoHysteresis",
                                     &the_impact_restitution_converges_to_the_oracle<ExudynWithoutHysteresis>, test_params());
  rc::detail::printResultMessage(result, std::cout);
  std::cout << '\n';
  rc::detail::FailureResult failure;
  EXPECT_TRUE(result.match(failure)) << "the oracle property does not reject a law without its hysteresis";
}

TEST(ExudynPropertyKitRejects, ALawThatKeepsTheOldImpactVelocityWhenItsContactIsMadeAgain) {
  const auto params = test_params();
  const auto result = check_property("ExudynMutant/RemadeContact",
                                     &a_remade_contact_behaves_as_a_fresh_one<ExudynThatKeepsItsImpactVelocity>, params);
  rc::detail::printResultMessage(result, std::cout);
  std::cout << '\n';
  rc::detail::FailureResult failure;
  EXPECT_TRUE(result.match(failure)) << "the remake property does not reject a law that keeps the old impact velocity";
}

}  // namespace
}  // namespace lawcheck::properties::exudyn_properties_test

using lawcheck::properties::ExudynSubject;

// The kit's general and geometry suites, whole: their rounding bounds were written for laws
// whose force is a sum of stiffness x displacement increments, and Exudyn's is not; the subject
// supplies what they need instead (ForceTermsSubject, law_subject.hpp; exudyn_subject.hpp):
// - force_scale, the sum of the magnitudes of the force's terms: the force cancels where it
//   crosses zero (-f_adh + k_c d^n, or the spring against the damper while unloading), so a path
//   whose contact steps all sit near such a crossing has max |F| ~ rounding itself (f_adh =
//   0.01 N = k_c d, k_c = 1e5, d = 1e-7), while each term is rounded relative to itself;
// - velocity_sensitivity, dF/dv = chi k_c d^n / v_min + d_c (normal, times 1 + mu_d through the
//   friction) and mu_d f_n / v_reg (tangential): the hysteresis, damping and friction forces
//   amplify the velocity's rounding (eps times the particles' speeds through the geometry, or
//   10 eps |u_t| / dt for a turned path). The literal current-v_- reading at v_min = 0 switches
//   the hysteresis on the sign of v_n (a jump, infinite sensitivity): the geometry properties,
//   whose v_n is rounding noise when the particles do not approach, discard it (RC_PRE); the
//   path properties keep v_n exact and compare it.
LAWCHECK_GENERAL_PROPERTY_SUITE(ExudynLawProperty, ExudynSubject)
LAWCHECK_GEOMETRY_PROPERTY_SUITE(ExudynLawProperty, ExudynSubject)
LAWCHECK_TORQUE_FREE_PROPERTY_SUITE(ExudynLawProperty, ExudynSubject)
LAWCHECK_PASSIVITY_PROPERTY_SUITE(ExudynLawProperty, ExudynSubject)
LAWCHECK_PROPERTY(ExudynLawProperty, AHeadOnImpactGivesTheOraclesRestitutionAsTheStepShrinks,
                  &::lawcheck::properties::the_impact_restitution_converges_to_the_oracle<::lawcheck::ExudynLaw<double>>)

LAWCHECK_PROPERTY(ExudynLawProperty, EveryDrawnParameterSetPassesTheLawsValidation,
                  &::lawcheck::properties::every_drawn_parameter_set_passes_validation)
LAWCHECK_PROPERTY(ExudynLawProperty, ViscousDissipationIsNeverNegativeWhileAContactHoldsAndAtOneGapSpeed,
                  &::lawcheck::properties::viscous_dissipation_is_never_negative)
LAWCHECK_PROPERTY(ExudynLawProperty, HysteresisDissipationIsNeverNegativeOverLoadUnloadCyclesAtOneGapSpeed,
                  &::lawcheck::properties::hysteresis_dissipation_is_never_negative)
LAWCHECK_PROPERTY(ExudynLawProperty, FrictionDissipationIsNeverNegativeAtOneSlidingSpeed,
                  &::lawcheck::properties::friction_dissipation_is_never_negative)
LAWCHECK_PROPERTY(ExudynLawProperty, AContactMadeAgainAfterASeparationRemembersItsNewImpactVelocity,
                  &::lawcheck::properties::a_remade_contact_behaves_as_a_fresh_one<::lawcheck::ExudynLaw<double>>)
