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

#include <cmath>

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

// A quaternion as four plain doubles, for the frame step's arithmetic: written on these, a loop
// over contacts has nothing the compiler cannot vectorise (Eigen's quaternion product is SIMD code
// of its own, which the loop vectoriser cannot widen; dynamics/contact_block.hpp).
struct QuatValues {
  double w, x, y, z;
};

// A 3-vector as three plain doubles, for the same reason.
struct Vec3Values {
  double x, y, z;
};

[[gnu::always_inline]] inline QuatValues quat_values(const Quatd& q) { return {q.w(), q.x(), q.y(), q.z()}; }
[[gnu::always_inline]] inline Quatd to_quat(const QuatValues& q) { return {q.w, q.x, q.y, q.z}; }

// Hamilton product a b (the rotation b, then a). Each sum as two pairs: a product and two
// additions deep instead of three (the frame step is one chain of dependent operations, and its
// length, not its operation count, bounds the vectorised contact loop; `benchmarks/loop_cycles.py`
// shows it).
[[gnu::always_inline]] inline QuatValues product(const QuatValues& a, const QuatValues& b) {
  return {(a.w * b.w - a.x * b.x) - (a.y * b.y + a.z * b.z),  //
          (a.w * b.x + a.x * b.w) + (a.y * b.z - a.z * b.y),  //
          (a.w * b.y + a.y * b.w) + (a.z * b.x - a.x * b.z),  //
          (a.w * b.z + a.z * b.w) + (a.x * b.y - a.y * b.x)};
}

// |q|^2, as two pairs (product above).
[[gnu::always_inline]] inline double squared_norm(const QuatValues& q) {
  return (q.w * q.w + q.x * q.x) + (q.y * q.y + q.z * q.z);
}

// The rotation by the vector `turn` (angle |turn| about turn/|turn|) as a unit quaternion,
// (cos(a), sin(a)/(2a) turn) with a = |turn|/2. Both are even functions of a, so for the small
// turns of a time step they are Taylor polynomials in t = a^2 -- no square root, no sine: for
// t <= 1e-3 (a turn of 3.6 degrees per step) the first omitted terms, t^4/8! and t^4/9!, are
// below 2.5e-17, so the polynomials are the functions to rounding and the frame follows a rigid
// rotation as exactly as with std::sin and std::cos (solver/tests/rigid_rotation_test.cpp);
// larger turns take std::sin and std::cos.
inline constexpr double spin_polynomial_limit = 1e-3;  // of t = a^2

// Each polynomial as its constant plus a bracket (Estrin's scheme: t and t^2 times degree-one
// pieces, four operations deep instead of Horner's six); the bracket is below 5e-4 in
// magnitude, so its own roundings are below 1e-19 and the result's rounding is that of the last
// addition, as with Horner.
[[gnu::always_inline]] inline QuatValues spin_by_polynomial(double t, double tx, double ty, double tz) {
  const double t2 = t * t;
  const double c = 1 + (t * (-1.0 / 2) + t2 * (1.0 / 24 + t * (-1.0 / 720)));
  const double s = 0.5 + (t * (-1.0 / 12) + t2 * (1.0 / 240 + t * (-1.0 / 10080)));
  return {c, s * tx, s * ty, s * tz};
}

[[gnu::always_inline]] inline Quatd rotation_by(const Vec3d& turn) {
  const double t = turn.squaredNorm() / 4;
  if (t <= spin_polynomial_limit) return to_quat(spin_by_polynomial(t, turn.x(), turn.y(), turn.z()));
  const double a = std::sqrt(t);
  const double s = std::sin(a) / (2 * a);
  return {std::cos(a), s * turn.x(), s * turn.y(), s * turn.z()};
}

// The smallest rotation taking unit a to unit b when they are more than 120 degrees apart (the
// rare case of frame_step below), as a unit quaternion.
Quatd smallest_rotation_far(const Vec3d& a, const Vec3d& b);

// The rotation matrix of a unit quaternion on plain doubles, column c row r at m[3 c + r] (the
// frame's axes: column 0 the normal). The same products as Eigen's toRotationMatrix, so the same
// bits; inlined, a loop over contacts vectorises through it.
struct AxesValues {
  double m[9];
};

[[gnu::always_inline]] inline AxesValues unit_rotation_matrix(const QuatValues& q) {
  const double x = q.x, y = q.y, z = q.z, w = q.w;
  const double tx = 2 * x, ty = 2 * y, tz = 2 * z;
  const double xx = tx * x, yy = ty * y, zz = tz * z, xy = tx * y, xz = tx * z, yz = ty * z;
  const double wx = tx * w, wy = ty * w, wz = tz * w;
  return {{1 - (yy + zz), xy + wz, xz - wy,  //
           xy - wz, 1 - (xx + zz), yz + wx,  //
           xz + wy, yz - wx, 1 - (xx + yy)}};
}

[[gnu::always_inline]] inline Mat3d unit_rotation_matrix(const Quatd& q) {
  const AxesValues a = unit_rotation_matrix(quat_values(q));
  Mat3d m;
  m << a.m[0], a.m[3], a.m[6],  //
      a.m[1], a.m[4], a.m[7],   //
      a.m[2], a.m[5], a.m[8];
  return m;
}

// One transport step (derivation above): the frame at t_n and the frame halfway between the
// previous and the new one, both unit quaternions.
struct FrameStep {
  Quatd ori;
  Quatd mid;
};

// The same in plain doubles; `common` says whether the step was the common case (below).
struct FrameStepValues {
  QuatValues ori, mid;
  bool common;
};

// 1/sqrt(q) for q = 4 (1 + e) near 4, without a square root or a division: the binomial series
// 1/sqrt(q) = (1 + e)^(-1/2) / 2 = 1/2 - e/4 + 3e^2/16 - 5e^3/32 + 35e^4/256 - 63e^5/512 + ...
// cut after e^4. The terms of (1 + e)^(-1/2) shrink by a factor below |e| each, so the omitted
// tail is below (63/512) |e|^5 / (1 - |e|): for |e| <= 5e-4, 3.9e-18, i.e. 7.7e-18 relative to
// the result 1/2 -- below a sixteenth of the rounding of the result (2^-53 = 1.1e-16 relative), so
// the polynomial is 1/sqrt(q) to rounding, like spin_by_polynomial. Both normalisations of a frame
// step have q near 4 (finish_frame_step): q = 4 cos^2(angle/2) or 4 cos^2(angle/4), e = -sin^2 of
// that half or quarter angle, so the limit holds for a swing up to 2.56 degrees and a whole frame
// rotation up to 5.1 degrees per step; larger steps take 1/std::sqrt.
inline constexpr double unit_polynomial_limit = 5e-4;  // of |e|

// Evaluated as 1/2 plus a bracket in Estrin's scheme (five operations deep instead of Horner's
// eight); the bracket is below 1.3e-4 in magnitude, so the result's rounding is that of the last
// addition, as with Horner.
[[gnu::always_inline]] inline double inv_sqrt_near_4(double e) {
  const double e3 = e * e * e;
  return 0.5 + (e * (-1.0 / 4 + e * (3.0 / 16)) + e3 * (-5.0 / 32 + e * (35.0 / 256)));
}

// old: the frame at t_{n-1}; normal: the unit normal at t_n; turn: dt (w1 + w2)/2 at t_{n-1/2}.
// Spin: spun = rotation_by(turn) old. Swing: the smallest rotation taking the spun x axis a onto
// the normal is the unit quaternion (1 + a.n, a x n) / sqrt(2 (1 + a.n)); it is applied without
// its normalisation, and the product is normalised once, which also removes the rounding drift
// of |old| (so the stored frame stays a unit quaternion over any number of steps). Halfway: the
// step s = ori old^-1 has half-rotation (1 + s)/|1 + s| when s.w = ori . old >= 0 (else take -s),
// so the mid frame is (old + ori)/|old + ori| (or old - ori).
// The two norms, without square roots: |swing|^2 = (1 + c)^2 + |a x n|^2 = 2 (1 + c) with
// c = a.n = cos(swing angle), so the product has |ori|^2 = 4 cos^2(swing/2) (|spun| = 1); and
// |old + ori|^2 = 2 (1 + |s.w|) = 4 cos^2(step/4) (step: the angle of s). Exact: 1/std::sqrt for
// both; otherwise inv_sqrt_near_4, and `common` is false where either e is beyond its limit (the
// result is then not to be used: frame_step takes the exact path).
// finish_frame_step takes the unnormalised product P = swing spun with e_ori = |P|^2/4 - 1, its
// 1/|P| (inv) and P . old (dot): |s.w| = |P . old| / |P|, and e_mid = |old + ori|^2/4 - 1 =
// (|s.w| - 1)/2 (unit old and ori: each within a few roundings of 1, which moves the mid frame's
// norm by as much). frame_step_general computes the three from P (finish_frame_step_exact);
// swing_stage, the vectorised common case, from values it has before P (below): the loop's time
// is the length of this chain of dependent operations, not their number.
template <bool Exact>
[[gnu::always_inline]] inline FrameStepValues finish_frame_step(const QuatValues& p, const QuatValues& old,
                                                                double e_ori, double inv, double dot) {
  const double cos_half_step = std::abs(dot) * inv;  // |s.w|
  const double e_mid = (cos_half_step - 1) / 2;
  const double inv_mid = Exact ? 1 / std::sqrt(2 + 2 * cos_half_step) : inv_sqrt_near_4(e_mid);
  const double signed_inv = dot >= 0 ? inv : -inv;
  const QuatValues ori{inv * p.w, inv * p.x, inv * p.y, inv * p.z};
  const QuatValues mid{inv_mid * (old.w + signed_inv * p.w), inv_mid * (old.x + signed_inv * p.x),
                       inv_mid * (old.y + signed_inv * p.y), inv_mid * (old.z + signed_inv * p.z)};
  const bool common = (std::abs(e_ori) <= unit_polynomial_limit) & (std::abs(e_mid) <= unit_polynomial_limit);
  return {ori, mid, common};
}

[[gnu::always_inline]] inline FrameStepValues finish_frame_step_exact(const QuatValues& swing, const QuatValues& spun,
                                                                      const QuatValues& old) {
  const QuatValues p = product(swing, spun);
  const double q_ori = squared_norm(p);
  const double dot = (p.w * old.w + p.x * old.x) + (p.y * old.y + p.z * old.z);
  return finish_frame_step<true>(p, old, q_ori / 4 - 1, 1 / std::sqrt(q_ori), dot);
}

// The common case, branch-free: a turn whose spin takes the polynomials (t <= 1e-3) and a step
// whose normalisations take theirs (finish_frame_step; this bounds the swing to 2.56 degrees,
// where (1 + a.n, a x n) is well conditioned). Outside it `common` is false and the result is not
// to be used: frame_step takes the general path. frame_step_common is made of the pieces below,
// which the sphere pairs' contact loop runs each in a short loop of its own
// (dynamics/sphere_pair_block.hpp): spin_t and spin_by_polynomial, the spun frame and its x axis
// (spun_axis), the swing (swing_values), then the product and finish_frame_step (swing_stage).

// |turn|^2 / 4, the argument of spin_by_polynomial.
[[gnu::always_inline]] inline double spin_t(double tx, double ty, double tz) { return (tx * tx + ty * ty + tz * tz) / 4; }

// The frame's x axis after the spin, from spun = rotation_by(turn) old: the first column of its
// rotation matrix (the compiler drops the other six entries).
[[gnu::always_inline]] inline Vec3Values spun_axis(const QuatValues& spun) {
  const AxesValues a = unit_rotation_matrix(spun);
  return {a.m[0], a.m[1], a.m[2]};
}

// The swing (1 + c, k) with c = a.n, k = a x n (a: the spun x axis), and the three values
// finish_frame_step takes besides P = swing spun, from c and k rather than from P:
// - |P|^2 = |swing|^2 |spun|^2 = ((1 + c)^2 + |a|^2 |n|^2 - c^2) |old|^2 = 2 (1 + c) |old|^2 for
//   unit a and n, so e_ori = (1 + c) |old|^2 / 2 - 1. If |old|^2 = 1 + d, |a|^2 is 1 + O(d) and
//   the new frame's |ori|^2 is 1 + O(d/4) (1 + c is near 2): the normalisation still removes the
//   rounding drift of |old| step by step.
// - P . old = <swing spun, old> = <swing, old spun*> = |old|^2 <swing, spin*>
//   = |old|^2 ((1 + c) spin.w - k . spin.xyz) (spun = spin old).
// norm2: |old|^2. Plain doubles in, not a struct: GCC keeps a struct of a dozen doubles in memory,
// one per lane, and the loop over contacts does not vectorise.
struct SwingValues {
  QuatValues swing;
  double e_ori, inv, dot;
};

[[gnu::always_inline]] inline SwingValues swing_values(const QuatValues& spin, double ax, double ay, double az,
                                                       double norm2, double nx, double ny, double nz) {
  const double c = (ax * nx + ay * ny) + az * nz;
  const QuatValues swing{1 + c, ay * nz - az * ny, az * nx - ax * nz, ax * ny - ay * nx};
  const double e_ori = swing.w * norm2 / 2 - 1;
  const double dot = norm2 * (swing.w * spin.w - ((swing.x * spin.x + swing.y * spin.y) + swing.z * spin.z));
  return {swing, e_ori, inv_sqrt_near_4(e_ori), dot};
}

// t: spin_t of the turn, for the spin polynomials' limit.
[[gnu::always_inline]] inline FrameStepValues swing_stage(const SwingValues& s, const QuatValues& spun, double t,
                                                          const QuatValues& old) {
  FrameStepValues out = finish_frame_step<false>(product(s.swing, spun), old, s.e_ori, s.inv, s.dot);
  out.common = out.common & (t <= spin_polynomial_limit);
  return out;
}

[[gnu::always_inline]] inline FrameStepValues frame_step_common(const QuatValues& old, double nx, double ny, double nz,
                                                                double tx, double ty, double tz) {
  const double t = spin_t(tx, ty, tz);
  const QuatValues spin = spin_by_polynomial(t, tx, ty, tz), spun = product(spin, old);
  const Vec3Values a = spun_axis(spun);
  return swing_stage(swing_values(spin, a.x, a.y, a.z, squared_norm(old), nx, ny, nz), spun, t, old);
}

// Any turn and swing (geometry/contact_frame.cpp): std::sin and std::cos for a large turn,
// smallest_rotation_far for a swing above 120 degrees, 1/std::sqrt for the normalisations.
FrameStep frame_step_general(const Quatd& old, const Vec3d& normal, const Vec3d& turn);

[[gnu::always_inline]] inline FrameStep frame_step(const Quatd& old, const Vec3d& normal, const Vec3d& turn) {
  const FrameStepValues v =
      frame_step_common(quat_values(old), normal.x(), normal.y(), normal.z(), turn.x(), turn.y(), turn.z());
  if (v.common) [[likely]]
    return {to_quat(v.ori), to_quat(v.mid)};
  return frame_step_general(old, normal, turn);
}

// mean_ang_vel: (w1 + w2)/2 at t_{n-1/2}; sets both ori and mid.
void transport(ContactFrame& frame, const Vec3d& new_normal, const Vec3d& mean_ang_vel, double dt);

// Relative velocity of particle 2 w.r.t. particle 1 at the contact point (v_i + w_i x (c - x_i)),
// and w2 - w1, both in the frame `mid`; uN from the contact point.
LocalGeom<double> local_geom(const ContactFrame& frame, const ContactPoint& cp, const BodyPose& p1,
                             const BodyVelocity& v1, const BodyPose& p2, const BodyVelocity& v2);

// The same from the axes of the mid frame (columns) and the relative velocities in global axes.
[[gnu::always_inline]] inline LocalGeom<double> local_geom(const Mat3d& mid_axes, double uN, const Vec3d& rel_vel,
                                                           const Vec3d& rel_ang_vel) {
  LocalGeom<double> g;
  g.uN = uN;
  g.vel = mid_axes.transpose() * rel_vel;
  g.ang_vel = mid_axes.transpose() * rel_ang_vel;
  return g;
}

}  // namespace lawcheck
