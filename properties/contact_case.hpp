#pragma once
// One contact as physics sees it (seed 001 step 2): the two shapes (family + radius-like size),
// the two materials, the stiffness rules, and the normal displacement uN0 < 0 at which the
// contact is made. From it: effective lengths and area (solver/physics/stiffness_rules.hpp) and
// FrictPhys (solver/physics/frict_phys.hpp).

#include <limits>
#include <ostream>

#include "physics/frict_phys.hpp"
#include "physics/contact_creation.hpp"
#include "physics/stiffness_rules.hpp"

namespace lawcheck::properties {

struct ContactCase {
  ShapeSize s1{ShapeKind::sphere, 0.1};
  ShapeSize s2{ShapeKind::sphere, 0.1};
  FrictMat m1;
  FrictMat m2;
  StiffnessRules rules;
  double uN0 = -1e-4;
};

inline ContactLengths lengths_of(const ContactCase& c) {
  return contact_lengths(c.s1, c.s2, c.uN0, c.rules);
}

// The contact's creation as a law sees it (ContactCreation), with the two bodies a contact
// mechanics reads: radii of curvature (curvature_radius) and masses from the given densities.
// Walls, facets and infinite cylinders are static in the solver (dynamics/particles.hpp): infinite
// mass. A capsule's length is not in the case: it weighs as the sphere of its radius (a stand-in;
// a law's properties hold for any positive mass).
inline ContactCreation creation_of(const ContactCase& c, double density1, double density2) {
  const auto body = [](ShapeSize s, double density) {
    const bool moves = s.kind == ShapeKind::sphere || s.kind == ShapeKind::capsule;
    return moves ? ContactBody{s, sphere_body(s.size, density).mass} : fixed_body(s);
  };
  return contact_creation(body(c.s1, density1), body(c.s2, density2), c.uN0, c.rules);
}

inline FrictPhys<double> frict_phys_of(const ContactCase& c) {
  return frict_phys(c.m1, c.m2, lengths_of(c));
}

// The same contact seen from the other particle: shapes and materials swapped.
inline ContactCase swapped(ContactCase c) {
  std::swap(c.s1, c.s2);
  std::swap(c.m1, c.m2);
  return c;
}

inline void showValue(const FrictMat& m, std::ostream& os) {
  os << "{young=" << m.young << " ktDivKn=" << m.kt_div_kn << " tanPhi=" << m.tan_phi << "}";
}

inline void showValue(const ContactCase& c, std::ostream& os) {
  os << name_of(c.s1.kind) << '(' << c.s1.size << ") ";
  showValue(c.m1, os);
  os << " -- " << name_of(c.s2.kind) << '(' << c.s2.size << ") ";
  showValue(c.m2, os);
  os << ", lengths=" << name_of(c.rules.lengths) << " area=" << name_of(c.rules.area)
     << ", uN0=" << c.uN0;
}

}  // namespace lawcheck::properties
