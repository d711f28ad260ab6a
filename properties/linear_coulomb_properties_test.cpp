// The property kit instantiated for the linear Cundall law (seed 000).
#include "law_property_suite.hpp"
#include "linear_coulomb_subject.hpp"

LAWCHECK_LAW_PROPERTY_SUITE(LinearCoulombLawProperty, lawcheck::properties::LinearCoulombSubject)
