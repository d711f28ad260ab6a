#pragma once
// Contact detection for a shape pair (seed 001 step 1): where two shapes touch, along which
// normal, and by how much they overlap. Supported pairs, in either order: sphere-sphere,
// sphere-wall, sphere-facet, sphere-capsule, sphere-infcylinder, capsule-capsule, capsule-wall.
// Any other pair throws InputError("pair", ...).

#include <optional>

#include "geometry/body_state.hpp"
#include "geometry/shapes.hpp"
#include "physics/stiffness_rules.hpp"

namespace lawcheck {

struct ContactPoint {
  Vec3d normal;  // unit, pointing from particle 1 towards particle 2
  Vec3d point;   // contact point, global coordinates
  double uN;     // normal displacement, negative when the shapes overlap
};

// Empty when the shapes are farther apart than `margin` (uN > margin).
std::optional<ContactPoint> contact_point(const Shape& s1, const BodyPose& p1, const Shape& s2,
                                          const BodyPose& p2, double margin = 0);

// The hot-loop specialisation for two spheres (no variant dispatch); same conventions.
inline std::optional<ContactPoint> sphere_sphere_contact(double r1, const Vec3d& x1, double r2,
                                                         const Vec3d& x2, double margin = 0) {
  const Vec3d d = x2 - x1;
  const double dist = d.norm();
  const double uN = dist - (r1 + r2);
  if (uN > margin || dist == 0) return std::nullopt;
  const Vec3d n = d / dist;
  // Contact point in the middle of the overlap zone.
  return ContactPoint{n, x1 + n * (r1 + uN / 2), uN};
}

}  // namespace lawcheck
