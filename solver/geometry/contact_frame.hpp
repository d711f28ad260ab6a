#pragma once
// Contact-local frame, stored per contact and transported with the pair (Woo's L6Geom trsf).
// Columns of `ori` (local -> global) are the normal x and tangents y, z. Keeping the tangential
// force in local coordinates and transporting the frame makes the force follow a rigid motion.
//
// Transport over one step: rotate the frame by the smallest rotation taking the old normal to the
// new one, then twist it about the new normal by dt * (mean angular velocity . normal).

#include "geometry/body_state.hpp"
#include "geometry/contact_point.hpp"
#include "geometry/local_geom.hpp"

namespace lawcheck {

struct ContactFrame {
  Quatd ori = Quatd::Identity();
};

// A frame whose x axis is `normal`; the tangents are a deterministic function of the normal.
ContactFrame initial_frame(const Vec3d& normal);

void transport(ContactFrame& frame, const Vec3d& new_normal, const Vec3d& mean_ang_vel, double dt);

// Relative velocity of particle 2 w.r.t. particle 1 at the contact point (v_i + w_i x (c - x_i)),
// and w2 - w1, both in local coordinates; uN from the contact point; lengths from physics.
LocalGeom<double> local_geom(const ContactFrame& frame, const ContactPoint& cp, const BodyPose& p1,
                             const BodyVelocity& v1, const BodyPose& p2, const BodyVelocity& v2,
                             const ContactLengths& lengths);

}  // namespace lawcheck
