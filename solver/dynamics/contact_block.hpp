#pragma once
// What the contact loop's block passes share: a block of up to `contact_block`
// contacts of one batch goes through
//   0. a scalar gather of what the kinematics reads, one array per value (the pair kind's file);
//   1. kinematics, vectorised over the block (`omp simd`): the frame transported to the new normal
//      (block_frame, below), the relative velocity and angular velocity in the halfway frame's
//      axes (block_local_velocities);
//   2. the law, contact by contact (law_pass, below), which vectorises where the law is written
//      without branches (laws/linear_coulomb_law.hpp);
//   3. the force mapping to global axes with the new frame's axes (block_axes), vectorised (the
//      pair kind's file).
// The caller then accumulates the forces on the particles in contact order (serial or threaded,
// dynamics/force_accumulation.hpp). Intermediate values stay in L1 between the passes. Two pair kinds:
// two spheres (dynamics/sphere_pair_block.hpp) and every other pair, e.g. a sphere on a wall
// (dynamics/other_pair_block.hpp). Their formulas are those of dynamics/contact_response.hpp and
// geometry/contact_frame.hpp, written on plain doubles: a pass has no call and no branch the
// compiler cannot turn into a select, so one instruction serves 4 or 8 contacts (with AVX2 or
// AVX-512, LAWCHECK_NATIVE). The rare cases leave the vector pass flagged and are redone one by
// one: a turn above the spin polynomials' range, a swing above 2.56 degrees or a frame rotation
// above 5.1 degrees per step (the normalisation polynomials' range; frame_step_general).
//
// Time levels as in contact_response.hpp: positions at t_n, velocities at t_{n-1/2}; the
// relative velocity is taken at the mid-step lever arms, in the frame halfway between t_{n-1}
// and t_n; the force is mapped with the frame at t_n.

#include <cstddef>
#include <cstdint>

#include <limits>

#include "dynamics/lane_vectors.hpp"
#include "dynamics/state_column.hpp"
#include "dynamics/words.hpp"
#include "geometry/contact_frame.hpp"
#include "laws/contact_law.hpp"
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

inline constexpr std::size_t contact_block = 64;
// Words of a PairSplitLaw's Phys the block holds (ContactBlock::phys; the linear law's FrictPhys: 3).
inline constexpr std::size_t block_phys_words = 4;

// A block's intermediate values, one array per quantity (the vector passes load and store them
// contiguously). Local quantities are in the contact frame's axes (x = normal).
struct ContactBlock {
  static constexpr std::size_t n = contact_block;
  // kinematics -> law
  alignas(64) double uN[n];
  alignas(64) double vel[3][n];      // v2 - v1 at the contact point, halfway frame
  alignas(64) double ang_vel[3][n];  // w2 - w1, halfway frame
  // physics -> law: a PairSplitLaw's Phys joined per lane, word by word (PhysColumn::lanes,
  // BlockPhysLanes below; dynamics/words.hpp)
  alignas(64) double phys[block_phys_words][n];
  // kinematics -> forces
  alignas(64) double arm1[n], arm2[n];  // sphere pairs: |c - x1|, |c - x2|, lever arms along the normal
  // frame at t_n (w, x, y, z), stored back after the rare lanes; the force passes form its axes
  // (block_axes): 4 values through the block where the axes were 9, and 4.5 KiB less scratch
  alignas(64) double ori[4][n];
  // law -> forces
  alignas(64) double force[3][n], torque[3][n];  // on particle 1, local axes, torque about c
  // forces -> accumulation (global axes)
  alignas(64) double force1[3][n], torque1[3][n], torque2[3][n];
  double rare[n];  // kinematics: 0 common case, 1 not (redone one by one), 2 a sphere pair's centres coincide
  // law: 1 if the contact breaks, else 0. 64-bit: a byte store would size the vectorised law pass
  // for 64 contacts per iteration (the whole block: the vector loop never ran) and may alias
  // anything.
  std::uint64_t broken[n];
};

// The particles' arrays as plain doubles (Eigen's Vec3d is three packed doubles).
struct BodyArrays {
  const double* pos;
  const double* vel;
  const double* ang_vel;
  const double* radius;
  const double* force;   // prefetched only (sphere_pair_gather)
  const double* torque;  // prefetched only
};

// Lane l's frame at t_n (ori) into the block.
[[gnu::always_inline]] inline void block_store_frame(ContactBlock& b, std::size_t l, const QuatValues& ori) {
  b.ori[0][l] = ori.w;
  b.ori[1][l] = ori.x;
  b.ori[2][l] = ori.y;
  b.ori[3][l] = ori.z;
}

// Lane l's axes at t_n, column c row r at m[3 c + r], for the force passes.
[[gnu::always_inline]] inline AxesValues block_axes(const ContactBlock& b, std::size_t l) {
  return unit_rotation_matrix(QuatValues{b.ori[0][l], b.ori[1][l], b.ori[2][l], b.ori[3][l]});
}

// The common case's step s (frame_step_common) into lane l: the frame at t_n, the
// old frame kept where the contact was created in this step (transport false). Returns the
// halfway frame. Whether the lane is rare is common_frame_rare's.
[[gnu::always_inline]] inline QuatValues block_common_frame(ContactBlock& b, std::size_t l, const FrameStepValues& s,
                                                            const QuatValues& old, bool transport) {
  // component by component: selects the vectoriser turns into blends
  const QuatValues ori{transport ? s.ori.w : old.w, transport ? s.ori.x : old.x, transport ? s.ori.y : old.y,
                       transport ? s.ori.z : old.z};
  block_store_frame(b, l, ori);
  return {transport ? s.mid.w : old.w, transport ? s.mid.x : old.x, transport ? s.mid.y : old.y,
          transport ? s.mid.z : old.z};
}

// 1 where a transported lane's step was not the common case (it is redone by frame_step), else 0.
[[gnu::always_inline]] inline double common_frame_rare(const FrameStepValues& s, bool transport) {
  return transport && !s.common ? 1.0 : 0.0;
}

// Whether any of lanes 0 .. m - 1 is rare (rare[l] != 0), before the kinematics redoes those lane
// by lane. Most blocks have none, which this tells at a few vector instructions per 4 lanes, where
// a scalar scan pays a load, a compare and a branch for every lane.
[[gnu::always_inline]] inline bool block_any_rare(const ContactBlock& b, std::size_t m) {
  int any = 0;
  _Pragma("omp simd reduction(| : any)")
  for (std::size_t l = 0; l < m; ++l) any |= b.rare[l] != 0;
  return any != 0;
}

// A stored frame (Eigen's order x, y, z, w) as QuatValues.
[[gnu::always_inline]] inline QuatValues stored_frame(const double* frame) {
  return {frame[3], frame[0], frame[1], frame[2]};
}

// Lane l's frame: transported from the stored one to the normal n by the turn t = dt (w1 + w2)/2
// (frame_step, geometry/contact_frame.hpp), or kept (a contact created in this step: transport
// false). Stores the frame at t_n into the block and returns the halfway frame.
// General: frame_step with every case (the rare lanes); otherwise frame_step_common, and rare[l]
// says whether its case was not the common one.
template <bool General>
[[gnu::always_inline]] inline QuatValues block_frame(ContactBlock& b, std::size_t l, const double* frame,
                                                     bool transport, double nx, double ny, double nz, double tx,
                                                     double ty, double tz) {
  const QuatValues old = stored_frame(frame);
  if constexpr (General) {
    QuatValues ori = old, mid = old;
    if (transport) {
      const FrameStep s = frame_step(to_quat(old), Vec3d(nx, ny, nz), Vec3d(tx, ty, tz));
      ori = quat_values(s.ori);
      mid = quat_values(s.mid);
    }
    block_store_frame(b, l, ori);
    return mid;
  } else {
    const FrameStepValues s = frame_step_common(old, nx, ny, nz, tx, ty, tz);
    b.rare[l] = common_frame_rare(s, transport);
    return block_common_frame(b, l, s, old, transport);
  }
}

// Lane l's relative velocity rel and angular velocity dw (global axes) in the halfway frame's
// axes, local = M^T global (M the axes of the unit quaternion mid: no division); local_geom. Only
// what the law reads (N, laws/contact_law.hpp): the tangential velocity always, the normal
// velocity and the spin if it says so.
template <LawNeeds N>
[[gnu::always_inline]] inline void block_local_velocities(ContactBlock& b, std::size_t l, const QuatValues& mid,
                                                          double relx, double rely, double relz, double dwx,
                                                          double dwy, double dwz) {
  const AxesValues M = unit_rotation_matrix(mid);
  const double* m = M.m;
  if constexpr (N.normal_velocity) b.vel[0][l] = m[0] * relx + m[1] * rely + m[2] * relz;
  b.vel[1][l] = m[3] * relx + m[4] * rely + m[5] * relz;
  b.vel[2][l] = m[6] * relx + m[7] * rely + m[8] * relz;
  if constexpr (N.spin) {
    b.ang_vel[0][l] = m[0] * dwx + m[1] * dwy + m[2] * dwz;
    b.ang_vel[1][l] = m[3] * dwx + m[4] * dwy + m[5] * dwz;
    b.ang_vel[2][l] = m[6] * dwx + m[7] * dwy + m[8] * dwz;
  } else {
    static_cast<void>(dwx), static_cast<void>(dwy), static_cast<void>(dwz);
  }
}

// The local geometry of lane l, as a law with needs N reads it: what the kinematics did not
// compute for it is NaN (laws/contact_law.hpp, LawNeeds).
template <LawNeeds N>
[[gnu::always_inline]] inline LocalGeom<double> lane_geom(const ContactBlock& b, std::size_t l) {
  constexpr double unread = std::numeric_limits<double>::quiet_NaN();
  LocalGeom<double> g;
  g.uN = b.uN[l];
  g.vel = Vec3d(N.normal_velocity ? b.vel[0][l] : unread, b.vel[1][l], b.vel[2][l]);
  g.ang_vel = N.spin ? Vec3d(b.ang_vel[0][l], b.ang_vel[1][l], b.ang_vel[2][l]) : Vec3d::Constant(unread);
  return g;
}

// Lane l's Phys as the law pass reads it (PhysColumn::lanes gives one of these):
// - a PairSplitLaw's, joined into the block's own words (ContactBlock::phys). Read from the block,
//   the law pass's every operand lies in one object or the state's columns, which GCC 12
//   disambiguates in the 10 run-time alias checks it allows a loop (three separate physics
//   columns took it past them, and the loop stayed scalar); as words, lane after lane, they load
//   without the permutes that taking an array of FrictPhys apart into lanes costs;
template <class Phys>
struct BlockPhysLanes {
  static_assert(Words<Phys>::count <= block_phys_words, "a PairSplitLaw's Phys fits ContactBlock::phys");
  [[gnu::always_inline]] static void store(ContactBlock& b, std::size_t l, const Phys& ph) {
    for (std::size_t c = 0; c < Words<Phys>::count; ++c) b.phys[c][l] = Words<Phys>::get(ph, c);
  }
  [[gnu::always_inline]] Phys load(const ContactBlock& b, std::size_t l) const { return Words<Phys>::gather(b.phys, l); }
};
// - any other law's, in the physics column itself (lane l at p[l]).
template <class Phys>
struct ArrayPhysLanes {
  const Phys* p;
  [[gnu::always_inline]] const Phys& load(const ContactBlock&, std::size_t l) const { return p[l]; }
};

// Pass 2: the law on lanes l0 .. l1 - 1 (physics and state of lane l from phys.load(b, l) and
// state.load(l); PhysColumn::lanes and StateColumn::lanes give them), its local force, torque (if
// it returns one: LawNeeds) and broken flag into the block; returns the energy the laws dissipated
// (zero unless TrackEnergy), of the kinds the law lists (Law::energy_kinds, laws/contact_law.hpp).
// A plain loop over scalars: a law written without branches (laws/linear_coulomb_law.hpp)
// vectorises here with AVX2 or AVX-512, with energy on too: the loop books each contact's energy
// in its lane, and the lanes are summed after it in contact order (a sum inside the loop is a
// reduction GCC does not vectorise without reordering it, and kept the whole pass scalar).
// benchmarks/law_kernel_bench.cpp times this very function; ctest LawPass.LinearLawPassIsVectorised
// (solver/tests/law_pass_vectorised.py) fails when the linear law's pass no longer vectorises.
template <bool TrackEnergy, class Law, class PhysLanes>
EnergySplit<double> law_pass(const Law& law, ContactBlock& b, const PhysLanes& phys,
                             const typename StateColumn<typename Law::State>::Lanes& state, std::size_t l0,
                             std::size_t l1, double dt) {
  constexpr LawNeeds needs = law_needs<Law>();
  constexpr auto kinds = Law::energy_kinds;
  [[maybe_unused]] alignas(64) double booked[TrackEnergy ? kinds.size() : 1][contact_block];  // [kind][lane]
  const auto lane = [&](std::size_t l) __attribute__((always_inline)) {
    typename Law::State s = state.load(l);
    const LocalResponse<double> r =
        law.template step<TrackEnergy>(lane_geom<needs>(b, l), phys.load(b, l), s, dt);
    state.store(l, s);
    if constexpr (TrackEnergy)
      for (std::size_t i = 0; i < kinds.size(); ++i) booked[i][l] = r.dissipated[kinds[i]];
    b.broken[l] = r.broken;
    for (int c = 0; c < 3; ++c) {
      b.force[c][l] = r.force[c];
      if constexpr (needs.torque) b.torque[c][l] = r.torque[c];
    }
  };
  if constexpr (TrackEnergy) {
    // Lanes are independent (each reads and writes its own lane of the block and its own row of
    // the state's columns): with the state read three ways (the linear law's fy_n for the
    // dissipation), the run-time alias checks GCC 12 would need exceed the 10 it allows a loop, and
    // the loop stayed scalar. Off, the loop vectorises within its checks and needs no ivdep.
#pragma GCC ivdep
    for (std::size_t l = l0; l < l1; ++l) lane(l);
  } else {
    for (std::size_t l = l0; l < l1; ++l) lane(l);
  }
  EnergySplit<double> dissipated;
  if constexpr (TrackEnergy)  // lane by lane, the order of the contacts: the sum the loop once formed itself
    for (std::size_t i = 0; i < kinds.size(); ++i)
      for (std::size_t l = l0; l < l1; ++l) dissipated[kinds[i]] += booked[i][l];
  return dissipated;
}

// The frames at t_n of contacts k0 .. k0 + m - 1 back into the batch (Eigen's order x, y, z, w),
// transposed in registers (dynamics/lane_vectors.hpp).
[[gnu::always_inline]] inline void store_frames(const ContactBlock& b, double* frames, std::size_t k0, std::size_t m) {
  columns_to_records({b.ori[1], b.ori[2], b.ori[3], b.ori[0]}, frames + 4 * k0, m);
}

}  // namespace lawcheck
