#pragma once
// Oracle: the head-on impact of the 1-D power-law spring-dashpot
//   m x'' + C x^q x' + K x^p = 0,   x(0) = 0, x'(0) = v0 > 0,
// x the overlap, until the contact ends. This is the normal equation of every granular model of
// LAMMPS's `pair_style granular` (oracles/granular_damping.hpp maps each one onto K, C, p, q):
// hooke p = 1, hertz p = 3/2, and a damping force C x^q x' with q = 0 (velocity, mass_velocity,
// hooke with tsuji), 1/4 (hertz with tsuji, the Hertz-Mindlin/LIGGGHTS dashpot) or 1/2
// (viscoelastic). Two endings:
//   force_may_pull        the total force K x^p + C x^q x' may become attractive (LAMMPS without
//                         `limit_damping`): the contact ends when x returns to 0;
//   force_clamped_at_zero the normal force is clamped at >= 0 (LAMMPS `limit_damping`, the
//                         no-tension rule of most codes): once K x^p + C x^q x' reaches 0 on
//                         unloading (at x_s > 0 whenever C > 0, since x^(p-q) -> 0), the bodies
//                         move apart freely at the speed v_s they have then; e = -v_s / v0. The
//                         overlap still returns to 0, at t_s + x_s/|v_s|: contact_time is that,
//                         force_end_time is t_s.
//
// Scaling. With x = x_ref X, t = t_ref T, K x_ref^(p+1)/(p+1) = m v0^2/2 (the undamped impact's
// largest overlap) and t_ref = x_ref/v0:
//   X'' = -a X^p - c X^q X',   X(0) = 0, X'(0) = 1,   a = (p+1)/2,   c = C x_ref^(q+1) / (m v0)
// (K x_ref^p t_ref^2/(m x_ref) = K x_ref^(p+1)/(m v0^2) = (p+1)/2). The achieved restitution
// depends on (p, q, c) alone, and c ~ v0^(2(q+1)/(p+1) - 1) at fixed K, C, m: independent of v0
// for q = (p-1)/2 (hooke with q = 0: c = C/sqrt(m K) = 2 zeta; hertz with q = 1/4), growing as
// v0^(1/5) for hertz with q = 1/2 (the viscoelastic model's speed dependence).
//
// Closed forms (the tests): without damping e = 1, X_max = 1, T_c = 2/(p+1) B(1/(p+1), 1/2) (Hooke:
// pi sqrt(m/K); Hertz: 4/5 B(2/5, 1/2) x_ref/v0). Linear (p = 1, q = 0, zeta = C/(2 sqrt(m K)) < 1,
// w0 = sqrt(K/m), wd = w0 sqrt(1 - zeta^2)): x = (v0/wd) exp(-zeta w0 t) sin(wd t), so
//   may pull: x = 0 at t = pi/wd, e = exp(-zeta pi / sqrt(1 - zeta^2));
//   clamped:  K x + C x' ~ sin(wd t + 2 asin zeta) = 0 at wd t_s = pi - 2 asin zeta,
//             e = exp(-zeta (pi - 2 asin zeta) / sqrt(1 - zeta^2)), x_s = 2 zeta e v0/w0
//             (Schwager & Poeschel 2007, Phys. Rev. E 75 051301, the same result),
//             contact time t_s + 2 zeta/w0.
// Clamped against may-pull (derived): the two trajectories agree until t_s; afterwards, in the
// may-pull one, G = a X^(p-q) + c X' stays < 0 (at G = 0, dG/dT = a (p-q) X^(p-q-1) X' < 0) so
// X'' = -X^q G > 0 and |X'| only falls: e(clamped) >= e(may pull), equal for c = 0.
// Small damping: to first order in c the loss is c int X^q X'^2 dT over the undamped loop, so
// 1 - e^2 = 4c/(p+1) B((q+1)/(p+1), 3/2) + O(c^2), for both endings (the clamped tail is
// O(c^((p+1)/(p-q)))).
//
// When the contact does not end. In the may-pull ending, strong damping can make the overlap creep
// back (X' ~ -(a/c) X^(p-q)) and reach 0 only as T -> infinity when p - q >= 1 (the linear case for
// zeta >= 1; hertz with q <= 1/2 for a large enough c): then std::runtime_error, never a result.
//
// Integration (Runge-Kutta-Fehlberg 7(8) in 50 digits with step doubling and event location,
// oracles/detail/ode.hpp). X^p and X^q are not smooth at X = 0; for p and q multiples of 1/4 the
// variable u = X^(1/4) near both ends makes the equation polynomial in u:
//   dV/du = 4 u^3 (-a u^(4p) - c u^(4q) V) / V,   dT/du = 4 u^3 / V   (V = X').
// Phases: A, u from 0 until V = 1/2; in time through the top (V = 0) and back down to the overlap
// where A ended (or, clamped, to G = 0 if that comes first); C, u back to 0 (clamped: or G = 0).
// The same scheme as oracles/hertz_damped_impact.hpp (which solves p = 3/2, q = 1/4 with its own
// dashpot and stays as it is); this one agrees with it to ~1e-24 (test). Accuracy: about the
// tolerance asked (tests: two tolerances; closed forms to 1e-20 at 1e-24).

#include <cstddef>

#include "real.hpp"

namespace lawcheck::oracles {

enum class DampingEnd { force_may_pull, force_clamped_at_zero };

struct DampedPowerImpact {
  Real restitution;   // -x'(end)/v0
  Real contact_time;  // until the overlap returns to 0 [s] (dimensionless: t_ref)
  Real max_overlap;   // [m] (dimensionless: x_ref)
  std::size_t steps = 0;
  Real force_end_time;     // when the force ends: t_s (clamped), contact_time (may pull)
  Real separation_overlap; // the overlap at force_end_time: x_s (clamped), 0 (may pull)
};

// The dimensional impact: K [N/m^p], C [N s/m^(q+1)] (C >= 0), m [kg], v0 [m/s] > 0; p a multiple
// of 1/4 in [1, 3], q a multiple of 1/4 in [0, 1] (tested: p in {1, 3/2}, q in {0, 1/4, 1/2});
// tolerance in [1e-30, 1e-8]. Bad input throws BadParameter naming the field; an impact that
// does not end (above) or exhausts 20000 steps throws std::runtime_error.
DampedPowerImpact damped_power_impact(const Real& p, const Real& q, const Real& K, const Real& C, const Real& m,
                                      const Real& v0, DampingEnd end, const Real& tolerance = Real("1e-24"));

// The dimensionless impact X'' = -(p+1)/2 X^p - c X^q X' (header), in units of x_ref and t_ref.
DampedPowerImpact integrate_damped_power_impact(const Real& p, const Real& q, const Real& c, DampingEnd end,
                                                const Real& tolerance = Real("1e-24"));

// x_ref = ((p+1) m v0^2 / (2K))^(1/(p+1)) and c = C x_ref^(q+1)/(m v0), the scaling above.
Real damped_power_impact_x_ref(const Real& p, const Real& K, const Real& m, const Real& v0);
Real damped_power_impact_c(const Real& p, const Real& q, const Real& K, const Real& C, const Real& m, const Real& v0);

}  // namespace lawcheck::oracles
