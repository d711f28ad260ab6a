#pragma once
// The laws a user can name in a scenario ("law": {"name": "linear", ...}) and that `lawcheck
// laws` lists (issue 9). Each law has a LawSpec: its parameters as JSON keys (name, default,
// meaning) and how to read them; its material has a MaterialSpec. Adding a law to the command
// line is one LawSpec and one entry in RegisteredLaws. Dispatch from the name to the law's type
// happens once per command (with_registered_law), never per contact.

#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "cli/json_fields.hpp"
#include "laws/linear_coulomb_law.hpp"
#include "laws/linel6_law.hpp"
#include "physics/frict_mat.hpp"

namespace lawcheck::cli {

struct ParameterDoc {
  std::string key;           // JSON key
  std::string default_value;
  std::string meaning;
};

template <class Material> struct MaterialSpec;
template <class Law> struct LawSpec;

template <>
struct MaterialSpec<FrictMat> {
  static std::vector<ParameterDoc> fields() {
    const FrictMat d;
    return {{"young", fmt::format("{}", d.young), "Young's modulus E [Pa]"},
            {"ktDivKn", fmt::format("{}", d.kt_div_kn), "kt/kn [-], averaged over the two materials"},
            {"tanPhi", fmt::format("{}", d.tan_phi), "tangent of the friction angle [-], min of the two"},
            {"density", fmt::format("{}", d.density), "density [kg/m^3]"}};
  }
  static FrictMat parse(const json& j, const std::string& p) {
    only_keys(j, p, {"young", "ktDivKn", "tanPhi", "density"});
    FrictMat m;
    if (j.contains("young")) m.young = number(j["young"], p + ".young");
    if (j.contains("ktDivKn")) m.kt_div_kn = number(j["ktDivKn"], p + ".ktDivKn");
    if (j.contains("tanPhi")) m.tan_phi = number(j["tanPhi"], p + ".tanPhi");
    if (j.contains("density")) m.density = number(j["density"], p + ".density");
    return m;
  }
};

template <>
struct LawSpec<LinearCoulombLaw<double>> {
  using Law = LinearCoulombLaw<double>;
  static constexpr std::string_view summary =
      "linear Cundall law (seed 000): Fn = kn uN, incremental Ft with Coulomb slip; breaks at uN > 0";
  static std::vector<ParameterDoc> parameters() {
    return {{"noBreak", "false", "keep the contact in tension (uN > 0)"},
            {"noSlip", "false", "no Coulomb limit: the tangential spring is purely elastic"},
            {"dissipation", std::string(name_of(decided_plastic_dissipation)),
             "plastic dissipation formula: yield_times_slip | code_split | elastic_difference"}};
  }
  // `j` is the scenario's "law" object; its "name" has been read already.
  static Law parse(const json& j, const std::string& p) {
    only_keys(j, p, {"name", "noBreak", "noSlip", "dissipation"});
    Law law;
    if (j.contains("noBreak")) law.no_break = boolean(j["noBreak"], p + ".noBreak");
    if (j.contains("noSlip")) law.no_slip = boolean(j["noSlip"], p + ".noSlip");
    if (j.contains("dissipation"))
      law.dissipation = at_field(p + ".dissipation", j["dissipation"], parse_plastic_dissipation);
    return law;
  }
};

template <>
struct LawSpec<LinEl6Law<double>> {
  using Law = LinEl6Law<double>;
  static constexpr std::string_view summary =
      "purely elastic 6-DoF law (seed 000, LinEl6): normal, shear, twist and bending springs, no slip";
  static std::vector<ParameterDoc> parameters() {
    const Law d;
    return {{"charLen", fmt::format("{}", d.char_len), "characteristic length l [m] of the rotational stiffnesses"},
            {"rotationalStiffness", std::string(name_of(d.rotational_stiffness)),
             "kw, kb from kn, kt: squared (kn l^2, the dimensionally consistent rule) | seed (kn l) | woo (kn/l)"},
            {"noBreak", "false", "keep the contact in tension (uN > 0); Woo's LinEl6 never breaks"}};
  }
  static Law parse(const json& j, const std::string& p) {
    only_keys(j, p, {"name", "charLen", "rotationalStiffness", "noBreak"});
    Law law;
    if (j.contains("charLen")) law.char_len = number(j["charLen"], p + ".charLen");
    if (j.contains("rotationalStiffness"))
      law.rotational_stiffness =
          at_field(p + ".rotationalStiffness", j["rotationalStiffness"], parse_rotational_stiffness);
    if (j.contains("noBreak")) law.no_break = boolean(j["noBreak"], p + ".noBreak");
    return law;
  }
};

using RegisteredLaws = std::tuple<LinearCoulombLaw<double>, LinEl6Law<double>>;

inline constexpr std::string_view default_law_name = LinearCoulombLaw<double>::name;

inline std::vector<std::string_view> registered_law_names() {
  return std::apply([](auto... law) { return std::vector<std::string_view>{decltype(law)::name...}; },
                    RegisteredLaws{});
}

// Calls f(Law{}) for the registered law called `name`; an unknown name is an InputError naming
// `field` and listing the known ones.
template <class F>
void with_registered_law(std::string_view name, const std::string& field, F&& f) {
  bool found = false;
  std::apply([&](auto... law) { ((!found && decltype(law)::name == name ? (f(law), found = true) : false), ...); },
             RegisteredLaws{});
  if (!found) {
    std::string list;
    for (auto n : registered_law_names()) list += (list.empty() ? "" : ", ") + std::string(n);
    throw InputError(field, name, "unknown law (registered: " + list + "; `lawcheck laws` lists them)");
  }
}

}  // namespace lawcheck::cli
