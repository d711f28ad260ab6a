#pragma once
// The stiffness study: seed 004's two worked examples, whose printed kn "does not
// match?!" the hand computation beside it, recomputed by the solver (physics/stiffness_rules.hpp,
// physics/frict_phys.hpp) under each area rule and compared with the stiffness oracle. Also the
// single-pair evaluation behind `lawcheck stiffness`.

#include <string>
#include <vector>

#include "physics/stiffness_rules.hpp"
#include "study/dissipation_study.hpp"

namespace lawcheck::reports {

// "capsule-sphere" -> the two shape kinds in the order given; InputError("pair", ...) otherwise.
std::pair<ShapeKind, ShapeKind> parse_pair(const std::string& pair);

struct PairInput {
  ShapeKind kind1 = ShapeKind::sphere;
  ShapeKind kind2 = ShapeKind::sphere;
  double r1 = 0;  // radius; facet: halfThick (0 allowed); wall: must be 0
  double r2 = 0;
  double young1 = 0;
  double young2 = 0;
  double uN = 0;  // normal displacement at contact creation (<= 0), used by the reduced length rule
  double kt_div_kn = 0.2;
  StiffnessRules rules{};
};

struct PairValues {
  double l1, l2, area, kn, kt;
};

struct PairResult {
  PairValues solver;
  PairValues oracle;
  double worst_rel_difference;  // over the five values
};

// Throws InputError naming the field for bad input (negative radius, non-zero wall radius, ...).
PairResult evaluate_pair(const PairInput& in);

struct SeedExample {
  std::string name;
  PairInput input;      // lengths reduced; the area rule is varied
  double woo_kn;        // Woo's printed kn (seed 004 Out[4] / Out[10])
  double hand_kn;       // the seed's hand computation (Out[6] / Out[12])
  double woo_area;      // Woo's printed contA
  double hand_area;     // the hand computation's A
  PairResult area_radii;    // A from the radii (Woo's code)
  PairResult area_lengths;  // A from the reduced lengths (seed 000 eq. (2))
  PairResult defaults;      // the solver's default rules (radii, radii)
};

struct StiffnessStudy {
  std::vector<SeedExample> examples;
  std::vector<Check> checks;
};

StiffnessStudy run_stiffness_study();

}  // namespace lawcheck::reports
