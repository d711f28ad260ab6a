#pragma once
// The kit's suites by capability (law_subject.hpp): a law instantiates the suites of the
// capabilities its subject has; each property becomes one gtest test, i.e. one ctest entry
// "Suite.SentenceItProves". The subject's concept is checked at compile time, so a law cannot
// instantiate a suite it has not the capability for. Usage (README.md):
//
//   LAWCHECK_GENERAL_PROPERTY_SUITE(MyLawProperty, MySubject)         any law
//   LAWCHECK_GEOMETRY_PROPERTY_SUITE(MyLawProperty, MySubject)        any law (forces and torques)
//   LAWCHECK_ELASTIC_ENERGY_PROPERTY_SUITE(MyLawProperty, MySubject)  ElasticEnergySubject
//   LAWCHECK_COULOMB_PROPERTY_SUITE(MyLawProperty, MySubject)         CoulombBoundedSubject
//   LAWCHECK_COULOMB_ORACLE_PROPERTY_SUITE(MyLawProperty, MySubject)  CoulombBoundedSubject whose
//                                                                     limit is the oracles' spring
//   LAWCHECK_ROTATIONAL_PROPERTY_SUITE(MyLawProperty, MySubject)      RotationalSubject
//   LAWCHECK_TORQUE_FREE_PROPERTY_SUITE(MyLawProperty, MySubject)     TorqueFreeSubject
//   LAWCHECK_BREAKABLE_PROPERTY_SUITE(MyLawProperty, MySubject)       BreakableSubject
//   LAWCHECK_PASSIVITY_PROPERTY_SUITE(MyLawProperty, MySubject)       any law: no energy created,
//                                                                     the ledger closes
//
// A single property is instantiated with LAWCHECK_PROPERTY (property_runner.hpp).

#include "breakable_properties.hpp"
#include "coulomb_properties.hpp"
#include "elastic_energy_properties.hpp"
#include "general_properties.hpp"
#include "geometry_properties.hpp"
#include "oracle_properties.hpp"
#include "passivity_properties.hpp"
#include "property_runner.hpp"
#include "rotational_properties.hpp"

#define LAWCHECK_GENERAL_PROPERTY_SUITE(Suite, ...)                                             \
  LAWCHECK_PROPERTY(Suite, DoubleAndFiftyDigitRunsAgreeToRounding,                              \
                    &::lawcheck::properties::double_and_fifty_digit_runs_agree_to_rounding<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, TurningThePathAboutTheNormalTurnsTheResponse,                        \
                    &::lawcheck::properties::turning_the_path_about_the_normal_turns_the_response<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, ExtremeValidInputsStayFiniteAndKeepEveryProperty,                    \
                    &::lawcheck::properties::extreme_valid_inputs_stay_finite_and_keep_every_property<__VA_ARGS__>)

// Symmetry and objectivity through the solver's geometry (geometry_properties.hpp).
#define LAWCHECK_GEOMETRY_PROPERTY_SUITE(Suite, ...)                                            \
  LAWCHECK_PROPERTY(Suite, SwappingTheParticlesGivesOppositeForcesAndEqualEnergies,             \
                    &::lawcheck::properties::swapping_the_particles_gives_opposite_forces_and_equal_energies<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, ARigidMotionLeavesLocalForcesUnchangedAndRotatesGlobalOnes,          \
                    &::lawcheck::properties::a_rigid_motion_leaves_local_forces_unchanged_and_rotates_global_ones<__VA_ARGS__>)

#define LAWCHECK_ELASTIC_ENERGY_PROPERTY_SUITE(Suite, ...)                                      \
  LAWCHECK_PROPERTY(Suite, WorkOnAnElasticPathEqualsTheStoredElasticEnergy,                     \
                    &::lawcheck::properties::work_on_an_elastic_path_equals_the_stored_elastic_energy<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, ClosedElasticLoopReturnsTheSameEnergy,                               \
                    &::lawcheck::properties::closed_elastic_loop_returns_the_same_energy<__VA_ARGS__>)

#define LAWCHECK_COULOMB_PROPERTY_SUITE(Suite, ...)                                             \
  LAWCHECK_PROPERTY(Suite, TangentialForceStaysWithinTheCoulombBoundAfterEveryStep,            \
                    &::lawcheck::properties::tangential_force_stays_within_coulomb_bound<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, DissipationIsNeverNegativeAndNeverDecreases,                         \
                    &::lawcheck::properties::dissipation_is_never_negative_and_never_decreases<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, DissipationIsZeroOnPathsInsideTheYieldSurface,                       \
                    &::lawcheck::properties::dissipation_is_zero_inside_the_yield_surface<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, WorkEqualsStoredEnergyPlusDissipationOnAny1DPath,                    \
                    &::lawcheck::properties::work_equals_stored_energy_plus_dissipation_on_1d_paths<__VA_ARGS__>)

// Agreement with the slip oracles (oracle_properties.hpp), for laws whose continuous limit is the
// linear tangential spring with a Coulomb limit. The 2D one takes ~1.5 min at 1000 cases.
#define LAWCHECK_COULOMB_ORACLE_PROPERTY_SUITE(Suite, ...)                                      \
  LAWCHECK_PROPERTY(Suite, DissipationAndForceEqualTheExact1DOracleOnAnyResolvedPath,           \
                    &::lawcheck::properties::slip_1d_matches_the_exact_oracle<__VA_ARGS__>)     \
  LAWCHECK_PROPERTY(Suite, SmoothLoadingWithVaryingNormalForceConvergesToThe2DOracle,           \
                    &::lawcheck::properties::slip_2d_converges_to_the_continuous_oracle<__VA_ARGS__>)

#define LAWCHECK_ROTATIONAL_PROPERTY_SUITE(Suite, ...)                                          \
  LAWCHECK_PROPERTY(Suite, TorqueWorkOnAnElasticPathEqualsTheStoredRotationalEnergy,            \
                    &::lawcheck::properties::torque_work_on_an_elastic_path_equals_the_stored_rotational_energy<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, ClosedSixDofElasticLoopReturnsTheSameEnergy,                         \
                    &::lawcheck::properties::closed_six_dof_elastic_loop_returns_the_same_energy<__VA_ARGS__>)

#define LAWCHECK_TORQUE_FREE_PROPERTY_SUITE(Suite, ...)                                         \
  LAWCHECK_PROPERTY(Suite, ALawWithoutRotationalStiffnessReturnsExactlyZeroTorqueOnAnyPath,     \
                    &::lawcheck::properties::a_law_without_rotational_stiffness_returns_exactly_zero_torque<__VA_ARGS__>)

#define LAWCHECK_BREAKABLE_PROPERTY_SUITE(Suite, ...)                                           \
  LAWCHECK_PROPERTY(Suite, AContactBreaksExactlyWhenPulledIntoTensionUnlessNoBreak,             \
                    &::lawcheck::properties::a_contact_breaks_exactly_when_pulled_into_tension_unless_no_break<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, ABreakReleasesExactlyWhatClosesTheLedgerOfItsStep,                   \
                    &::lawcheck::properties::a_break_releases_exactly_what_closes_the_ledger_of_its_step<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, AContactMadeAgainAfterABreakStartsFromTheInitialState,               \
                    &::lawcheck::properties::a_contact_made_again_after_a_break_starts_from_the_initial_state<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, ANoBreakContactInTensionStoresTheWorkDone,                           \
                    &::lawcheck::properties::a_no_break_contact_in_tension_stores_the_work_done<__VA_ARGS__>)

// Passivity and the closing ledger (passivity_properties.hpp): every law.
#define LAWCHECK_PASSIVITY_PROPERTY_SUITE(Suite, ...)                                           \
  LAWCHECK_PROPERTY(Suite, EveryDissipatedKindGrowsStepByStep,                                  \
                    &::lawcheck::properties::every_dissipated_kind_grows_step_by_step<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, AnUnloadedContactDrivenAlongAnyPathAbsorbsWork,                      \
                    &::lawcheck::properties::an_unloaded_contact_driven_along_any_path_absorbs_work<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, TheEnergyLedgerClosesAsThePathIsRefined,                             \
                    &::lawcheck::properties::the_energy_ledger_closes_as_the_path_is_refined<__VA_ARGS__>)
