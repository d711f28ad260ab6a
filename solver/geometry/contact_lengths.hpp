#pragma once
// The size of a contact as geometry hands it to physics (Woo's L6Geom.lens and contA): the
// effective lengths l1, l2 of the two particles and the area A of the fictitious connector
// (seed 000 "Stiffness", eq. (2)). Which lengths and which area is a physics choice
// (physics/stiffness_rules.hpp); this header only carries the numbers, so that geometry never
// depends on physics.

#include <limits>

#include "geometry/shape_kind.hpp"

namespace lawcheck {

struct ContactLengths {
  double l1;
  double l2;
  double area;
};

// One side of a contact: the shape family and its radius-like size (Sphere/Capsule/InfCylinder
// radius, Facet halfThick; ignored for a Wall).
struct ShapeSize {
  ShapeKind kind;
  double size;
};

// The radius of curvature of a shape's surface at a contact [m], for laws whose physics is a
// contact mechanics of curved surfaces (Hertz's R* = (1/rho_1 + 1/rho_2)^-1): the radius of a
// sphere, a capsule or an infinite cylinder (for the last two, across their axis: the smaller of
// their two principal radii), a facet's halfThick, and infinity for a flat shape (is_flat).
constexpr double curvature_radius(ShapeSize s) {
  return is_flat(s.kind, s.size) ? std::numeric_limits<double>::infinity() : s.size;
}

// What a law sees when one of its contacts is created (seed 001 step 2, Woo's Cp2 functors run
// once per new contact): the normal displacement at creation (<= the law's reach), the
// effective lengths decided by the stiffness rules, and the two bodies as a contact mechanics
// needs them (LAMMPS's granular models read the same at each contact: radii and the reduced
// mass of their damping): masses [kg], infinite for a body that does not move (all six DoFs
// blocked: a wall, a facet, a fixed particle), and radii of curvature (curvature_radius).
// NaN where the caller has no bodies (a law that needs them then refuses the contact: a
// Hertz-Mindlin contact's make_phys throws naming them).
struct ContactCreation {
  double uN;
  ContactLengths lengths;
  double mass1 = std::numeric_limits<double>::quiet_NaN();
  double mass2 = std::numeric_limits<double>::quiet_NaN();
  double curvature_radius1 = std::numeric_limits<double>::quiet_NaN();
  double curvature_radius2 = std::numeric_limits<double>::quiet_NaN();
};

}  // namespace lawcheck
