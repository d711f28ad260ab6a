#pragma once
// One contact through seed 001's three steps at step n: geometry (frame transported to the new
// normal, local kinematics), then the law on the physics computed at creation. The contact loop
// and the LawTester both call this, so the tester exercises exactly the solver's path.
//
// Time levels: positions (hence the contact point, uN, frame) at t_n; velocities at t_{n-1/2};
// the response is the force at t_n. The lever arms of the relative velocity are taken at the
// velocities' level t_{n-1/2} (Woo's midPos/midContPt in Cg2_Any_Any_L6Geom__Base): particle
// centres and the contact point moved back by dt/2 along their leapfrog straight lines (the
// contact point with the mean material velocity there). With t_n lever arms a spinning pair slips
// spuriously at first order in dt, with these at second (solver/tests/rigid_rotation_test.cpp). A contact created in this very step keeps its initial frame
// (transport = false): transporting it would twist it by dt * (mean spin . n) for no motion.

#include "geometry/contact_frame.hpp"
#include "laws/contact_law.hpp"

namespace lawcheck {

struct ContactEvaluation {
  LocalGeom<double> geom;
  LocalResponse<double> response;
};

// Velocity of the geometric contact point of two spheres. The point sits on the line of centres,
// c = x1 + a1 n with a1 = |c - x1| (r1 + uN/2), so c' = v1 + a1' n + a1 n' with
// a1' = uN'/2 = n.(v2 - v1)/2 and n' = (I - n n)(v2 - v1)/|x2 - x1|. No spin enters: c is where the
// surfaces meet, not a material point. The mean material velocity of the two surfaces there
// (the estimate for other pairs) adds (w1 x (c - x1) + w2 x (c - x2))/2; for spins that are not a
// rotation of the pair this moves the mid-step point off the line of centres by O(dt), and a twist
// then turns that offset into a spurious tangential velocity ~ dt a w_n w_b: a first-order slip
// and energy error (solver/tests/dynamics_linel6_test.cpp). For a rigid motion both agree.
inline Vec3d sphere_pair_point_velocity(const ContactPoint& cp, const BodyPose& p1, const BodyVelocity& v1,
                                        const BodyPose& p2, const BodyVelocity& v2) {
  // sphere_sphere_contact already normalised x2 - x1 into cp.normal: |x2 - x1| is its projection,
  // a dot product instead of a second sqrt and division per contact.
  const Vec3d& n = cp.normal;
  const double dist = (p2.pos - p1.pos).dot(n);
  const Vec3d dv = v2.vel - v1.vel;
  const double vn = n.dot(dv);
  return v1.vel + vn / 2 * n + (cp.point - p1.pos).dot(n) / dist * (dv - vn * n);
}

// Step 1 alone: transports the frame and returns the local geometry the law will see.
// sphere_pair: the bodies are two spheres (the contact point moves geometrically, see above);
// otherwise the point is taken back with the mean material velocity of the two surfaces.
inline LocalGeom<double> contact_kinematics(ContactFrame& frame, bool transport_frame, const ContactPoint& cp,
                                            const BodyPose& p1, const BodyVelocity& v1, const BodyPose& p2,
                                            const BodyVelocity& v2, const ContactLengths& lengths, double dt,
                                            bool sphere_pair = false) {
  if (transport_frame) transport(frame, cp.normal, (v1.ang_vel + v2.ang_vel) / 2, dt);
  const Vec3d point_vel = sphere_pair ? sphere_pair_point_velocity(cp, p1, v1, p2, v2)
                                      : Vec3d((v1.vel + v1.ang_vel.cross(cp.point - p1.pos) + v2.vel +
                                               v2.ang_vel.cross(cp.point - p2.pos)) / 2);
  const ContactPoint mid_cp{cp.normal, cp.point - dt / 2 * point_vel, cp.uN};
  // Only the centres matter for the lever arms; orientations are not read by local_geom.
  const BodyPose m1{p1.pos - dt / 2 * v1.vel, p1.ori};
  const BodyPose m2{p2.pos - dt / 2 * v2.vel, p2.ori};
  return local_geom(frame, mid_cp, m1, v1, m2, v2, lengths);
}

template <bool TrackEnergy, ContactLaw Law>
ContactEvaluation evaluate_contact(const Law& law, ContactFrame& frame, bool transport_frame,
                                   const ContactPoint& cp, const BodyPose& p1, const BodyVelocity& v1,
                                   const BodyPose& p2, const BodyVelocity& v2, const ContactLengths& lengths,
                                   const typename Law::Phys& phys, typename Law::State& state, double dt,
                                   bool sphere_pair = false) {
  ContactEvaluation out;
  out.geom = contact_kinematics(frame, transport_frame, cp, p1, v1, p2, v2, lengths, dt, sphere_pair);
  out.response = law.template step<TrackEnergy>(out.geom, phys, state, dt);
  return out;
}

// Global force and torques of a response (seed 001: "the force & torque is applied on contacting
// particles by the ContactLoop"): F1 = R f on particle 1, -F1 on particle 2; torques about the
// centres, T_i = (c - x_i) x F_i, plus the law's own torque (R t on 1, -R t on 2).
struct GlobalContactForce {
  Vec3d force1;
  Vec3d torque1;
  Vec3d torque2;
};

inline GlobalContactForce global_force(const ContactFrame& frame, const Vec3d& point, const Vec3d& x1,
                                       const Vec3d& x2, const LocalResponse<double>& r) {
  const Mat3d rot = frame.ori.toRotationMatrix();
  const Vec3d f = rot * r.force;
  const Vec3d t = rot * r.torque;
  return {f, (point - x1).cross(f) + t, (point - x2).cross(-f) - t};
}

}  // namespace lawcheck
