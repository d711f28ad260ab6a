// `lawcheck lawtest SCENARIO.json [--csv OUT]`: a user's LawTester scenario (format in
// cli/lawtest_scenario.hpp) for any registered law (cli/law_registry.hpp) through the solver's
// contact pipeline, with the per-stage energy table on stdout and, optionally, the full per-step
// history as CSV (one column per energy kind of the law).
#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <utility>

#include <fmt/core.h>

#include "cli/balance_guard.hpp"
#include "cli/command.hpp"
#include "cli/lawtest_scenario.hpp"

namespace lawcheck::cli {

namespace {

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
  s.max_steps = default_stage_steps;
  if (j.contains("maxSteps")) {
    const json& m = j["maxSteps"];
    if (!m.is_number_integer() || m.get<long long>() < 1 || m.get<std::uint64_t>() > max_history_steps)
      throw InputError(p + ".maxSteps", m.dump(), fmt::format("must be an integer in [1, {}]", max_history_steps));
    s.max_steps = m.get<std::uint64_t>();
  }
  return s;
}

}  // namespace

std::string lawtest_law_name(const json& j) {
  if (!j.is_object() || !j.contains("law")) return std::string(default_law_name);
  const json& l = j["law"];
  if (!l.is_object()) throw InputError("law", l.dump(), "must be a JSON object");
  return l.contains("name") ? text(l["name"], "law.name") : std::string(default_law_name);
}

template <class Material>
void parse_lawtest_common(const json& j, LawTesterSetup<Material>& setup, std::vector<LawTesterStage>& stages) {
  if (!j.contains("dt")) throw InputError("dt", "(missing)", "the time step is required");
  setup.dt = number(j["dt"], "dt");
  if (j.contains("radii")) {
    const json& r = j["radii"];
    if (!r.is_array() || r.size() != 2) throw InputError("radii", r.dump(), "must be an array of two numbers");
    for (std::size_t k = 0; k < 2; ++k) setup.radii[k] = number(r[k], fmt::format("radii[{}]", k));
  }
  if (j.contains("rules")) {
    const json& r = j["rules"];
    only_keys(r, "rules", {"lengths", "area"});
    if (r.contains("lengths")) setup.rules.lengths = at_field("rules.lengths", r["lengths"], parse_length_rule);
    if (r.contains("area")) setup.rules.area = at_field("rules.area", r["area"], parse_area_rule);
  }
  if (j.contains("initialUN")) setup.initial_uN = number(j["initialUN"], "initialUN");
  if (!j.contains("stages")) throw InputError("stages", "(missing)", "at least one stage is needed");
  const json& st = j["stages"];
  if (!st.is_array()) throw InputError("stages", st.dump(), "must be an array of stages");
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < st.size(); ++i) {
    stages.push_back(stage(st[i], fmt::format("stages[{}]", i)));
    total += stages.back().max_steps;
    if (total > max_history_steps)
      throw InputError(fmt::format("stages[{}].maxSteps", i), stages.back().max_steps,
                       fmt::format("the stages' maxSteps (default {} each) add up to more than the history limit of "
                                   "{} steps",
                                   default_stage_steps, max_history_steps));
  }
}

template <SolverLaw Law>
LawTester<Law> run_and_print(const LawtestScenario<Law>& s) {
  LawTester<Law> tester(s.law, s.setup, s.stages);
  tester.run();  // a NaN or inf stops it at that step (StateError naming step, stage, quantity: exit 1)
  // The guard before anything is printed: a run whose balance does not close reports nothing.
  double scale = 0, worst = 0;
  for (const auto& r : tester.records()) {
    scale = std::max(scale, std::abs(r.work));
    worst = std::max(worst, std::abs(r.balance_error()));
  }
  require_closed_balance(fmt::format("lawtest of law {} at dt = {:.6g} s", Law::name, s.setup.dt),
                         scale > 0 ? worst / scale : 0.0);
  fmt::print("{:<12} {:>8} {:>13} {:>13} {:>13} {:>13} {:>13} {:>13} {:>13}\n", "stage", "steps", "uN [m]",
             "|Ft| [N]", "|T| [N m]", "elastic [J]", "dissipated [J]", "work [J]", "balance [J]");
  for (const auto& sum : tester.summaries()) {
    const LawTesterRecord& r = sum.last;
    // Norms and the balance of finite records can still overflow (|Ft| of two 1e300 components).
    const std::string at = fmt::format("stage {}: ", sum.name);
    fmt::print("{:<12} {:>8} {:>13.6e} {:>13.6e} {:>13.6e} {:>13.6e} {:>13.6e} {:>13.6e} {:>13.3e}\n", sum.name,
               r.stage_steps, r.u.x(), finite_result(at + "|Ft|", r.ft_norm()),
               finite_result(at + "|T|", r.torque.norm()), r.elastic, r.dissipated.total(), r.work,
               finite_result(at + "balance error", r.balance_error()));
  }
  const LawTesterRecord& last = tester.records().back();
  std::string kinds;
  for (EnergyKind k : Law::energy_kinds) kinds += fmt::format(" {} {:.6e} J", name_of(k), last.dissipated[k]);
  fmt::print("dissipated by kind:{}\n", kinds.empty() ? " (this law dissipates nothing)" : kinds);
  fmt::print("final balance error work - elastic - dissipated = {:.3e} J ({:.3e} of the largest work), law {}\n",
             last.balance_error(), scale > 0 ? last.balance_error() / scale : 0.0, Law::name);
  return tester;
}

void run_lawtest(const json& j, const std::string& csv) {
  with_registered_law(lawtest_law_name(j), "law.name", [&](auto law) {
    using Law = decltype(law);
    const auto scenario = parse_lawtest_scenario<Law>(j);
    std::ofstream out;
    if (!csv.empty()) out = open_output_file("--csv", csv);  // before the run: an unwritable path fails fast
    const auto tester = run_and_print(scenario);
    if (!csv.empty()) {
      write_csv(out, tester.records(), Law::energy_kinds);
      close_output_file("--csv", csv, out);
      fmt::print("history: {} rows -> {}\n", tester.records().size(), csv);
    }
  });
}

void add_lawtest_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("lawtest", "run a LawTester scenario (JSON) for any registered law and print its "
                                            "energy table");
  auto path = std::make_shared<std::string>();
  auto csv = std::make_shared<std::string>();
  cmd->add_option("scenario", *path,
                  "scenario file (JSON; format: docs/formats.md, LawTester scenario; examples: examples/lawtest)")
      ->required();
  cmd->add_option("--csv", *csv, "write the per-step history (local displacement, force, energies) here")
      ->check(non_empty("--csv"));
  cmd->callback([path, csv] { run_lawtest(load_json_file("scenario", *path), *csv); });
}

}  // namespace lawcheck::cli
