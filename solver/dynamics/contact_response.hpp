#pragma once
// One contact through seed 001's three steps at step n: geometry (frame transported to the new
// normal, local kinematics), then the law on the physics computed at creation. The LawTester
// calls this; the contact loop's blocks (dynamics/sphere_pair_block.hpp,
// dynamics/other_pair_block.hpp) compute the same formulas on plain doubles, a second spelling the
// vectoriser needs, and map the force to global axes (both are checked by the rigid-rotation,
// objectivity and oracle tests, the tester's through the LawTester, the loop's through Simulation).
//
// Time levels: positions (hence the contact point, uN, frame) at t_n; velocities at t_{n-1/2};
// the response is the force at t_n. The lever arms of the relative velocity are taken at the
// velocities' level t_{n-1/2} (Woo's midPos/midContPt in Cg2_Any_Any_L6Geom__Base): particle
// centres and the contact point moved back by dt/2 along their leapfrog straight lines. With t_n
// lever arms a spinning pair slips spuriously at first order in dt, with these at second
// (solver/tests/rigid_rotation_test.cpp). A contact created in this very step keeps its initial
// frame (transport = false): transporting it would twist it by dt * (mean spin . n) for no motion.
//
// Cost: the frame is one unit quaternion per contact, turned
// into the two rotation matrices it is used through (the halfway frame for the velocities, the
// new frame for the force) once per step; no trigonometry, and in the common case no square root
// or division for the frame either (its two normalisations are polynomials,
// geometry/contact_frame.hpp); one square root and one division for the distance of two spheres.

#include "geometry/contact_frame.hpp"
#include "laws/contact_law.hpp"

namespace lawcheck {

// Velocity, in global axes, of particle 2 relative to particle 1 at the mid-step contact point of
// two spheres, from the normal n, d = x2 - x1, 1/|d|, a1 = |c - x1| = r1 + uN/2 (all at t_n).
// The point sits on the line of centres, c = x1 + a1 n, so c' = v1 + a1' n + a1 n' with
// a1' = uN'/2 = n.(v2 - v1)/2 and n' = (I - n n)(v2 - v1)/|d|: no spin enters, c is where the
// surfaces meet, not a material point. The mean material velocity of the two surfaces there (the
// estimate for other pairs) adds (w1 x (c - x1) + w2 x (c - x2))/2; for spins that are not a
// rotation of the pair this moves the mid-step point off the line of centres by O(dt), and a twist
// then turns that offset into a spurious tangential velocity ~ dt a w_n w_b: a first-order slip
// and energy error (solver/tests/dynamics_linel6_test.cpp). For a rigid motion both agree.
// Lever arms at t_{n-1/2}: c_mid - x1_mid = (c - x1) - dt/2 (c' - v1), and
// c_mid - x2_mid = (c_mid - x1_mid) - (d - dt/2 (v2 - v1)).
[[gnu::always_inline]] inline Vec3d sphere_pair_relative_velocity(const Vec3d& n, const Vec3d& d, double inv_dist, double a1,
                                           const BodyVelocity& v1, const BodyVelocity& v2, double dt) {
  const Vec3d dv = v2.vel - v1.vel;
  const double vn = n.dot(dv);
  const Vec3d point_rate = vn / 2 * n + (a1 * inv_dist) * (dv - vn * n);  // c' - v1
  const Vec3d arm1 = a1 * n - dt / 2 * point_rate;
  const Vec3d arm2 = arm1 - (d - dt / 2 * dv);
  return dv + v2.ang_vel.cross(arm2) - v1.ang_vel.cross(arm1);
}

// The same for any other pair: the contact point taken back with the mean material velocity of
// the two surfaces, c' = (v1 + w1 x (c - x1) + v2 + w2 x (c - x2))/2.
[[gnu::always_inline]] inline Vec3d relative_velocity(const Vec3d& point, const Vec3d& x1, const BodyVelocity& v1, const Vec3d& x2,
                               const BodyVelocity& v2, double dt) {
  const Vec3d r1 = point - x1, r2 = point - x2;
  const Vec3d point_vel = (v1.vel + v1.ang_vel.cross(r1) + v2.vel + v2.ang_vel.cross(r2)) / 2;
  const Vec3d arm1 = r1 - dt / 2 * (point_vel - v1.vel);
  const Vec3d arm2 = r2 - dt / 2 * (point_vel - v2.vel);
  return v2.vel + v2.ang_vel.cross(arm2) - v1.vel - v1.ang_vel.cross(arm1);
}

// The frame of a contact advanced to t_n (or kept, for a contact created in this step) and its
// axes: `axes` at t_n (the force is mapped with it), `mid` halfway (the velocities are read in it).
struct FrameAxes {
  Mat3d axes;
  Mat3d mid;
};

// What the law sees, from the frame's axes and the relative velocity in global axes.
[[gnu::always_inline]] inline LocalGeom<double> local_geom(const FrameAxes& f, double uN, const Vec3d& rel_vel, const BodyVelocity& v1,
                                    const BodyVelocity& v2) {
  return local_geom(f.mid, uN, rel_vel, v2.ang_vel - v1.ang_vel);
}

// Step 1 alone, on a ContactFrame (ori and mid kept as unit quaternions): transports the frame
// and returns the local geometry the law will see. sphere_pair: the bodies are two spheres and cp
// is their sphere_sphere_contact (the contact point moves geometrically, see above).
inline LocalGeom<double> contact_kinematics(ContactFrame& frame, bool transport_frame, const ContactPoint& cp,
                                            const BodyPose& p1, const BodyVelocity& v1, const BodyPose& p2,
                                            const BodyVelocity& v2, double dt, bool sphere_pair = false) {
  if (transport_frame) {
    const FrameStep s = frame_step(frame.ori, cp.normal, dt / 2 * (v1.ang_vel + v2.ang_vel));
    frame.ori = s.ori;
    frame.mid = s.mid;
  } else {
    frame.mid = frame.ori;
  }
  const FrameAxes f{unit_rotation_matrix(frame.ori), unit_rotation_matrix(frame.mid)};
  if (!sphere_pair) return local_geom(f, cp.uN, relative_velocity(cp.point, p1.pos, v1, p2.pos, v2, dt), v1, v2);
  const Vec3d d = p2.pos - p1.pos;
  const Vec3d rel =
      sphere_pair_relative_velocity(cp.normal, d, 1 / d.dot(cp.normal), (cp.point - p1.pos).dot(cp.normal), v1, v2, dt);
  return local_geom(f, cp.uN, rel, v1, v2);
}

struct ContactEvaluation {
  LocalGeom<double> geom;
  LocalResponse<double> response;
};

template <bool TrackEnergy, ContactLaw Law>
ContactEvaluation evaluate_contact(const Law& law, ContactFrame& frame, bool transport_frame,
                                   const ContactPoint& cp, const BodyPose& p1, const BodyVelocity& v1,
                                   const BodyPose& p2, const BodyVelocity& v2, const typename Law::Phys& phys, typename Law::State& state, double dt,
                                   bool sphere_pair = false) {
  ContactEvaluation out;
  out.geom = contact_kinematics(frame, transport_frame, cp, p1, v1, p2, v2, dt, sphere_pair);
  out.response = law.template step<TrackEnergy>(out.geom, phys, state, dt);
  return out;
}

}  // namespace lawcheck
