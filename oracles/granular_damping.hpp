#pragma once
// Oracle: the restitution maps of LAMMPS's `pair_style granular` normal models with each of its
// damping models, i.e. the head-on impact of the force law the documentation states, solved by
// oracles/damped_power_impact.hpp (50 digits).
//
// Source: LAMMPS doc/src/pair_granular.rst of the stable 29 Sep 2021 series (Debian 12 ships it as
// 20220106, git 7586adbb6a), and src/GRANULAR/pair_granular.cpp of the same series (read for what
// the code does; the copy read is of 2021-22, its exact commit not identified). delta is the
// overlap, R = R_eff, m = m_eff, a the contact radius.
//   normal   hooke           F_ne = k_n delta                                  (k_n [N/m])
//            hertz           F_ne = k_n R^(1/2) delta^(3/2) = k_n a delta, a = sqrt(R delta)   (k_n [Pa])
//            hertz/material  F_ne = 4/3 E_eff R^(1/2) delta^(3/2)              (E_eff [Pa])
//   damping  F_n,damp = -eta_n v_n,rel (repulsive while approaching), with
//            velocity        eta_n = eta_n0                                    ([kg/s])
//            mass_velocity   eta_n = eta_n0 m_eff                              ([1/s])
//            viscoelastic    eta_n = eta_n0 a m_eff,  a = sqrt(R delta)        ([1/(s m)])
//            tsuji           eta_n = alpha (m_eff k_n)^(1/2),
//                            alpha = 1.2728 - 4.2783 e + 11.087 e^2 - 22.348 e^3 + 27.467 e^4
//                                    - 18.022 e^5 + 4.8218 e^6            (the coefficient given is e)
//   F_n = F_ne + F_n,damp; with `limit_damping`, F_n = max(F_n, 0) (DampingEnd::force_clamped_at_zero).
// So every pair is m x'' + C x^q x' + K x^p = 0 (granular_power_law below):
//   hooke:  p = 1,   K = k_n;               hertz: p = 3/2, K = k_n sqrt(R);   hertz/material: K = 4/3 E sqrt(R)
//   velocity q = 0, C = eta_n0;  mass_velocity q = 0, C = eta_n0 m;  viscoelastic q = 1/2, C = eta_n0 m sqrt(R);
//   tsuji: hooke q = 0, C = alpha sqrt(m k_n); hertz q = 1/4, C = alpha sqrt(m k_n sqrt(R));
//          hertz/material q = 1/4, C = alpha sqrt(m 4/3 E sqrt(R)).
// Scale invariances that follow (damped_power_impact.hpp, c = C x_ref^(q+1)/(m v0)): hertz + tsuji
// has c = alpha sqrt(5)/2 whatever m, R, E, v0 (the Hertz-Mindlin dashpot of
// hertz_damped_impact.hpp with beta = alpha/sqrt(5)); hooke + tsuji has zeta = alpha/2; hooke with
// velocity or mass_velocity is the linear dashpot (zeta = C/(2 sqrt(m k_n)): mass_velocity's e does
// depend on m, as zeta = eta_n0 sqrt(m/k_n)/2, and is unchanged when m and k_n scale together);
// hertz + viscoelastic has c ~ v0^(1/5): e falls as the impact speed rises (Kuwabara-Kono).
//
// What the code does where the documentation is silent or differs (findings):
//  1. tsuji's k_n. The doc writes eta_n = alpha sqrt(m k_n) and says k_n = 4/3 E a "for normal
//     models based on material parameters"; for `hertz` it says nothing, and its k_n [Pa] would
//     not give a damping coefficient. The code uses its contact stiffness factor: k_n for hooke,
//     k_n a for hertz, 4/3 E_eff a for hertz/material: that is what is solved here.
//  2. The damping's a is sqrt(R delta) (the code's a = sqrt(dR)), for viscoelastic and tsuji
//     alike; it is not delta.
//  3. tsuji does not give the requested e. With hertz, c = alpha sqrt(5)/2 and the achieved e for a
//     requested 0.1 / 0.3 / 0.5 / 0.7 / 0.9 / 0.99 is 0.2350 / 0.4396 / 0.6161 / 0.7777 / 0.9284 /
//     0.9930 (may pull). With sqrt(2 m_eff k_n) in place of sqrt(m_eff k_n) the same polynomial gives
//     0.0995 / 0.2999 / 0.4999 / 0.6999 / 0.9002 / 0.9901: the polynomial is a fit of the Hertz
//     e(alpha) for the mass of one of two equal spheres (m = 2 m_eff), which the code applies to
//     m_eff (test). alpha(1) = 0.0003 (the coefficients sum to 3e-4, not 0): requesting e = 1 still
//     damps (achieved 0.99958). With hooke the same alpha gives zeta = alpha/2 and yet another e.
//  4. Mixing. For one type pair set by pair_coeff, hertz/material stores 4/3 E_eff with
//     E_eff = (2 (1 - nu^2)/E)^(-1); for two types mixed automatically (init_one) the code stores
//     mix_stiffnessE(E_i, E_j, nu_i, nu_j) without the 4/3: a mixed pair is 3/4 as stiff as the doc
//     states. Tsuji's alpha is computed from e in pair_coeff, so a mixed pair's alpha is the
//     geometric mean of the two alphas, not alpha of a mixed e. (Not solved here: pass E_eff as
//     the code has it to reproduce what it does.)
//  5. limit_damping is refused for jkr and dmt (pair_coeff error).
// (The JKR and DMT normal models, and what gamma means, are oracles/adhesion.hpp.)

#include <string_view>

#include "damped_power_impact.hpp"
#include "real.hpp"

namespace lawcheck::oracles {

enum class GranularNormal { hooke, hertz, hertz_material };
enum class GranularDamping { velocity, mass_velocity, viscoelastic, tsuji };

// "hooke" | "hertz" | "hertz/material"; "velocity" | "mass_velocity" | "viscoelastic" | "tsuji"
// (LAMMPS's own spelling); unknown names throw BadParameter.
GranularNormal parse_granular_normal(std::string_view name);
GranularDamping parse_granular_damping(std::string_view name);

struct GranularImpactInput {
  GranularNormal normal = GranularNormal::hertz_material;
  Real stiffness;    // k_n [N/m] (hooke), k_n [Pa] (hertz), E_eff [Pa] (hertz/material)
  GranularDamping damping = GranularDamping::viscoelastic;
  Real coefficient;  // eta_n0 in the damping model's units, or the restitution e for tsuji
  Real m_eff;        // [kg]
  Real r_eff;        // [m] (not used by hooke with velocity or mass_velocity, but must be > 0)
  Real v0;           // approach speed [m/s]
  DampingEnd end = DampingEnd::force_may_pull;  // force_clamped_at_zero = `limit_damping`
};

// The power law m x'' + C x^q x' + K x^p = 0 of the input (header).
struct GranularPowerLaw {
  Real p, q, K, C;
};
GranularPowerLaw granular_power_law(const GranularImpactInput& in);

// Tsuji's alpha(e), the documented polynomial, for e in [0, 1].
Real tsuji_alpha(const Real& e);

// The impact of the documented force law: restitution, contact time, largest overlap, ...
DampedPowerImpact granular_impact(const GranularImpactInput& in, const Real& tolerance = Real("1e-24"));

}  // namespace lawcheck::oracles
