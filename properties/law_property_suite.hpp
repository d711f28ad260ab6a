#pragma once
// Instantiates every law-level property of the kit for one law subject: each becomes one gtest
// test, i.e. one ctest entry "Suite.SentenceItProves". Usage (README.md):
//
//   LAWCHECK_LAW_PROPERTY_SUITE(MyLawProperty, lawcheck::properties::CoulombSubject<MyLaw<double>>)
//
// A law for which a property does not apply (a law without a Coulomb limit, say) instantiates the
// others one by one with LAWCHECK_PROPERTY (property_runner.hpp).

#include "geometry_properties.hpp"
#include "law_properties.hpp"
#include "oracle_properties.hpp"
#include "property_runner.hpp"

#define LAWCHECK_LAW_PROPERTY_SUITE(Suite, ...)                                                \
  LAWCHECK_PROPERTY(Suite, TangentialForceStaysWithinTheCoulombBoundAfterEveryStep,            \
                    &::lawcheck::properties::tangential_force_stays_within_coulomb_bound<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, DissipationIsNeverNegativeAndNeverDecreases,                         \
                    &::lawcheck::properties::dissipation_is_never_negative_and_never_decreases<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, DissipationIsZeroOnPathsInsideTheYieldSurface,                       \
                    &::lawcheck::properties::dissipation_is_zero_inside_the_yield_surface<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, WorkOnAnElasticPathEqualsTheStoredElasticEnergy,                     \
                    &::lawcheck::properties::work_on_an_elastic_path_equals_the_stored_elastic_energy<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, ClosedElasticLoopReturnsTheSameEnergy,                               \
                    &::lawcheck::properties::closed_elastic_loop_returns_the_same_energy<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, WorkEqualsStoredEnergyPlusDissipationOnAny1DPath,                    \
                    &::lawcheck::properties::work_equals_stored_energy_plus_dissipation_on_1d_paths<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, DoubleAndFiftyDigitRunsAgreeToRounding,                              \
                    &::lawcheck::properties::double_and_fifty_digit_runs_agree_to_rounding<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, ExtremeValidInputsStayFiniteAndKeepEveryProperty,                    \
                    &::lawcheck::properties::extreme_valid_inputs_stay_finite_and_keep_every_property<__VA_ARGS__>)

// Symmetry and objectivity through the solver's geometry (geometry_properties.hpp).
#define LAWCHECK_GEOMETRY_PROPERTY_SUITE(Suite, ...)                                            \
  LAWCHECK_PROPERTY(Suite, SwappingTheParticlesGivesOppositeForcesAndEqualEnergies,             \
                    &::lawcheck::properties::swapping_the_particles_gives_opposite_forces_and_equal_energies<__VA_ARGS__>) \
  LAWCHECK_PROPERTY(Suite, ARigidMotionLeavesLocalForcesUnchangedAndRotatesGlobalOnes,          \
                    &::lawcheck::properties::a_rigid_motion_leaves_local_forces_unchanged_and_rotates_global_ones<__VA_ARGS__>)

// Agreement with the slip oracles (oracle_properties.hpp), for laws whose continuous limit is the
// linear tangential spring with a Coulomb limit.
#define LAWCHECK_ORACLE_PROPERTY_SUITE(Suite, ...)                                              \
  LAWCHECK_PROPERTY(Suite, DissipationAndForceEqualTheExact1DOracleOnAnyResolvedPath,           \
                    &::lawcheck::properties::slip_1d_matches_the_exact_oracle<__VA_ARGS__>)     \
  LAWCHECK_PROPERTY(Suite, SmoothLoadingWithVaryingNormalForceConvergesToThe2DOracle,           \
                    &::lawcheck::properties::slip_2d_converges_to_the_continuous_oracle<__VA_ARGS__>)
