#pragma once
// The command-line face of the Hertz-Mindlin law (laws/hertz_mindlin_law.hpp): its two parameters
// and its material (young, poisson, density, friction).

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include <boost/math/special_functions/beta.hpp>

#include "cli/law_spec.hpp"
#include "laws/hertz_mindlin_law.hpp"
#include "oracles/hertz_damped_impact.hpp"
#include "oracles/normal_impact.hpp"
#include "physics/hertz_mindlin_mat.hpp"
#include "render/reported_law.hpp"

namespace lawcheck::cli {

template <>
struct MaterialSpec<HertzMindlinMat> {
  static std::vector<ParameterDoc> fields() {
    const HertzMindlinMat d;
    return {{"young", fmt::format("{}", d.young), "Young's modulus E [Pa]"},
            {"poisson", fmt::format("{}", d.poisson), "Poisson's ratio nu [-], in (-1, 0.5]"},
            {"density", fmt::format("{}", d.density), "density [kg/m^3]"},
            {"friction", fmt::format("{}", d.friction), "Coulomb's friction coefficient mu [-], min of the two"}};
  }
  static HertzMindlinMat parse(const json& j, const std::string& p) {
    only_keys(j, p, {"young", "poisson", "density", "friction"});
    HertzMindlinMat m;
    if (j.contains("young")) m.young = number(j["young"], p + ".young");
    if (j.contains("poisson")) m.poisson = number(j["poisson"], p + ".poisson");
    if (j.contains("density")) m.density = number(j["density"], p + ".density");
    if (j.contains("friction")) m.friction = number(j["friction"], p + ".friction");
    return m;
  }
};

template <>
struct LawSpec<HertzMindlinLaw<double>> {
  using Law = HertzMindlinLaw<double>;
  static constexpr std::string_view summary =
      "Hertz-Mindlin: Hertz normal force, Mindlin's tangential stiffness 8 G* sqrt(R* delta) on an incremental "
      "force capped by Coulomb, LIGGGHTS/EDEM dashpots from a requested restitution";
  static std::vector<ParameterDoc> parameters() {
    const Law d;
    return {{"restitution", fmt::format("{}", d.restitution),
             "e in (0, 1]: eta_n = 2 sqrt(5/6) beta sqrt(S_n m*), beta = -ln e / sqrt(ln^2 e + pi^2); 1: no dashpot"},
            {"tangentialDamping", fmt::format("{}", d.tangential_damping), "eta_t / eta_n [-], >= 0"}};
  }
  // The inputs behind the contact's normal, tangential, twist and bending stiffness and its
  // damping (check_contact_stiffness names them; laws/hertz_mindlin_law.hpp "Stable time step").
  static std::string_view stiffness_inputs(const Law&, std::size_t sense) {
    if (sense == 0) return "materials[].young, materials[].poisson, radii";
    if (sense == 1) return "materials[].young, materials[].poisson, radii";
    if (sense == 4) return "law.restitution, law.tangentialDamping, materials[].young, materials[].density, radii";
    return "";
  }
  // `lawcheck impact` (ImpactEstimate, cli/law_spec.hpp). The undamped Hertz impact: 2/5 K x^(5/2)
  // = m* v_n^2 / 2 at the largest overlap, K = 4/3 E* sqrt(R*), and the duration
  // 4/5 B(2/5, 1/2) x_max / v_n (oracles/hertz_damped_impact.hpp, scaling); the springs and the
  // dashpot at x_max as the law's stiffness() reports them at its own reference overlap. The
  // oracle: the damped impact integrated to 50 digits (restitution, duration, largest overlap)
  // and, without a dashpot, Hertz's closed-form peak force (oracles::hertz_impact).
  static ImpactEstimate impact(const Law& law, const Law::Phys& ph, double m_eff, double vn, bool with_oracle) {
    const double k = 4.0 / 3.0 * ph.e_eff * std::sqrt(ph.r_eff);
    ImpactEstimate e;
    e.max_overlap = std::pow(1.25 * m_eff * vn * vn / k, 0.4);
    e.duration = 0.8 * boost::math::beta(0.4, 0.5) * e.max_overlap / vn;
    const double a = std::sqrt(ph.r_eff * e.max_overlap);
    const double s_n = 2 * ph.e_eff * a;
    e.at_max_overlap = {s_n, 8 * ph.g_eff * a, 0, 0,
                        ph.damping_scale * std::sqrt(s_n) * (1 + 3.5 * law.tangential_damping)};
    if (!with_oracle) return e;
    using oracles::Real;
    const auto r = oracles::hertz_damped_impact(Real(m_eff), Real(ph.e_eff), Real(ph.r_eff), Real(vn), Real(law.restitution),
                                                Real("1e-16"));
    e.restitution = static_cast<double>(r.restitution);
    e.contact_time = static_cast<double>(r.contact_time);
    e.oracle_max_overlap = static_cast<double>(r.max_overlap);
    e.source = "damped Hertz impact, 50-digit integration (oracles/hertz_damped_impact.hpp)";
    if (law.restitution == 1) {
      e.peak_force = static_cast<double>(oracles::hertz_impact({Real(ph.e_eff), Real(ph.r_eff), Real(m_eff), Real(vn)}).max_force);
      e.source += "; peak force: hertz_impact";
    }
    return e;
  }
  // The dashboard's row (render/reported_law.hpp): the suites of its tests.
  static reports::ReportedLaw report_suites() {
    return {std::string(Law::name),
            {"HertzMindlinLawProperty", "HertzMindlinKitRejects", "HertzMindlinMutationScore"},
            {"HertzMindlin", "HertzMindlinDynamics"},
            {"HertzDampedImpactOracle"},
            "kit and own properties, 4 mutants killed, impacts = 50-digit oracle"};
  }
  static Law parse(const json& j, const std::string& p) {
    only_keys(j, p, {"name", "restitution", "tangentialDamping"});
    Law law;
    if (j.contains("restitution")) law.restitution = number(j["restitution"], p + ".restitution");
    if (j.contains("tangentialDamping")) law.tangential_damping = number(j["tangentialDamping"], p + ".tangentialDamping");
    return law;
  }
};

}  // namespace lawcheck::cli
