#pragma once
// Sphere-sphere contacts a block at a time (issue 12): the contact loop's hot path, in three
// passes over up to `sphere_block` contacts whose intermediate values stay in L1:
//   1. kinematics (sphere_pair_kinematics), vectorised over the contacts (`omp simd`): the pair's
//      distance, normal and uN, the frame transported to the new normal, the relative velocity
//      and angular velocity in the halfway frame's axes (what the law reads), the new frame's
//      axes and the lever arms (what the force mapping reads);
//   2. the law, contact by contact (the caller: it owns the law, the energies and the broken list);
//   3. the force mapping (sphere_pair_forces), vectorised: global force and both torques.
// The caller then accumulates the forces on the particles in contact order (serial or threaded,
// dynamics/simulation.hpp). The formulas are those of dynamics/contact_response.hpp and
// geometry/contact_frame.hpp, written on plain doubles: a pass has no call and no branch the
// compiler cannot turn into a select, so one instruction serves 4 or 8 contacts (with AVX2 or
// AVX-512, LAWCHECK_NATIVE) and the particles' positions and velocities are gathered by index.
// The rare cases leave the vector pass flagged and are redone one by one: a turn above the spin
// polynomials' range, a swing above 2.56 degrees or a frame rotation above 5.1 degrees per step
// (the normalisation polynomials' range; frame_step_general), a zero distance (the
// caller's StateError).
//
// Time levels as in contact_response.hpp: positions at t_n, velocities at t_{n-1/2}; the
// relative velocity is taken at the mid-step lever arms, in the frame halfway between t_{n-1}
// and t_n; the force is mapped with the frame at t_n.

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "geometry/contact_frame.hpp"
#include "laws/energy_kind.hpp"
#include "laws/local_response.hpp"

// -fopenmp-simd (CMakeLists.txt) honours this without OpenMP's threads. simdlen: as many
// contacts per iteration as one register holds doubles; left to itself GCC sizes the iteration
// for the narrowest type in the loop (the 4-byte ids: twice as many contacts as registers hold
// doubles), and every double quantity then takes two registers and spills.
#if defined(__AVX512F__)
#define LAWCHECK_SIMD_LOOP _Pragma("omp simd simdlen(8)")
#elif defined(__AVX__)
#define LAWCHECK_SIMD_LOOP _Pragma("omp simd simdlen(4)")
#else
#define LAWCHECK_SIMD_LOOP _Pragma("omp simd simdlen(2)")
#endif

namespace lawcheck {

inline constexpr std::size_t sphere_block = 64;

// A block's intermediate values, one array per quantity (the vector passes load and store them
// contiguously). Local quantities are in the contact frame's axes (x = normal).
struct SpherePairBlock {
  static constexpr std::size_t n = sphere_block;
  // kinematics -> law
  alignas(64) double uN[n];
  alignas(64) double vel[3][n];      // v2 - v1 at the contact point, halfway frame
  alignas(64) double ang_vel[3][n];  // w2 - w1, halfway frame
  // kinematics -> forces
  alignas(64) double axes[9][n];  // frame at t_n, column c row r at [3 c + r]
  alignas(64) double arm1[n], arm2[n];  // |c - x1|, |c - x2|: lever arms along the normal
  alignas(64) double ori[4][n];   // frame at t_n (w, x, y, z), stored back after the rare lanes
  // law -> forces
  alignas(64) double force[3][n], torque[3][n];  // on particle 1, local axes, torque about c
  // forces -> accumulation (global axes)
  alignas(64) double force1[3][n], torque1[3][n], torque2[3][n];
  double rare[n];  // kinematics: 0 common case, 1 not (redone one by one), 2 the centres coincide
  // law: 1 if the contact breaks, else 0. 64-bit: a byte store would size the vectorised law pass
  // for 64 contacts per iteration (the whole block: the vector loop never ran) and may alias
  // anything (benchmarks/README.md, "Law kernel and bytes per contact").
  std::uint64_t broken[n];
};

// The particles' arrays as plain doubles (Eigen's Vec3d is three packed doubles).
struct SphereBodies {
  const double* pos;
  const double* vel;
  const double* ang_vel;
  const double* radius;
};

// Contact k's kinematics into lane l. General: frame_step with every case (the rare lanes);
// otherwise frame_step_common, and rare[l] says whether its case was not the common one.
// Returns false when the centres coincide (or are not finite): nothing else is then meaningful.
template <bool General>
[[gnu::always_inline]] inline bool sphere_pair_lane(SpherePairBlock& b, std::size_t l, std::uint32_t i,
                                                    std::uint32_t j, const double* frame, bool transport,
                                                    const SphereBodies& P, double dt) {
  // Indexed as array[3 i + c], a form GCC turns into gather instructions (not pointer + offset).
  const std::size_t I = 3 * std::size_t{i}, J = 3 * std::size_t{j};
  const double* x = P.pos;
  const double dx = x[J] - x[I], dy = x[J + 1] - x[I + 1], dz = x[J + 2] - x[I + 2];
  const double dist2 = dx * dx + dy * dy + dz * dz;
  // sphere_sphere_contact, with 1/|d| kept for the relative velocity
  const double dist = std::sqrt(dist2), inv_dist = 1 / dist;
  const double nx = inv_dist * dx, ny = inv_dist * dy, nz = inv_dist * dz;
  const double ri = P.radius[i], rj = P.radius[j];
  const double uN = dist - (ri + rj);
  const double a1 = ri + uN / 2;  // |c - x1|
  const double* v = P.vel;
  const double* w = P.ang_vel;
  const double w1[3] = {w[I], w[I + 1], w[I + 2]}, w2[3] = {w[J], w[J + 1], w[J + 2]};
  const double h = dt / 2;
  const double tx = h * (w1[0] + w2[0]), ty = h * (w1[1] + w2[1]), tz = h * (w1[2] + w2[2]);

  // Frame (geometry/contact_frame.hpp); Eigen stores a quaternion as x, y, z, w.
  const QuatValues old{frame[3], frame[0], frame[1], frame[2]};
  QuatValues ori = old, mid = old;
  if constexpr (General) {
    if (transport) {
      const FrameStep s = frame_step(to_quat(old), Vec3d(nx, ny, nz), Vec3d(tx, ty, tz));
      ori = quat_values(s.ori);
      mid = quat_values(s.mid);
    }
  } else {
    const FrameStepValues s = frame_step_common(old, nx, ny, nz, tx, ty, tz);
    // component by component: selects the vectoriser turns into blends
    ori = {transport ? s.ori.w : old.w, transport ? s.ori.x : old.x, transport ? s.ori.y : old.y,
           transport ? s.ori.z : old.z};
    mid = {transport ? s.mid.w : old.w, transport ? s.mid.x : old.x, transport ? s.mid.y : old.y,
           transport ? s.mid.z : old.z};
    b.rare[l] = transport && !s.common ? 1.0 : 0.0;
  }
  b.ori[0][l] = ori.w;
  b.ori[1][l] = ori.x;
  b.ori[2][l] = ori.y;
  b.ori[3][l] = ori.z;
  const AxesValues axes = unit_rotation_matrix(ori);  // at t_n
  for (int c = 0; c < 9; ++c) b.axes[c][l] = axes.m[c];

  // Relative velocity at the mid-step lever arms: sphere_pair_relative_velocity
  // (dynamics/contact_response.hpp, which derives it) on plain doubles -- the loop does not
  // vectorise through Eigen's 3-vectors. c' - v1 = vn/2 n + a1/|d| (dv - vn n),
  // arm1 = a1 n - dt/2 (c' - v1), arm2 = arm1 - (d - dt/2 dv), rel = dv + w2 x arm2 - w1 x arm1.
  const double dvx = v[J] - v[I], dvy = v[J + 1] - v[I + 1], dvz = v[J + 2] - v[I + 2];
  const double vn = nx * dvx + ny * dvy + nz * dvz;
  const double g = a1 * inv_dist, hv = vn / 2;
  const double px = hv * nx + g * (dvx - vn * nx), py = hv * ny + g * (dvy - vn * ny), pz = hv * nz + g * (dvz - vn * nz);
  const double r1x = a1 * nx - h * px, r1y = a1 * ny - h * py, r1z = a1 * nz - h * pz;
  const double r2x = r1x - (dx - h * dvx), r2y = r1y - (dy - h * dvy), r2z = r1z - (dz - h * dvz);
  const double relx = dvx + (w2[1] * r2z - w2[2] * r2y) - (w1[1] * r1z - w1[2] * r1y);
  const double rely = dvy + (w2[2] * r2x - w2[0] * r2z) - (w1[2] * r1x - w1[0] * r1z);
  const double relz = dvz + (w2[0] * r2y - w2[1] * r2x) - (w1[0] * r1y - w1[1] * r1x);
  const double dwx = w2[0] - w1[0], dwy = w2[1] - w1[1], dwz = w2[2] - w1[2];
  {  // in the halfway frame: local = M^T global, M its axes (unit quaternion: no division)
    const AxesValues M = unit_rotation_matrix(mid);
    const double* m = M.m;
    b.vel[0][l] = m[0] * relx + m[1] * rely + m[2] * relz;
    b.vel[1][l] = m[3] * relx + m[4] * rely + m[5] * relz;
    b.vel[2][l] = m[6] * relx + m[7] * rely + m[8] * relz;
    b.ang_vel[0][l] = m[0] * dwx + m[1] * dwy + m[2] * dwz;
    b.ang_vel[1][l] = m[3] * dwx + m[4] * dwy + m[5] * dwz;
    b.ang_vel[2][l] = m[6] * dwx + m[7] * dwy + m[8] * dwz;
  }
  b.uN[l] = uN;
  b.arm1[l] = a1;
  b.arm2[l] = dist - a1;
  return dist2 > 0;
}

// Pass 1 over contacts k0 .. k0 + m - 1 of a batch (ids, frames as Eigen quaternions in a
// contiguous array); contacts at k >= fresh_from keep their frame (created in this step).
// Returns the first lane whose centres coincide (or are not finite), or m if none.
inline std::size_t sphere_pair_kinematics(SpherePairBlock& b, const std::uint32_t* id1, const std::uint32_t* id2,
                                          const double* frames, std::size_t k0, std::size_t m,
                                          std::size_t fresh_from, const SphereBodies& P, double dt) {
  LAWCHECK_SIMD_LOOP
  for (std::size_t l = 0; l < m; ++l) {
    const std::size_t k = k0 + l;
    if (!sphere_pair_lane<false>(b, l, id1[k], id2[k], frames + 4 * k, k < fresh_from, P, dt)) b.rare[l] = 2;
  }
  for (std::size_t l = 0; l < m; ++l)
    if (b.rare[l] != 0) [[unlikely]] {
      if (b.rare[l] == 2) return l;
      sphere_pair_lane<true>(b, l, id1[k0 + l], id2[k0 + l], frames + 4 * (k0 + l), true, P, dt);
    }
  return m;
}

// The local geometry of lane l, as the law reads it.
[[gnu::always_inline]] inline LocalGeom<double> lane_geom(const SpherePairBlock& b, std::size_t l) {
  LocalGeom<double> g;
  g.uN = b.uN[l];
  g.vel = Vec3d(b.vel[0][l], b.vel[1][l], b.vel[2][l]);
  g.ang_vel = Vec3d(b.ang_vel[0][l], b.ang_vel[1][l], b.ang_vel[2][l]);
  return g;
}

// Pass 2: the law on each of the block's m contacts (physics and state of the first one at phys,
// state; PhysColumn::lanes gives the physics), its local force and torque and broken flag into the
// block; returns the energy the laws dissipated (zero unless TrackEnergy). A plain loop over
// scalars: a law written without branches (laws/linear_coulomb_law.hpp) vectorises here with
// AVX-512. benchmarks/law_kernel_bench.cpp times this very function.
template <bool TrackEnergy, class Law>
EnergySplit<double> sphere_pair_law(const Law& law, SpherePairBlock& b, const typename Law::Phys* phys,
                                    typename Law::State* state, std::size_t m, double dt) {
  EnergySplit<double> dissipated;
  for (std::size_t l = 0; l < m; ++l) {
    const LocalResponse<double> r = law.template step<TrackEnergy>(lane_geom(b, l), phys[l], state[l], dt);
    if constexpr (TrackEnergy) dissipated += r.dissipated;
    b.broken[l] = r.broken;
    for (int c = 0; c < 3; ++c) {
      b.force[c][l] = r.force[c];
      b.torque[c][l] = r.torque[c];
    }
  }
  return dissipated;
}

// Pass 3: F1 = R f, and torques about the centres T1 = a1 n x F1, T2 = a2 n x F1 (the lever
// arms lie along the normal; in the frame (n, y, z), n x F1 = Fy z - Fz y), plus the law's torque
// R t on particle 1 and -R t on particle 2 (sphere_pair_force). Also stores the new frames back.
inline void sphere_pair_forces(SpherePairBlock& b, double* frames, std::size_t k0, std::size_t m) {
  LAWCHECK_SIMD_LOOP
  for (std::size_t l = 0; l < m; ++l) {
    const double fx = b.force[0][l], fy = b.force[1][l], fz = b.force[2][l];
    const double tx = b.torque[0][l], ty = b.torque[1][l], tz = b.torque[2][l];
    for (int r = 0; r < 3; ++r) {
      const double x = b.axes[r][l], y = b.axes[3 + r][l], z = b.axes[6 + r][l];
      const double nf = fy * z - fz * y;
      const double law_torque = tx * x + ty * y + tz * z;
      b.force1[r][l] = fx * x + fy * y + fz * z;
      b.torque1[r][l] = b.arm1[l] * nf + law_torque;
      b.torque2[r][l] = b.arm2[l] * nf - law_torque;
    }
    double* q = frames + 4 * (k0 + l);
    q[0] = b.ori[1][l];
    q[1] = b.ori[2][l];
    q[2] = b.ori[3][l];
    q[3] = b.ori[0][l];
  }
}

}  // namespace lawcheck
