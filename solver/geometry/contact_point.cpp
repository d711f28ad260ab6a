#include "geometry/contact_point.hpp"

#include <algorithm>
#include <string>

#include "core/input_error.hpp"
#include "geometry/closest_points.hpp"

// Every supported pair is "round core vs round core" or "round core vs plane":
//   - round: closest points a (core of 1) and b (core of 2), radii ra, rb;
//     n = (b - a)/|b - a|, uN = |b - a| - ra - rb, point = a + n (ra + uN/2), which is the middle of
//     the overlap zone along n (same as sphere_sphere_contact).
//   - plane (Wall): the normal is fixed by the wall's axis and sense, uN is the signed height of the
//     deepest point of the other shape's surface, so a particle that has passed into the solid
//     half-space of a one-sided wall is still in contact (Woo's Cg2_Wall_Sphere does the same).
// Functions below compute the pair in one canonical order; the public dispatcher flips the normal
// when the caller's order is the other one (uN and point do not depend on the order).
// A pair whose normal is undefined (coincident cores, no fallback direction) yields no contact,
// like sphere_sphere_contact with coincident centres.

namespace lawcheck {

namespace {

using Contact = std::optional<ContactPoint>;

Contact round_contact(const Vec3d& a, double ra, const Vec3d& b, double rb, double margin,
                      const Vec3d& known_direction = Vec3d::Zero()) {
  const Vec3d d = b - a;
  const double dist = d.norm();
  const double uN = dist - (ra + rb);
  if (uN > margin) return std::nullopt;
  Vec3d n;
  if (known_direction.squaredNorm() > 0) {
    // The caller knows the normal's line exactly; only its sense comes from the points.
    n = known_direction.normalized();
    if (n.dot(d) < 0) n = -n;
  } else if (dist > 0) {
    n = d / dist;
  } else {
    return std::nullopt;
  }
  return ContactPoint{n, a + n * (ra + uN / 2), uN};
}

Vec3d capsule_axis(const Capsule& c, const BodyPose& p) {
  return p.ori * Vec3d(c.shaft, 0, 0);  // full shaft, body x axis
}

Vec3d capsule_start(const Capsule& c, const BodyPose& p) {
  return p.pos - capsule_axis(c, p) / 2;
}

Contact wall_sphere(const Wall& w, const BodyPose& pw, const Sphere& s, const BodyPose& ps,
                    double margin) {
  return wall_sphere_contact(w, pw.pos, s.radius, ps.pos, margin);
}

Contact wall_capsule(const Wall& w, const BodyPose& pw, const Capsule& c, const BodyPose& pc,
                     double margin) {
  const Vec3d n = wall_normal(w, pw.pos, pc.pos);
  const Vec3d p0 = capsule_start(c, pc), d = capsule_axis(c, pc);
  const double h0 = n[w.axis] * (p0[w.axis] - pw.pos[w.axis]);
  const double h1 = h0 + n[w.axis] * d[w.axis];
  const double uN = std::min(h0, h1) - c.radius;
  if (uN > margin) return std::nullopt;
  // Along the shaft, the contact sits in the middle of the stretch that overlaps the wall
  // (heights h(s) < radius), or of the lowest stretch when nothing overlaps yet. A capsule lying
  // flat then gets its contact under its centre, and the point moves continuously as it tilts.
  double lo = 0, hi = 1;
  if (h0 != h1) {
    const double edge = uN < 0 ? std::clamp((c.radius - h0) / (h1 - h0), 0.0, 1.0) : 0.0;
    if (h0 < h1) hi = uN < 0 ? edge : 0.0;
    else lo = uN < 0 ? edge : 1.0;
  }
  const double s = (lo + hi) / 2;
  const Vec3d on_axis = p0 + s * d;
  const double h = h0 + s * (h1 - h0);
  return ContactPoint{n, on_axis - n * (h - uN / 2), uN};
}

Contact facet_sphere(const Facet& f, const BodyPose& pf, const Sphere& s, const BodyPose& ps,
                     double margin) {
  const Vec3d a = pf.pos + pf.ori * f.vertices[0];
  const Vec3d b = pf.pos + pf.ori * f.vertices[1];
  const Vec3d c = pf.pos + pf.ori * f.vertices[2];
  const TrianglePoint q = closest_on_triangle(ps.pos, a, b, c);
  if (!q.interior) return round_contact(q.point, f.half_thick, ps.pos, s.radius, margin);
  // Face region: the exact face normal is better conditioned than the difference of two nearby
  // points, and it is defined even when the centre lies in the facet's plane.
  const Vec3d face = (b - a).cross(c - a).normalized();
  const double h = face.dot(ps.pos - a);
  const Vec3d n = h >= 0 ? face : Vec3d(-face);
  const double uN = std::abs(h) - (f.half_thick + s.radius);
  if (uN > margin) return std::nullopt;
  return ContactPoint{n, q.point + n * (f.half_thick + uN / 2), uN};
}

Contact capsule_sphere(const Capsule& c, const BodyPose& pc, const Sphere& s, const BodyPose& ps,
                       double margin) {
  const Vec3d p0 = capsule_start(c, pc), d = capsule_axis(c, pc);
  const Vec3d a = p0 + closest_on_segment(ps.pos, p0, d) * d;
  return round_contact(a, c.radius, ps.pos, s.radius, margin);
}

Contact cylinder_sphere(const InfCylinder& c, const BodyPose& pc, const Sphere& s,
                        const BodyPose& ps, double margin) {
  Vec3d a = pc.pos;  // foot of the sphere centre on the cylinder axis
  a[c.axis] = ps.pos[c.axis];
  return round_contact(a, c.radius, ps.pos, s.radius, margin);
}

Contact capsule_capsule(const Capsule& c1, const BodyPose& p1, const Capsule& c2,
                        const BodyPose& p2, double margin) {
  const Vec3d d1 = capsule_axis(c1, p1), d2 = capsule_axis(c2, p2);
  const SegmentPair q = closest_segment_segment(capsule_start(c1, p1), d1, capsule_start(c2, p2), d2);
  // Closest points inside both shafts are joined by the common perpendicular d1 x d2. Its
  // direction is exact to ~1e-16/sin(angle), whereas (on2 - on1)/|on2 - on1| loses all accuracy
  // when the axes (nearly) intersect; below sin(angle) = 1e-4 (direction error ~1e-12) the axes
  // are too close to parallel and the difference of the points is the better direction.
  const Vec3d c = d1.cross(d2);
  const bool use_perpendicular = q.interior && c.norm() >= 1e-4 * d1.norm() * d2.norm();
  return round_contact(q.on1, c1.radius, q.on2, c2.radius, margin,
                       use_perpendicular ? c : Vec3d::Zero());
}

[[noreturn]] void unsupported(const Shape& s1, const Shape& s2) {
  const ShapeKind k1 = kind_of(s1), k2 = kind_of(s2);
  const std::string pair = std::string(name_of(k1)) + "-" + std::string(name_of(k2));
  const bool flat1 = k1 == ShapeKind::wall || k1 == ShapeKind::facet;
  const bool flat2 = k2 == ShapeKind::wall || k2 == ShapeKind::facet;
  if (flat1 && flat2)
    throw InputError("pair", pair, "contact of two flat particles is undefined (seed 000, rule 3)");
  throw InputError("pair", pair,
                   "unsupported shape pair (supported: sphere-sphere, sphere-wall, sphere-facet, "
                   "sphere-capsule, sphere-infcylinder, capsule-capsule, capsule-wall)");
}

}  // namespace

std::optional<ContactPoint> contact_point(const Shape& s1, const BodyPose& p1, const Shape& s2,
                                          const BodyPose& p2, double margin) {
  validate(s1);
  validate(s2);
  require_finite("margin", margin);
  return contact_point_unchecked(s1, p1, s2, p2, margin);
}

std::optional<ContactPoint> contact_point_unchecked(const Shape& s1, const BodyPose& p1, const Shape& s2,
                                                    const BodyPose& p2, double margin) {
  // Each case computes the canonical order (first named shape = particle 1) and flips if needed.
  if (const auto* a = std::get_if<Sphere>(&s1)) {
    if (const auto* b = std::get_if<Sphere>(&s2))
      return sphere_sphere_contact(a->radius, p1.pos, b->radius, p2.pos, margin);
    if (const auto* b = std::get_if<Wall>(&s2)) return flipped(wall_sphere(*b, p2, *a, p1, margin));
    if (const auto* b = std::get_if<Facet>(&s2)) return flipped(facet_sphere(*b, p2, *a, p1, margin));
    if (const auto* b = std::get_if<Capsule>(&s2))
      return flipped(capsule_sphere(*b, p2, *a, p1, margin));
    if (const auto* b = std::get_if<InfCylinder>(&s2))
      return flipped(cylinder_sphere(*b, p2, *a, p1, margin));
  } else if (const auto* b = std::get_if<Sphere>(&s2)) {
    if (const auto* a1 = std::get_if<Wall>(&s1)) return wall_sphere(*a1, p1, *b, p2, margin);
    if (const auto* a1 = std::get_if<Facet>(&s1)) return facet_sphere(*a1, p1, *b, p2, margin);
    if (const auto* a1 = std::get_if<Capsule>(&s1)) return capsule_sphere(*a1, p1, *b, p2, margin);
    if (const auto* a1 = std::get_if<InfCylinder>(&s1)) return cylinder_sphere(*a1, p1, *b, p2, margin);
  } else if (const auto* a = std::get_if<Capsule>(&s1)) {
    if (const auto* b2 = std::get_if<Capsule>(&s2)) return capsule_capsule(*a, p1, *b2, p2, margin);
    if (const auto* b2 = std::get_if<Wall>(&s2)) return flipped(wall_capsule(*b2, p2, *a, p1, margin));
  } else if (const auto* a1 = std::get_if<Wall>(&s1)) {
    if (const auto* b2 = std::get_if<Capsule>(&s2)) return wall_capsule(*a1, p1, *b2, p2, margin);
  }
  unsupported(s1, s2);
}

}  // namespace lawcheck
