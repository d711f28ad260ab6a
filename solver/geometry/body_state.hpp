#pragma once
// Kinematic state of one particle as geometry sees it: pose at t_n, velocities at t_{n-1/2}.

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

}  // namespace lawcheck
