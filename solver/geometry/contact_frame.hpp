#pragma once
// Contact-local frame, stored per contact and transported with the pair (Woo's L6Geom trsf).
// Columns of `ori` (local -> global) are the normal x and tangents y, z. Keeping the tangential
// force in local coordinates and transporting the frame makes the force follow a rigid motion.
//
// Transport over one step (w = mean angular velocity of the two particles, at t_{n-1/2}): first
// rotate the frame by the rotation vector dt w ("spin"), then by the smallest rotation taking the
// spun normal onto the new normal ("swing"). Derivation: to first order the swing undoes the part
// of the spin that tilts the normal and adds the normal's own turning, so the frame's angular
// velocity is w + n x (dn/dt - w x n) = n x dn/dt + (w.n) n: parallel transport of the tangents
// plus a twist (w.n) about the normal, the same continuous limit as Woo's L6Geom update
// (normRotVec + normTwistVec in Cg2_Any_Any_L6Geom__Base). Unlike the literal "swing old -> new
// normal, then twist by dt (w.n)", whose frame lags a rigid rotation by O(dt^3) per step, a rigid
// motion (dn/dt = w x n) makes the swing the identity and the step the rigid rotation itself: the
// frame follows a rigid motion to rounding (solver/tests/rigid_rotation_test.cpp).
//
// Time levels (leapfrog: pose at t_n, velocities at t_{n-1/2}). `ori` is the frame at t_n (the
// force the law returns is mapped to global with it); `mid` is the frame halfway between the
// previous and the current `ori` (Woo's midTrsf): the t_{n-1/2} velocities are expressed in it,
// so the direction of each tangential increment is second order in dt.
// local_geom takes the branch vectors (contact point - particle position) from the contact point
// and poses it is given, which must be at the velocities' time level:
// - a kinematic state at one time level (poses and velocities at t): pass it as is. A rigid
//   motion then yields zero relative velocity exactly (solver/tests/rigid_rotation_test.cpp).
// - the leapfrog: pass mid_step_pose(p_i, v_i, dt) and a mid-step contact point, i.e.
//   ContactPoint{n_n, point at the mid-step poses (or the mean of the previous and current
//   points, Woo's midContPt), uN_n}, as Woo does (midPos = pos - dt/2 vel). The spurious slip of a rigidly rotating
//   pair is then O(dt^2) (|w| |d| (|w| dt)^2 / 12); with the t_n poses and point it is O(dt)
//   (|w| |d| |w| dt / 2), i.e. the tangential displacement drifts at first order
//   (rigid_rotation_test.cpp measures both). uN and the frame stay those of t_n.

#include "geometry/body_state.hpp"
#include "geometry/contact_lengths.hpp"
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
