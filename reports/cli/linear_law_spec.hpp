#pragma once
// The linear Cundall law (seed 000, laws/linear_coulomb_law.hpp) on the command line.

#include "cli/law_spec.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::cli {

template <>
struct LawSpec<LinearCoulombLaw<double>> {
  using Law = LinearCoulombLaw<double>;
  static constexpr std::string_view summary =
      "linear Cundall law (seed 000): Fn = kn uN, incremental Ft with Coulomb slip; breaks at uN > 0";
  static std::vector<ParameterDoc> parameters() {
    return {{"noBreak", "false", "keep the contact in tension (uN > 0)"},
            {"noSlip", "false", "no Coulomb limit: the tangential spring is purely elastic"},
            {"dissipation", std::string(name_of(decided_plastic_dissipation)),
             "plastic dissipation formula: mean_yield_times_slip (default) | yield_times_slip | code_split | "
             "elastic_difference"}};
  }
  // The inputs that set the contact's normal, tangential, twist and bending stiffness and its
  // damping (check_contact_stiffness names them).
  static std::string_view stiffness_inputs(const Law&, std::size_t sense) {
    static constexpr std::string_view inputs[5] = {
      "materials[].young, radii", "materials[].ktDivKn, materials[].young", "", "", ""};
    return inputs[sense];
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

}  // namespace lawcheck::cli
