#pragma once
// Oracle 2: elastic - perfectly plastic spring in 1D (the tangential part of the linear Cundall
// law, seed 000 "Contact response", in its continuous, rate-independent form).
//
// Law: F = kt (u - u_p), |F| <= fy, the plastic displacement u_p changes only when |F| = fy and
// the loading pushes outwards (associative flow). Driven along piecewise-linear vertices
// u_0 = 0 (F = 0, u_p = 0) -> u_1 -> u_2 -> ..., every leg is solved exactly: on a leg of
// monotone direction s = sign(u_{k+1} - u_k) the force moves elastically until it reaches s*fy,
// then stays there while u_p follows u. Dissipation of the continuous law is the plastic work
//   D = int F du_p = fy * (accumulated plastic slip),
// exact (no discretisation): it is the quantity the incremental law of seed 000 approximates.
//
// Closed-form loop 0 -> A -> -A -> A (A >= u0 = fy/kt):
//   leg 1 slips over A - u0 (elastic part u0), legs 2 and 3 each slip over 2A - 2u0 (the force
//   travels elastically from +-fy to -+fy over 2u0), so D = fy(A - u0) + 2 fy (2A - 2u0); this is
//   the formula, checked against the leg-by-leg oracle in the self-test. For A < u0 no leg
//   slips and D = 0 (the formula would be negative there: it holds only for A >= u0).
//
// Accuracy: exact piecewise closed form; 50-digit rounding only.

#include <vector>

#include "real.hpp"

namespace lawcheck::oracles {

struct Slip1dState {
  Real u;            // imposed displacement
  Real force;        // F = kt (u - u_p)
  Real plastic;      // u_p
  Real slip;         // accumulated plastic slip, int |du_p|
  Real dissipation;  // fy * slip
  Real work;         // external work int F du (exact: F is linear or constant on each piece)
  Real elastic;      // F^2 / (2 kt); work = elastic + dissipation is an identity of the law
};

// State after each vertex: element 0 is the initial state (u = 0), element k the state at u_k.
// Throws std::invalid_argument for kt <= 0, fy < 0 or non-finite input.
std::vector<Slip1dState> coulomb_slip_1d_history(const Real& kt, const Real& fy,
                                                 const std::vector<Real>& vertices);

// Final state after the last vertex (same as coulomb_slip_1d_history(...).back()).
Slip1dState coulomb_slip_1d(const Real& kt, const Real& fy, const std::vector<Real>& vertices);

// fy(A - u0) + 2 fy(2A - 2u0) with u0 = fy/kt for amplitude A >= u0; 0 for A < u0.
Real hysteresis_dissipation(const Real& kt, const Real& fy, const Real& amplitude);

}  // namespace lawcheck::oracles
