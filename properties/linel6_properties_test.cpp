// The property kit instantiated for LinEl6 (seed 000 "Purely elastic 6-DoF model",
// solver/laws/linel6_law.hpp), by capability: any law, symmetry and
// objectivity of forces AND torques, elastic energy, rotational, breakable. No Coulomb limit,
// hence no Coulomb suite.
#include "law_property_suite.hpp"
#include "linel6_subject.hpp"

using lawcheck::properties::LinEl6Subject;

LAWCHECK_GENERAL_PROPERTY_SUITE(LinEl6LawProperty, LinEl6Subject)
LAWCHECK_GEOMETRY_PROPERTY_SUITE(LinEl6LawProperty, LinEl6Subject)
LAWCHECK_ELASTIC_ENERGY_PROPERTY_SUITE(LinEl6LawProperty, LinEl6Subject)
LAWCHECK_ROTATIONAL_PROPERTY_SUITE(LinEl6LawProperty, LinEl6Subject)
LAWCHECK_BREAKABLE_PROPERTY_SUITE(LinEl6LawProperty, LinEl6Subject)
LAWCHECK_PASSIVITY_PROPERTY_SUITE(LinEl6LawProperty, LinEl6Subject)
