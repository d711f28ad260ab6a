#pragma once
// Kinematic state of one particle as geometry sees it. In the leapfrog the pose is at t_n and the
// velocities at t_{n-1/2}; mid_step_pose brings the pose to the velocities' time level.

#include <Eigen/Geometry>

#include "core/vector_types.hpp"

namespace lawcheck {

struct BodyPose {
  Vec3d pos = Vec3d::Zero();
  Quatd ori = Quatd::Identity();
};

struct BodyVelocity {
  Vec3d vel = Vec3d::Zero();
  Vec3d ang_vel = Vec3d::Zero();
};

// The pose at t_{n-1/2} from the pose at t_n and the velocities at t_{n-1/2}: half a leapfrog
// step back (Woo's midPos = pos - dt/2 vel in Cg2_Any_Any_L6Geom__Base). Exact for the leapfrog's
// straight-line position update; the orientation is turned back by half the step's rotation.
inline BodyPose mid_step_pose(const BodyPose& p, const BodyVelocity& v, double dt) {
  const double angle = v.ang_vel.norm() * dt / 2;
  const Quatd back = angle > 0 ? Quatd(Eigen::AngleAxisd(-angle, v.ang_vel.normalized()))
                               : Quatd::Identity();
  return {p.pos - dt / 2 * v.vel, (back * p.ori).normalized()};
}

}  // namespace lawcheck
