#pragma once
// IceMat and IcePhys: material and contact physics of the Ice model (seed 002 "Stiffnesses",
// "Bonds", "Breakage"; Woo's woo.dem.IceMat, IcePhys, Cp2_IceMat_IcePhys). The law is
// laws/ice_law.hpp; the seed's claims are decided there.
//
// Senses, as bit k of a 4-bit mask: n = 0 (normal), t = 1 (shear), w = 2 (twist), r = 3
// (rolling). In JSON a mask is a string of those letters ("ntwr", "" for none).
//
// Two materials -> one contact (ice_phys):
//   kn, kt, tanPhi     as FrictPhys (seed 000 eqs. (3), (4))
//   alpha_w, alpha_r   mean of the two materials (like ktDivKn)
//   c_n, c_t, c_w, c_r min of the two (weakest link; Woo averages)           [Pa]
//   mu                 min of the two (like tanPhi; Woo does the same)
//   bonded             AND of the two (a bond needs both sides cohesive)
//   breakable          OR of the two (a bond breaks if either side is fragile)
// Woo puts the bond bits on the Cp2 functor (bonds0 for the initial configuration, bonds1 for
// contacts made later); here they come from the materials, so every new contact of two bonded
// materials starts bonded (laws/ice_law.hpp, "Departures").

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include <boost/math/constants/constants.hpp>

#include "core/input_error.hpp"
#include "physics/frict_phys.hpp"

namespace lawcheck {

enum IceSense : std::uint8_t { ice_n = 1, ice_t = 2, ice_w = 4, ice_r = 8 };
inline constexpr std::uint8_t ice_all_senses = 15;
inline constexpr std::string_view ice_sense_letters = "ntwr";

inline std::string format_ice_senses(std::uint8_t mask) {
  std::string s;
  for (std::size_t k = 0; k < 4; ++k)
    if (mask & (1u << k)) s += ice_sense_letters[k];
  return s;
}

// "ntwr" subset -> mask; anything else is an InputError naming `field`.
inline std::uint8_t parse_ice_senses(std::string_view text, std::string_view field) {
  std::uint8_t mask = 0;
  for (char c : text) {
    const auto k = ice_sense_letters.find(c);
    if (k == std::string_view::npos)
      throw InputError(field, text, "unknown sense letter (expected a subset of \"ntwr\": normal, shear, twist, rolling)");
    mask = static_cast<std::uint8_t>(mask | (1u << k));
  }
  return mask;
}

struct IceMat : FrictMat {
  static constexpr std::string_view type_name = "IceMat";

  // Rotational stiffness factors [-] (laws/ice_law.hpp: k_w = alpha_w kn A, k_r = alpha_r kt A
  // with the default pairing, the seed's and Woo's). Woo's default (1, 1).
  double alpha_w = 1;
  double alpha_r = 1;
  // Cohesion per sense, all stresses [Pa]: F_nb = c_n A, F_tb = c_t A, T_wb = c_w A^{3/2},
  // T_rb = c_r A^{3/2}. Defaults are Woo's at the default Young's modulus: c_n = breakN E =
  // 1e-4 * 1e7 Pa, c_t = c_w = beta c_n, c_r = beta_r beta_t c_n with beta = 0.1.
  double c_n = 1e3;
  double c_t = 1e2;
  double c_w = 1e2;
  double c_r = 1e1;
  double mu = 0.05;  // rolling ("kinetic") friction [-], Woo's default
  std::uint8_t bonded = 0;                   // unbonded unless cohesion is asked for
  std::uint8_t breakable = ice_all_senses;   // every bond fragile

  void validate(std::string_view prefix = "material") const {
    FrictMat::validate(prefix);
    const std::string p(prefix);
    require_non_negative(p + ".alphaW", alpha_w);
    require_non_negative(p + ".alphaR", alpha_r);
    require_non_negative(p + ".cohesionN", c_n);
    require_non_negative(p + ".cohesionT", c_t);
    require_non_negative(p + ".cohesionW", c_w);
    require_non_negative(p + ".cohesionR", c_r);
    require_non_negative(p + ".mu", mu);
    if (bonded > ice_all_senses) throw InputError(p + ".bonded", int(bonded), "must be a subset of ntwr");
    if (breakable > ice_all_senses) throw InputError(p + ".breakable", int(breakable), "must be a subset of ntwr");
  }
};

// Which stiffness the rotational senses follow (laws/ice_law.hpp "k_w and k_r").
enum class IcePairing { beam, seed };

constexpr std::string_view name_of(IcePairing p) { return p == IcePairing::beam ? "beam" : "seed"; }

inline IcePairing parse_ice_pairing(std::string_view name) {
  if (name == "beam") return IcePairing::beam;
  if (name == "seed") return IcePairing::seed;
  throw InputError("pairing", name, "unknown pairing (expected seed: k_w ~ kn, k_r ~ kt; or beam: k_w ~ kt, k_r ~ kn)");
}

template <class R>
struct IcePhys {
  R kn{0}, kt{0}, tan_phi{0};  // as FrictPhys
  R k_w{0};                    // twist [N m/rad]
  R k_r{0};                    // rolling (bending) [N m/rad]
  R f_nb{0}, f_tb{0};          // break force limits [N]
  R t_wb{0}, t_rb{0};          // break torque limits [N m]
  R lever{0};                  // sqrt(A/pi): connector radius, lever arm of the torque yields [m]
  R mu{0};
  std::uint8_t bonded = 0;     // bonds at creation (the current ones live in the law's State)
  std::uint8_t breakable = 0;

  template <class S>
  IcePhys<S> cast() const {
    return {S(kn), S(kt), S(tan_phi), S(k_w), S(k_r), S(f_nb), S(f_tb), S(t_wb), S(t_rb), S(lever), S(mu), bonded,
            breakable};
  }
};

inline IcePhys<double> ice_phys(const IceMat& m1, const IceMat& m2, const ContactLengths& g,
                                IcePairing pairing = IcePairing::seed) {
  m1.validate("material1");
  m2.validate("material2");
  const FrictPhys<double> f = frict_phys(m1, m2, g);
  const double a = g.area, a32 = a * std::sqrt(a);
  const double alpha_w = (m1.alpha_w + m2.alpha_w) / 2, alpha_r = (m1.alpha_r + m2.alpha_r) / 2;
  IcePhys<double> ph;
  ph.kn = f.kn;
  ph.kt = f.kt;
  ph.tan_phi = f.tan_phi;
  ph.k_w = alpha_w * (pairing == IcePairing::beam ? f.kt : f.kn) * a;
  ph.k_r = alpha_r * (pairing == IcePairing::beam ? f.kn : f.kt) * a;
  ph.f_nb = std::min(m1.c_n, m2.c_n) * a;
  ph.f_tb = std::min(m1.c_t, m2.c_t) * a;
  ph.t_wb = std::min(m1.c_w, m2.c_w) * a32;
  ph.t_rb = std::min(m1.c_r, m2.c_r) * a32;
  ph.lever = std::sqrt(a / boost::math::constants::pi<double>());
  ph.mu = std::min(m1.mu, m2.mu);
  ph.bonded = static_cast<std::uint8_t>(m1.bonded & m2.bonded);
  ph.breakable = static_cast<std::uint8_t>(m1.breakable | m2.breakable);
  return ph;
}

}  // namespace lawcheck
