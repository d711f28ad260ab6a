#include "dynamics/leapfrog.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>

#include <fmt/format.h>

#include "dynamics/state_error.hpp"
#include "dynamics/team_runs.hpp"
#include "geometry/contact_frame.hpp"

namespace lawcheck {

namespace {

double sign(double v) { return v > 0 ? 1.0 : v < 0 ? -1.0 : 0.0; }

// Cundall's local damping of one DoF (leapfrog.hpp): -damping |F| sign(v), v the estimate of the
// on-step velocity. Both loops below take it from here, so they damp alike bit for bit.
double local_damping(double damping, double force, double velocity_estimate) {
  return -damping * std::abs(force) * sign(velocity_estimate);
}

// q_{n+1} = exp(dt w / 2) q_n: exp(dt w / 2) is rotation_by(dt w) (geometry/contact_frame.hpp),
// the sine and cosine to rounding by Taylor polynomials for turns up to 3.6 degrees per step, with
// no trigonometry (std::sin and std::cos beyond); the product is normalised against the drift of
// rounding over many steps. One formula on plain doubles for both loops below (the free spheres'
// vectorised one and the general one), so a particle's orientation has the same bits whichever
// loop advanced it: `spin` is rotation_by(dt w) as four doubles, `q` and the result (w, x, y, z).
[[gnu::always_inline]] inline QuatValues spun_orientation(const QuatValues& spin, const QuatValues& q) {
  const QuatValues r = product(spin, q);
  const double inv = 1 / std::sqrt(squared_norm(r));
  return {inv * r.w, inv * r.x, inv * r.y, inv * r.z};
}

Quatd rotated(const Quatd& q, const Vec3d& w, double dt) {
  if (w.x() == 0 && w.y() == 0 && w.z() == 0) return q;  // bit for bit, e.g. a wall that does not turn
  const Vec3d turn = dt * w;
  const double t = spin_t(turn.x(), turn.y(), turn.z());
  const QuatValues spin = t <= spin_polynomial_limit ? spin_by_polynomial(t, turn.x(), turn.y(), turn.z())
                                                     : quat_values(rotation_by(turn));
  return to_quat(spun_orientation(spin, quat_values(q)));
}

[[noreturn]] void non_finite(std::size_t i, const char* what, const Vec3d& v, std::uint64_t step) {
  throw StateError(fmt::format(
      "particle[{}].{} = ({}, {}, {}) after step {}: the dynamics produced a non-finite value "
      "(unstable time step or degenerate configuration); its new values were not stored",
      i, what, v.x(), v.y(), v.z(), step));
}

// Particles i0 .. i1 - 1; their energy terms into `sums`.
template <bool TrackEnergy>
void advance_any(Particles& p, std::size_t i0, std::size_t i1, const LeapfrogParams& prm, LeapfrogSums& sums,
             std::uint64_t step) {
  const double dt = prm.dt;
  double kin_t = 0, kin_r = 0, grav = 0, damp_now = 0, damp_next = 0;
  for (std::size_t i = i0; i < i1; ++i) {
    const std::uint8_t blocked = p.blocked[i];
    if (blocked == dof::all) {
      // Static: moves with its prescribed velocities, no forces, no energy of its own.
      const Vec3d x = p.pos[i] + dt * p.vel[i];
      if (!x.allFinite()) non_finite(i, "pos", x, step);
      p.pos[i] = x;
      p.ori[i] = rotated(p.ori[i], p.ang_vel[i], dt);
      continue;
    }
    const double m = p.mass[i];
    const Vec3d& v = p.vel[i];
    Vec3d v_new = v;
    for (int d = 0; d < 3; ++d) {
      if (blocked & (1u << d)) continue;
      double f = p.force[i][d] + m * prm.gravity[d];
      double damp = 0;
      if (prm.damping != 0) damp = local_damping(prm.damping, f, v[d] + dt / 2 * f / m);
      v_new[d] = v[d] + dt * (f + damp) / m;
      if constexpr (TrackEnergy) {
        grav -= m * prm.gravity[d] * p.pos[i][d];
        damp_now += dt / 2 * damp * v[d];
        damp_next += dt / 2 * damp * v_new[d];
      }
    }

    const Vec3d& w = p.ang_vel[i];
    Vec3d w_new = w;
    const bool isotropic = p.kind[i] == ShapeKind::sphere;
    const Mat3d rot = isotropic ? Mat3d::Identity() : p.ori[i].toRotationMatrix();
    const Vec3d& inertia = p.inertia[i];
    auto ang_acc = [&](const Vec3d& torque) -> Vec3d {
      if (isotropic) return torque / inertia[0];
      return rot * (rot.transpose() * torque).cwiseQuotient(inertia);
    };
    Vec3d t = p.torque[i];
    for (int d = 0; d < 3; ++d)
      if (blocked & (8u << d)) t[d] = 0;
    Vec3d damp_t = Vec3d::Zero();
    if (prm.damping != 0) {
      const Vec3d w_est = w + dt / 2 * ang_acc(t);
      for (int d = 0; d < 3; ++d) damp_t[d] = local_damping(prm.damping, t[d], w_est[d]);
    }
    const Vec3d dw = ang_acc(t + damp_t);
    for (int d = 0; d < 3; ++d)
      if (!(blocked & (8u << d))) w_new[d] = w[d] + dt * dw[d];
    if constexpr (TrackEnergy) {
      damp_now += dt / 2 * damp_t.dot(w);
      damp_next += dt / 2 * damp_t.dot(w_new);
    }

    const Vec3d x_new = p.pos[i] + dt * v_new;
    if (!v_new.allFinite()) non_finite(i, "vel", v_new, step);
    if (!w_new.allFinite()) non_finite(i, "angVel", w_new, step);
    if (!x_new.allFinite()) non_finite(i, "pos", x_new, step);

    if constexpr (TrackEnergy) {
      kin_t += m / 2 * v.dot(v_new);
      if (isotropic) {
        kin_r += inertia[0] / 2 * w.dot(w_new);
      } else {
        kin_r += (rot.transpose() * w).cwiseProduct(inertia).dot(rot.transpose() * w_new) / 2;
      }
    }
    p.vel[i] = v_new;
    p.ang_vel[i] = w_new;
    p.pos[i] = x_new;
    p.ori[i] = rotated(p.ori[i], w_new, dt);
  }
  sums = {kin_t, kin_r, grav, damp_now, damp_next};
}

// Whether particles i0 .. i1 - 1 are all free spheres: isotropic inertia, no blocked DoF.
bool free_spheres(const Particles& p, std::size_t i0, std::size_t i1) {
  for (std::size_t i = i0; i < i1; ++i)
    if (p.kind[i] != ShapeKind::sphere || p.blocked[i] != dof::none) return false;
  return true;
}

// New values of a block of free spheres, one array per component (w x y z for the orientation).
struct FreeSphereValues {
  alignas(64) double vel[3][leapfrog_block], ang_vel[3][leapfrog_block], pos[3][leapfrog_block];
  alignas(64) double ori[4][leapfrog_block];
  double rare[leapfrog_block];  // 1: the orientation is redone by rotated (a turn beyond the polynomials)
};

// Free spheres i0 .. i1 - 1 (at most leapfrog_block of them) without energy terms: advance_any's
// formulas for them, the same operations in the same order, so the same bits, written on plain
// doubles with no branch (the blocked DoFs' and shapes' cases are gone; damping and the spin's
// zero test are selects), so the loop vectorises: one vector division serves 4 spheres where the
// scalar loop paid each of its divisions and the orientation's call alone. The new values go to `out` first: stored only if every one is
// finite; otherwise advance_any redoes the block and throws, naming the first bad particle, as
// before. A turn beyond the spin polynomials' range (rare) is redone by rotated, std::sin and cos.
void advance_free_spheres(Particles& p, std::size_t i0, std::size_t i1, const LeapfrogParams& prm,
                          FreeSphereValues& out, std::uint64_t step) {
  const std::size_t n = i1 - i0;
  const double dt = prm.dt, damping = prm.damping;
  const bool damped = damping != 0;
  const double g[3] = {prm.gravity.x(), prm.gravity.y(), prm.gravity.z()};
  const double* pos = p.pos.data()->data() + 3 * i0;
  const double* vel = p.vel.data()->data() + 3 * i0;
  const double* ang_vel = p.ang_vel.data()->data() + 3 * i0;
  const double* force = p.force.data()->data() + 3 * i0;
  const double* torque = p.torque.data()->data() + 3 * i0;
  const double* inertia = p.inertia.data()->data() + 3 * i0;
  const double* mass = p.mass.data() + i0;
  const double* ori = p.ori.data()->coeffs().data() + 4 * i0;  // x y z w
  const auto finite = [](double x) { return std::abs(x) <= std::numeric_limits<double>::max(); };
  // A double, not an int: GCC sizes a vector loop for its narrowest type, and an int flag made it
  // 8 spheres per iteration, two registers per value, spilled (dynamics/contact_block.hpp's
  // LAWCHECK_SIMD_LOOP says the same of the contact loop).
  double bad = 0;
#pragma omp simd reduction(max : bad)
  for (std::size_t k = 0; k < n; ++k) {
    const double m = mass[k], moment = inertia[3 * k];  // isotropic: I = inertia[0]
    double w_new[3];
    for (int d = 0; d < 3; ++d) {
      const double v = vel[3 * k + d], f = force[3 * k + d] + m * g[d];
      const double damp = damped ? local_damping(damping, f, v + dt / 2 * f / m) : 0.0;
      const double v_new = v + dt * (f + damp) / m, x_new = pos[3 * k + d] + dt * v_new;
      const double w = ang_vel[3 * k + d], t = torque[3 * k + d];
      const double damp_t = damped ? local_damping(damping, t, w + dt / 2 * (t / moment)) : 0.0;
      w_new[d] = w + dt * ((t + damp_t) / moment);
      out.vel[d][k] = v_new;
      out.pos[d][k] = x_new;
      out.ang_vel[d][k] = w_new[d];
      bad = std::max(bad, finite(v_new) && finite(x_new) && finite(w_new[d]) ? 0.0 : 1.0);
    }
    // rotated(), its common case: a turn within the spin polynomials' range (geometry/contact_frame.hpp)
    const double tx = dt * w_new[0], ty = dt * w_new[1], tz = dt * w_new[2];
    const double turn = spin_t(tx, ty, tz);
    const QuatValues q{ori[4 * k + 3], ori[4 * k], ori[4 * k + 1], ori[4 * k + 2]};
    const QuatValues r = spun_orientation(spin_by_polynomial(turn, tx, ty, tz), q);
    const bool still = w_new[0] == 0 && w_new[1] == 0 && w_new[2] == 0;  // rotated keeps q bit for bit
    out.ori[0][k] = still ? q.w : r.w;
    out.ori[1][k] = still ? q.x : r.x;
    out.ori[2][k] = still ? q.y : r.y;
    out.ori[3][k] = still ? q.z : r.z;
    out.rare[k] = !still && !(turn <= spin_polynomial_limit) ? 1.0 : 0.0;
  }
  if (bad != 0) {
    LeapfrogSums unused;
    advance_any<false>(p, i0, i1, prm, unused, step);  // throws, naming the first bad particle
    return;
  }
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t i = i0 + k;
    p.vel[i] = Vec3d(out.vel[0][k], out.vel[1][k], out.vel[2][k]);
    p.ang_vel[i] = Vec3d(out.ang_vel[0][k], out.ang_vel[1][k], out.ang_vel[2][k]);
    p.pos[i] = Vec3d(out.pos[0][k], out.pos[1][k], out.pos[2][k]);
    p.ori[i] = out.rare[k] != 0 ? rotated(p.ori[i], p.ang_vel[i], dt)
                                : Quatd(out.ori[0][k], out.ori[1][k], out.ori[2][k], out.ori[3][k]);
  }
}

// Particles i0 .. i1 - 1, a block: free spheres by advance_free_spheres when no energy is tracked.
template <bool TrackEnergy>
void advance(Particles& p, std::size_t i0, std::size_t i1, const LeapfrogParams& prm, LeapfrogSums& sums,
             std::uint64_t step) {
  if constexpr (!TrackEnergy) {
    if (free_spheres(p, i0, i1)) {
      static thread_local FreeSphereValues out;
      advance_free_spheres(p, i0, i1, prm, out, step);
      return;
    }
  }
  advance_any<TrackEnergy>(p, i0, i1, prm, sums, step);
}

}  // namespace

template <bool TrackEnergy>
void leapfrog_step(Particles& p, const LeapfrogParams& prm, EnergyLedger& ledger, std::uint64_t step,
                   LeapfrogScratch& scratch) {
  const std::size_t n = p.size(), blocks = (n + leapfrog_block - 1) / leapfrog_block;
  scratch.sums.assign(blocks, LeapfrogSums{});  // within capacity after the first step
  // Each member of the team takes a contiguous run of blocks and stops at its first bad particle;
  // one block: a team would only wait.
  run_on_team(blocks < 2 ? 1 : scratch.threads, blocks, scratch.errors, [&](std::size_t, std::size_t b0, std::size_t b1) {
    for (std::size_t b = b0; b < b1; ++b)
      advance<TrackEnergy>(p, b * leapfrog_block, std::min(n, (b + 1) * leapfrog_block), prm, scratch.sums[b], step);
  });
  rethrow_first(scratch.errors);
  if constexpr (TrackEnergy) {
    LeapfrogSums total;
    for (const LeapfrogSums& s : scratch.sums) {
      total.kinetic_translational += s.kinetic_translational;
      total.kinetic_rotational += s.kinetic_rotational;
      total.gravity += s.gravity;
      total.damping_now += s.damping_now;
      total.damping_next += s.damping_next;
    }
    ledger.kinetic_translational = total.kinetic_translational;
    ledger.kinetic_rotational = total.kinetic_rotational;
    ledger.gravity_potential = total.gravity;
    ledger.damping += ledger.damping_pending - total.damping_now;
    ledger.damping_pending = -total.damping_next;
  }
}

double mechanical_energy_before_step(const Particles& p, const Vec3d& gravity) {
  double e = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p.blocked[i] == dof::all) continue;
    const double m = p.mass[i];
    e += m / 2 * p.vel[i].squaredNorm();
    for (int d = 0; d < 3; ++d)
      if (!(p.blocked[i] & (1u << d))) e -= m * gravity[d] * p.pos[i][d];
    const Vec3d& w = p.ang_vel[i];
    if (p.kind[i] == ShapeKind::sphere) {
      e += p.inertia[i][0] / 2 * w.squaredNorm();
    } else {
      const Vec3d wb = p.ori[i].toRotationMatrix().transpose() * w;
      e += wb.cwiseProduct(p.inertia[i]).dot(wb) / 2;
    }
  }
  return e;
}

template void leapfrog_step<true>(Particles&, const LeapfrogParams&, EnergyLedger&, std::uint64_t, LeapfrogScratch&);
template void leapfrog_step<false>(Particles&, const LeapfrogParams&, EnergyLedger&, std::uint64_t, LeapfrogScratch&);

}  // namespace lawcheck
