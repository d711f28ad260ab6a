#pragma once
// Contact-local frame, stored per contact and transported with the pair (Woo's L6Geom trsf).
// Columns of `ori` (local -> global) are the normal x and tangents y, z. Keeping the tangential
// force in local coordinates and transporting the frame makes the force follow a rigid motion.
//
// Transport over one step: rotate the frame by the smallest rotation taking the old normal to the
// new one (n_old x n_new direction: parallel transport), then twist it about the new normal by
// dt * (mean angular velocity . mid-step normal). For a rigid rotation w this reproduces the
// frame's angular velocity n x dn/dt + (w.n) n = w exactly in the continuous limit.
//
// Time levels (leapfrog: pose at t_n, velocities at t_{n-1/2}). `ori` is the frame at t_n (the
// force the law returns is mapped to global with it); `mid` is the frame halfway between the
// previous and the current `ori` (Woo's midTrsf): the t_{n-1/2} velocities are expressed in it,
// so the direction of each tangential increment is second order in dt. local_geom takes the
// branch vectors (contact point - particle position) from the poses it is given; a rigid motion
// given as poses and velocities at one time level yields zero relative velocity exactly
// (solver/tests/rigid_rotation_test.cpp). Passing t_n poses with t_{n-1/2} velocities, as Woo
// does, lags the branch vectors by dt/2: an O(dt) error in the spin part w x (c - x) only.

#include "geometry/body_state.hpp"
#include "geometry/contact_point.hpp"
#include "geometry/local_geom.hpp"

namespace lawcheck {

struct ContactFrame {
  Quatd ori = Quatd::Identity();  // at t_n
  Quatd mid = Quatd::Identity();  // halfway between the previous and the current ori
};

// A frame whose x axis is `normal`; the tangents are a deterministic function of the normal.
// mid = ori (a new contact has no previous frame).
ContactFrame initial_frame(const Vec3d& normal);

// mean_ang_vel: (w1 + w2)/2 at t_{n-1/2}; sets both ori and mid.
void transport(ContactFrame& frame, const Vec3d& new_normal, const Vec3d& mean_ang_vel, double dt);

// Relative velocity of particle 2 w.r.t. particle 1 at the contact point (v_i + w_i x (c - x_i)),
// and w2 - w1, both in the frame `mid`; uN from the contact point; lengths from physics.
LocalGeom<double> local_geom(const ContactFrame& frame, const ContactPoint& cp, const BodyPose& p1,
                             const BodyVelocity& v1, const BodyPose& p2, const BodyVelocity& v2,
                             const ContactLengths& lengths);

}  // namespace lawcheck
