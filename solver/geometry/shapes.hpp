#pragma once
// Particle shapes (seed 001 step 1; Woo's Sphere, Wall, Facet, Capsule, InfCylinder).
// A particle's position and orientation live in its BodyPose; shapes hold only their own sizes.

#include <array>
#include <variant>

#include "core/vector_types.hpp"
#include "geometry/shape_kind.hpp"

namespace lawcheck {

struct Sphere {
  double radius;
};

// Infinite plane through the particle's position with normal along global axis `axis`
// (0, 1, 2). sense = +1: only the +axis side is solid-free (contacts from +axis side); -1: only
// the -axis side; 0: both sides.
struct Wall {
  int axis;
  int sense = 0;
};

// Triangle with vertices given relative to the particle position, in the particle's body frame,
// thickened by half_thick >= 0 on both sides (half_thick = 0 makes it flat).
struct Facet {
  std::array<Vec3d, 3> vertices;
  double half_thick = 0;
};

// Cylinder of length `shaft` along the body x axis, capped by hemispheres of `radius`.
struct Capsule {
  double radius;
  double shaft;
};

// Infinite cylinder through the particle's position along global axis `axis`.
struct InfCylinder {
  double radius;
  int axis;
};

using Shape = std::variant<Sphere, Wall, Facet, Capsule, InfCylinder>;

ShapeKind kind_of(const Shape& s);
// The size seed 000's length rules take: radius, halfThick for a facet, 0 for a wall.
double size_of(const Shape& s);

// Throws InputError naming the field (e.g. "sphere.radius") and the value for a non-positive or
// non-finite radius, a negative or non-finite facet halfThick or capsule shaft, a wall or cylinder
// axis outside 0..2, a wall sense outside -1..1, a non-finite or degenerate (zero-area) facet.
void validate(const Shape& s);

}  // namespace lawcheck
