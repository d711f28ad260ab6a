// The property kit instantiated for the Hertz-Mindlin law (solver/laws/hertz_mindlin_law.hpp), by
// capability (hertz_mindlin_subject.hpp): general (50 digits, isotropy, extreme inputs), geometry
// (symmetry, objectivity), torque-free and passivity; and the law's own claims
// (hertz_mindlin_properties.hpp): Coulomb's bound of the smaller friction, the closed forms of one
// step from rest. Its mutants: hertz_mindlin_mutation_test.cpp.
#include <gtest/gtest.h>

#include <rapidcheck.h>

#include "hertz_mindlin_properties.hpp"
#include "hertz_mindlin_subject.hpp"
#include "law_property_suite.hpp"

using lawcheck::properties::HertzMindlinSubject;

LAWCHECK_GENERAL_PROPERTY_SUITE(HertzMindlinLawProperty, HertzMindlinSubject)
LAWCHECK_GEOMETRY_PROPERTY_SUITE(HertzMindlinLawProperty, HertzMindlinSubject)
LAWCHECK_TORQUE_FREE_PROPERTY_SUITE(HertzMindlinLawProperty, HertzMindlinSubject)
LAWCHECK_PASSIVITY_PROPERTY_SUITE(HertzMindlinLawProperty, HertzMindlinSubject)
LAWCHECK_PROPERTY(HertzMindlinLawProperty, EveryDrawnParameterSetPassesTheLawsValidation,
                  &::lawcheck::properties::every_drawn_hertz_mindlin_set_passes_validation)
LAWCHECK_PROPERTY(HertzMindlinLawProperty, TheTangentialForceStaysWithinCoulombsBoundOfTheSmallerFriction,
                  &::lawcheck::properties::hertz_mindlin_tangential_force_stays_within_coulomb_bound<HertzMindlinSubject>)
LAWCHECK_PROPERTY(HertzMindlinLawProperty, OneStepFromRestGivesHertzsForceMindlinsStiffnessAndTheDashpots,
                  &::lawcheck::properties::one_step_from_rest_gives_hertz_mindlin_closed_forms<HertzMindlinSubject>)
