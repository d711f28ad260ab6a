#pragma once
// The size of a contact as geometry hands it to physics (Woo's L6Geom.lens and contA): the
// effective lengths l1, l2 of the two particles and the area A of the fictitious connector
// (seed 000 "Stiffness", eq. (2)). Which lengths and which area is a physics choice
// (physics/stiffness_rules.hpp); this header only carries the numbers, so that geometry never
// depends on physics.

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

// What a law sees when one of its contacts is created (seed 001 step 2, Woo's Cp2 functors run
// once per new contact): the normal displacement at creation (<= the law's reach) and the
// effective lengths decided by the stiffness rules.
struct ContactCreation {
  double uN;
  ContactLengths lengths;
};

}  // namespace lawcheck
