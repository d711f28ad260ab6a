#pragma once
// The command-line face of Exudyn's sphere-sphere law (seed 003; laws/exudyn_law.hpp):
// its parameters under the seed's names, and its material (density only). Include after
// cli/law_registry.hpp's primary templates; the law is registered by its entry in BuiltinLaws
// (laws/builtin_laws.hpp).

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "cli/law_spec.hpp"
#include "laws/exudyn_law.hpp"
#include "physics/exudyn_mat.hpp"

namespace lawcheck::cli {

template <>
struct MaterialSpec<ExudynMat> {
  static std::vector<ParameterDoc> fields() {
    const ExudynMat d;
    return {{"density", fmt::format("{}", d.density), "density [kg/m^3] (Exudyn's parameters live on the law)"}};
  }
  static ExudynMat parse(const json& j, const std::string& p) {
    only_keys(j, p, {"density"});
    ExudynMat m;
    if (j.contains("density")) m.density = number(j["density"], p + ".density");
    return m;
  }
};

template <>
struct LawSpec<ExudynLaw<double>> {
  using Law = ExudynLaw<double>;
  static constexpr std::string_view summary =
      "Exudyn's sphere-sphere contact (seed 003): impact models 0 Edinburgh elasto-plastic with adhesion, "
      "1 Hunt-Crossley, 2 Carvalho-Martins/Gonthier; linear damping; regularised friction";
  static std::vector<ParameterDoc> parameters() {
    const Law d;
    auto num = [](double x) { return fmt::format("{}", x); };
    return {
        {"contactStiffness", num(d.contact_stiffness), "k_c [N/m^n]"},
        {"contactDamping", num(d.contact_damping), "d_c [N s/m], linear normal damping in every model"},
        {"contactStiffnessExponent", num(d.stiffness_exponent), "n > 0 (3/2: Hertz)"},
        {"dynamicFriction", num(d.dynamic_friction), "mu_d [-]"},
        {"frictionProportionalZone", num(d.friction_zone), "v_reg > 0 [m/s]: friction proportional to v_t below it"},
        {"constantPullOffForce", num(d.pull_off_force), "f_adh [N] (model 0)"},
        {"contactPlasticityRatio", num(d.plasticity_ratio), "lambda_P in [0, 1): k2 = k_c/(1 - lambda_P) (model 0)"},
        {"adhesionCoefficient", num(d.adhesion_coefficient), "k_adh [N/m^n_adh] (model 0)"},
        {"adhesionExponent", num(d.adhesion_exponent), "n_adh > 0 (model 0)"},
        {"restitutionCoefficient", num(d.restitution), "e_res in (0, 1] (models 1, 2)"},
        {"minimumImpactVelocity", num(d.minimum_impact_velocity), "lower bound of v_- [m/s] (models 1, 2)"},
        {"impactModel", fmt::format("{}", d.impact_model),
         "0 Edinburgh elasto-plastic | 1 Hunt-Crossley | 2 Carvalho-Martins (e > 1/3) / Gonthier (e <= 1/3)"},
        {"impactVelocity", std::string(name_of(d.impact_velocity)),
         "v_- of models 1, 2: remembered at first penetration (Exudyn data[2]) | current (the seed's literal text)"},
        {"plasticOverlap", std::string(name_of(d.plastic_overlap)),
         "d in d_p = lambda_P^(1/n) d: history maximum (Edinburgh, Exudyn data[3]) | current (the seed's text: no "
         "dissipation)"}};
  }
  // The inputs that set the contact's normal, tangential, twist and bending stiffness and its
  // damping (check_contact_stiffness names them; laws/exudyn_law.hpp "Stable time step").
  static std::string_view stiffness_inputs(const Law& law, std::size_t sense) {
    const bool plastic = law.impact_model == 0;
    if (sense == 0)
      return plastic ? "law.contactStiffness, law.contactStiffnessExponent, law.contactPlasticityRatio"
                     : "law.contactStiffness, law.contactStiffnessExponent, law.restitutionCoefficient";
    if (sense == 4) return plastic ? "law.contactDamping" : "law.contactDamping, law.restitutionCoefficient";
    return "";
  }
  static Law parse(const json& j, const std::string& p) {
    only_keys(j, p,
              {"name", "contactStiffness", "contactDamping", "contactStiffnessExponent", "dynamicFriction",
               "frictionProportionalZone", "constantPullOffForce", "contactPlasticityRatio", "adhesionCoefficient",
               "adhesionExponent", "restitutionCoefficient", "minimumImpactVelocity", "impactModel", "impactVelocity",
               "plasticOverlap"});
    Law law;
    auto read = [&](const char* key, double& field) {
      if (j.contains(key)) field = number(j[key], p + "." + key);
    };
    read("contactStiffness", law.contact_stiffness);
    // The seed allows k_c = 0 (UReal); a contact without its spring has no impact to resolve and
    // no stable step to estimate: refused here, in every command, naming the key.
    if (!(law.contact_stiffness > 0)) throw InputError(p + ".contactStiffness", law.contact_stiffness, "must be positive");
    read("contactDamping", law.contact_damping);
    read("contactStiffnessExponent", law.stiffness_exponent);
    read("dynamicFriction", law.dynamic_friction);
    read("frictionProportionalZone", law.friction_zone);
    read("constantPullOffForce", law.pull_off_force);
    read("contactPlasticityRatio", law.plasticity_ratio);
    read("adhesionCoefficient", law.adhesion_coefficient);
    read("adhesionExponent", law.adhesion_exponent);
    read("restitutionCoefficient", law.restitution);
    read("minimumImpactVelocity", law.minimum_impact_velocity);
    if (j.contains("impactModel")) {
      const std::string field = p + ".impactModel";
      const double m = number(j["impactModel"], field);
      if (!(m == 0 || m == 1 || m == 2))
        throw InputError(field, j["impactModel"].dump(),
                         "unknown impact model (0 Edinburgh elasto-plastic, 1 Hunt-Crossley, 2 Carvalho-Martins/Gonthier)");
      law.impact_model = static_cast<int>(m);
    }
    if (j.contains("impactVelocity"))
      law.impact_velocity = at_field(p + ".impactVelocity", j["impactVelocity"], parse_impact_velocity);
    if (j.contains("plasticOverlap"))
      law.plastic_overlap = at_field(p + ".plasticOverlap", j["plasticOverlap"], parse_plastic_overlap);
    return law;
  }
};

}  // namespace lawcheck::cli
