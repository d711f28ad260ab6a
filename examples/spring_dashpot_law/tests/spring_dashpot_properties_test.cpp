// The spring-dashpot law through every suite of lawcheck's property kit that applies to it, 1000
// cases each (RC_PARAMS="max_success=N" for fewer): any law (50 digits, isotropy, extreme inputs),
// symmetry and objectivity through lawcheck's geometry, elastic energy, the Coulomb bound, zero
// torque, and passivity (no energy created, the ledger closes).
#include <gtest/gtest.h>

#include "law_property_suite.hpp"
#include "spring_dashpot/spring_dashpot_subject.hpp"

using spring_dashpot::SpringDashpotSubject;

LAWCHECK_GENERAL_PROPERTY_SUITE(SpringDashpotProperty, SpringDashpotSubject)
LAWCHECK_GEOMETRY_PROPERTY_SUITE(SpringDashpotProperty, SpringDashpotSubject)
LAWCHECK_ELASTIC_ENERGY_PROPERTY_SUITE(SpringDashpotProperty, SpringDashpotSubject)
LAWCHECK_COULOMB_PROPERTY_SUITE(SpringDashpotProperty, SpringDashpotSubject)
LAWCHECK_TORQUE_FREE_PROPERTY_SUITE(SpringDashpotProperty, SpringDashpotSubject)
LAWCHECK_PASSIVITY_PROPERTY_SUITE(SpringDashpotProperty, SpringDashpotSubject)
