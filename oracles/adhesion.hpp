#pragma once
// Oracle: the JKR and DMT adhesive normal contacts, in closed form (50 digits), with w the work
// of adhesion [J/m^2], E = E_eff [Pa], R = R_eff [m], delta the overlap, a the contact radius.
//
// What LAMMPS's `gamma` is. pair_style granular (`jkr`, `dmt`; doc/src/pair_granular.rst and
// src/GRANULAR/pair_granular.cpp of the stable 29 Sep 2021 series) calls gamma "a surface energy
// density" and writes
//   jkr: F = 4 E a^3/(3R) - 2 pi a^2 sqrt(4 gamma E/(pi a)),  delta = a^2/R - 2 sqrt(pi gamma a/E),
//        pull-off 3 pi gamma R;
//   dmt: F = 4/3 E R^(1/2) delta^(3/2) - 4 pi gamma R,        pull-off ("F_pulloff") 4 pi gamma R.
// These are JKR's and DMT's laws with w = 2 gamma (JKR: sqrt(8 pi w E a^3) and sqrt(2 pi w a/E),
// pull-off 3/2 pi w R; DMT: 2 pi w R): gamma is the surface energy of each surface, w = 2 gamma
// the work of adhesion (Johnson, Kendall & Roberts 1971; Derjaguin, Muller & Toporov 1975).
// lammps_gamma_to_w() converts. (The code uses E = 3/4 of its stored 4/3 E_eff for jkr, i.e.
// E_eff; for dmt F_ne = 4/3 E_eff a delta - 4 pi gamma R, as documented.)
//
// JKR (Johnson, Contact Mechanics 1985, sec. 5.5; Maugis 2000):
//   F(a) = 4 E a^3/(3R) - sqrt(8 pi w E a^3),   delta(a) = a^2/R - sqrt(2 pi w a/E).
// With a_c^3 = pi w R^2/(8 E) (so that pi w/E = 8 a_c^3/R^2 and sqrt(8 pi w E a^3) = 8 E a_c^(3/2) a^(3/2)/R):
//   touch (delta = 0):               a_0^3 = 16 a_c^3,  F = -4/3 pi w R;
//   force-controlled pull-off
//     (dF/da = 0, the minimum of F): a_f^3 = 9 a_c^3,   F = -3/2 pi w R,   delta = -a_f^2/(3R);
//   displacement-controlled separation
//     (d delta/da = 0, min of delta): a = a_c,           delta_c = -3 a_c^2/R, F_c = -5/6 pi w R;
//   the stable branch under displacement control is a >= a_c (d delta/da > 0), delta >= delta_c.
// Which one LAMMPS uses: it keeps a pair in contact while delta > delta_pulloff with
// a = cbrt(9 pi gamma R^2/(4E)) = a_f, delta_pulloff = a^2/R - 2 sqrt(pi gamma a/E) = -a_f^2/(3R):
// the FORCE-controlled point, where the force is -3 pi gamma R; the force then jumps to 0 (the doc:
// "a tensile force up to 3 pi gamma R, at which point they lose contact"). Pairs not yet in
// contact feel nothing until delta >= 0, where the force jumps to -4/3 pi w R (the branch at a_0).
//
// Hysteresis of a load cycle along the branch (touch at delta = 0, any largest overlap, unload to
// separation): the loading and unloading over delta >= 0 cancel, and the energy lost is the work
// against the attraction from the separation point to delta = 0:
//   H = -int_{delta_sep}^{0} F d delta = U(a_sep) - U(a_0),
//   U(a) = int F(a) delta'(a) da = 8 E a^5/(15 R^2) - 4/(3R) sqrt(2 pi w E) a^(7/2) + pi w a^2
// (expanding F delta' = 2A a^4/R - (A D/2 + 2B/R) a^(5/2) + B D a/2 with A = 4E/(3R),
// B = sqrt(8 pi w E), D = sqrt(2 pi w/E), B D = 4 pi w). In units of pi w a_c^2 (a_0 = 16^(1/3) a_c,
// a_f = 9^(1/3) a_c) this is a pure number for each separation point (test: quadrature).
//
// DMT: F = 4/3 E R^(1/2) delta^(3/2) - 2 pi w R for delta >= 0; pull-off 2 pi w R at delta = 0.
// LAMMPS ends a dmt contact at delta = 0 on loading and unloading alike, so its cycle has no
// hysteresis (the force jumps between 0 and -2 pi w R at delta = 0 both ways).

#include "real.hpp"

namespace lawcheck::oracles {

// w = 2 gamma, gamma being LAMMPS's jkr/dmt parameter (header).
Real lammps_gamma_to_w(const Real& gamma);

struct JkrContact {
  Real e_eff;  // E* [Pa]
  Real r_eff;  // R* [m]
  Real w;      // work of adhesion [J/m^2]
};

struct JkrPoint {
  Real a;
  Real delta;
  Real force;
};

// F(a) and delta(a) (header); a >= 0. Bad parameters throw BadParameter.
Real jkr_force(const JkrContact& c, const Real& a);
Real jkr_overlap(const JkrContact& c, const Real& a);
// The contact radius on the stable branch a >= a_c for delta >= delta_c (bracketed root of
// delta(a) = delta in s = sqrt(a), polished to 50 digits); delta < delta_c throws BadParameter.
Real jkr_contact_radius(const JkrContact& c, const Real& delta);
Real jkr_force_at_overlap(const JkrContact& c, const Real& delta);

JkrPoint jkr_touch(const JkrContact& c);                          // delta = 0 on the branch
JkrPoint jkr_force_controlled_pulloff(const JkrContact& c);       // F = -3/2 pi w R (LAMMPS's end)
JkrPoint jkr_displacement_controlled_separation(const JkrContact& c);  // delta_c, F_c = -5/6 pi w R

enum class JkrSeparation { force_controlled, displacement_controlled };
// U(a) of the header, and the hysteresis U(a_sep) - U(a_0) of a cycle touching at delta = 0.
Real jkr_branch_work(const JkrContact& c, const Real& a);
Real jkr_hysteresis(const JkrContact& c, JkrSeparation separation);

// DMT: the force for delta >= 0, and the pull-off force magnitude 2 pi w R.
Real dmt_force(const Real& e_eff, const Real& r_eff, const Real& w, const Real& delta);
Real dmt_pulloff_force(const Real& r_eff, const Real& w);

}  // namespace lawcheck::oracles
