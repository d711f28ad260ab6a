#pragma once
// Stable time-step estimates for the leapfrog (dynamics/leapfrog.hpp).
//
// Undamped: leapfrog on one spring (mass m, stiffness k) is stable iff dt < 2/omega = 2 sqrt(m/k)
// (the amplification matrix of x'' = -omega^2 x has |eigenvalues| = 1 iff omega dt <= 2; e.g.
// Hairer, Lubich & Wanner, Geometric Numerical Integration, I.5).
//
// Damped: a law's viscous force enters the step at t_n with the velocity the solver has there,
// v_{n-1/2} (laws/exudyn_law.hpp, "Energy"; the LawTester likewise), so one damped spring
// m x'' + c x' + k x = 0 steps as
//   v_{n+1/2} = v_{n-1/2} + dt (-k x_n - c v_{n-1/2}) / m,   x_{n+1} = x_n + dt v_{n+1/2}.
// With a = omega dt, b = c dt / m and y = dt v, (x, y) -> (x', y') has the matrix
//   [[1 - a^2, 1 - b], [-a^2, 1 - b]],  trace 2 - a^2 - b,  determinant 1 - b.
// Jury's conditions for both roots inside the unit circle, |det| < 1 and |trace| < 1 + det, are
// 0 < b < 2 and a^2 + 2 b < 4, i.e. omega^2 dt^2 + 2 (c/m) dt < 4, whose positive root is
//   dt < 2 / (c/(2m) + sqrt((c/(2m))^2 + omega^2)) = (2/omega) (sqrt(1 + zeta^2) - zeta),
// zeta = c / (2 sqrt(k m)) (b < 2 follows: zeta a < 2 zeta (sqrt(1 + zeta^2) - zeta) < 1). It is
// below the undamped 2/omega for every zeta > 0: explicit damping lowers the limit, and a pure
// damper (k = 0) has dt < 2 m / c. solver/tests/time_step_test.cpp steps the solver's own leapfrog
// just below and just above the limit.
//
// A network of springs and dampers: the largest omega^2 is the largest eigenvalue of M^-1 K; by
// Gershgorin it is at most max_i (K_ii + sum_j |K_ij|) / m_i <= max_i 2 K_i / m_i, with K_i the sum
// of the stiffnesses on particle i (exact for the scalar, 1-D network; the usual DEM per-particle
// heuristic in 3-D, cf. Woo's DynDt, Yade's GlobalStiffnessTimeStepper), and the same bound holds
// for the damping, 2 C_i / m_i. Each contact law exposes its stiffnesses and normal damping
// (ContactStiffness, laws/contact_law.hpp); per particle
//   translational  K_i = sum (kn + 3.5 kt)    a tangential force at the surface of a sphere moves
//                                             its contact point with mobility 1/m + r^2/I = 3.5/m
//                                             (I = 2/5 m r^2): like a spring 3.5 kt on mass m;
//   rotational     R_i = sum max(kw, kb)      torque springs about the normal and the tangents,
//                                             acting on the inertia I_i (smallest principal moment)
//   damping        C_i = sum c                the normal dampers
// and the per-particle limit is the damped one above with omega^2 -> Omega_i^2 = 2 (K_i / m_i +
// R_i / I_i) and c/m -> 2 C_i / m_i:
//   dt_i = 2 / (C_i/m_i + sqrt((C_i/m_i)^2 + Omega_i^2)),   dt = min_i dt_i,
// exact for two equal free spheres joined by a normal spring and damper only (R = 0), and
// conservative (never above the true limit) when translation and rotation are coupled; with
// damping it assumes the dampers act along the same modes as the springs (proportional damping,
// true of one contact).
// Before any contact exists there is no stiffness; the p-wave estimate
//   dt_p = min_i r_i sqrt(rho_i / E_i)
// bounds it for materials with a Young's modulus: with seed 000's default rules two equal spheres
// have kn = pi E r / 2, so sqrt(2 m / kn) = sqrt(16/3) r sqrt(rho/E) ~ 2.3 dt_p; dt_p is that
// limit with a safety factor ~2.3. It bounds the contacts that can occur, so a body alone in the
// simulation (nothing it could touch) gets none: its step is its own forces' business (an anchor
// spring's, checked by whoever adds it). Materials without a modulus (a law whose stiffness is a law
// parameter) give no p-wave estimate: the contact estimate alone then decides.

#include <cstddef>
#include <limits>
#include <span>

#include "dynamics/particles.hpp"
#include "laws/contact_law.hpp"

namespace lawcheck {

struct DtLimit {
  double dt = std::numeric_limits<double>::infinity();
  std::size_t particle = 0;  // where the minimum is reached
};

// slowness[m] = sqrt(rho/E) of material m, or 0 where the material has no modulus.
// Over particles that are not static (finite shapes only: spheres and capsules).
DtLimit p_wave_dt(const Particles& p, std::span<const double> slowness);

// What the contacts on one particle add up to (K_i, R_i, C_i above).
struct ParticleStiffness {
  double translational = 0;
  double rotational = 0;
  double damping = 0;

  // One contact's share, as the header weighs it.
  void add(const ContactStiffness& s);
};

// The damped per-particle limit of the header over the particles that are not static; `load[i]`
// the sums of particle i (zero where it has no contact: no limit from it).
DtLimit contact_dt(const Particles& p, std::span<const ParticleStiffness> load);

// One particle (mass m, smallest principal moment of inertia I) under the sums `load`: dt_i above;
// inf where it bears no spring and no damper.
double particle_dt(double mass, double inertia, const ParticleStiffness& load);

// One degree of freedom of inertia m (mass, or moment of inertia) on one spring k and damper c:
// the damped limit of the header, 2 / (c/(2m) + sqrt((c/(2m))^2 + k/m)); 2 sqrt(m/k) without
// damping. The LawTester's free DoFs move exactly like this, each on its own spring: normal kn
// (with the law's normal damping), tangential kt, twist kw, bending kb with the reduced mass or
// inertia. inf where k = c = 0 (nothing to be unstable).
double oscillator_dt(double inertia, double stiffness, double damping = 0);

}  // namespace lawcheck
