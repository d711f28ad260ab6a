#pragma once
// The purely elastic 6-DoF law (seed 000, laws/linel6_law.hpp) on the command line.

#include "cli/law_spec.hpp"
#include "laws/linel6_law.hpp"

namespace lawcheck::cli {

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
  // The inputs that set the contact's normal, tangential, twist and bending stiffness and its
  // damping (check_contact_stiffness names them).
  static std::string_view stiffness_inputs(const Law&, std::size_t sense) {
    static constexpr std::string_view inputs[5] = {
      "materials[].young, radii", "materials[].ktDivKn, materials[].young",
      "law.charLen, law.rotationalStiffness", "law.charLen, law.rotationalStiffness", ""};
    return inputs[sense];
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

}  // namespace lawcheck::cli
