// The linear Cundall law and the solver's stiffness rules against the high-precision oracles.
#include "law_property_suite.hpp"
#include "linear_coulomb_subject.hpp"

LAWCHECK_COULOMB_ORACLE_PROPERTY_SUITE(LinearCoulombLawProperty, lawcheck::properties::LinearCoulombSubject)

LAWCHECK_PROPERTY(StiffnessProperty, SolverStiffnessMatchesTheOracleToOnePartIn1e13,
                  &lawcheck::properties::stiffness_matches_the_oracle)
