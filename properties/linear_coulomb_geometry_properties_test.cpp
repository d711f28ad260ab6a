// Symmetry and objectivity of the linear Cundall law through the solver's geometry.
#include "law_property_suite.hpp"
#include "linear_coulomb_subject.hpp"

LAWCHECK_GEOMETRY_PROPERTY_SUITE(LinearCoulombLawProperty, lawcheck::properties::LinearCoulombSubject)
