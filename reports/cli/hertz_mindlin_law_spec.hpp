#pragma once
// The command-line face of the Hertz-Mindlin law (laws/hertz_mindlin_law.hpp): its two parameters
// and its material (young, poisson, density, friction).

#include <string>
#include <string_view>
#include <vector>

#include "cli/law_spec.hpp"
#include "laws/hertz_mindlin_law.hpp"
#include "physics/hertz_mindlin_mat.hpp"

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
  static Law parse(const json& j, const std::string& p) {
    only_keys(j, p, {"name", "restitution", "tangentialDamping"});
    Law law;
    if (j.contains("restitution")) law.restitution = number(j["restitution"], p + ".restitution");
    if (j.contains("tangentialDamping")) law.tangential_damping = number(j["tangentialDamping"], p + ".tangentialDamping");
    return law;
  }
};

}  // namespace lawcheck::cli
