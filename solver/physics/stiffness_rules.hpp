#pragma once
// Effective lengths l1, l2 and connector area A of a contact (seed 000 "Stiffness", eq. (2), and
// "Non-spherical particles"; seed 004 is the rendered copy with Woo's printed numbers).
//
// Natural lengths rho_i, by seed 000's rules:
//   1. round particles use their radius (Sphere, Capsule, InfCylinder radius; Facet halfThick);
//   2. a flat particle (Wall, Facet with halfThick = 0) uses the other particle's radius;
//      special case Facet + Sphere: rho_facet = max(halfThick, r_sphere), rho_sphere = r_sphere;
//   3. two flat particles: undefined -> InputError.
//
// The seed's two worked examples (seed 004) print kn values that disagree with the seed's own
// formula. The harness shows why (solver/tests/seed_stiffness_examples_test.cpp): Woo computes
// the area from the radii, A = pi*min(r1,r2)^2, while the documented formula takes it from the
// reduced lengths, A = pi*min(l1,l2)^2. Both choices are therefore explicit options here:
//   LengthRule::radii    l_i = rho_i
//   LengthRule::reduced  l_i = rho_i + uN0/2   (uN0 <= 0: the overlap when the contact was made;
//                                              Woo's "radii minus the initial overlap", halved)
//   AreaRule::radii      A = pi*min(rho_1, rho_2)^2   (what Woo's code does)
//   AreaRule::lengths    A = pi*min(l_1, l_2)^2       (what seed 000 eq. (2) says)
//
// Default: radii for both. kn then depends only on the particles, not on the overlap at which the
// contact happened to be detected -- that overlap is a discretisation artefact (it changes with
// dt and impact speed), so letting it into kn would make results depend on the time step. With
// the default, two equal spheres give kn = pi*E*r/2 exactly.

#include <algorithm>
#include <string_view>

#include <boost/math/constants/constants.hpp>

#include "core/input_error.hpp"
#include "geometry/contact_lengths.hpp"

namespace lawcheck {

enum class LengthRule { radii, reduced };
enum class AreaRule { radii, lengths };

struct StiffnessRules {
  LengthRule lengths = LengthRule::radii;
  AreaRule area = AreaRule::radii;
};

LengthRule parse_length_rule(std::string_view name);  // "radii" | "reduced"
AreaRule parse_area_rule(std::string_view name);      // "radii" | "lengths"
std::string_view name_of(LengthRule r);
std::string_view name_of(AreaRule r);

// uN0: normal displacement when the contact was created (<= 0), used by LengthRule::reduced.
ContactLengths contact_lengths(ShapeSize s1, ShapeSize s2, double uN0, StiffnessRules rules = {});

}  // namespace lawcheck
