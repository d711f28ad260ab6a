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

// Rotation by half the angle of q, about the same axis.
Quatd half_rotation(Quatd q) {
  if (q.w() < 0) q.coeffs() = -q.coeffs();
  q.w() += 1;
  return q.normalized();
}

}  // namespace

void transport(ContactFrame& frame, const Vec3d& new_normal, const Vec3d& mean_ang_vel, double dt) {
  const Vec3d old_normal = frame.ori * Vec3d::UnitX();
  const Vec3d n = new_normal.normalized();
  // Spin the frame with the pair, then swing it by the smallest rotation onto the actual normal
  // (derivation and the comparison with Woo's swing-then-twist in contact_frame.hpp).
  const Vec3d turn = dt * mean_ang_vel;
  const double angle = turn.norm();
  const Quatd spin = angle > 0 ? Quatd(Eigen::AngleAxisd(angle, turn / angle)) : Quatd::Identity();
  const Quatd swing = Quatd::FromTwoVectors(spin * old_normal, n);
  const Quatd step = (swing * spin).normalized();
  frame.mid = (half_rotation(step) * frame.ori).normalized();
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
