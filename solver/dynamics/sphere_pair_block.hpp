#pragma once
// Sphere-sphere contacts a block at a time: the contact loop's hot path, in the passes
// of dynamics/contact_block.hpp:
//   0. gather (sphere_pair_gather), scalar: the pair's centre and velocity differences, both
//      particles' radius and spin into SpherePairInputs, one array per value;
//   1. kinematics (sphere_pair_kinematics), vectorised, in seven short loops: the pair's
//      distance, normal and uN, the frame transported to the new normal, the relative velocity
//      and angular velocity in the halfway frame's axes (what the law reads), the new frame and the
//      lever arms (what the force mapping reads);
//   2. the law (law_pass, dynamics/contact_block.hpp);
//   3. the force mapping (sphere_pair_forces), vectorised: the new frame's axes, global force and
//      both torques.
// A zero distance leaves the kinematics flagged (rare = 2; the caller's StateError).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "dynamics/contact_block.hpp"

namespace lawcheck {

// Pass 0's output per lane: the differences particle 2 - particle 1 of centre and velocity (value
// c, lane l at pair[c][l]), each particle's radius and spin (particle p at body[p][c][l]). Also
// pass 1's values between its loops (sphere_pair_kinematics), quaternions as (w, x, y, z).
struct SpherePairInputs {
  static constexpr std::size_t n = contact_block;
  alignas(64) double pair[6][n];     // d = x2 - x1, dv = v2 - v1
  alignas(64) double body[2][4][n];  // r, wx wy wz
  alignas(64) double normal[3][n];    // unit normal at t_n
  alignas(64) double inv_dist[n];     // 1/|d|
  alignas(64) double rel[3][n];       // v2 - v1 at the contact point, global axes
  alignas(64) double old[4][n];       // the stored frame, at t_{n-1}
  alignas(64) double norm2[n];        // |old|^2
  alignas(64) double spin[4][n];      // rotation_by(turn)
  alignas(64) double spin_t[n];       // spin_t(turn)
  alignas(64) double spun[4][n];      // spin old
  alignas(64) double spun_axis[3][n];
  alignas(64) double swing[4][n];     // SwingValues
  alignas(64) double e_ori[n], inv_ori[n], dot[n];
  alignas(64) double mid[4][n];  // the halfway frame
};

// Lane l of a quaternion's four arrays, and back.
[[gnu::always_inline]] inline QuatValues lane_quat(const double (&q)[4][contact_block], std::size_t l) {
  return {q[0][l], q[1][l], q[2][l], q[3][l]};
}
[[gnu::always_inline]] inline void set_lane_quat(double (&q)[4][contact_block], std::size_t l, const QuatValues& v) {
  q[0][l] = v.w;
  q[1][l] = v.x;
  q[2][l] = v.y;
  q[3][l] = v.z;
}

// The gather prefetches, this many contacts ahead, what the loop will read and write of particle
// id2: its position, velocity, spin and radius (for the gather itself) and its force and torque
// (for the accumulation a block later, into L2). id1 ascends within a batch, which the hardware
// prefetcher follows; id2 runs about a layer of the packing ahead of it, and its lines are the
// step's first touch of that particle: it pays where the packing does not fit the caches, and
// costs nothing measurable where it does (benchmarks/README.md, "What bounds them").
inline constexpr std::size_t gather_prefetch_distance = 32;

// Prefetches particle j's lines (id2 of the contact `gather_prefetch_distance` ahead).
[[gnu::always_inline]] inline void sphere_pair_prefetch(std::size_t j, const BodyArrays& P) {
  const std::size_t J = 3 * j;
  __builtin_prefetch(P.pos + J);
  __builtin_prefetch(P.vel + J);
  __builtin_prefetch(P.ang_vel + J);
  __builtin_prefetch(P.radius + j);
  __builtin_prefetch(P.force + J, 1, 2);  // for the accumulation, a block later: into L2
  __builtin_prefetch(P.torque + J, 1, 2);
}

// Pass 0: the values of contacts k0 .. k0 + m - 1, one array per value; the vector passes then
// load them contiguously. The kinematics reads centres and velocities only as differences, so
// those are stored: 6 values where both particles' were 12, the same bits (the vector pass formed
// the same differences).
//
// Four contacts at a time (dynamics/lane_vectors.hpp: vec3_quad, vec3_quad_difference, the
// differences taken before the pairs are split into lanes). Contact by contact, with 20 scalar
// loads and 14 scalar stores each, the gather was bound by the core's memory operations per
// cycle; left to GCC inside the vector pass, each gathered double is emulated by ~3 instructions.
inline void sphere_pair_gather(SpherePairInputs& in, const std::uint32_t* id1, const std::uint32_t* id2,
                               std::size_t k0, std::size_t m, std::size_t end, const BodyArrays& P) {
  static_assert(contact_block % 4 == 0, "a block's lanes come in fours");
  // in locals: the stores below (through memcpy, which may alias anything) would reload them
  const BodyArrays body = P;
  const std::size_t ahead = end > gather_prefetch_distance ? end - gather_prefetch_distance : 0;
  using Ids = std::array<std::size_t, 4>;
  const auto differences = [&](std::size_t l, const Ids& i, const Ids& j) {
    const Vec3Quad d = vec3_quad_difference(records4(body.pos, i), records4(body.pos, j));
    const Vec3Quad dv = vec3_quad_difference(records4(body.vel, i), records4(body.vel, j));
    store_double4(in.pair[0] + l, d.x);
    store_double4(in.pair[1] + l, d.y);
    store_double4(in.pair[2] + l, d.z);
    store_double4(in.pair[3] + l, dv.x);
    store_double4(in.pair[4] + l, dv.y);
    store_double4(in.pair[5] + l, dv.z);
  };
  const auto bodies = [&](std::size_t l, const Ids& i, const Ids& j) {
    const Vec3Quad w1 = vec3_quad(records4(body.ang_vel, i)), w2 = vec3_quad(records4(body.ang_vel, j));
    store_double4(in.body[0][1] + l, w1.x);
    store_double4(in.body[0][2] + l, w1.y);
    store_double4(in.body[0][3] + l, w1.z);
    store_double4(in.body[1][1] + l, w2.x);
    store_double4(in.body[1][2] + l, w2.y);
    store_double4(in.body[1][3] + l, w2.z);
    const double* r = body.radius;
    store_double4(in.body[0][0] + l, Double4{r[i[0]], r[i[1]], r[i[2]], r[i[3]]});
    store_double4(in.body[1][0] + l, Double4{r[j[0]], r[j[1]], r[j[2]], r[j[3]]});
  };
  const auto ids = [&](const std::uint32_t* id, std::size_t l) {
    return Ids{id[k0 + l], id[k0 + l + 1], id[k0 + l + 2], id[k0 + l + 3]};
  };
  // Two loops, each with the addresses of two arrays for eight particles: as one loop, GCC kept
  // the 24 addresses of three arrays and spilled them.
  const std::size_t quads = m / 4 * 4;
  for (std::size_t l = 0; l < quads; l += 4) {
    const std::size_t k = k0 + l;
    if (k + 4 <= ahead)
      for (std::size_t c = 0; c < 4; ++c) sphere_pair_prefetch(id2[k + gather_prefetch_distance + c], body);
    differences(l, ids(id1, l), ids(id2, l));
  }
  for (std::size_t l = 0; l < quads; l += 4) bodies(l, ids(id1, l), ids(id2, l));
  // The last m % 4 contacts as one more four, the last contact repeated in the lanes past it:
  // scratch that no pass reads (they run over l < m).
  if (quads < m) {
    const auto padded = [&](const std::uint32_t* id) {
      Ids r;
      for (std::size_t c = 0; c < 4; ++c) r[c] = id[k0 + std::min(quads + c, m - 1)];
      return r;
    };
    differences(quads, padded(id1), padded(id2));
    bodies(quads, padded(id1), padded(id2));
  }
}

// A sphere pair's distance, normal and lever arms in lane l, from its particles' values (pass 0);
// ok is false when the centres coincide (or are not finite): nothing else is then meaningful.
struct SpherePairDistance {
  double nx, ny, nz, inv_dist;  // unit normal, 1/|d|
  double uN, a1, a2;            // overlap distance, lever arms |c - x1|, |c - x2|
  bool ok;
};

[[gnu::always_inline]] inline SpherePairDistance sphere_pair_distance(const SpherePairInputs& in, std::size_t l) {
  const double dx = in.pair[0][l], dy = in.pair[1][l], dz = in.pair[2][l];
  const double r1 = in.body[0][0][l], r2 = in.body[1][0][l];
  const double dist2 = dx * dx + dy * dy + dz * dz;
  // sphere_sphere_contact, with 1/|d| kept for the relative velocity; 1/|d| = |d| (1/|d|^2): the
  // division does not wait for the square root
  const double dist = std::sqrt(dist2), inv_dist = dist * (1 / dist2);
  const double uN = dist - (r1 + r2);
  const double a1 = r1 + uN / 2;  // |c - x1|
  return {inv_dist * dx, inv_dist * dy, inv_dist * dz, inv_dist, uN, a1, dist - a1, dist2 > 0};
}

// Relative velocity at the mid-step lever arms: sphere_pair_relative_velocity
// (dynamics/contact_response.hpp, which derives it) on plain doubles -- the loop does not
// vectorise through Eigen's 3-vectors -- with its terms regrouped so that the normal enters last
// (the loop's time is its chain of dependent operations): there c' - v1 = vn/2 n + g (dv - vn n)
// with g = a1/|d|, arm1 = a1 n - h (c' - v1) = alpha n + beta dv with alpha = a1 - h vn (1/2 - g),
// beta = -h g, arm2 = arm1 - (d - h dv), h = dt/2; so
// rel = dv + w2 x arm2 - w1 x arm1 = (dv - w2 x d + h w2 x dv) + beta dw x dv + alpha dw x n,
// dw = w2 - w1: the bracket needs no normal, beta only the distance.
[[gnu::always_inline]] inline Vec3Values sphere_pair_rel(const SpherePairInputs& in, std::size_t l, double nx, double ny,
                                                  double nz, double inv_dist, double a1, double dt) {
  const auto w1 = [&](int c) { return in.body[0][1 + c][l]; };
  const double h = dt / 2;
  const double dx = in.pair[0][l], dy = in.pair[1][l], dz = in.pair[2][l];
  const double dvx = in.pair[3][l], dvy = in.pair[4][l], dvz = in.pair[5][l];
  const double w2x = in.body[1][1][l], w2y = in.body[1][2][l], w2z = in.body[1][3][l];
  const double dwx = w2x - w1(0), dwy = w2y - w1(1), dwz = w2z - w1(2);
  const double ex = dx - h * dvx, ey = dy - h * dvy, ez = dz - h * dvz;  // d - h dv
  const double bx = dvx - (w2y * ez - w2z * ey), by = dvy - (w2z * ex - w2x * ez), bz = dvz - (w2x * ey - w2y * ex);
  const double vn = (nx * dvx + ny * dvy) + nz * dvz;
  const double g = a1 * inv_dist;
  const double alpha = a1 - h * vn * (0.5 - g), beta = -h * g;
  return {(bx + beta * (dwy * dvz - dwz * dvy)) + alpha * (dwy * nz - dwz * ny),
          (by + beta * (dwz * dvx - dwx * dvz)) + alpha * (dwz * nx - dwx * nz),
          (bz + beta * (dwx * dvy - dwy * dvx)) + alpha * (dwx * ny - dwy * nx)};
}

// Lane l's turn dt (w1 + w2)/2 (global axes), from pass 0's values.
[[gnu::always_inline]] inline Vec3Values sphere_pair_turn(const SpherePairInputs& in, std::size_t l, double dt) {
  const double h = dt / 2;
  return {h * (in.body[0][1][l] + in.body[1][1][l]), h * (in.body[0][2][l] + in.body[1][2][l]),
          h * (in.body[0][3][l] + in.body[1][3][l])};
}

template <LawNeeds N>
[[gnu::always_inline]] inline void sphere_pair_local_velocities(ContactBlock& b, const SpherePairInputs& in,
                                                                std::size_t l, const QuatValues& mid, double relx,
                                                                double rely, double relz) {
  const auto dw = [&](int c) { return in.body[1][1 + c][l] - in.body[0][1 + c][l]; };
  block_local_velocities<N>(b, l, mid, relx, rely, relz, dw(0), dw(1), dw(2));
}

// Contact k's kinematics into lane l by frame_step with every case (a rare lane: transported, its
// step not the common case). Returns false when the centres coincide (or are not finite).
template <LawNeeds N>
bool sphere_pair_rare_lane(ContactBlock& b, const SpherePairInputs& in, std::size_t l, const double* frame,
                           double dt) {
  const SpherePairDistance g = sphere_pair_distance(in, l);
  if (!g.ok) return false;
  const Vec3Values t = sphere_pair_turn(in, l, dt);
  const QuatValues mid = block_frame<true>(b, l, frame, true, g.nx, g.ny, g.nz, t.x, t.y, t.z);
  const Vec3Values rel = sphere_pair_rel(in, l, g.nx, g.ny, g.nz, g.inv_dist, g.a1, dt);
  sphere_pair_local_velocities<N>(b, in, l, mid, rel.x, rel.y, rel.z);
  b.uN[l] = g.uN;
  b.arm1[l] = g.a1;
  b.arm2[l] = g.a2;
  return true;
}

// Passes 0 and 1 over contacts k0 .. k0 + m - 1 of a batch (ids, frames as Eigen quaternions in a
// contiguous array); contacts at k >= fresh_from keep their frame (created in this step).
// Returns the first lane whose centres coincide (or are not finite), or m if none.
//
// Pass 1 is seven loops, each short: as one loop of ~440 vector instructions, whose every
// iteration is one chain of dependent operations (distance -> normal -> swing -> normalisations
// -> halfway frame -> local velocity), it ran at the chain's pace, about three times slower than
// its operations' throughput: the out-of-order window held less than one iteration, so iterations
// did not overlap. Short loops overlap theirs; the values between them go through
// SpherePairInputs, in L1. `benchmarks/loop_cycles.py` shows each loop against its bound.
template <LawNeeds N>
std::size_t sphere_pair_kinematics(ContactBlock& b, SpherePairInputs& in, const std::uint32_t* id1,
                                   const std::uint32_t* id2, const double* frames, std::size_t k0, std::size_t m,
                                   std::size_t end, std::size_t fresh_from, const BodyArrays& P, double dt) {
  sphere_pair_gather(in, id1, id2, k0, m, end, P);
  // 1a. distance and normal
  LAWCHECK_SIMD_LOOP
  for (std::size_t l = 0; l < m; ++l) {
    const SpherePairDistance g = sphere_pair_distance(in, l);
    in.normal[0][l] = g.nx;
    in.normal[1][l] = g.ny;
    in.normal[2][l] = g.nz;
    in.inv_dist[l] = g.inv_dist;
    b.uN[l] = g.uN;
    b.arm1[l] = g.a1;
    b.arm2[l] = g.a2;
    b.rare[l] = g.ok ? 0.0 : 2.0;
  }
  // 1b. the relative velocity
  LAWCHECK_SIMD_LOOP
  for (std::size_t l = 0; l < m; ++l) {
    const Vec3Values rel = sphere_pair_rel(in, l, in.normal[0][l], in.normal[1][l], in.normal[2][l], in.inv_dist[l], b.arm1[l], dt);
    in.rel[0][l] = rel.x;
    in.rel[1][l] = rel.y;
    in.rel[2][l] = rel.z;
  }
  // 1c. the frame step (geometry/contact_frame.hpp): the spin, which does not depend on the normal;
  // the stored frames (x, y, z, w) first into lanes (w, x, y, z), transposed in registers
  records_to_columns(frames + 4 * k0, {in.old[1], in.old[2], in.old[3], in.old[0]}, m);
  LAWCHECK_SIMD_LOOP
  for (std::size_t l = 0; l < m; ++l) {
    const QuatValues old = lane_quat(in.old, l);
    const Vec3Values turn = sphere_pair_turn(in, l, dt);
    const double t = spin_t(turn.x, turn.y, turn.z);
    in.norm2[l] = squared_norm(old);
    set_lane_quat(in.spin, l, spin_by_polynomial(t, turn.x, turn.y, turn.z));
    in.spin_t[l] = t;
  }
  // 1d. the spun frame and its x axis
  LAWCHECK_SIMD_LOOP
  for (std::size_t l = 0; l < m; ++l) {
    const QuatValues spun = product(lane_quat(in.spin, l), lane_quat(in.old, l));
    const Vec3Values a = spun_axis(spun);
    set_lane_quat(in.spun, l, spun);
    in.spun_axis[0][l] = a.x;
    in.spun_axis[1][l] = a.y;
    in.spun_axis[2][l] = a.z;
  }
  // 1e. the swing, the new frame's normalisation
  LAWCHECK_SIMD_LOOP
  for (std::size_t l = 0; l < m; ++l) {
    const SwingValues s = swing_values(lane_quat(in.spin, l), in.spun_axis[0][l], in.spun_axis[1][l],
                                       in.spun_axis[2][l], in.norm2[l], in.normal[0][l], in.normal[1][l], in.normal[2][l]);
    set_lane_quat(in.swing, l, s.swing);
    in.e_ori[l] = s.e_ori;
    in.inv_ori[l] = s.inv;
    in.dot[l] = s.dot;
  }
  // 1f. the frame at t_n, the halfway frame
  LAWCHECK_SIMD_LOOP
  for (std::size_t l = 0; l < m; ++l) {
    const FrameStepValues s = swing_stage({lane_quat(in.swing, l), in.e_ori[l], in.inv_ori[l], in.dot[l]},
                                          lane_quat(in.spun, l), in.spin_t[l], lane_quat(in.old, l));
    b.rare[l] = std::max(b.rare[l], common_frame_rare(s, true));
    set_lane_quat(in.mid, l, block_common_frame(b, l, s, lane_quat(in.old, l), true));
  }
  // Contacts created in this step keep their frame: 1f transported every lane (a select per
  // value and lane was a fifth of that loop's operations), and these, at the batch's end, are put
  // back here.
  for (std::size_t l = fresh_from > k0 ? fresh_from - k0 : 0; l < m; ++l) {
    const QuatValues old = lane_quat(in.old, l);
    block_store_frame(b, l, old);
    set_lane_quat(in.mid, l, old);
    if (b.rare[l] == 1) b.rare[l] = 0;
  }
  // 1g. the relative velocities in the halfway frame's axes
  LAWCHECK_SIMD_LOOP
  for (std::size_t l = 0; l < m; ++l)
    sphere_pair_local_velocities<N>(b, in, l, lane_quat(in.mid, l), in.rel[0][l], in.rel[1][l], in.rel[2][l]);
  // the rare lanes, one by one
  if (block_any_rare(b, m)) [[unlikely]]
    for (std::size_t l = 0; l < m; ++l)
      if (b.rare[l] != 0) {
        if (b.rare[l] == 2) return l;
        sphere_pair_rare_lane<N>(b, in, l, frames + 4 * (k0 + l), dt);
      }
  return m;
}

// Pass 3: with R the frame's axes at t_n (block_axes), F1 = R f, and torques about the centres
// T1 = a1 n x F1, T2 = a2 n x F1 (the lever arms lie along the normal; in the frame (n, y, z),
// n x F1 = Fy z - Fz y), plus the law's torque R t on particle 1 and -R t on particle 2
// if the law returns one (N). Also stores the new frames back.
template <LawNeeds N>
void sphere_pair_forces(ContactBlock& b, double* frames, std::size_t k0, std::size_t m) {
  LAWCHECK_SIMD_LOOP
  for (std::size_t l = 0; l < m; ++l) {
    const double fx = b.force[0][l], fy = b.force[1][l], fz = b.force[2][l];
    const AxesValues axes = block_axes(b, l);
    for (int r = 0; r < 3; ++r) {
      const double x = axes.m[r], y = axes.m[3 + r], z = axes.m[6 + r];
      const double nf = fy * z - fz * y;
      b.force1[r][l] = fx * x + fy * y + fz * z;
      b.torque1[r][l] = b.arm1[l] * nf;
      b.torque2[r][l] = b.arm2[l] * nf;
      if constexpr (N.torque) {
        const double law_torque = b.torque[0][l] * x + b.torque[1][l] * y + b.torque[2][l] * z;
        b.torque1[r][l] += law_torque;
        b.torque2[r][l] -= law_torque;
      }
    }
  }
  store_frames(b, frames, k0, m);
}

}  // namespace lawcheck
