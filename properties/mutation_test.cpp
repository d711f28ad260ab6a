// The kit has teeth: run programmatically (rc::detail::checkTestable through check_property, so
// a failing property does not fail this test), the FAST property set -- every suite of the
// subject's capabilities except the 2D oracle (~1.5 min) and the dynamic impact bands -- must
// REJECT each deliberately wrong law of mutant_laws.hpp and the claim that a non-decided
// dissipation formula is the exact slip work.
// - PropertyKitRejects.<Mutant>: runs the whole fast set on one mutant, prints which properties
//   caught it (with their shrunk counterexamples) and asserts that the properties designed to
//   catch it are among them;
// - PropertyKitMutationScore.EveryMutantIsKilledByTheFastPropertySet: runs each mutant until its
//   first kill and prints "mutation score: k/N killed"; asserts N/N.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "exudyn_subject.hpp"
#include "linear_coulomb_subject.hpp"
#include "linel6_subject.hpp"
#include "mutant_laws.hpp"
#include "mutation_kit.hpp"

namespace lawcheck::properties::mutation_test {
namespace {

// Names of the fast properties that reject the subject's law.
template <LawSubject S, class Which>
std::vector<std::string> properties_rejecting(Which which) {
  const MutationScope scope(which);
  return names_rejecting(fast_kit<S>());
}

// The first fast property that rejects the subject's law, or "" if none does.
template <LawSubject S, auto Which>
std::string first_rejecting() {
  const MutationScope scope(Which);
  return first_rejecting_of(fast_kit<S>());
}

template <LawSubject S, class Which>
void expect_rejected_by(Which which, const std::vector<std::string>& designed) {
  const auto r = properties_rejecting<S>(which);
  for (const auto& name : designed)
    EXPECT_TRUE(std::find(r.begin(), r.end(), name) != r.end()) << name << " does not reject the mutant";
}

// One subject per mutant family; the mutation is chosen at run time (mutant_laws.hpp).
using CoulombMutant = CoulombSubject<MutantCoulombLaw<double>>;
using LinEl6Mutant = LinEl6FamilySubject<MutantLinEl6Law<double>>;
// Exudyn's subject over the damped mutant family (mutant_laws.hpp): its hooks take the correct law.
struct DampedMutant : ExudynSubject {
  using Law = MutantExudynLaw<double>;
  static rc::Gen<Law> law() {
    return rc::gen::map(ExudynSubject::law(), [](ExudynKitLaw<double> l) { return Law{l}; });
  }
};

// code_split is algebraically identical to elastic_difference (laws/plastic_dissipation.hpp), so
// this one case covers both formulas the dissipation study did not choose: the kit must refuse
// the claim that elastic_difference is the exact work of a slip step.
struct ElasticDifferenceSubject : LinearCoulombSubject {
  static LinearCoulombLaw<double> exact_slip(LinearCoulombLaw<double> law) {
    law.dissipation = PlasticDissipation::elastic_difference;
    return law;
  }
};

// Every mutant: test name, subject, mutation, the fast properties designed to catch it.
#define LAWCHECK_MUTANTS(X)                                                                        \
  X(ALawWithoutRadialReturn, CoulombMutant, Mutation::no_radial_return, "CoulombBound", "Oracle1D") \
  X(ALawWithTheWrongSignOnTheTangentialIncrement, CoulombMutant, Mutation::wrong_increment_sign,   \
    "ElasticWorkEqualsEnergy", "EnergyBalance1D", "Oracle1D")                                      \
  X(ALawWithASquareYieldSurface, CoulombMutant, Mutation::square_yield_surface, "CoulombBound")   \
  X(ALawThatForgetsTheTangentialElasticEnergy, CoulombMutant, Mutation::tangential_energy_forgotten, \
    "ElasticWorkEqualsEnergy", "EnergyBalance1D")                                                  \
  X(TheElasticDifferenceDissipationFormula, ElasticDifferenceSubject, NoMutation{}, "EnergyBalance1D", "Oracle1D") \
  X(ALawThatSlipsAlthoughNoSlip, CoulombMutant, Mutation::no_slip_ignored, "ElasticWorkEqualsEnergy") \
  X(ALawThatBreaksAlthoughNoBreak, CoulombMutant, Mutation::no_break_ignored, "BreaksInTension",   \
    "NoBreakTensionEnergy")                                                                        \
  X(ALawThatBreaksAtTouchInsteadOfInTension, CoulombMutant, Mutation::breaks_at_touch, "BreaksInTension") \
  X(ALawThatForgetsTheReleasedEnergyAtABreak, CoulombMutant, Mutation::released_energy_forgotten,  \
    "ReleasedEnergy")                                                                              \
  X(ALawThatBooksTheReleasedEnergyAsPlastic, CoulombMutant, Mutation::released_booked_as_plastic,  \
    "ReleasedEnergy")                                                                              \
  X(ALawThatKeepsItsStateAtABreak, CoulombMutant, Mutation::state_kept_at_break, "RemadeFromInitialState") \
  X(ALawWithoutRotationalStiffnessThatReturnsASmallTorque, CoulombMutant, Mutation::spurious_torque, \
    "ZeroTorque")                                                                                  \
  X(ALawWhoseZIncrementIsScaled, CoulombMutant, Mutation::z_increment_scaled, "Isotropy")          \
  X(ALawWithAStifferZAxisAndConsistentEnergy, CoulombMutant, Mutation::anisotropic_stiffness, "Isotropy") \
  X(ALawWhoseNoBreakConfigurationComputesInFloat,                                                  \
    CoulombMutant, Mutation::normal_force_in_float_when_no_break, "PrecisionSeparation")           \
  X(ALawWhoseCodeSplitDissipationIsComputedInFloat, CoulombMutant, Mutation::code_split_in_float,  \
    "PrecisionSeparation")                                                                         \
  X(ALinEl6WhoseTorqueHasTheWrongSign, LinEl6Mutant, Mutation6::torque_sign_flipped, "RotationalWork") \
  X(ALinEl6WhoseTwistUsesTheBendingStiffness, LinEl6Mutant, Mutation6::twist_with_bending_stiffness, \
    "RotationalWork")                                                                              \
  X(ALinEl6WithAStifferBendingZAxis, LinEl6Mutant, Mutation6::bending_z_stiffer, "Isotropy")       \
  X(ALinEl6ThatReleasesOnlyTheTangentialSpringAtABreak,                                            \
    LinEl6Mutant, Mutation6::released_forgets_rotation, "ReleasedEnergy")                          \
  X(ADashpotWithTheWrongSign, DampedMutant, MutationDamped::dashpot_sign_flipped, "Passivity", "LedgerCloses") \
  X(ADashpotBookedWithTheWrongSign, DampedMutant, MutationDamped::dashpot_booked_negative, "LedgerCloses") \
  X(FrictionThatPushesAlongTheSlip, DampedMutant, MutationDamped::friction_pushes_along_the_slip, \
    "Passivity", "LedgerCloses")                                                                   \
  X(APlasticColumnThatGrowsWhileTheForceStaysElastic, DampedMutant,                                \
    MutationDamped::plastic_booked_on_the_elastic_curve, "LedgerCloses")

#define LAWCHECK_MUTANT_TEST(Name, Subject, Which, ...) \
  TEST(PropertyKitRejects, Name) { expect_rejected_by<Subject>(Which, {__VA_ARGS__}); }
LAWCHECK_MUTANTS(LAWCHECK_MUTANT_TEST)
#undef LAWCHECK_MUTANT_TEST

struct Mutant {
  const char* name;
  std::string (*first_kill)();
};

#define LAWCHECK_MUTANT_ENTRY(Name, Subject, Which, ...) {#Name, &first_rejecting<Subject, Which>},
const Mutant all_mutants[] = {LAWCHECK_MUTANTS(LAWCHECK_MUTANT_ENTRY)};
#undef LAWCHECK_MUTANT_ENTRY

TEST(PropertyKitMutationScore, EveryMutantIsKilledByTheFastPropertySet) {
  int killed = 0;
  const int total = int(std::size(all_mutants));
  for (const auto& m : all_mutants) {
    const std::string by = m.first_kill();
    std::cout << (by.empty() ? "SURVIVED " : "killed   ") << m.name << (by.empty() ? "" : " by " + by) << std::endl;
    if (!by.empty()) ++killed;
  }
  std::cout << "mutation score: " << killed << '/' << total << " killed" << std::endl;
  EXPECT_EQ(killed, total);
  EXPECT_GE(total, 12);
}

}  // namespace
}  // namespace lawcheck::properties::mutation_test
