#pragma once
// The Ice law (seed 002, laws/ice_law.hpp) on the command line: its material (IceMat: the
// FrictMat keys plus the Ice ones) and its law parameters. Registered in cli/law_registry.hpp.

#include <string>
#include <vector>

#include "cli/law_spec.hpp"
#include "laws/ice_law.hpp"
#include "physics/ice_mat.hpp"

namespace lawcheck::cli {

template <>
struct MaterialSpec<IceMat> {
  static std::vector<ParameterDoc> fields() {
    const IceMat d;
    std::vector<ParameterDoc> f = MaterialSpec<FrictMat>::fields();
    f.push_back({"alphaW", fmt::format("{}", d.alpha_w), "twist stiffness factor [-]: k_w = alphaW kt A (beam pairing)"});
    f.push_back({"alphaR", fmt::format("{}", d.alpha_r), "rolling stiffness factor [-]: k_r = alphaR kn A (beam pairing)"});
    f.push_back({"cohesionN", fmt::format("{}", d.c_n), "normal cohesion c_n [Pa]: F_nb = c_n A"});
    f.push_back({"cohesionT", fmt::format("{}", d.c_t), "shear cohesion c_t [Pa]: F_tb = c_t A"});
    f.push_back({"cohesionW", fmt::format("{}", d.c_w), "twist cohesion c_w [Pa]: T_wb = c_w A^1.5"});
    f.push_back({"cohesionR", fmt::format("{}", d.c_r), "rolling cohesion c_r [Pa]: T_rb = c_r A^1.5"});
    f.push_back({"mu", fmt::format("{}", d.mu), "rolling friction [-]: T_ry = sqrt(A/pi) |min(0,Fn)| mu"});
    f.push_back({"bonded", "\"" + format_ice_senses(d.bonded) + "\"",
                 "senses bonded at creation, subset of \"ntwr\" (AND of the two materials)"});
    f.push_back({"breakable", "\"" + format_ice_senses(d.breakable) + "\"",
                 "senses whose bond can break, subset of \"ntwr\" (OR of the two materials)"});
    return f;
  }
  static IceMat parse(const json& j, const std::string& p) {
    only_keys(j, p, {"young", "ktDivKn", "tanPhi", "density", "alphaW", "alphaR", "cohesionN", "cohesionT",
                     "cohesionW", "cohesionR", "mu", "bonded", "breakable"});
    IceMat m;
    if (j.contains("young")) m.young = number(j["young"], p + ".young");
    if (j.contains("ktDivKn")) m.kt_div_kn = number(j["ktDivKn"], p + ".ktDivKn");
    if (j.contains("tanPhi")) m.tan_phi = number(j["tanPhi"], p + ".tanPhi");
    if (j.contains("density")) m.density = number(j["density"], p + ".density");
    if (j.contains("alphaW")) m.alpha_w = number(j["alphaW"], p + ".alphaW");
    if (j.contains("alphaR")) m.alpha_r = number(j["alphaR"], p + ".alphaR");
    if (j.contains("cohesionN")) m.c_n = number(j["cohesionN"], p + ".cohesionN");
    if (j.contains("cohesionT")) m.c_t = number(j["cohesionT"], p + ".cohesionT");
    if (j.contains("cohesionW")) m.c_w = number(j["cohesionW"], p + ".cohesionW");
    if (j.contains("cohesionR")) m.c_r = number(j["cohesionR"], p + ".cohesionR");
    if (j.contains("mu")) m.mu = number(j["mu"], p + ".mu");
    if (j.contains("bonded")) m.bonded = parse_ice_senses(text(j["bonded"], p + ".bonded"), p + ".bonded");
    if (j.contains("breakable"))
      m.breakable = parse_ice_senses(text(j["breakable"], p + ".breakable"), p + ".breakable");
    m.validate(p);  // ranges: InputError naming e.g. materials[0].alphaW
    return m;
  }
};

template <>
struct LawSpec<IceLaw<double>> {
  using Law = IceLaw<double>;
  static constexpr std::string_view summary =
      "Ice law (seed 002): bonds in four senses (normal, shear, twist, rolling) that all break at once, "
      "then Coulomb-type slip per sense; twist and rolling torques";
  static std::vector<ParameterDoc> parameters() {
    const Law d;
    return {{"pairing", std::string(name_of(d.pairing)),
             "rotational stiffness pairing: beam (k_w ~ kt, k_r ~ kn: the elastic connector) | seed (k_w ~ kn, "
             "k_r ~ kt: seed 002 and Woo)"},
            {"dissipation", std::string(name_of(decided_plastic_dissipation)),
             "plastic dissipation formula per sense: yield_times_slip | code_split (Woo's) | elastic_difference | "
             "mean_yield_times_slip (= yield_times_slip here: Ice keeps no previous yield force)"}};
  }
  // The inputs that set the contact's normal, tangential, twist and bending stiffness and its
  // damping (check_contact_stiffness names them).
  static std::string_view stiffness_inputs(const Law&, std::size_t sense) {
    static constexpr std::string_view inputs[5] = {
      "materials[].young, radii", "materials[].ktDivKn, materials[].young",
      "materials[].alphaW, law.pairing", "materials[].alphaR, law.pairing", ""};
    return inputs[sense];
  }
  static Law parse(const json& j, const std::string& p) {
    only_keys(j, p, {"name", "pairing", "dissipation"});
    Law law;
    if (j.contains("pairing")) law.pairing = at_field(p + ".pairing", j["pairing"], parse_ice_pairing);
    if (j.contains("dissipation"))
      law.dissipation = at_field(p + ".dissipation", j["dissipation"], parse_plastic_dissipation);
    return law;
  }
};

}  // namespace lawcheck::cli
