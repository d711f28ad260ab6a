// `lawcheck oracle <name> [parameters] [--json]`: the high-precision oracles of oracles/ for the
// user's own parameters. Numbers are read as decimal text straight into 50 digits (so "0.1" is
// 0.1 to 50 digits, not the nearest double) and printed with 40 significant digits; --json gives
// each result as {"value": <double>, "digits": "<50-digit string>"} plus the inputs and the
// oracle's stated accuracy. Bad parameters (an oracles::BadParameter) become lawcheck::InputError:
// one line on stderr naming the field and the value, exit code 2.
//
//   restitution  --model M --e E [--integrate --n N --tolerance TOL]   Hunt-Crossley family
//   hysteresis   --kt --fy --amplitude                                  loop 0 -> A -> -A -> A
//   slip1d       --kt --fy --path u1,u2,...                             1D Coulomb slip, per vertex
//   circle       --kt --fy --radius [--omega --t]                       2D slip on a circle
//   impact       --model linear|linear-dashpot|hertz-sphere-wall|hertz-sphere-sphere ...
//   sliding      --mass --v0 --kt --fy [--rolling --radius --inertia-factor] [--t]
#include <deque>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "core/input_error.hpp"
#include "oracles/bad_parameter.hpp"
#include "oracles/coulomb_slip_1d.hpp"
#include "oracles/coulomb_slip_2d.hpp"
#include "oracles/dynamic_sliding.hpp"
#include "oracles/hunt_crossley.hpp"
#include "oracles/normal_impact.hpp"

namespace lawcheck::cli {

namespace {

using oracles::Real;

// Named results of one oracle run, printed as text or JSON.
class Output {
public:
  Output(std::string oracle, std::string accuracy) : oracle_(std::move(oracle)), accuracy_(std::move(accuracy)) {}
  void input(const std::string& name, const std::string& value) { inputs_.emplace_back(name, value); }
  void value(const std::string& name, const Real& v) { values_.emplace_back(name, v); }
  void note(const std::string& text) { notes_.push_back(text); }

  void print(bool json) const {
    if (json) {
      nlohmann::json j;
      j["oracle"] = oracle_;
      j["inputs"] = nlohmann::json::object();
      for (const auto& [k, v] : inputs_) j["inputs"][k] = v;
      j["results"] = nlohmann::json::object();
      for (const auto& [k, v] : values_)
        j["results"][k] = {{"value", static_cast<double>(v)}, {"digits", oracles::to_string(v)}};
      j["accuracy"] = accuracy_;
      if (!notes_.empty()) j["notes"] = notes_;
      fmt::print("{}\n", j.dump(2));
      return;
    }
    fmt::print("oracle {}\n", oracle_);
    for (const auto& [k, v] : inputs_) fmt::print("  input  {:<26} {}\n", k, v);
    for (const auto& [k, v] : values_) fmt::print("  {:<33} {}\n", k, oracles::to_string(v, 40));
    fmt::print("accuracy: {}\n", accuracy_);
    for (const auto& n : notes_) fmt::print("note: {}\n", n);
  }

private:
  std::string oracle_;
  std::string accuracy_;
  std::vector<std::pair<std::string, std::string>> inputs_;
  std::vector<std::pair<std::string, Real>> values_;
  std::vector<std::string> notes_;
};

// Parameters are kept as text until the callback, then parsed into 50 digits.
// A deque, because CLI11 keeps pointers to the option strings and push_back must not move them.
struct Params {
  std::deque<std::pair<std::string, std::string>> text;  // option name (without --), value
  std::vector<CLI::Option*> options;                      // parallel to text
  bool json = false;

  void add(CLI::App* cmd, const std::string& name, const std::string& help, const std::string& def = "") {
    text.emplace_back(name, def);
    auto* opt = cmd->add_option("--" + name, text.back().second, help);
    if (def.empty())
      opt->required();
    else
      opt->capture_default_str();
    options.push_back(opt);
  }
  Real get(const std::string& name) const {
    for (const auto& [k, v] : text)
      if (k == name) return oracles::parse_real(name, v);
    throw std::logic_error("oracle command: no parameter " + name);
  }
  // Echoes the parameters the user gave (defaults of options the model does not use stay out).
  void record(Output& out) const {
    for (std::size_t i = 0; i < text.size(); ++i)
      if (options[i]->count() > 0) out.input(text[i].first, text[i].second);
  }
};

// Runs an oracle command, turning the oracles' BadParameter into the CLI's InputError.
void guarded(const std::function<void()>& run) {
  try {
    run();
  } catch (const oracles::BadParameter& e) {
    throw InputError(e.field(), e.value(), e.reason());
  }
}

std::shared_ptr<Params> make_params(CLI::App* cmd) {
  auto p = std::make_shared<Params>();
  cmd->add_flag("--json", p->json, "print JSON (50-digit strings and doubles)");
  return p;
}

void add_restitution(CLI::App& parent) {
  auto* cmd = parent.add_subcommand(
      "restitution", "achieved restitution of m x'' = -k x^n (1 + chi x'/v0) for a dissipation map chi(e)");
  auto p = make_params(cmd);
  auto model = std::make_shared<std::string>("hunt-crossley");
  cmd->add_option("--model", *model,
                  "map: hunt-crossley, lankarani-nikravesh, flores, gonthier, carvalho-martins, exudyn-model2, exact")
      ->capture_default_str();
  p->add(cmd, "e", "requested coefficient of restitution, in (0, 1]");
  auto integrate = std::make_shared<bool>(false);
  cmd->add_flag("--integrate", *integrate, "cross-check by integrating the equation of motion");
  p->add(cmd, "n", "force exponent for --integrate (the first integral does not depend on it)", "1.5");
  p->add(cmd, "tolerance", "integration tolerance for --integrate", "1e-20");
  cmd->callback([p, model, integrate] {
    guarded([&] {
      const auto map = oracles::parse_dissipation_map(*model);
      const Real e = p->get("e");
      const Real chi = oracles::dissipation_chi(map, e);
      const Real achieved = oracles::achieved_restitution(chi);
      Output out("restitution", "exact first integral (Lambert W), 50-digit rounding; integrated value: about the tolerance");
      out.input("model", *model);
      p->record(out);
      out.value("chi", chi);
      out.value("seed003_lambda_times_v0_over_k", -chi);
      out.value("achieved_restitution", achieved);
      out.value("achieved_by_bracketed_root", oracles::achieved_restitution_by_root(chi));
      out.value("achieved_minus_requested", achieved - e);
      out.value("exact_chi_for_e", oracles::exact_chi(e));
      if (*integrate) {
        const auto ig = oracles::integrate_hunt_crossley(1, 1, p->get("n"), chi, 1, p->get("tolerance"));
        out.value("integrated_restitution", ig.restitution);
        out.value("integrated_minus_first_integral", ig.restitution - achieved);
        out.value("integration_steps", Real(ig.steps));
      }
      out.note("e* depends on chi only (not on n, k, m, v0); seed 003 writes lambda = -chi k/v0");
      out.print(p->json);
    });
  });
}

void add_hysteresis(CLI::App& parent) {
  auto* cmd = parent.add_subcommand("hysteresis", "dissipation of the loop 0 -> A -> -A -> A of a 1D Coulomb spring");
  auto p = make_params(cmd);
  p->add(cmd, "kt", "tangential stiffness [N/m]");
  p->add(cmd, "fy", "yield force [N]");
  p->add(cmd, "amplitude", "amplitude A [m]");
  cmd->callback([p] {
    guarded([&] {
      const Real kt = p->get("kt"), fy = p->get("fy"), a = p->get("amplitude");
      const Real closed = oracles::hysteresis_dissipation(kt, fy, a);
      const auto legs = oracles::coulomb_slip_1d(kt, fy, {a, -a, a});
      Output out("hysteresis", "exact closed form, 50-digit rounding");
      p->record(out);
      out.value("u0 = fy/kt", fy / kt);
      out.value("dissipation_closed_form", closed);
      out.value("dissipation_leg_by_leg", legs.dissipation);
      out.value("plastic_slip", legs.slip);
      out.value("final_force", legs.force);
      out.value("external_work", legs.work);
      out.note("closed form fy(A - u0) + 2 fy(2A - 2u0) holds for A >= u0; below u0 nothing slips");
      out.print(p->json);
    });
  });
}

void add_slip1d(CLI::App& parent) {
  auto* cmd = parent.add_subcommand("slip1d", "1D Coulomb spring along piecewise-linear displacements from u = 0");
  auto p = make_params(cmd);
  p->add(cmd, "kt", "tangential stiffness [N/m]");
  p->add(cmd, "fy", "yield force [N]");
  p->add(cmd, "path", "vertices u1,u2,... [m] (comma-separated)");
  cmd->callback([p] {
    guarded([&] {
      std::vector<Real> vertices;
      std::string all;
      for (const auto& [k, v] : p->text)
        if (k == "path") all = v;
      std::stringstream ss(all);
      std::string item;
      for (int i = 1; std::getline(ss, item, ','); ++i) vertices.push_back(oracles::parse_real("path[" + std::to_string(i) + "]", item));
      const auto history = oracles::coulomb_slip_1d_history(p->get("kt"), p->get("fy"), vertices);
      Output out("slip1d", "exact piecewise closed form, 50-digit rounding");
      p->record(out);
      for (std::size_t i = 1; i < history.size(); ++i) {
        const std::string k = "u" + std::to_string(i) + ".";
        out.value(k + "u", history[i].u);
        out.value(k + "force", history[i].force);
        out.value(k + "plastic_slip", history[i].slip);
        out.value(k + "dissipation", history[i].dissipation);
        out.value(k + "work", history[i].work);
      }
      out.print(p->json);
    });
  });
}

void add_circle(CLI::App& parent) {
  auto* cmd = parent.add_subcommand("circle", "2D Coulomb spring driven around a circle: steady state and transient");
  auto p = make_params(cmd);
  p->add(cmd, "kt", "tangential stiffness [N/m]");
  p->add(cmd, "fy", "yield force [N]");
  p->add(cmd, "radius", "circle radius R [m] (> fy/kt)");
  p->add(cmd, "omega", "angular speed [rad/s] for the transient", "1");
  p->add(cmd, "t", "time on the circle for the transient [s] (after a radial preload to (R, 0))", "0");
  cmd->callback([p] {
    guarded([&] {
      const Real kt = p->get("kt"), fy = p->get("fy"), r = p->get("radius");
      const auto s = oracles::circle_steady_state(kt, fy, r);
      const auto tr = oracles::circle_transient(kt, fy, r, p->get("omega"), p->get("t"));
      Output out("circle", "exact closed forms, 50-digit rounding");
      p->record(out);
      out.value("dissipation_per_revolution", s.dissipation_per_revolution);
      out.value("lead_angle_F_ahead_of_u", s.lead_angle);
      out.value("lag_angle_up_behind_u", s.lag_angle);
      out.value("plastic_radius", s.plastic_radius);
      out.value("preload_dissipation", oracles::radial_preload_dissipation(kt, fy, r));
      out.value("transient.psi", tr.psi);
      out.value("transient.force_x", tr.force[0]);
      out.value("transient.force_y", tr.force[1]);
      out.value("transient.dissipation", tr.dissipation);
      out.print(p->json);
    });
  });
}

void print_impact(Output& out, const oracles::ImpactResult& r, bool json) {
  out.value("restitution", r.restitution);
  out.value("contact_time", r.contact_time);
  out.value("force_time", r.force_time);
  out.value("max_overlap", r.max_overlap);
  out.value("max_overlap_time", r.max_overlap_time);
  out.value("max_force", r.max_force);
  out.value("max_force_time", r.max_force_time);
  out.value("dissipation", r.dissipation);
  out.print(json);
}

void add_impact(CLI::App& parent) {
  auto* cmd = parent.add_subcommand("impact", "normal impact: linear spring(-dashpot), with or without tension cut-off; Hertz");
  auto p = make_params(cmd);
  auto model = std::make_shared<std::string>();
  cmd->add_option("--model", *model, "linear, linear-dashpot, hertz-sphere-wall or hertz-sphere-sphere")->required();
  p->add(cmd, "v0", "impact (approach) speed [m/s]");
  p->add(cmd, "mass", "mass [kg] (linear: effective mass; hertz: sphere 1)");
  p->add(cmd, "kn", "linear: normal stiffness [N/m]", "0");
  p->add(cmd, "damping", "linear-dashpot: dashpot coefficient c [N s/m] (or give --e)", "0");
  p->add(cmd, "e", "linear-dashpot: target restitution without cut-off, sets c (overrides --damping)", "0");
  auto cutoff = std::make_shared<bool>(false);
  cmd->add_flag("--cutoff", *cutoff, "linear-dashpot: tension cut-off F = max(0, k x + c x')");
  p->add(cmd, "young", "hertz: Young modulus of sphere 1 [Pa]", "0");
  p->add(cmd, "nu", "hertz: Poisson ratio of sphere 1", "0.3");
  p->add(cmd, "radius", "hertz: radius of sphere 1 [m]", "0");
  p->add(cmd, "young2", "hertz: Young modulus of sphere 2 or of the wall (wall: 0 = rigid) [Pa]", "0");
  p->add(cmd, "nu2", "hertz: Poisson ratio of sphere 2 or of the wall", "0.3");
  p->add(cmd, "radius2", "hertz-sphere-sphere: radius of sphere 2 [m]", "0");
  p->add(cmd, "mass2", "hertz-sphere-sphere: mass of sphere 2 [kg]", "0");
  cmd->callback([p, model, cutoff] {
    guarded([&] {
      const Real v0 = p->get("v0"), m = p->get("mass");
      if (*model == "linear" || *model == "linear-dashpot") {
        Real c = *model == "linear" ? Real(0) : p->get("damping");
        const Real kn = p->get("kn");
        if (!(kn > 0)) oracles::bad_parameter("kn", kn, "must be positive (required by the linear models)");
        const Real e = p->get("e");
        if (*model == "linear-dashpot" && e != 0) c = 2 * oracles::damping_ratio_for_restitution(e) * sqrt(kn * m);
        const auto r = oracles::linear_impact({m, kn, c, v0, *cutoff});
        Output out("impact " + *model + (*cutoff ? " with tension cut-off" : ""), "exact closed form, 50-digit rounding");
        out.input("model", *model);
        p->record(out);
        out.value("damping_c", c);
        out.value("damping_ratio_zeta", c / (2 * sqrt(kn * m)));
        print_impact(out, r, p->json);
        return;
      }
      oracles::HertzInput h;
      if (*model == "hertz-sphere-wall") {
        h = oracles::hertz_sphere_wall(p->get("young"), p->get("nu"), p->get("radius"), m, p->get("young2"),
                                       p->get("nu2"), v0);
      } else if (*model == "hertz-sphere-sphere") {
        h = oracles::hertz_sphere_sphere(p->get("young"), p->get("nu"), p->get("radius"), m, p->get("young2"),
                                         p->get("nu2"), p->get("radius2"), p->get("mass2"), v0);
      } else {
        throw InputError("model", *model, "expected linear, linear-dashpot, hertz-sphere-wall or hertz-sphere-sphere");
      }
      const auto r = oracles::hertz_impact(h);
      Output out("impact " + *model, "exact closed form (Gamma functions), 50-digit rounding");
      out.input("model", *model);
      p->record(out);
      out.value("effective_modulus", h.modulus);
      out.value("effective_radius", h.radius);
      out.value("effective_mass", h.mass);
      print_impact(out, r, p->json);
    });
  });
}

void add_sliding(CLI::App& parent) {
  auto* cmd = parent.add_subcommand("sliding", "particle launched on a tangential Coulomb spring (rotation blocked or free)");
  auto p = make_params(cmd);
  p->add(cmd, "mass", "mass [kg]");
  p->add(cmd, "v0", "launch speed [m/s]");
  p->add(cmd, "kt", "tangential stiffness [N/m]");
  p->add(cmd, "fy", "Coulomb limit mu N [N]");
  p->add(cmd, "t", "time at which to report the state [s] (default: the stop time)", "-1");
  auto rolling = std::make_shared<bool>(false);
  cmd->add_flag("--rolling", *rolling, "sphere free to rotate (contact at distance --radius)");
  p->add(cmd, "radius", "--rolling: sphere radius [m]", "1");
  p->add(cmd, "inertia-factor", "--rolling: j in I = j m r^2", "0.4");
  cmd->callback([p, rolling] {
    guarded([&] {
      const Real m = p->get("mass"), v0 = p->get("v0"), kt = p->get("kt"), fy = p->get("fy");
      Real t = p->get("t");
      Output out(*rolling ? "sliding (sphere free to rotate)" : "sliding (rotation blocked)",
                 "exact piecewise closed form, 50-digit rounding");
      p->record(out);
      if (!*rolling) {
        const oracles::SlidingInput in{m, v0, kt, fy};
        const auto r = oracles::dynamic_sliding(in);
        if (t < 0) t = r.stop_time;
        const auto s = oracles::dynamic_sliding_state(in, t);
        out.value("slips", Real(r.slips ? 1 : 0));
        out.value("slip_start", r.slip_start);
        out.value("stop_time", r.stop_time);
        out.value("stop_position", r.stop_position);
        out.value("slip_distance", r.slip_distance);
        out.value("final_elastic_energy", r.final_elastic);
        out.value("dissipation", r.dissipation);
        out.value("state.t", t);
        out.value("state.x", s.x);
        out.value("state.v", s.v);
        out.value("state.force", s.force);
        out.value("state.dissipated", s.dissipated);
        out.note("after the stop the spring (force fy) drives the particle back: it oscillates about the slipped anchor "
                 "with amplitude fy/kt, no further slip (static = kinetic friction)");
      } else {
        const oracles::RollingInput in{m, p->get("radius"), p->get("inertia-factor"), v0, kt, fy};
        const auto r = oracles::rolling_sphere(in);
        if (t < 0) t = r.slip.stop_time;
        const auto s = oracles::rolling_sphere_state(in, t);
        out.value("effective_mass", r.effective_mass);
        out.value("slips", Real(r.slip.slips ? 1 : 0));
        out.value("stop_time", r.slip.stop_time);
        out.value("rolling_velocity", r.rolling_velocity);
        out.value("rolling_spin", r.rolling_spin);
        out.value("rolling_energy", r.rolling_energy);
        out.value("final_elastic_energy", r.final_elastic);
        out.value("dissipation", r.dissipation);
        out.value("state.t", t);
        out.value("state.v", s.v);
        out.value("state.spin", s.spin);
        out.value("state.force", s.force);
        out.value("state.dissipated", s.dissipated);
        out.note("no rolling resistance, contact point at distance r, constant normal force, spin 0 at launch");
      }
      out.print(p->json);
    });
  });
}

}  // namespace

void add_oracle_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("oracle", "high-precision (50-digit) analytic oracles for your own parameters");
  cmd->require_subcommand(1);
  add_restitution(*cmd);
  add_hysteresis(*cmd);
  add_slip1d(*cmd);
  add_circle(*cmd);
  add_impact(*cmd);
  add_sliding(*cmd);
}

}  // namespace lawcheck::cli
