#pragma once
// HertzMindlinPhys: the physics of a Hertz-Mindlin contact, built once at its creation from the
// two materials and the two bodies (laws/hertz_mindlin_law.hpp derives each formula):
//   E* = 1 / ((1 - nu1^2)/E1 + (1 - nu2^2)/E2)                 Hertz's contact modulus
//   G* = 1 / (2 (2 - nu1)(1 + nu1)/E1 + 2 (2 - nu2)(1 + nu2)/E2) Mindlin's, with G = E/(2(1 + nu)):
//                                                                (2 - nu)/G = 2 (2 - nu)(1 + nu)/E
//   R* = 1 / (1/rho1 + 1/rho2)    rho the radii of curvature (a flat wall: rho = inf, R* = rho_sphere)
//   m* = 1 / (1/m1 + 1/m2)        a body that does not move: m = inf, m* = the other's mass
//   mu = min(mu1, mu2)
// (Di Renzo & Di Maio 2004, Chem. Eng. Sci. 59:525, Table 1; LAMMPS `pair granular`, the
// `hertz/material` normal model and `mindlin` tangential model, mix the same way.)

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"
#include "geometry/contact_lengths.hpp"
#include "physics/hertz_mindlin_mat.hpp"

namespace lawcheck {

template <class R>
struct HertzMindlinPhys {
  R r_eff{0};          // R* [m]
  R e_eff{0};          // E* [Pa]
  R g_eff{0};          // G* [Pa]
  R friction{0};       // mu [-]
  R damping_scale{0};  // 2 sqrt(5/6) beta sqrt(m*): the normal dashpot is damping_scale sqrt(S_n)
  R length{0};         // min(rho1, rho2) [m]: the scale of the time-step bound

  template <class S>
  HertzMindlinPhys<S> cast() const {
    return {S(r_eff), S(e_eff), S(g_eff), S(friction), S(damping_scale), S(length)};
  }
};

// The physics of two materials and two bodies (header); damping_coefficient = 2 sqrt(5/6) beta
// from the law's restitution. A contact whose bodies are unknown (ContactCreation's NaN) or
// both without curvature (two flat shapes) is refused naming what is missing.
inline HertzMindlinPhys<double> hertz_mindlin_phys(const HertzMindlinMat& m1, const HertzMindlinMat& m2,
                                                   const ContactCreation& c, double damping_coefficient) {
  m1.validate("material1");
  m2.validate("material2");
  const double rho1 = c.curvature_radius1, rho2 = c.curvature_radius2;
  if (std::isnan(rho1) || std::isnan(rho2) || std::isnan(c.mass1) || std::isnan(c.mass2))
    throw InputError("contact", "(bodies unknown)",
                     "the hertz_mindlin law needs both bodies' masses and radii of curvature (ContactCreation)");
  const double inv_r = 1 / rho1 + 1 / rho2;  // 1/inf = 0 for a flat side
  if (!(inv_r > 0)) throw InputError("contact", "two flat shapes", "Hertz's R* is undefined between two flat surfaces");
  const double inv_m = 1 / c.mass1 + 1 / c.mass2;
  const double m_eff = 1 / inv_m;  // inf when neither body moves: no motion to damp (below)
  HertzMindlinPhys<double> p;
  p.r_eff = 1 / inv_r;
  p.e_eff = 1 / ((1 - m1.poisson * m1.poisson) / m1.young + (1 - m2.poisson * m2.poisson) / m2.young);
  p.g_eff = 1 / (2 * (2 - m1.poisson) * (1 + m1.poisson) / m1.young + 2 * (2 - m2.poisson) * (1 + m2.poisson) / m2.young);
  p.friction = std::min(m1.friction, m2.friction);
  p.damping_scale = std::isfinite(m_eff) ? damping_coefficient * std::sqrt(m_eff) : 0.0;
  p.length = std::min(rho1, rho2);
  return p;
}

}  // namespace lawcheck
