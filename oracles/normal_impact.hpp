#pragma once
// Oracle 5: normal impact of a particle (or the relative motion of two, with the reduced mass)
// on a contact with overlap x >= 0 (x = -uN in seed 000's signs), x(0) = 0, dx/dt(0) = v0 > 0.
//
// Linear spring-dashpot: m x'' + c x' + k x = 0 while in contact, zeta = c/(2 sqrt(k m)) < 1,
// w_n = sqrt(k/m), w_d = w_n sqrt(1 - zeta^2), theta = arccos(zeta):
//   x(t) = (v0/w_d) e^{-zeta w_n t} sin(w_d t); writing -zeta w_n + i w_d = w_n e^{i(pi - theta)},
//   the k-th derivative is x^(k) = (v0/w_d) w_n^k e^{-zeta w_n t} sin(w_d t + k(pi - theta)).
//   max overlap at x' = 0:           w_d t = theta
//   contact ends at x = 0:           w_d t = pi,  e = exp(-zeta pi / sqrt(1 - zeta^2))
//   contact force F = k x + c x' = -m x'', maximal where x''' = 0: w_d t = 3 theta - pi if
//     zeta < 1/2, else at t = 0 (F = c v0; dF/dt(0) = k v0 (1 - 4 zeta^2) <= 0).
// With the tension cut-off F = max(0, k x + c x'): F first vanishes where x'' = 0, at
//   w_d t_s = 2 theta (before w_d t = pi whenever zeta > 0). From then on F = 0, the particle flies
//   off with x'(t_s) = -v0 e^{-zeta w_n t_s} (x''(t_s) = 0 and the free flight keeps kx + cx' < 0),
//   so  e_cut = exp(-2 zeta arccos(zeta) / sqrt(1 - zeta^2)) >= e  (Schwager & Poeschel 2007);
//   the overlap returns to 0 at t_s + x(t_s)/|x'(t_s)| (reported as contact_time; the force
//   acts only until force_time = t_s).
// Undamped linear spring: zeta = 0 above (e = 1, t_c = pi/w_n, x_max = v0/w_n, F_max = k x_max).
//
// Hertz (two elastic spheres, or a sphere on a wall): F = K x^{3/2}, K = 4/3 E* sqrt(R*),
// 1/E* = (1 - nu1^2)/E1 + (1 - nu2^2)/E2, R* = r1 r2/(r1 + r2) (R* = r for a wall),
// m* = m1 m2/(m1 + m2) (m* = m for a fixed wall). Energy: m* v0^2/2 = (2/5) K x_max^{5/2}, so
//   x_max = (5 m* v0^2 / (4 K))^{2/5},  F_max = K x_max^{3/2},
//   t_c = 2 int_0^{x_max} dx / sqrt(v0^2 - (4K/(5m*)) x^{5/2}) = 2 (x_max/v0) int_0^1 (1-s^{5/2})^{-1/2} ds
//       = 2 (x_max/v0) (2/5) B(2/5, 1/2) = (4/5) sqrt(pi) Gamma(2/5)/Gamma(9/10) x_max/v0
//       (~2.9432 x_max/v0; Johnson, Contact Mechanics (1985) sec. 11.4). e = 1.
//
// Accuracy: exact closed forms; 50-digit rounding only.

#include "real.hpp"

namespace lawcheck::oracles {

struct LinearImpactInput {
  Real mass;
  Real kn;
  Real damping = 0;  // c [N s/m]; zeta = c/(2 sqrt(kn m)) must be < 1
  Real v0;
  bool tension_cutoff = false;  // F = max(0, kn x + c x')
};

struct ImpactResult {
  Real restitution;        // |x'(end)| / v0
  Real contact_time;       // until the overlap returns to 0
  Real force_time;         // until the force ends (= contact_time except with the cut-off)
  Real max_overlap;
  Real max_overlap_time;
  Real max_force;
  Real max_force_time;
  Real dissipation;        // m v0^2 (1 - e^2)/2
};

// Throws std::invalid_argument for non-positive mass, kn, v0, negative damping or zeta >= 1.
ImpactResult linear_impact(const LinearImpactInput& in);

// Damping ratio that gives restitution e (no cut-off): zeta = -ln e / sqrt(pi^2 + ln^2 e).
Real damping_ratio_for_restitution(const Real& e);

struct HertzInput {
  Real modulus;  // E*
  Real radius;   // R*
  Real mass;     // m*
  Real v0;
};

// E*, R*, m* of two spheres, or of a sphere on a wall (wall_modulus = 0 means a rigid wall).
HertzInput hertz_sphere_sphere(const Real& e1, const Real& nu1, const Real& r1, const Real& m1,
                               const Real& e2, const Real& nu2, const Real& r2, const Real& m2,
                               const Real& v0);
HertzInput hertz_sphere_wall(const Real& e, const Real& nu, const Real& r, const Real& m,
                             const Real& wall_modulus, const Real& wall_nu, const Real& v0);

ImpactResult hertz_impact(const HertzInput& in);

}  // namespace lawcheck::oracles
