#pragma once
// Oracle 1: contact stiffness of the linear (Cundall) model (seed 000 "Stiffness", eqs. (2)-(4),
// and "Non-spherical particles"; seed 004 is the same text with Woo's printed numbers).
//
// Derivation. The contact is a "connector" of two springs in series, one per particle: a prism of
// length l_i and cross-section A made of particle i's material (Young modulus E_i), so
//   k_i = E_i A / l_i,   kn = (1/k_1 + 1/k_2)^-1 = (l_1/(E_1 A) + l_2/(E_2 A))^-1   (eq. (3)),
//   kt = mean(ktDivKn_1, ktDivKn_2) * kn                                              (eq. (4)),
//   tanPhi = min(tanPhi_1, tanPhi_2).
// Natural lengths rho_i (seed 000 rules 1-3):
//   1. round particles use their radius (sphere, capsule, infcylinder radius; facet halfThick);
//   2. a flat particle (wall; facet with halfThick = 0) takes the other particle's radius;
//      special case facet + sphere: rho_facet = max(halfThick, r_sphere), rho_sphere = r_sphere
//      (this covers thin and thick facets alike);
//   3. two flat particles: undefined -> std::invalid_argument.
// The rules are symmetric: either order of the pair gives the same kn with l_1, l_2 swapped.
// Two choices the seed leaves implicit are parameters:
//   LengthRule::radii    l_i = rho_i
//   LengthRule::reduced  l_i = rho_i + uN0/2     (uN0 <= 0: normal displacement at contact
//                                                creation, shared equally by both particles)
//   AreaRule::radii      A = pi min(rho_1, rho_2)^2   (Woo's code: reproduces seed 004's printed kn)
//   AreaRule::lengths    A = pi min(l_1, l_2)^2       (seed 000 eq. (2): seed 004's hand numbers)
//
// Accuracy: exact closed form; rounding of the 50-digit arithmetic only (relative ~1e-48).

#include <string_view>

#include "real.hpp"

namespace lawcheck::oracles {

enum class Shape { sphere, wall, facet, capsule, inf_cylinder };
enum class LengthRule { radii, reduced };
enum class AreaRule { radii, lengths };

// Parsers for the CLI and reports: "sphere" | "wall" | "facet" | "capsule" | "infcylinder";
// "radii" | "reduced"; "radii" | "lengths". Unknown names throw std::invalid_argument.
Shape parse_shape(std::string_view name);
LengthRule parse_length_rule(std::string_view name);
AreaRule parse_area_rule(std::string_view name);
std::string_view name_of(Shape s);

// One particle of the pair. size: radius (sphere, capsule, infcylinder), halfThick (facet, >= 0),
// ignored for a wall. Material: Young modulus, ktDivKn, tanPhi.
struct StiffnessSide {
  Shape shape = Shape::sphere;
  Real size = 0;
  Real young = 0;
  Real kt_div_kn = 0;
  Real tan_phi = 0;
};

struct StiffnessInput {
  StiffnessSide p1;
  StiffnessSide p2;
  Real uN0 = 0;  // normal displacement at contact creation (<= 0), used by LengthRule::reduced
  LengthRule lengths = LengthRule::radii;
  AreaRule area = AreaRule::radii;
};

struct StiffnessResult {
  Real l1;
  Real l2;
  Real area;
  Real kn;
  Real kt;
  Real tan_phi;
};

// Throws std::invalid_argument (message names the field and value) for two flat particles,
// non-positive radius or modulus, negative halfThick/ktDivKn/tanPhi, uN0 > 0, or a reduced length
// that is not positive.
StiffnessResult stiffness(const StiffnessInput& in);

}  // namespace lawcheck::oracles
