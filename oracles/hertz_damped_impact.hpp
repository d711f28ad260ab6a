#pragma once
// Oracle: the damped Hertz impact of the LIGGGHTS/EDEM dashpot (solver's hertz_mindlin law; not
// included here: oracles/ never reads solver/),
//   m* x'' + eta_n(x) x' + K x^(3/2) = 0,   x(0) = 0, x'(0) = v0 > 0,   until x returns to 0,
//   K = 4/3 E* sqrt(R*),  eta_n = 2 sqrt(5/6) beta sqrt(S_n m*),  S_n = 2 E* sqrt(R* x) = 3/2 K x^(1/2),
//   beta = -ln e / sqrt(ln^2 e + pi^2)   (e the restitution requested of the dashpot),
// x the overlap. The achieved restitution is -x'(end)/v0.
//
// Scaling. With x = x_ref X, t = t_ref T, 2/5 K x_ref^(5/2) = m* v0^2 / 2 (the undamped impact's
// largest overlap) and t_ref = x_ref / v0:
//   X'' = -5/4 X^(3/2) - 5/2 beta X^(1/4) X',   X(0) = 0, X'(0) = 1
// (the dashpot's coefficient: 2 sqrt(5/6) beta sqrt(3/2 K m*) x_ref^(1/4) t_ref / m*
// = 2 beta sqrt(5/6 * 3/2 * 5/4) = 5/2 beta). So the achieved restitution depends on beta alone,
// not on the mass, the moduli, the radii or the speed: one number per requested e. Measured: that
// number is the requested e itself, to the integration's tolerance (|e* - e| < 4e-25 at 1e-24 for
// e = 0.01 .. 0.99; hertz_damped_impact_oracle_test.cpp asserts 1e-20).
//
// Integration (Runge-Kutta-Fehlberg 7(8) in 50 digits with step doubling, oracles/detail/ode.hpp).
// X^(1/4) and X^(3/2) are not smooth at X = 0, so near both ends the independent variable is
// u = X^(1/4) (X = u^4, dX = 4 u^3 du): the equation for V = X' becomes
//   dV/du = (-5 u^9 - 10 beta u^4 V) / V,  dT/du = 4 u^3 / V,
// polynomial in u (smooth while V is away from 0). Phases: A, u from 0 until V = 1/2; B, in time
// through the top (V = 0) and back down to the overlap where A ended; C, u back to 0 (as
// sigma = u_A - u). Each phase's end is located by the integrator's event search. The result is
// accurate to about the tolerance asked (the test compares two tolerances and the undamped case
// with its closed form, e = 1 and T_c = 4/5 B(2/5, 1/2)).

#include <cstddef>

#include "real.hpp"

namespace lawcheck::oracles {

struct HertzDampedImpact {
  Real restitution;   // achieved: -x'(end)/v0
  Real contact_time;  // in units of t_ref (dimensionless) or seconds (dimensional overload)
  Real max_overlap;   // in units of x_ref, or metres
  std::size_t steps = 0;
};

// beta of the requested restitution e in (0, 1].
Real hertz_damping_beta(const Real& e);

// The dimensionless impact for beta in [0, 2) (e down to ~1e-3 for the requested e); tolerance in
// [1e-30, 1e-8]. Throws BadParameter on bad input, std::runtime_error if a phase does not end.
HertzDampedImpact integrate_hertz_damped_impact(const Real& beta, const Real& tolerance = Real("1e-24"));

// The same impact in SI units: reduced mass m* [kg], E* [Pa], R* [m], approach speed v0 [m/s],
// the requested restitution e.
HertzDampedImpact hertz_damped_impact(const Real& m_eff, const Real& e_eff, const Real& r_eff, const Real& v0,
                                      const Real& e, const Real& tolerance = Real("1e-24"));

}  // namespace lawcheck::oracles
