#pragma once
// Every contact that is not of two spheres (a sphere on a wall, facets, capsules) a block at a
// time, in the passes of dynamics/contact_block.hpp:
//   0. geometry (other_pair_geometry), scalar: each pair's contact point (normal, point, uN) from
//      the caller's geometry -- which dispatches on the shapes, and inlines a wall and a sphere --
//      and both particles' position, velocity and spin into OtherPairInputs, one array per value;
//   1. kinematics (other_pair_kinematics), vectorised: the frame transported to the contact
//      normal, the relative velocity at the mid-step lever arms and w2 - w1 in the halfway frame's
//      axes;
//   2. the law (law_pass);
//   3. the force mapping (other_pair_forces), vectorised: the new frame's axes, global force and
//      both torques.
// Done contact by contact through Eigen (dynamics/contact_response.hpp), a sphere-wall contact
// cost several sphere pairs of the block path: a packing's few wall contacts took a share of its
// step out of proportion to their number.

#include <cstddef>
#include <cstdint>
#include <optional>

#include "dynamics/contact_block.hpp"
#include "geometry/contact_point.hpp"

namespace lawcheck {

// Pass 0's output per lane: the contact point, then both particles' position, velocity and spin.
struct OtherPairInputs {
  static constexpr std::size_t n = contact_block;
  enum Value { normal = 0, point = 3, x1 = 6, v1 = 9, w1 = 12, x2 = 15, v2 = 18, w2 = 21, count = 24 };
  alignas(64) double v[count][n];
  // 1 where the pair has no contact point (no normal: the cores' closest points coincide); the
  // contact ends without the law, and the caller removes it
  std::uint64_t gone[n];
};

// Pass 0 over contacts k0 .. k0 + m - 1 (uN straight into the block, where the law reads it);
// contact_point_of(i, j) is the existing contact's point or nothing. Returns how many lanes are
// gone.
template <class ContactPointOf>
std::size_t other_pair_geometry(ContactBlock& b, OtherPairInputs& in, const std::uint32_t* id1, const std::uint32_t* id2,
                                std::size_t k0, std::size_t m, const BodyArrays& P, ContactPointOf&& contact_point_of) {
  std::size_t gone = 0;
  for (std::size_t l = 0; l < m; ++l) {
    const std::uint32_t i = id1[k0 + l], j = id2[k0 + l];
    const std::optional<ContactPoint> cp = contact_point_of(i, j);
    in.gone[l] = cp ? 0 : 1;
    gone += in.gone[l];
    const ContactPoint c = cp.value_or(ContactPoint{Vec3d::UnitX(), Vec3d::Zero(), 0.0});
    for (int r = 0; r < 3; ++r) {
      in.v[OtherPairInputs::normal + r][l] = c.normal[r];
      in.v[OtherPairInputs::point + r][l] = c.point[r];
      in.v[OtherPairInputs::x1 + r][l] = P.pos[3 * std::size_t{i} + r];
      in.v[OtherPairInputs::v1 + r][l] = P.vel[3 * std::size_t{i} + r];
      in.v[OtherPairInputs::w1 + r][l] = P.ang_vel[3 * std::size_t{i} + r];
      in.v[OtherPairInputs::x2 + r][l] = P.pos[3 * std::size_t{j} + r];
      in.v[OtherPairInputs::v2 + r][l] = P.vel[3 * std::size_t{j} + r];
      in.v[OtherPairInputs::w2 + r][l] = P.ang_vel[3 * std::size_t{j} + r];
    }
    b.uN[l] = c.uN;
  }
  return gone;
}

// Lane l's kinematics: relative_velocity (dynamics/contact_response.hpp, which derives it) on
// plain doubles. The contact point moves with the mean material velocity of the two surfaces,
// c' = (v1 + w1 x r1 + v2 + w2 x r2)/2 with r_i = c - x_i; the lever arms at t_{n-1/2} are
// arm_i = r_i - dt/2 (c' - v_i); rel = v2 + w2 x arm2 - v1 - w1 x arm1.
template <bool General, LawNeeds N>
[[gnu::always_inline]] inline void other_pair_lane(ContactBlock& b, const OtherPairInputs& in, std::size_t l,
                                                   const double* frame, bool transport, double dt) {
  using V = OtherPairInputs;
  const auto at = [&](int base, int r) { return in.v[base + r][l]; };
  const double h = dt / 2;
  const double tx = h * (at(V::w1, 0) + at(V::w2, 0)), ty = h * (at(V::w1, 1) + at(V::w2, 1)),
               tz = h * (at(V::w1, 2) + at(V::w2, 2));
  const QuatValues mid =
      block_frame<General>(b, l, frame, transport, at(V::normal, 0), at(V::normal, 1), at(V::normal, 2), tx, ty, tz);
  double r1[3], r2[3], c1[3], c2[3], pv[3];
  for (int r = 0; r < 3; ++r) {
    r1[r] = at(V::point, r) - at(V::x1, r);
    r2[r] = at(V::point, r) - at(V::x2, r);
  }
  const auto cross = [&](int base, const double* a, double* out) {  // w x a, w the spin at `base`
    out[0] = at(base, 1) * a[2] - at(base, 2) * a[1];
    out[1] = at(base, 2) * a[0] - at(base, 0) * a[2];
    out[2] = at(base, 0) * a[1] - at(base, 1) * a[0];
  };
  cross(V::w1, r1, c1);
  cross(V::w2, r2, c2);
  for (int r = 0; r < 3; ++r) pv[r] = (at(V::v1, r) + c1[r] + at(V::v2, r) + c2[r]) / 2;
  double arm1[3], arm2[3];
  for (int r = 0; r < 3; ++r) {
    arm1[r] = r1[r] - h * (pv[r] - at(V::v1, r));
    arm2[r] = r2[r] - h * (pv[r] - at(V::v2, r));
  }
  cross(V::w1, arm1, c1);
  cross(V::w2, arm2, c2);
  double rel[3];
  for (int r = 0; r < 3; ++r) rel[r] = at(V::v2, r) + c2[r] - at(V::v1, r) - c1[r];
  block_local_velocities<N>(b, l, mid, rel[0], rel[1], rel[2], at(V::w2, 0) - at(V::w1, 0), at(V::w2, 1) - at(V::w1, 1),
                         at(V::w2, 2) - at(V::w1, 2));
}

// Pass 1 over contacts k0 .. k0 + m - 1 (uN is already in the block, from pass 0); contacts
// at k >= fresh_from keep their frame (created in this step). Gone lanes are computed on a
// placeholder point and not used. N: what the law reads (block_local_velocities).
template <LawNeeds N>
void other_pair_kinematics(ContactBlock& b, const OtherPairInputs& in, const double* frames, std::size_t k0,
                                  std::size_t m, std::size_t fresh_from, double dt) {
  LAWCHECK_SIMD_LOOP
  for (std::size_t l = 0; l < m; ++l)
    other_pair_lane<false, N>(b, in, l, frames + 4 * (k0 + l), k0 + l < fresh_from, dt);
  if (block_any_rare(b, m)) [[unlikely]]
    for (std::size_t l = 0; l < m; ++l)
      if (b.rare[l] != 0 && !in.gone[l]) other_pair_lane<true, N>(b, in, l, frames + 4 * (k0 + l), true, dt);
}

// Pass 3: the force and torques in global axes (seed 001: "the force & torque is applied on
// contacting particles by the ContactLoop"): F1 = R f on particle 1, -F1 on particle 2; torques
// about the centres T_i = (c - x_i) x F_i, plus the law's own torque, R t on 1 and -R t on 2, if
// it returns one (N). Also stores the new frames back.
template <LawNeeds N>
void other_pair_forces(ContactBlock& b, const OtherPairInputs& in, double* frames, std::size_t k0,
                              std::size_t m) {
  using V = OtherPairInputs;
  LAWCHECK_SIMD_LOOP
  for (std::size_t l = 0; l < m; ++l) {
    double f[3], t[3], r1[3], r2[3];
    const AxesValues axes = block_axes(b, l);
    for (int r = 0; r < 3; ++r) {
      const double x = axes.m[r], y = axes.m[3 + r], z = axes.m[6 + r];
      f[r] = b.force[0][l] * x + b.force[1][l] * y + b.force[2][l] * z;
      if constexpr (N.torque) t[r] = b.torque[0][l] * x + b.torque[1][l] * y + b.torque[2][l] * z;
      r1[r] = in.v[V::point + r][l] - in.v[V::x1 + r][l];
      r2[r] = in.v[V::point + r][l] - in.v[V::x2 + r][l];
    }
    for (int r = 0; r < 3; ++r) {
      const int p = (r + 1) % 3, q = (r + 2) % 3;
      b.force1[r][l] = f[r];
      b.torque1[r][l] = r1[p] * f[q] - r1[q] * f[p];
      b.torque2[r][l] = r2[p] * -f[q] - r2[q] * -f[p];
      if constexpr (N.torque) {
        b.torque1[r][l] += t[r];
        b.torque2[r][l] -= t[r];
      }
    }
  }
  store_frames(b, frames, k0, m);
}

}  // namespace lawcheck
