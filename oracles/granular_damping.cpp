#include "granular_damping.hpp"

#include <string>

#include "bad_parameter.hpp"

namespace lawcheck::oracles {

namespace {

void require_positive(const char* field, const Real& x) {
  if (!(x > 0) || !isfinite(x)) bad_parameter(field, x, "must be positive");
}

[[noreturn]] void unknown_name(const char* field, std::string_view name, const char* choices) {
  throw BadParameter(field, std::string(name), std::string("must be one of ") + choices);
}

}  // namespace

GranularNormal parse_granular_normal(std::string_view name) {
  if (name == "hooke") return GranularNormal::hooke;
  if (name == "hertz") return GranularNormal::hertz;
  if (name == "hertz/material") return GranularNormal::hertz_material;
  unknown_name("normal", name, "hooke, hertz, hertz/material");
}

GranularDamping parse_granular_damping(std::string_view name) {
  if (name == "velocity") return GranularDamping::velocity;
  if (name == "mass_velocity") return GranularDamping::mass_velocity;
  if (name == "viscoelastic") return GranularDamping::viscoelastic;
  if (name == "tsuji") return GranularDamping::tsuji;
  unknown_name("damping", name, "velocity, mass_velocity, viscoelastic, tsuji");
}

Real tsuji_alpha(const Real& e) {
  if (!(e >= 0 && e <= 1)) bad_parameter("e", e, "tsuji's restitution must be in [0, 1]");
  // Horner form of the documented polynomial (the coefficients read as exact decimals).
  static const Real c[] = {Real("1.2728"),  Real("-4.2783"), Real("11.087"), Real("-22.348"),
                           Real("27.467"), Real("-18.022"), Real("4.8218")};
  Real y = c[6];
  for (int i = 5; i >= 0; --i) y = y * e + c[i];
  return y;
}

GranularPowerLaw granular_power_law(const GranularImpactInput& in) {
  require_positive("stiffness", in.stiffness);
  require_positive("m_eff", in.m_eff);
  require_positive("r_eff", in.r_eff);
  require_positive("v0", in.v0);
  const Real sqrt_r = sqrt(in.r_eff);
  GranularPowerLaw law;
  // The contact stiffness factor of the code (knfac): F_ne = knfac delta, and tsuji's k_n.
  // hooke: k_n; hertz: k_n a; hertz/material: 4/3 E a; a = sqrt(R) delta^(1/2).
  Real knfac_over_root_delta;  // for p = 3/2: knfac / delta^(1/2)
  switch (in.normal) {
    case GranularNormal::hooke:
      law.p = 1;
      law.K = in.stiffness;
      knfac_over_root_delta = 0;
      break;
    case GranularNormal::hertz:
      law.p = Real(3) / 2;
      law.K = in.stiffness * sqrt_r;
      knfac_over_root_delta = law.K;
      break;
    case GranularNormal::hertz_material:
      law.p = Real(3) / 2;
      law.K = Real(4) / 3 * in.stiffness * sqrt_r;
      knfac_over_root_delta = law.K;
      break;
  }
  const bool hooke = in.normal == GranularNormal::hooke;
  switch (in.damping) {
    case GranularDamping::velocity:
      law.q = 0;
      law.C = in.coefficient;
      break;
    case GranularDamping::mass_velocity:
      law.q = 0;
      law.C = in.coefficient * in.m_eff;
      break;
    case GranularDamping::viscoelastic:
      law.q = Real(1) / 2;
      law.C = in.coefficient * in.m_eff * sqrt_r;
      break;
    case GranularDamping::tsuji: {
      const Real alpha = tsuji_alpha(in.coefficient);
      if (hooke) {
        law.q = 0;
        law.C = alpha * sqrt(in.m_eff * in.stiffness);
      } else {
        // sqrt(m knfac) = sqrt(m K) delta^(1/4).
        law.q = Real(1) / 4;
        law.C = alpha * sqrt(in.m_eff * knfac_over_root_delta);
      }
      break;
    }
  }
  if (!(law.C >= 0) || !isfinite(law.C)) bad_parameter("coefficient", in.coefficient, "damping must be >= 0");
  return law;
}

DampedPowerImpact granular_impact(const GranularImpactInput& in, const Real& tolerance) {
  const GranularPowerLaw law = granular_power_law(in);
  return damped_power_impact(law.p, law.q, law.K, law.C, in.m_eff, in.v0, in.end, tolerance);
}

}  // namespace lawcheck::oracles
