#pragma once
// How a law and its material appear on the command line: LawSpec<Law> gives the law's
// JSON keys (name, default, meaning) and reads them; MaterialSpec<Material> does the same for its
// material. One header per law (cli/*_law_spec.hpp) specialises both; cli/law_registry.hpp lists
// the laws.

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/json_fields.hpp"
#include "laws/contact_law.hpp"
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

// A contact's stiffnesses and damping as the law builds them from the scene's inputs (every
// command that runs a law checks them before the run): each finite, the normal stiffness
// positive (a contact without a normal spring resolves nothing), the others non-negative (zero:
// no spring in that sense, e.g. ktDivKn = 0). InputError naming the inputs that set the bad one
// (LawSpec<Law>::stiffness_inputs) and its value.
template <class Law>
void check_contact_stiffness(const Law& law, const ContactStiffness& k) {
  const double value[5] = {k.normal, k.tangential, k.twist, k.bending, k.damping};
  static constexpr const char* sense[5] = {"normal stiffness", "tangential stiffness", "twist stiffness",
                                           "bending stiffness", "normal damping"};
  for (std::size_t d = 0; d < 5; ++d) {
    const bool ok = std::isfinite(value[d]) && (d == 0 ? value[d] >= DBL_MIN : value[d] >= 0);
    if (ok) continue;
    const std::string_view inputs = LawSpec<Law>::stiffness_inputs(law, d);
    throw InputError(inputs.empty() ? std::string_view("law, materials, radii") : inputs,
                     fmt::format("{} = {}", sense[d], value[d]),
                     d == 0 ? "input out of range: the contact's normal stiffness must be a finite positive double"
                            : "input out of range: the contact's stiffnesses and damping must be finite, non-negative "
                              "doubles");
  }
}

// A law's or material's keys as a run used them: each documented key at its value in `given` or
// at its documented default (a default that is not JSON, e.g. a formula's name, as a string).
inline json with_defaults(const json& given, const std::vector<ParameterDoc>& docs) {
  json out = json::object();
  for (const ParameterDoc& d : docs) {
    if (given.contains(d.key)) {
      out[d.key] = given[d.key];
      continue;
    }
    json value = json::parse(d.default_value, nullptr, false);
    out[d.key] = value.is_discarded() ? json(d.default_value) : value;
  }
  return out;
}

// What `lawcheck impact` needs of a law whose contact has no constant normal stiffness (a power
// law's kn is 0 at touch, so pi sqrt(m*/kn) is no duration): an optional member of its LawSpec,
//   static ImpactEstimate impact(const Law&, const Law::Phys&, double m_eff, double vn, bool with_oracle)
// giving the undamped impact's duration and largest overlap (the time step's scale and the
// pass-through check), the contact's stiffness and damping at that overlap (the stable step), and,
// when asked, the law's oracle for this impact. A law without it is estimated from its kn
// (cli/impact_command.cpp).
struct ImpactEstimate {
  double duration = 0;     // t_c,est [s]
  double max_overlap = 0;  // x_max,est [m]
  ContactStiffness at_max_overlap;
  std::optional<double> restitution, contact_time, peak_force, oracle_max_overlap;
  std::string source;  // where the oracle's values come from
};

template <class Law>
concept ImpactEstimatingLaw = requires(const Law& law, const typename Law::Phys& ph, double x) {
  { LawSpec<Law>::impact(law, ph, x, x, true) } -> std::same_as<ImpactEstimate>;
};

// A law that the report has no study of gets a dashboard row from an optional member of its
// LawSpec, `static reports::ReportedLaw report_suites()` (render/reported_law.hpp): its name, its
// ctest suites and what they verify; its verdict is theirs in the ctest run the report reads.

// A scenario's "law" object (its name already read) as that law, checked.
template <class Law>
Law parse_law(const json& j) {
  Law law = LawSpec<Law>::parse(j, "law");
  law.validate();
  return law;
}

// A scenario's "materials": one entry for both particles, or two; each checked under its path.
template <class Material>
std::array<Material, 2> parse_material_pair(const json& m) {
  if (!m.is_array() || m.empty() || m.size() > 2)
    throw InputError("materials", m.dump(), "must be an array of one or two materials");
  std::array<Material, 2> out{};
  for (std::size_t k = 0; k < 2; ++k) {
    const std::size_t src = std::min<std::size_t>(k, m.size() - 1);
    out[k] = MaterialSpec<Material>::parse(m[src], fmt::format("materials[{}]", src));
    out[k].validate(fmt::format("materials[{}]", src));
  }
  return out;
}

}  // namespace lawcheck::cli
