#include "geometry/contact_frame.hpp"

#include <cmath>

namespace lawcheck {

ContactFrame initial_frame(const Vec3d& normal) {
  const Vec3d x = normal.normalized();
  // First tangent: the global axis least aligned with the normal, made orthogonal to it. The
  // choice only has to be deterministic (and well conditioned: |x_k| <= 1/sqrt(3)).
  int k = 0;
  for (int i = 1; i < 3; ++i)
    if (std::abs(x[i]) < std::abs(x[k])) k = i;
  const Vec3d y = (Vec3d::Unit(k) - x[k] * x).normalized();
  Mat3d axes;
  axes << x, y, x.cross(y);
  const Quatd q(axes);
  return {q.normalized(), q.normalized()};
}

namespace {

// Rotation by half the angle of the unit quaternion q, about the same axis.
Quatd half_rotation(Quatd q) {
  if (q.w() < 0) q.coeffs() = -q.coeffs();
  q.w() += 1;
  return q.normalized();
}

// Rotation by the vector `turn` (angle |turn| about turn/|turn|).
Quatd rotation_by(const Vec3d& turn) {
  const double angle = turn.norm();
  if (angle == 0) return Quatd::Identity();
  const double s = std::sin(angle / 2) / angle;
  return {std::cos(angle / 2), s * turn.x(), s * turn.y(), s * turn.z()};
}

// Smallest rotation taking unit a to unit b: (1 + a.b, a x b) normalised is the quaternion of
// half the angle between them, well conditioned unless b is nearly -a. Then go through -a: a half
// turn about a unit u perpendicular to a takes a to -a, and the well-conditioned rotation from -a
// to b finishes; with u along a x b the two compose to the smallest rotation (angle pi - theta
// back about u after pi forward). When a x b vanishes any u perpendicular to a is as small.
// u is projected off a explicitly: a half turn about a slightly tilted axis misses -a by twice
// the tilt, and a x b loses its orthogonality to a as |a x b| -> 0.
Quatd smallest_rotation(const Vec3d& a, const Vec3d& b) {
  const double c = a.dot(b);
  if (c >= -0.5) {
    const Vec3d axis = a.cross(b);
    return Quatd(1 + c, axis.x(), axis.y(), axis.z()).normalized();
  }
  Vec3d u = a.cross(b);
  if (u.squaredNorm() < 1e-20) {
    int k = 0;
    for (int i = 1; i < 3; ++i)
      if (std::abs(a[i]) < std::abs(a[k])) k = i;
    u = a.cross(Vec3d::Unit(k));
  }
  u = (u - u.dot(a) * a).normalized();
  const Vec3d rest_axis = (-a).cross(b);
  const Quatd rest = Quatd(1 - c, rest_axis.x(), rest_axis.y(), rest_axis.z()).normalized();
  return rest * Quatd(0, u.x(), u.y(), u.z());
}

}  // namespace

void transport(ContactFrame& frame, const Vec3d& new_normal, const Vec3d& mean_ang_vel, double dt) {
  // Spin the frame with the pair, then swing it by the smallest rotation onto the actual normal
  // (derivation and the comparison with Woo's swing-then-twist in contact_frame.hpp). Hot loop:
  // three square roots, one sine and one cosine, no branch but the rare flip.
  const Quatd spin = rotation_by(dt * mean_ang_vel);
  const Vec3d spun_normal = (spin * frame.ori) * Vec3d::UnitX();
  const Quatd step = smallest_rotation(spun_normal, new_normal.normalized()) * spin;
  frame.mid = half_rotation(step) * frame.ori;
  frame.ori = (step * frame.ori).normalized();
}

LocalGeom<double> local_geom(const ContactFrame& frame, const ContactPoint& cp, const BodyPose& p1,
                             const BodyVelocity& v1, const BodyPose& p2, const BodyVelocity& v2,
                             const ContactLengths& lengths) {
  // Velocity of the material point of each particle that sits at the contact point.
  const Vec3d rel = (v2.vel + v2.ang_vel.cross(cp.point - p2.pos)) -
                    (v1.vel + v1.ang_vel.cross(cp.point - p1.pos));
  const Mat3d to_local = frame.mid.toRotationMatrix().transpose();
  LocalGeom<double> g;
  g.uN = cp.uN;
  g.vel = to_local * rel;
  g.ang_vel = to_local * (v2.ang_vel - v1.ang_vel);
  g.l1 = lengths.l1;
  g.l2 = lengths.l2;
  g.area = lengths.area;
  return g;
}

}  // namespace lawcheck
