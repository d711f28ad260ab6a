#pragma once
// Oracle 6: restitution of the Hunt-Crossley family (seed 003, impact models 1 and 2, and other
// published dissipation maps), m x'' = -k x^n (1 + chi x'/v0), x(0) = 0, x'(0) = v0 > 0
// (x = overlap delta = -gap). In seed 003's notation f_c = k delta^n + lambda delta^n v_{delta,n}
// with v_{delta,n} = -delta' (gap velocity), so chi = -lambda v0 / k.
//
// Exact first integral. With w = x', m w dw/dx = -k x^n (1 + chi w/v0), so
//   m w dw / (1 + chi w/v0) = -k x^n dx.
// Over the whole impact x goes 0 -> x_max -> 0, so the right side integrates to zero and, with
// s = w/v0 going from 1 to -e*,  int_1^{-e*} s ds/(1 + chi s) = 0.  Since
// int s/(1 + chi s) ds = (chi s - ln(1 + chi s))/chi^2, the achieved restitution e* solves
//   G(chi) = G(-chi e*),  G(y) = y - ln(1 + y),   0 < e* < 1/chi,
// independent of n, k and m. With z = 1 - chi e*: z - ln z = 1 + G(chi), i.e.
//   z = -W0(-(1 + chi) e^{-(1 + chi)}),   e* = (1 - z)/chi   (Lambert W, principal branch),
// the form of Carvalho & Martins (2019). (The force never turns tensile: 1 + chi w/v0 >= 1 - chi e* > 0.)
// The exact inverse chi(e) solves G(chi) = G(-chi e) for chi in (0, 1/e).
//
// Dissipation maps chi(e) (all for the force k x^n (1 + chi x'/v0)):
//   hunt_crossley         3(1 - e)/2                 (seed 003 model 1; Hunt & Crossley 1975)
//   lankarani_nikravesh   3(1 - e^2)/4               (Lankarani & Nikravesh 1990)
//   flores                8(1 - e)/(5 e)             (Flores et al. 2011)
//   gonthier              (1 - e^2)/e                (Gonthier et al. 2004)
//   carvalho_martins      3(1 - e)(11 - e)/(2(1 + 9e)) (seed 003 model 2, first case)
//   exudyn_model2         carvalho_martins for e > 1/3, gonthier for e <= 1/3 (seed 003 model 2;
//                         see README: the seed prints the second case as "if e > 0" with a
//                         symbol e_rep, read here as e <= 1/3 and e_res; both agree at e = 1/3)
//   exact                 the exact inverse above (achieved e* = e to 50 digits)
//
// Accuracy: achieved_restitution and exact_chi are exact (50-digit rounding; two routes: Lambert
// W and a bracketed root of G). integrate_hunt_crossley is the independent numerical route
// (Runge-Kutta-Fehlberg 7(8) in 50 digits, step-doubling error control, accurate to about the
// tolerance asked; the overlap x = u^2 is the variable near both ends, where x^n is not smooth;
// full accuracy when 2n is an integer, e.g. n = 1, 3/2, 5/2).

#include <cstddef>
#include <string_view>

#include "real.hpp"

namespace lawcheck::oracles {

enum class DissipationMap {
  hunt_crossley,
  lankarani_nikravesh,
  flores,
  gonthier,
  carvalho_martins,
  exudyn_model2,
  exact
};

// "hunt-crossley" | "lankarani-nikravesh" | "flores" | "gonthier" | "carvalho-martins" |
// "exudyn-model2" | "exact"; unknown names throw std::invalid_argument.
DissipationMap parse_dissipation_map(std::string_view name);
std::string_view name_of(DissipationMap m);

// chi(e) of the map; e in (0, 1], else std::invalid_argument.
Real dissipation_chi(DissipationMap map, const Real& e);

// Achieved restitution e* for a given chi >= 0, by Lambert W (route 1) and by a bracketed root of
// G(chi) = G(-chi e*) (route 2).
Real achieved_restitution(const Real& chi);
Real achieved_restitution_by_root(const Real& chi);

// Exact chi for a requested e in (0, 1] (chi = 0 for e = 1); every e a double holds, down to
// 1e-300, is answered (chi -> 1/e); the root searches are bounded and report failure as
// std::runtime_error, never hang.
Real exact_chi(const Real& e);

struct HuntCrossleyIntegration {
  Real restitution;   // -x'(end)/v0
  Real contact_time;
  Real max_overlap;
  std::size_t steps = 0;
};

// Integrates m x'' = -k x^n (1 + chi x'/v0) from x = 0, x' = v0 until x returns to 0, with
// relative tolerance `tolerance` in [1e-30, 1e-6], for n in [0.1, 10] and any chi >= 0 a double
// holds (to 1e300); at most 20 000 steps (6200 and ~3 s at 1e-30 measured), else std::runtime_error.
HuntCrossleyIntegration integrate_hunt_crossley(const Real& mass, const Real& k, const Real& n,
                                                const Real& chi, const Real& v0,
                                                const Real& tolerance);

}  // namespace lawcheck::oracles
