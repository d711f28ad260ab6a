#pragma once
// SpringDashpotLaw on lawcheck's command line: the program built by lawcheck_add_cli
// (CMakeLists.txt) knows it by name beside the built-in laws, in `laws`, `lawtest` and `impact`:
//   {"law": {"name": "spring_dashpot", "damping": 0.5}, "materials": [{"young": 1e7, "friction": 0.4}], ...}

#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "cli/law_spec.hpp"
#include "spring_dashpot/spring_dashpot_law.hpp"

namespace lawcheck::cli {

template <>
struct MaterialSpec<spring_dashpot::DashpotMat> {
  static std::vector<ParameterDoc> fields() {
    const spring_dashpot::DashpotMat d;
    return {{"density", fmt::format("{}", d.density), "density [kg/m^3]"},
            {"young", fmt::format("{}", d.young), "Young's modulus E [Pa]: kn = A / (l1/E1 + l2/E2)"},
            {"ktDivKn", fmt::format("{}", d.kt_div_kn), "kt/kn [-], averaged over the two materials"},
            {"friction", fmt::format("{}", d.friction), "Coulomb coefficient mu [-], min of the two"}};
  }
  static spring_dashpot::DashpotMat parse(const json& j, const std::string& p) {
    only_keys(j, p, {"density", "young", "ktDivKn", "friction"});
    spring_dashpot::DashpotMat m;
    if (j.contains("density")) m.density = number(j["density"], p + ".density");
    if (j.contains("young")) m.young = number(j["young"], p + ".young");
    if (j.contains("ktDivKn")) m.kt_div_kn = number(j["ktDivKn"], p + ".ktDivKn");
    if (j.contains("friction")) m.friction = number(j["friction"], p + ".friction");
    return m;
  }
};

template <>
struct LawSpec<spring_dashpot::SpringDashpotLaw<double>> {
  using Law = spring_dashpot::SpringDashpotLaw<double>;
  static constexpr std::string_view summary =
      "linear spring-dashpot with Coulomb friction (examples/spring_dashpot_law): Fn = kn uN + c v_n";
  static std::vector<ParameterDoc> parameters() {
    return {{"damping", "0", "normal dashpot c [N s/m]"},
            {"noSlip", "false", "no Coulomb limit: the tangential spring is purely elastic"}};
  }
  static Law parse(const json& j, const std::string& p) {
    only_keys(j, p, {"name", "damping", "noSlip"});
    Law law;
    if (j.contains("damping")) law.damping = number(j["damping"], p + ".damping");
    if (j.contains("noSlip")) law.no_slip = boolean(j["noSlip"], p + ".noSlip");
    return law;
  }
  // The inputs behind each of the contact's stiffnesses (normal, tangential, twist, bending,
  // damping), named when one of them is out of range.
  static std::string_view stiffness_inputs(const Law&, std::size_t sense) {
    static constexpr std::string_view inputs[5] = {"materials[].young, radii", "materials[].ktDivKn, materials[].young",
                                                   "", "", "law.damping"};
    return inputs[sense];
  }
  // The impact command's oracle: the linear spring-dashpot's closed form with this c.
  static double normal_damping(const Law& law) { return law.damping; }
};

using ExtraLaws = std::tuple<spring_dashpot::SpringDashpotLaw<double>>;

}  // namespace lawcheck::cli
