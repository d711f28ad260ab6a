#pragma once
// Sphere-sphere contacts a block at a time (issue 12): the contact loop's hot path, in the passes
// of dynamics/contact_block.hpp:
//   0. gather (sphere_pair_gather), scalar: both particles' centre, radius, velocity and spin
//      into SpherePairInputs, one array per value;
//   1. kinematics (sphere_pair_kinematics), vectorised: the pair's distance, normal and uN, the
//      frame transported to the new normal, the relative velocity and angular velocity in the
//      halfway frame's axes (what the law reads), the new frame's axes and the lever arms (what
//      the force mapping reads);
//   2. the law (law_pass, dynamics/contact_block.hpp);
//   3. the force mapping (sphere_pair_forces), vectorised: global force and both torques.
// A zero distance leaves the kinematics flagged (rare = 2; the caller's StateError).

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "dynamics/contact_block.hpp"

namespace lawcheck {

// Pass 0's output: both particles' values per lane (particle p, value c, lane l at [p][c][l]).
struct SpherePairInputs {
  static constexpr std::size_t n = contact_block;
  alignas(64) double body[2][10][n];  // x y z r, vx vy vz, wx wy wz
};

// The gather prefetches, this many contacts ahead, what the loop will read and write of particle
// id2: its position, velocity, spin and radius (for the gather itself) and its force and torque
// (for the accumulation a block later, into L2). id1 ascends within a batch, which the hardware
// prefetcher follows; id2 runs about a layer of the packing ahead of it, and its lines are the
// step's first touch of that particle. Measured on the 1e5 packing (scripts/bench.sh --against,
// interleaved, 13 rounds, twice; benchmarks/README.md "Where the contact step's time goes"):
// one thread -4 to -9 %, two threads -8 to -15 %; 1e4 (in cache) within noise.
inline constexpr std::size_t gather_prefetch_distance = 32;

// Pass 0: both particles' values of contacts k0 .. k0 + m - 1, one array per value. A scalar
// loop of plain loads and stores, written out value by value (a loop over the ten values stayed a
// loop with a branch per value); the vector pass then loads them contiguously, where gathering
// them itself cost ~3 instructions per double (GCC 12 emulates the gathers and extracts every
// element's index anew; benchmarks/README.md, "The gather pass").
inline void sphere_pair_gather(SpherePairInputs& in, const std::uint32_t* id1, const std::uint32_t* id2,
                               std::size_t k0, std::size_t m, std::size_t end, const BodyArrays& P) {
  for (std::size_t l = 0; l < m; ++l) {
    if (k0 + l + gather_prefetch_distance < end) {
      const std::size_t j = id2[k0 + l + gather_prefetch_distance], J = 3 * j;
      __builtin_prefetch(P.pos + J);
      __builtin_prefetch(P.vel + J);
      __builtin_prefetch(P.ang_vel + J);
      __builtin_prefetch(P.radius + j);
      __builtin_prefetch(P.force + J, 1, 2);  // for the accumulation, a block later: into L2
      __builtin_prefetch(P.torque + J, 1, 2);
    }
    const auto put = [&](double (*out)[SpherePairInputs::n], std::uint32_t i) {
      const std::size_t I = 3 * std::size_t{i};
      const double *x = P.pos + I, *v = P.vel + I, *w = P.ang_vel + I;
      out[0][l] = x[0];
      out[1][l] = x[1];
      out[2][l] = x[2];
      out[3][l] = P.radius[i];
      out[4][l] = v[0];
      out[5][l] = v[1];
      out[6][l] = v[2];
      out[7][l] = w[0];
      out[8][l] = w[1];
      out[9][l] = w[2];
    };
    put(in.body[0], id1[k0 + l]);
    put(in.body[1], id2[k0 + l]);
  }
}

// Contact k's kinematics into lane l from its particles' values (pass 0), what a law with needs N
// reads (block_local_velocities). General: every case of the frame step (the rare lanes;
// block_frame). Returns false when the centres coincide (or are not finite): nothing else is then
// meaningful.
template <bool General, LawNeeds N>
[[gnu::always_inline]] inline bool sphere_pair_lane(ContactBlock& b, const SpherePairInputs& in, std::size_t l,
                                                    const double* frame, bool transport, double dt) {
  const auto x1 = [&](int c) { return in.body[0][c][l]; };
  const auto x2 = [&](int c) { return in.body[1][c][l]; };
  const double dx = x2(0) - x1(0), dy = x2(1) - x1(1), dz = x2(2) - x1(2);
  const double dist2 = dx * dx + dy * dy + dz * dz;
  // sphere_sphere_contact, with 1/|d| kept for the relative velocity
  const double dist = std::sqrt(dist2), inv_dist = 1 / dist;
  const double nx = inv_dist * dx, ny = inv_dist * dy, nz = inv_dist * dz;
  const double ri = x1(3), rj = x2(3);
  const double uN = dist - (ri + rj);
  const double a1 = ri + uN / 2;  // |c - x1|
  const double w1[3] = {x1(7), x1(8), x1(9)}, w2[3] = {x2(7), x2(8), x2(9)};
  const double h = dt / 2;
  const double tx = h * (w1[0] + w2[0]), ty = h * (w1[1] + w2[1]), tz = h * (w1[2] + w2[2]);
  const QuatValues mid = block_frame<General>(b, l, frame, transport, nx, ny, nz, tx, ty, tz);

  // Relative velocity at the mid-step lever arms: sphere_pair_relative_velocity
  // (dynamics/contact_response.hpp, which derives it) on plain doubles -- the loop does not
  // vectorise through Eigen's 3-vectors. c' - v1 = vn/2 n + a1/|d| (dv - vn n),
  // arm1 = a1 n - dt/2 (c' - v1), arm2 = arm1 - (d - dt/2 dv), rel = dv + w2 x arm2 - w1 x arm1.
  const double dvx = x2(4) - x1(4), dvy = x2(5) - x1(5), dvz = x2(6) - x1(6);
  const double vn = nx * dvx + ny * dvy + nz * dvz;
  const double g = a1 * inv_dist, hv = vn / 2;
  const double px = hv * nx + g * (dvx - vn * nx), py = hv * ny + g * (dvy - vn * ny), pz = hv * nz + g * (dvz - vn * nz);
  const double r1x = a1 * nx - h * px, r1y = a1 * ny - h * py, r1z = a1 * nz - h * pz;
  const double r2x = r1x - (dx - h * dvx), r2y = r1y - (dy - h * dvy), r2z = r1z - (dz - h * dvz);
  const double relx = dvx + (w2[1] * r2z - w2[2] * r2y) - (w1[1] * r1z - w1[2] * r1y);
  const double rely = dvy + (w2[2] * r2x - w2[0] * r2z) - (w1[2] * r1x - w1[0] * r1z);
  const double relz = dvz + (w2[0] * r2y - w2[1] * r2x) - (w1[0] * r1y - w1[1] * r1x);
  block_local_velocities<N>(b, l, mid, relx, rely, relz, w2[0] - w1[0], w2[1] - w1[1], w2[2] - w1[2]);
  b.uN[l] = uN;
  b.arm1[l] = a1;
  b.arm2[l] = dist - a1;
  return dist2 > 0;
}

// Passes 0 and 1 over contacts k0 .. k0 + m - 1 of a batch (ids, frames as Eigen quaternions in a
// contiguous array); contacts at k >= fresh_from keep their frame (created in this step).
// Returns the first lane whose centres coincide (or are not finite), or m if none.
template <LawNeeds N>
std::size_t sphere_pair_kinematics(ContactBlock& b, SpherePairInputs& in, const std::uint32_t* id1,
                                          const std::uint32_t* id2, const double* frames, std::size_t k0,
                                          std::size_t m, std::size_t end, std::size_t fresh_from, const BodyArrays& P,
                                          double dt) {
  sphere_pair_gather(in, id1, id2, k0, m, end, P);
  LAWCHECK_SIMD_LOOP
  for (std::size_t l = 0; l < m; ++l) {
    const std::size_t k = k0 + l;
    if (!sphere_pair_lane<false, N>(b, in, l, frames + 4 * k, k < fresh_from, dt)) b.rare[l] = 2;
  }
  for (std::size_t l = 0; l < m; ++l)
    if (b.rare[l] != 0) [[unlikely]] {
      if (b.rare[l] == 2) return l;
      sphere_pair_lane<true, N>(b, in, l, frames + 4 * (k0 + l), true, dt);
    }
  return m;
}

// Pass 3: F1 = R f, and torques about the centres T1 = a1 n x F1, T2 = a2 n x F1 (the lever
// arms lie along the normal; in the frame (n, y, z), n x F1 = Fy z - Fz y), plus the law's torque
// R t on particle 1 and -R t on particle 2 (sphere_pair_force) if the law returns one (N). Also
// stores the new frames back.
template <LawNeeds N>
void sphere_pair_forces(ContactBlock& b, double* frames, std::size_t k0, std::size_t m) {
  LAWCHECK_SIMD_LOOP
  for (std::size_t l = 0; l < m; ++l) {
    const double fx = b.force[0][l], fy = b.force[1][l], fz = b.force[2][l];
    for (int r = 0; r < 3; ++r) {
      const double x = b.axes[r][l], y = b.axes[3 + r][l], z = b.axes[6 + r][l];
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
