// The property kit instantiated for Exudyn's sphere-sphere law (seed 003, solver/laws/exudyn_law.hpp;
// issue 11 must-show 7), by capability (exudyn_subject.hpp): of the kit's suites, extreme inputs,
// torque-free (four gaps below); and the law's own claims (exudyn_properties.hpp): its viscous,
// hysteresis and friction dissipation never negative, a remade contact starts afresh.
#include <gtest/gtest.h>

#include <rapidcheck.h>

#include "exudyn_properties.hpp"
#include "exudyn_subject.hpp"
#include "law_property_suite.hpp"

namespace lawcheck::properties {
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
}  // namespace lawcheck::properties

using lawcheck::properties::ExudynSubject;

// Four of the kit's properties are not instantiated: their rounding bounds are written for laws
// whose force is a sum of stiffness x displacement increments, and Exudyn's is not (gaps, left
// open; shrunk counterexamples in the issue-11 report):
// - DoubleAndFiftyDigitRunsAgreeToRounding compares the force error with max |F| over the path;
//   Exudyn's force is a sum of terms that cancel where it crosses zero (-f_adh + k_c d^n, or the
//   spring against the damper while unloading), so a path whose contact steps all sit near such a
//   crossing has max |F| ~ rounding itself (e.g. f_adh = 0.01 N = k_c d with k_c = 1e5, d = 1e-7):
//   the scale must be the sum of the terms' magnitudes;
// - TurningThePathAboutTheNormalTurnsTheResponse and SwappingTheParticlesGivesOppositeForces...
//   bound the force's rounding by eps k_t (path) and eps |F|; Exudyn's hysteresis, damping and
//   friction forces depend on the velocity, whose rounding (eps times the particles' speeds, or
//   eps |u| / dt for a turned path) they amplify by dF/dv = chi k_c d^n / v_- + d_c + mu_d f_n /
//   v_reg, which has no bound in the kit's terms (v_- = v_min when the kit makes a contact at
//   rest). The bound needs a subject hook for that sensitivity.
// - ARigidMotionLeavesLocalForcesUnchangedAndRotatesGlobalOnes, for the same reason: with the
//   contact step's new frame transport (issue 12) its rounding moved, and 6 of 8 seeds found a
//   case over the bound (model 1, e = 0.01, n = 0.5, v_min = 1e-4: 9.20e-8 against 9.09e-8).
//   Its energy comparison is also vacuous for Exudyn (the scale divides by k_t = 0).
LAWCHECK_PROPERTY(ExudynLawProperty, ExtremeValidInputsStayFiniteAndKeepEveryProperty,
                  &::lawcheck::properties::extreme_valid_inputs_stay_finite_and_keep_every_property<ExudynSubject>)
LAWCHECK_TORQUE_FREE_PROPERTY_SUITE(ExudynLawProperty, ExudynSubject)

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
