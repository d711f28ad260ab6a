// `lawcheck dissipation [--json] [--kt .. --fy .. --amplitude .. --radius .. --steps 8,32,..]`:
// the dissipation study alone (issue 5), as a table or as JSON
// {"decision": NAME, "solver_default": NAME, "cases": [{"name", "setup", "exact", "rows": [{"steps",
// "formula", "dissipation", "rel_error", "order", "energy_residual"}]}], "checks": [...]}.
#include <cmath>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "render/report.hpp"

namespace lawcheck::cli {

namespace {

nlohmann::json to_json(const reports::DissipationStudy& d) {
  using nlohmann::json;
  json j;
  j["decision"] = std::string(name_of(d.decision));
  j["solver_default"] = std::string(name_of(decided_plastic_dissipation));
  j["parameters"] = {{"kt", d.params.kt},         {"fy", d.params.fy},         {"amplitude", d.params.amplitude},
                     {"radius", d.params.radius}, {"steps", d.params.steps}, {"fy_variation", d.params.fy_variation}};
  for (const auto& c : d.cases) {
    json jc{{"name", c.name}, {"setup", c.setup}, {"exact", c.exact}, {"exact_source", c.exact_source}};
    jc["rows"] = json::array();
    int prev = 0;
    for (const auto& r : c.rows) {
      json jr{{"steps", r.steps},
              {"formula", std::string(name_of(r.formula))},
              {"dissipation", r.dissipation},
              {"rel_error", r.rel_error},
              {"energy_residual", r.energy_residual}};
      const auto o = prev ? c.order(prev, r.steps, r.formula) : std::nullopt;
      jr["order"] = o ? json(*o) : json(nullptr);
      jc["rows"].push_back(jr);
      if (r.formula == PlasticDissipation::elastic_difference) prev = r.steps;
    }
    jc["notes"] = c.notes;
    j["cases"].push_back(jc);
  }
  for (const auto& r : d.circle_sweep)
    j["circle_sweep"].push_back({{"kt_r_over_fy", r.kt_r_over_fy},
                                 {"steps", r.steps},
                                 {"rel_error_yield_times_slip", r.rel_error_yield},
                                 {"rel_error_code_split", r.rel_error_code}});
  for (const auto& c : d.checks) j["checks"].push_back({{"name", c.name}, {"passed", c.passed}, {"detail", c.detail}});
  j["left_out"] = d.left_out;
  return j;
}

}  // namespace

void add_dissipation_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("dissipation", "the plastic-dissipation study: three formulas vs the oracles");
  auto p = std::make_shared<reports::DissipationParams>();
  auto json_out = std::make_shared<bool>(false);
  auto no_slider = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json_out, "print the study as JSON");
  cmd->add_option("--kt", p->kt, "tangential stiffness [N/m] of the 1D and 2D cases")->capture_default_str();
  cmd->add_option("--fy", p->fy, "yield force [N] of the 1D and 2D cases")->capture_default_str();
  cmd->add_option("--amplitude", p->amplitude, "hysteresis_1d amplitude A [m]")->capture_default_str();
  cmd->add_option("--radius", p->radius, "circle_2d radius and varying_normal_2d size R [m]")->capture_default_str();
  cmd->add_option("--steps", p->steps, "step counts per segment, increasing (e.g. 8,32,128,512)")
      ->delimiter(',')
      ->capture_default_str();
  cmd->add_flag("--no-slider", *no_slider, "skip slider_dynamic (the full-solver case)");
  cmd->callback([p, json_out, no_slider] {
    p->with_slider = !*no_slider;
    const auto d = reports::run_dissipation_study(*p);
    if (*json_out) {
      fmt::print("{}\n", to_json(d).dump(2));
      return;
    }
    fmt::print("decision: {} (solver default: {})\n", name_of(d.decision), name_of(decided_plastic_dissipation));
    for (const auto& c : d.cases) {
      fmt::print("\n{}  exact = {:.12e} J\n", c.name, c.exact);
      fmt::print("{:>6} {:<20} {:>20} {:>12} {:>12}\n", "N", "formula", "dissipation [J]", "rel error", "residual");
      for (const auto& r : c.rows)
        fmt::print("{:>6} {:<20} {:>20.12e} {:>12.3e} {:>12.3e}\n", r.steps, name_of(r.formula), r.dissipation,
                   r.rel_error, r.energy_residual);
    }
    fmt::print("\n");
    for (const auto& c : d.checks) fmt::print("{} {} ({})\n", c.passed ? "PASS" : "FAIL", c.name, c.detail);
  });
}

}  // namespace lawcheck::cli
