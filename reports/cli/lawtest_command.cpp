// `lawcheck lawtest SCENARIO.json [--csv OUT]`: a user's LawTester scenario (format in
// cli/lawtest_scenario.hpp) through the solver's contact pipeline, with the per-stage energy
// table on stdout and, optionally, the full per-step history as CSV.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <string>

#include <fmt/core.h>

#include "cli/command.hpp"
#include "cli/lawtest_scenario.hpp"

namespace lawcheck::cli {

namespace {

using nlohmann::json;

void only_keys(const json& j, const std::string& path, const std::set<std::string>& allowed) {
  if (!j.is_object()) throw InputError(path.empty() ? "scenario" : path, j.dump(), "must be a JSON object");
  for (const auto& [key, value] : j.items())
    if (!allowed.contains(key)) {
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
      throw InputError(path.empty() ? key : path + "." + key, value.dump(), "unknown key (expected one of " + list + ")");
    }
}

double number(const json& j, const std::string& field) {
  if (!j.is_number()) throw InputError(field, j.dump(), "must be a number");
  return j.get<double>();
}

bool boolean(const json& j, const std::string& field) {
  if (!j.is_boolean()) throw InputError(field, j.dump(), "must be true or false");
  return j.get<bool>();
}

std::string text(const json& j, const std::string& field) {
  if (!j.is_string()) throw InputError(field, j.dump(), "must be a string");
  return j.get<std::string>();
}

// Re-raises an InputError from a parse_* helper under the JSON path of the value.
template <class F>
auto at_field(const std::string& field, const json& j, F parse) {
  try {
    return parse(text(j, field));
  } catch (const InputError& e) {
    if (e.field() == field) throw;
    // Keep the helper's reason, drop its own "invalid <name> = <value>: " prefix.
    const std::string what = e.what();
    const auto colon = what.find(": ");
    throw InputError(field, j.dump(), colon == std::string::npos ? what : what.substr(colon + 2));
  }
}

FrictMat material(const json& j, const std::string& p) {
  only_keys(j, p, {"young", "ktDivKn", "tanPhi", "density"});
  FrictMat m;
  if (j.contains("young")) m.young = number(j["young"], p + ".young");
  if (j.contains("ktDivKn")) m.kt_div_kn = number(j["ktDivKn"], p + ".ktDivKn");
  if (j.contains("tanPhi")) m.tan_phi = number(j["tanPhi"], p + ".tanPhi");
  if (j.contains("density")) m.density = number(j["density"], p + ".density");
  return m;
}

LawTesterStage stage(const json& j, const std::string& p) {
  only_keys(j, p, {"name", "values", "whats", "until", "maxSteps"});
  LawTesterStage s;
  s.name = j.contains("name") ? text(j["name"], p + ".name") : p;
  if (j.contains("values")) {
    const json& v = j["values"];
    if (!v.is_array() || v.size() != 6) throw InputError(p + ".values", v.dump(), "must be an array of six numbers");
    for (std::size_t d = 0; d < 6; ++d) s.values[d] = number(v[d], fmt::format("{}.values[{}]", p, d));
  }
  if (j.contains("whats")) s.whats = text(j["whats"], p + ".whats");
  if (!j.contains("until")) throw InputError(p + ".until", "(missing)", "every stage needs an end condition");
  s.until = UntilCondition::parse(text(j["until"], p + ".until"), p + ".until");
  if (j.contains("maxSteps")) {
    const json& m = j["maxSteps"];
    if (!m.is_number_integer() || m.get<long long>() < 1)
      throw InputError(p + ".maxSteps", m.dump(), "must be a positive integer");
    s.max_steps = m.get<std::uint64_t>();
  }
  return s;
}

}  // namespace

LawtestScenario parse_lawtest_scenario(const json& j) {
  only_keys(j, "", {"dt", "radii", "materials", "rules", "law", "initialUN", "stages"});
  LawtestScenario s;
  if (!j.contains("dt")) throw InputError("dt", "(missing)", "the time step is required");
  s.setup.dt = number(j["dt"], "dt");
  if (j.contains("radii")) {
    const json& r = j["radii"];
    if (!r.is_array() || r.size() != 2) throw InputError("radii", r.dump(), "must be an array of two numbers");
    for (std::size_t k = 0; k < 2; ++k) s.setup.radii[k] = number(r[k], fmt::format("radii[{}]", k));
  }
  if (j.contains("materials")) {
    const json& m = j["materials"];
    if (!m.is_array() || m.empty() || m.size() > 2)
      throw InputError("materials", m.dump(), "must be an array of one or two materials");
    for (std::size_t k = 0; k < 2; ++k) {
      const std::size_t src = std::min<std::size_t>(k, m.size() - 1);
      s.setup.materials[k] = material(m[src], fmt::format("materials[{}]", src));
    }
  }
  if (j.contains("rules")) {
    const json& r = j["rules"];
    only_keys(r, "rules", {"lengths", "area"});
    if (r.contains("lengths")) s.setup.rules.lengths = at_field("rules.lengths", r["lengths"], parse_length_rule);
    if (r.contains("area")) s.setup.rules.area = at_field("rules.area", r["area"], parse_area_rule);
  }
  if (j.contains("law")) {
    const json& l = j["law"];
    only_keys(l, "law", {"noBreak", "noSlip", "dissipation"});
    if (l.contains("noBreak")) s.law.no_break = boolean(l["noBreak"], "law.noBreak");
    if (l.contains("noSlip")) s.law.no_slip = boolean(l["noSlip"], "law.noSlip");
    if (l.contains("dissipation"))
      s.law.dissipation = at_field("law.dissipation", l["dissipation"], parse_plastic_dissipation);
  }
  if (j.contains("initialUN")) s.setup.initial_uN = number(j["initialUN"], "initialUN");
  if (!j.contains("stages")) throw InputError("stages", "(missing)", "at least one stage is needed");
  const json& st = j["stages"];
  if (!st.is_array()) throw InputError("stages", st.dump(), "must be an array of stages");
  for (std::size_t i = 0; i < st.size(); ++i) s.stages.push_back(stage(st[i], fmt::format("stages[{}]", i)));
  validate(s.setup, s.stages);
  return s;
}

LawTester<LinearCoulombLaw<double>> run_and_print(const LawtestScenario& s) {
  LawTester<LinearCoulombLaw<double>> tester(s.law, s.setup, s.stages);
  tester.run();
  fmt::print("{:<12} {:>8} {:>13} {:>13} {:>13} {:>13} {:>13} {:>13}\n", "stage", "steps", "uN [m]", "|Ft| [N]",
             "elastic [J]", "plastic [J]", "work [J]", "balance [J]");
  for (const auto& sum : tester.summaries()) {
    const LawTesterRecord& r = sum.last;
    fmt::print("{:<12} {:>8} {:>13.6e} {:>13.6e} {:>13.6e} {:>13.6e} {:>13.6e} {:>13.3e}\n", sum.name,
               r.stage_steps, r.u.x(), r.ft_norm(), r.elastic, r.plastic, r.work, r.balance_error());
  }
  const LawTesterRecord& last = tester.records().back();
  double scale = 0;
  for (const auto& r : tester.records()) scale = std::max(scale, std::abs(r.work));
  fmt::print("final balance error work - elastic - plastic = {:.3e} J ({:.3e} of the largest work), "
             "dissipation formula {}\n",
             last.balance_error(), scale > 0 ? last.balance_error() / scale : 0.0, name_of(s.law.dissipation));
  return tester;
}

void add_lawtest_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("lawtest", "run a LawTester scenario (JSON) and print its energy table");
  auto path = std::make_shared<std::string>();
  auto csv = std::make_shared<std::string>();
  cmd->add_option("scenario", *path, "scenario file (JSON, see reports/cli/lawtest_scenario.hpp)")->required();
  cmd->add_option("--csv", *csv, "write the per-step history (local displacement, force, energies) here");
  cmd->callback([path, csv] {
    std::ifstream in(*path);
    if (!in) throw InputError("scenario", *path, "cannot open the file");
    json j;
    try {
      j = json::parse(in);
    } catch (const json::parse_error& e) {
      throw InputError("scenario", *path, fmt::format("malformed JSON ({})", e.what()));
    }
    const auto tester = run_and_print(parse_lawtest_scenario(j));
    if (!csv->empty()) {
      std::ofstream out(*csv);
      if (!out) throw InputError("--csv", *csv, "cannot write the file");
      write_csv(out, tester.records(), LinearCoulombLaw<double>::energy_kinds);
      fmt::print("history: {} rows -> {}\n", tester.records().size(), *csv);
    }
  });
}

}  // namespace lawcheck::cli
