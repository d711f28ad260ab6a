// The property kit instantiated for the linear Cundall law (seed 000), by capability: any law,
// elastic energy, Coulomb-bounded, torque-free, breakable (law_property_suite.hpp). The geometry,
// oracle and dynamic suites are in the neighbouring files.
#include "law_property_suite.hpp"
#include "linear_coulomb_subject.hpp"

using lawcheck::properties::LinearCoulombSubject;

LAWCHECK_COULOMB_PROPERTY_SUITE(LinearCoulombLawProperty, LinearCoulombSubject)
LAWCHECK_ELASTIC_ENERGY_PROPERTY_SUITE(LinearCoulombLawProperty, LinearCoulombSubject)
LAWCHECK_GENERAL_PROPERTY_SUITE(LinearCoulombLawProperty, LinearCoulombSubject)
LAWCHECK_TORQUE_FREE_PROPERTY_SUITE(LinearCoulombLawProperty, LinearCoulombSubject)
LAWCHECK_BREAKABLE_PROPERTY_SUITE(LinearCoulombLawProperty, LinearCoulombSubject)
LAWCHECK_PASSIVITY_PROPERTY_SUITE(LinearCoulombLawProperty, LinearCoulombSubject)
