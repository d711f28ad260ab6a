#pragma once
// Stable time-step estimates for the leapfrog.
//
// Leapfrog on one spring (mass m, stiffness k) is stable iff dt < 2/omega = 2 sqrt(m/k) (the
// amplification matrix of x'' = -omega^2 x has |eigenvalues| = 1 iff omega dt <= 2; e.g. Hairer,
// Lubich & Wanner, Geometric Numerical Integration, I.5). For a network of springs the largest
// omega^2 is the largest eigenvalue of M^-1 K; by Gershgorin it is at most
// max_i (K_ii + sum_j |K_ij|) / m_i <= max_i 2 K_i / m_i, with K_i the sum of the stiffnesses on
// particle i (exact for the scalar, 1-D network; the usual DEM per-particle heuristic in 3-D, cf.
// Woo's DynDt, Yade's GlobalStiffnessTimeStepper).
// Each contact law exposes its stiffnesses (ContactStiffness, laws/contact_law.hpp). Per particle
//   translational  K_i = sum (kn + 3.5 kt)    a tangential force at the surface of a sphere moves
//                                             its contact point with mobility 1/m + r^2/I = 3.5/m
//                                             (I = 2/5 m r^2): like a spring 3.5 kt on mass m;
//   rotational     R_i = sum max(kw, kb)      torque springs about the normal and the tangents,
//                                             acting on the inertia I_i (smallest principal moment)
// and the estimate bounds the largest eigenvalue by the sum of both families' rows:
//   omega_i^2 <= 2 (K_i / m_i + R_i / I_i),   dt_i = 2 / omega_i,   dt = min_i dt_i,
// which is exact for two equal free spheres joined by a normal spring only (R = 0), and
// conservative (never above the true limit) when translation and rotation are coupled.
// Before any contact exists there is no stiffness; the p-wave estimate
//   dt_p = min_i r_i sqrt(rho_i / E_i)
// bounds it for materials with a Young's modulus: with seed 000's default rules two equal spheres
// have kn = pi E r / 2, so sqrt(2 m / kn) = sqrt(16/3) r sqrt(rho/E) ~ 2.3 dt_p; dt_p is that
// limit with a safety factor ~2.3. Materials without a modulus (a law whose stiffness is a law
// parameter) give no p-wave estimate: the contact estimate alone then decides.

#include <cstddef>
#include <limits>
#include <span>

#include "dynamics/particles.hpp"

namespace lawcheck {

struct DtLimit {
  double dt = std::numeric_limits<double>::infinity();
  std::size_t particle = 0;  // where the minimum is reached
};

// slowness[m] = sqrt(rho/E) of material m, or 0 where the material has no modulus.
// Over particles that are not static (finite shapes only: spheres and capsules).
DtLimit p_wave_dt(const Particles& p, std::span<const double> slowness);

// translational[i] = K_i, rotational[i] = R_i as defined above (0 where particle i has none).
DtLimit contact_dt(const Particles& p, std::span<const double> translational, std::span<const double> rotational);

// One degree of freedom of inertia m (mass, or moment of inertia) on one spring k: leapfrog is
// stable iff dt < 2 sqrt(m/k) (the criterion above with omega^2 = k/m). The LawTester's free DoFs
// move exactly like this, each on its own spring: normal kn, tangential kt, twist kw, bending kb
// with the reduced mass or inertia. inf where k = 0 (no spring).
double oscillator_dt(double inertia, double stiffness);

}  // namespace lawcheck
