#include "dynamics/leapfrog.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

#include <fmt/format.h>

#ifdef _OPENMP
#include <omp.h>
#define LAWCHECK_LEAPFROG_OMP(directive) _Pragma(directive)
#else
#define LAWCHECK_LEAPFROG_OMP(directive)
#endif

#include "dynamics/state_error.hpp"
#include "geometry/contact_frame.hpp"

namespace lawcheck {

namespace {

double sign(double v) { return static_cast<double>((v > 0) - (v < 0)); }

// q_{n+1} = exp(dt w / 2) q_n: rotation_by (geometry/contact_frame.hpp) builds exp(dt w / 2) from
// Taylor polynomials, the sine and cosine to rounding for turns up to 3.6 degrees per step, with
// no trigonometry (std::sin and std::cos beyond); the product is normalised against the drift of
// rounding over many steps.
Quatd rotated(const Quatd& q, const Vec3d& w, double dt) {
  if (w.x() == 0 && w.y() == 0 && w.z() == 0) return q;  // bit for bit, e.g. a wall that does not turn
  return (rotation_by(dt * w) * q).normalized();
}

[[noreturn]] void non_finite(std::size_t i, const char* what, const Vec3d& v, std::uint64_t step) {
  throw StateError(fmt::format(
      "particle[{}].{} = ({}, {}, {}) after step {}: the dynamics produced a non-finite value "
      "(unstable time step or degenerate configuration); its new values were not stored",
      i, what, v.x(), v.y(), v.z(), step));
}

// Particles i0 .. i1 - 1; their energy terms into `sums`.
template <bool TrackEnergy>
void advance(Particles& p, std::size_t i0, std::size_t i1, const LeapfrogParams& prm, LeapfrogSums& sums,
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
      if (prm.damping != 0) damp = -prm.damping * std::abs(f) * sign(v[d] + dt / 2 * f / m);
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
      for (int d = 0; d < 3; ++d) damp_t[d] = -prm.damping * std::abs(t[d]) * sign(w_est[d]);
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

}  // namespace

template <bool TrackEnergy>
void leapfrog_step(Particles& p, const LeapfrogParams& prm, EnergyLedger& ledger, std::uint64_t step,
                   LeapfrogScratch& scratch) {
  const std::size_t n = p.size(), blocks = (n + leapfrog_block - 1) / leapfrog_block;
  scratch.sums.assign(blocks, LeapfrogSums{});  // within capacity after the first step
  int threads = std::max(1, scratch.threads);
#ifndef _OPENMP
  threads = 1;
#endif
  if (blocks < 2) threads = 1;  // one block: a team would only wait
  scratch.errors.assign(static_cast<std::size_t>(threads), nullptr);
  // Each member of the team takes a contiguous run of blocks (however many members OpenMP grants)
  // and stops at its first bad particle.
  LAWCHECK_LEAPFROG_OMP("omp parallel num_threads(threads) if (threads > 1)")
  {
    std::size_t t = 0, nt = 1;
#ifdef _OPENMP
    t = static_cast<std::size_t>(omp_get_thread_num());
    nt = static_cast<std::size_t>(omp_get_num_threads());
#endif
    try {
      for (std::size_t b = blocks * t / nt; b < blocks * (t + 1) / nt; ++b)
        advance<TrackEnergy>(p, b * leapfrog_block, std::min(n, (b + 1) * leapfrog_block), prm, scratch.sums[b], step);
    } catch (...) {
      scratch.errors[t] = std::current_exception();
    }
  }
  // The lowest run's error is the one the serial loop meets first.
  for (const std::exception_ptr& e : scratch.errors)
    if (e) std::rethrow_exception(e);
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
