#pragma once
// Contact detection for a shape pair (seed 001 step 1): where two shapes touch, along which
// normal, and by how much they overlap. Supported pairs, in either order: sphere-sphere,
// sphere-wall, sphere-facet, sphere-capsule, sphere-infcylinder, capsule-capsule, capsule-wall.
// Any other pair throws InputError("pair", "<kind>-<kind>", ...); shapes are validated first.
//
// Conventions (seed 000 signs): the normal is a unit vector from particle 1 towards particle 2;
// uN < 0 in overlap; the contact point is in the middle of the overlap zone along the normal.
// Swapping the particles flips the normal and keeps uN and the point. Per pair:
// - round pairs reduce to the closest points of their cores (sphere: centre, capsule: shaft
//   segment along the body x axis, facet: triangle with vertices in the body frame, thickened by
//   halfThick; infcylinder: axis line), geometry/closest_points.hpp. Parallel capsules touch in
//   the middle of their overlap; crossing shafts use the exact common perpendicular.
// - a Wall's normal is its axis, towards the free side: sense +1 / -1 fixes it; sense 0 takes the
//   side of the other particle's centre (exactly on the plane: +). A particle inside the solid
//   half-space is in contact, deeply. Detection is stateless: unlike Woo, which keeps the
//   previous normal of an existing contact with a two-sided wall, a centre pushed through a
//   two-sided wall's plane (or a zero-thickness facet's) flips the normal.
// - capsule-wall: uN from the lowest end; the point lies under the middle of the stretch of
//   shaft that overlaps the wall, so it moves continuously as the capsule tilts.
// - a pair whose normal is undefined (coincident centres, a sphere centre on a capsule axis)
//   yields no contact; a sphere centre in a facet's plane inside the triangle uses the face
//   normal (vertex winding).

#include <optional>

#include "geometry/body_state.hpp"
#include "geometry/shapes.hpp"

namespace lawcheck {

struct ContactPoint {
  Vec3d normal;  // unit, pointing from particle 1 towards particle 2
  Vec3d point;   // contact point, global coordinates
  double uN;     // normal displacement, negative when the shapes overlap
};

// Empty when the shapes are farther apart than `margin` (uN > margin).
std::optional<ContactPoint> contact_point(const Shape& s1, const BodyPose& p1, const Shape& s2,
                                          const BodyPose& p2, double margin = 0);

// contact_point without its checks, for the contact loop's existing contacts: their shapes were
// validated when the particles were added (Particles::add) and the pair was accepted by
// contact_point when the contact was created, so the step repeats neither. A finite margin or
// +max().
std::optional<ContactPoint> contact_point_unchecked(const Shape& s1, const BodyPose& p1, const Shape& s2,
                                                    const BodyPose& p2, double margin);

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

// The same contact seen from the other particle: the normal reversed (point and uN are shared).
[[gnu::always_inline]] inline std::optional<ContactPoint> flipped(std::optional<ContactPoint> c) {
  if (c) c->normal = -c->normal;
  return c;
}

// Wall normal pointing into the free half-space. Two-sided walls take the side of `probe`
// (the other particle's centre); exactly on the plane counts as the + side.
[[gnu::always_inline]] inline Vec3d wall_normal(const Wall& w, const Vec3d& wall_pos, const Vec3d& probe) {
  Vec3d n = Vec3d::Zero();
  const int sense = w.sense != 0 ? w.sense : (probe[w.axis] >= wall_pos[w.axis] ? 1 : -1);
  n[w.axis] = sense;
  return n;
}

// The hot-loop specialisation for a wall (particle 1) and a sphere (particle 2), inlined into the
// contact loop (a sphere-wall contact is ~6 % of a packing's). The sphere's deepest point sits at
// height uN, the plane at 0: the middle of the overlap is at uN/2.
[[gnu::always_inline]] inline std::optional<ContactPoint> wall_sphere_contact(const Wall& w, const Vec3d& wall_pos,
                                                                             double radius, const Vec3d& sphere_pos,
                                                                             double margin = 0) {
  const Vec3d n = wall_normal(w, wall_pos, sphere_pos);
  const double h = n[w.axis] * (sphere_pos[w.axis] - wall_pos[w.axis]);
  const double uN = h - radius;
  if (uN > margin) return std::nullopt;
  return ContactPoint{n, sphere_pos - n * (radius + uN / 2), uN};
}

}  // namespace lawcheck
