#pragma once
// Oracle 4: a particle launched along a surface, held by the tangential spring kt of the linear
// Cundall law with Coulomb limit fy = mu N under a constant normal force N (seed 000 "Contact
// response", continuous law), no gravity along the surface, no other force.
//
// (a) Rotation blocked (a slider). x(0) = 0, v(0) = v0 > 0, spring force F = -kt (x - x_p).
//   Phase 1, stick: x = (v0/w) sin(w t), w = sqrt(kt/m), until |F| = fy at x1 = fy/kt,
//     t1 = asin(fy/(v0 sqrt(kt m)))/w (only if v0 sqrt(kt m) > fy; otherwise the slider never
//     slips: it oscillates with amplitude v0/w forever and nothing is dissipated).
//   Phase 2, slip: m dv/dt = -fy, v1 = sqrt(v0^2 - fy^2/(kt m)), stops after t2 = m v1/fy at
//     t_stop = t1 + t2, having slipped s = m v1^2/(2 fy).
//   At t_stop all energy is elastic, fy^2/(2 kt); dissipation fy s = m v0^2/2 - fy^2/(2 kt)
//     (work of friction = energy balance: the self-test checks both routes).
//   Phase 3: at the stop the spring pulls back with exactly fy, nothing else resists it, so the
//     slider does NOT stay put: it oscillates elastically about the slipped anchor x_p = x_stop -
//     fy/kt with amplitude fy/kt. The force reaches +-fy only at the turning points, never
//     exceeds it, so no further slip happens and nothing more is dissipated: the energy fy^2/(2kt)
//     stays in the contact (elastic + kinetic), and "final elastic energy fy^2/(2kt)" is the value
//     at t_stop. Assumption: static = kinetic friction (one fy), rate-independent law.
//
// (b) Sphere free to rotate (radius r, inertia I = j m r^2, j = 2/5 for a solid sphere), contact
//   point at distance r below the centre (overlap neglected), no rolling resistance, spin 0 at
//   launch. With s the slip (contact-point) displacement, ds/dt = v - r omega, the contact force
//   F acts on the centre (m dv/dt = F) and as torque (I domega/dt = -r F), so
//     d2s/dt2 = F (1/m + r^2/I) = F / m_eff,  m_eff = m j/(1 + j)  (= 2m/7 for j = 2/5):
//   the slip obeys case (a) with mass m_eff. The angular momentum about the contact line,
//   m v r + I omega, is conserved (F passes through it), so the motion splits exactly into
//     rolling part  v_roll = v0/(1 + j) (= 5/7 v0), omega_roll = v_roll/r,
//                   E_roll = m v0^2 / (2(1 + j))  (= 5/14 m v0^2, conserved),
//     relative part E_rel(0) = m_eff v0^2/2 (= 1/7 m v0^2), dissipated down to fy^2/(2kt).
//   "Final rolling state": after t_stop the mean motion rolls at v_roll and the contact keeps
//   oscillating (energy fy^2/(2 kt) in spring + relative kinetic energy, no more slip).
//
// Accuracy: exact piecewise closed forms; 50-digit rounding only.

#include "real.hpp"

namespace lawcheck::oracles {

struct SlidingInput {
  Real mass;
  Real v0;  // launch speed (> 0)
  Real kt;
  Real fy;  // mu N (> 0)
};

struct SlidingResult {
  bool slips = false;      // v0 sqrt(kt m) > fy
  Real omega;              // sqrt(kt/m)
  Real slip_start;         // t1 (= stop_time if !slips)
  Real stop_time;          // t1 + t2 (if !slips: the first turning point, pi/(2 omega))
  Real stop_position;      // x(t_stop)
  Real slip_distance;      // m v1^2/(2 fy)
  Real final_elastic;      // fy^2/(2 kt) (if !slips: m v0^2/2, and then it is returned again)
  Real dissipation;        // m v0^2/2 - fy^2/(2 kt) (0 if !slips)
};

struct SlidingState {
  Real x;
  Real v;
  Real force;        // tangential contact force on the particle
  Real elastic;      // force^2/(2 kt)
  Real kinetic;      // m v^2/2
  Real dissipated;   // dissipation so far
};

// Throws std::invalid_argument for non-positive mass, v0, kt, fy.
SlidingResult dynamic_sliding(const SlidingInput& in);
// Trajectory at any t >= 0 (phases 1-3 above).
SlidingState dynamic_sliding_state(const SlidingInput& in, const Real& t);

struct RollingInput {
  Real mass;
  Real radius;
  Real inertia_factor{"0.4"};  // j in I = j m r^2
  Real v0;
  Real kt;
  Real fy;
};

struct RollingResult {
  Real effective_mass;   // m j/(1 + j)
  SlidingResult slip;    // case (a) for the slip coordinate with the effective mass
  Real rolling_velocity; // v0/(1 + j)
  Real rolling_spin;     // v_roll / r
  Real rolling_energy;   // m v0^2/(2(1 + j)), conserved
  Real final_elastic;    // fy^2/(2 kt) at t_stop (as in case (a))
  Real dissipation;      // m_eff v0^2/2 - fy^2/(2 kt) if it slips, else 0
};

struct RollingState {
  Real v;        // centre velocity
  Real spin;     // omega (positive = rolling forward)
  Real slip;     // s, contact slip displacement
  Real force;
  Real kinetic;  // m v^2/2 + I omega^2/2
  Real elastic;
  Real dissipated;
};

RollingResult rolling_sphere(const RollingInput& in);
RollingState rolling_sphere_state(const RollingInput& in, const Real& t);

}  // namespace lawcheck::oracles
