// `lawcheck dissipation [--json] [--kt .. --fy .. --amplitude .. --radius .. --steps 8,32,..]`:
// the dissipation study alone, as a table or as JSON
// {"decision": NAME, "seed_decision": NAME, "solver_default": NAME, "cases": [{"name", "setup", "exact", "rows": [{"steps",
// "formula", "dissipation", "rel_error", "order", "energy_residual"}]}], "checks": [...]}.
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <iterator>
#include <utility>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/input.hpp"
#include "render/report.hpp"

namespace lawcheck::cli {

namespace {

nlohmann::json to_json(const reports::DissipationStudy& d) {
  using nlohmann::json;
  json j;
  j["decision"] = std::string(name_of(d.decision));
  j["seed_decision"] = std::string(name_of(d.seed_decision));
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
      if (r.formula == std::end(all_plastic_dissipations)[-1]) prev = r.steps;  // the last row of this N
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

// Limits. The exact figure-eight (oracles::coulomb_slip_2d) costs time in proportion
// to kt R/fy (measured: 4 s at 20, 22 s at 200, hours at 1.6e6 = `--radius 16`); the default is 2,
// the circle sweep goes to 20. The checks' rounding tolerances assume N up to a few thousand steps
// (a check fails at N = 32768) and the paths are held in memory.
constexpr double max_kt_r_over_fy = 100;
constexpr std::uint64_t max_study_steps = 4096;

// Each input positive (named as typed), and what they imply: forces kt A, kt R and energies
// F^2/kt stay finite doubles.
void check_limits(const reports::DissipationParams& p) {
  const std::pair<const char*, double> inputs[] = {
      {"--kt", p.kt}, {"--fy", p.fy}, {"--amplitude", p.amplitude}, {"--radius", p.radius}};
  for (const auto& [option, value] : inputs)
    if (!(value > 0)) throw InputError(option, value, "must be positive");
  derived_positive("--fy, --kt", "fy/kt", p.fy / p.kt);
  derived_positive("--kt, --amplitude", "(kt A)^2", (p.kt * p.amplitude) * (p.kt * p.amplitude));
  derived_positive("--kt, --radius", "(kt R)^2", (p.kt * p.radius) * (p.kt * p.radius));
  derived_positive("--fy", "fy^2", p.fy * p.fy);
  if (!(p.kt * p.radius / p.fy <= max_kt_r_over_fy))
    throw InputError("--radius", p.radius,
                     fmt::format("kt R/fy = {:.3g} is above {} (the exact 2D oracle's cost grows with it)",
                                 p.kt * p.radius / p.fy, max_kt_r_over_fy));
}

// Every printed number must be finite: a NaN or inf is a blow-up (exit 1) naming case and row.
void require_finite_results(const reports::DissipationStudy& d) {
  for (const auto& c : d.cases) {
    finite_result(c.name + " exact", c.exact);
    for (const auto& r : c.rows) {
      const std::string at = fmt::format("{} N = {} {}", c.name, r.steps, name_of(r.formula));
      finite_result(at + " dissipation", r.dissipation);
      finite_result(at + " rel_error", r.rel_error);
      finite_result(at + " energy_residual", r.energy_residual);
    }
  }
}

// A printed FAIL is a failed run: exit 1 after the output.
void fail_if_any_check_failed(const reports::DissipationStudy& d) {
  int failed = 0;
  for (const auto& c : d.checks) failed += c.passed ? 0 : 1;
  if (failed) throw std::runtime_error(fmt::format("{} of {} checks failed (FAIL lines above)", failed, d.checks.size()));
}

}  // namespace

void add_dissipation_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("dissipation", "the plastic-dissipation study: seed 000's three formulas and the mean-yield one vs the oracles");
  auto p = std::make_shared<reports::DissipationParams>();
  auto json_out = std::make_shared<bool>(false);
  auto no_slider = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json_out, "print the study as JSON");
  add_number(cmd, "--kt", p->kt, "tangential stiffness [N/m] of the 1D and 2D cases");
  add_number(cmd, "--fy", p->fy, "yield force [N] of the 1D and 2D cases");
  add_number(cmd, "--amplitude", p->amplitude, "hysteresis_1d amplitude A [m]");
  add_number(cmd, "--radius", p->radius,
             fmt::format("circle_2d radius and varying_normal_2d size R [m]; kt R/fy <= {}", max_kt_r_over_fy));
  auto steps = std::make_shared<std::string>("8,32,128,512");
  cmd->add_option("--steps", *steps,
                  fmt::format("step counts per segment, increasing, each <= {} (e.g. 8,32,128,512)", max_study_steps))
      ->capture_default_str();
  cmd->add_flag("--no-slider", *no_slider, "skip slider_dynamic and oblique_impact (the full-solver cases)");
  cmd->callback([p, json_out, no_slider, steps] {
    p->with_slider = !*no_slider;
    p->steps.clear();
    for (const auto& item : split_list("--steps", *steps))
      p->steps.push_back(static_cast<int>(parse_count("--steps", item, 1, max_study_steps)));
    check_limits(*p);
    const auto d = reports::run_dissipation_study(*p);
    require_finite_results(d);
    if (*json_out) {
      fmt::print("{}\n", to_json(d).dump(2));
      fail_if_any_check_failed(d);
      return;
    }
    fmt::print("decision: {} (solver default: {}); best of the seed's three: {}\n", name_of(d.decision),
               name_of(decided_plastic_dissipation), name_of(d.seed_decision));
    for (const auto& c : d.cases) {
      fmt::print("\n{}  exact = {:.12e} J\n", c.name, c.exact);
      fmt::print("{:>6} {:<20} {:>20} {:>12} {:>12}\n", "N", "formula", "dissipation [J]", "rel error", "residual");
      for (const auto& r : c.rows)
        fmt::print("{:>6} {:<20} {:>20.12e} {:>12.3e} {:>12.3e}\n", r.steps, name_of(r.formula), r.dissipation,
                   r.rel_error, r.energy_residual);
    }
    fmt::print("\n");
    for (const auto& c : d.checks) fmt::print("{} {} ({})\n", c.passed ? "PASS" : "FAIL", c.name, c.detail);
    fail_if_any_check_failed(d);
  });
}

}  // namespace lawcheck::cli
