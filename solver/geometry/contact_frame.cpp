#include "geometry/contact_frame.hpp"

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

// (1 + a.b, a x b) normalised, frame_step's swing, is the quaternion of half the angle between
// a and b, ill conditioned as b nears -a. Here go through -a instead: a half turn about a unit u
// perpendicular to a takes a to -a, and the well-conditioned rotation from -a to b finishes; with
// u along a x b the two compose to the smallest rotation (angle pi - theta back about u after pi
// forward). When a x b vanishes any u perpendicular to a is as small. u is projected off a
// explicitly: a half turn about a slightly tilted axis misses -a by twice the tilt, and a x b
// loses its orthogonality to a as |a x b| -> 0.
Quatd smallest_rotation_far(const Vec3d& a, const Vec3d& b) {
  const double c = a.dot(b);
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

FrameStep frame_step_general(const Quatd& old, const Vec3d& normal, const Vec3d& turn) {
  const Quatd spun = rotation_by(turn) * old;
  const Vec3d a = spun.toRotationMatrix().col(0);
  const double c = a.dot(normal);
  const Vec3d k = a.cross(normal);
  const Quatd swing = c >= -0.5 ? Quatd(1 + c, k.x(), k.y(), k.z()) : smallest_rotation_far(a, normal);
  const FrameStepValues v = finish_frame_step_exact(quat_values(swing), quat_values(spun), quat_values(old));
  return {to_quat(v.ori), to_quat(v.mid)};
}

void transport(ContactFrame& frame, const Vec3d& new_normal, const Vec3d& mean_ang_vel, double dt) {
  const FrameStep s = frame_step(frame.ori, new_normal.normalized(), dt * mean_ang_vel);
  frame.ori = s.ori;
  frame.mid = s.mid;
}

LocalGeom<double> local_geom(const ContactFrame& frame, const ContactPoint& cp, const BodyPose& p1,
                             const BodyVelocity& v1, const BodyPose& p2, const BodyVelocity& v2) {
  // Velocity of the material point of each particle that sits at the contact point.
  const Vec3d rel = (v2.vel + v2.ang_vel.cross(cp.point - p2.pos)) -
                    (v1.vel + v1.ang_vel.cross(cp.point - p1.pos));
  return local_geom(unit_rotation_matrix(frame.mid), cp.uN, rel, v2.ang_vel - v1.ang_vel);
}

}  // namespace lawcheck
