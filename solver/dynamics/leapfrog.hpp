#pragma once
// Leapfrog integrator with gravity, blocked DoFs and Cundall's non-viscous local damping
// (Woo's Leapfrog, Cundall & Strack 1979 / Cundall 1987 "local damping").
//
//   F_n        = contact force at t_n + m g        (blocked DoFs: no force, velocity kept)
//   D_{n,i}    = -damping |F_{n,i}| sign(v_{n,i}),  v_n ~ v_{n-1/2} + dt/2 F_n/m  (Woo's estimate
//                of the on-step velocity; damping the total force means it vanishes at
//                equilibrium, so a resting contact carries exactly m g)
//   v_{n+1/2}  = v_{n-1/2} + dt (F_n + D_n) / m
//   x_{n+1}    = x_n + dt v_{n+1/2}
// Rotation: spheres have isotropic inertia, so w_{n+1/2} = w_{n-1/2} + dt (T + D)/I is exact (no
// gyroscopic term). Capsules: w_{n+1/2} = w_{n-1/2} + dt R_n I^-1 R_n^T (T + D), gyroscopic term
// neglected (first order for aspherical bodies). Orientation by the quaternion exponential,
// q_{n+1} = exp(dt w_{n+1/2} / 2) q_n, which stays a unit quaternion.
// Energy terms (when tracked) and their time levels: dynamics/energy_ledger.hpp.
// Every new value is checked before it is stored (StateError naming the particle), so the state
// never holds a NaN or inf.
// Free spheres (isotropic, no blocked DoF; the common case) take a vectorised loop of their own
// when no energy is tracked: the same formulas and bits (leapfrog.cpp, advance_free_spheres).
// Threads (LeapfrogScratch::threads, OpenMP): each particle's update is independent, so a thread
// takes a contiguous run of blocks of `leapfrog_block` particles; the energy terms are summed per
// block, then block by block, so they are the same bits on any number of threads. A bad particle
// stops its thread's run; the error thrown is the lowest run's, i.e. the particle the serial loop
// names, while the other runs may have advanced their (finite) particles.

#include <cstddef>
#include <cstdint>
#include <exception>
#include <vector>

#include "dynamics/energy_ledger.hpp"
#include "dynamics/particles.hpp"

namespace lawcheck {

struct LeapfrogParams {
  Vec3d gravity = Vec3d::Zero();
  double damping = 0;  // Cundall's coefficient, 0 <= damping < 1
  double dt = 0;
};

inline constexpr std::size_t leapfrog_block = 256;

// One block's energy terms (dynamics/energy_ledger.hpp).
struct LeapfrogSums {
  double kinetic_translational = 0, kinetic_rotational = 0, gravity = 0, damping_now = 0, damping_next = 0;
};

// Kept by the caller from step to step: no allocation once the particle count is reached.
struct LeapfrogScratch {
  int threads = 1;
  std::vector<LeapfrogSums> sums;  // per block
  std::vector<std::exception_ptr> errors;  // per thread
};

// Advances velocities to t_{n+1/2} and positions to t_{n+1}. With TrackEnergy, fills the
// ledger's kinetic, gravity and damping terms at t_n. `step` only labels error messages.
template <bool TrackEnergy>
void leapfrog_step(Particles& p, const LeapfrogParams& prm, EnergyLedger& ledger, std::uint64_t step,
                   LeapfrogScratch& scratch);

// Kinetic energy at the velocities in hand (t_{-1/2} before the first step: 1/2 m v.v and
// 1/2 w.I w, the product form of the ledger with both factors equal) plus the gravity potential
// at the positions in hand, over the same particles and DoFs as leapfrog_step books them: the
// energy a run starts with, before its first step (EnergyLedger::set_reference).
double mechanical_energy_before_step(const Particles& p, const Vec3d& gravity);

}  // namespace lawcheck
