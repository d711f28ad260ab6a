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
// Yield force varying along the path: each vertex carries its own yield force fy_k
// (fy_0 at u = 0), and on the leg k -> k+1 both u and fy are linear in the leg parameter
// tau in [0, 1]: u = u_k + tau du, fy = fy_k + tau dfy. The force moves elastically,
// F = F_k + tau kt du, until it meets +fy(tau) or -fy(tau); both gaps are linear in tau,
//   +: (F_k - fy_k) + tau (kt du - dfy),     -: (-F_k - fy_k) + tau (-kt du - dfy),
// so the side sigma whose rate r = sigma kt du - dfy is positive is met at tau* = gap/r (the
// earlier one if both rates are positive, i.e. fy falls faster than the force moves). From there
// F = sigma fy(tau) and consistency gives du_p/dtau = du - sigma dfy/kt = sigma r/kt: a constant
// rate of the flow's sign, so the leg slips to its end, by (1 - tau*) r/kt, under fy from
// fy(tau*) to fy_{k+1}:
//   D_leg = (1 - tau*) r/kt * (fy(tau*) + fy_{k+1})/2,   W_slip = sigma du (1 - tau*)(fy(tau*) + fy_{k+1})/2.
// The force never reaches the other side afterwards (sigma F = fy > 0 >= -fy). With r > 0 and
// F_k = sigma fy_k (the leg starts at yield) tau* = 0: the whole leg slips, even when u moves
// back (sigma du < 0) while fy falls faster than the spring unloads (-dfy > kt |du|).
// The work identity W = elastic + D still holds: dW = F du = F (dF/kt + du_p).
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
  Real fy;           // yield force at this state
};

// One vertex of a path with a varying yield force: u_k and fy_k, reached linearly from the last.
struct YieldVertex {
  Real u;
  Real fy;
};

// State after each vertex: element 0 is the initial state (u = 0), element k the state at u_k.
// Throws std::invalid_argument for kt <= 0, fy < 0 or non-finite input.
std::vector<Slip1dState> coulomb_slip_1d_history(const Real& kt, const Real& fy,
                                                 const std::vector<Real>& vertices);

// Final state after the last vertex (same as coulomb_slip_1d_history(...).back()).
Slip1dState coulomb_slip_1d(const Real& kt, const Real& fy, const std::vector<Real>& vertices);

// Yield force varying along the path: fy0 at the start (u = 0, F = 0), then vertex by vertex.
// Throws std::invalid_argument for kt <= 0, a negative yield force or non-finite input.
std::vector<Slip1dState> coulomb_slip_1d_history(const Real& kt, const Real& fy0,
                                                 const std::vector<YieldVertex>& path);
Slip1dState coulomb_slip_1d(const Real& kt, const Real& fy0, const std::vector<YieldVertex>& path);

// fy(A - u0) + 2 fy(2A - 2u0) with u0 = fy/kt for amplitude A >= u0; 0 for A < u0.
Real hysteresis_dissipation(const Real& kt, const Real& fy, const Real& amplitude);

}  // namespace lawcheck::oracles
