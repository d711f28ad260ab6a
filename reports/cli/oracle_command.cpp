// `lawcheck oracle <name> [parameters] [--json]`: the high-precision oracles of oracles/ for the
// user's own parameters. Numbers are read as decimal text straight into 50 digits (so "0.1" is
// 0.1 to 50 digits, not the nearest double) and printed with 40 significant digits; --json gives
// each result as {"value": <double>, "digits": "<50-digit string>"} plus the inputs and the
// oracle's stated accuracy. Bad parameters (an oracles::BadParameter) become lawcheck::InputError:
// one line on stderr naming the field and the value, exit code 2 -- so does a word that is no
// option (`t 2` for `--t 2`), a missing required option, and an option the chosen model or mode
// does not read (restitution --n without --integrate, impact --kn with a Hertz model).
//
//   restitution  --model M --e E [--integrate --n N --tolerance TOL]   Hunt-Crossley family
//   hysteresis   --kt --fy --amplitude                                  loop 0 -> A -> -A -> A
//   slip1d       --kt --fy --path u1,u2,...                             1D Coulomb slip, per vertex
//   circle       --kt --fy --radius [--omega --t]                       2D slip on a circle
//   impact       --model linear|linear-dashpot|hertz-sphere-wall|hertz-sphere-sphere ...
//   sliding      --mass --v0 --kt --fy [--rolling --radius --inertia-factor] [--t]
//
// Each oracle is one entry of the table kOracles (name, description, options, run function); the
// subcommands, their options and the 50-digit parsing are built from it. Adding an oracle is one
// run function and one entry.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/input.hpp"
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

// Named results of one oracle run, printed as text or JSON: a quantity with its SI unit ("-" for
// a dimensionless one), or a count (an integer, a yes/no as 1/0), printed as an integer.
class Output {
public:
  Output(std::string oracle, std::string accuracy) : oracle_(std::move(oracle)), accuracy_(std::move(accuracy)) {}
  void input(const std::string& name, const std::string& value) { inputs_.emplace_back(name, value); }
  void value(const std::string& name, const Real& v, const std::string& unit) {
    values_.push_back({name, v, unit, false, 0});
  }
  void count(const std::string& name, std::uint64_t n) { values_.push_back({name, Real(0), "", true, n}); }
  void note(const std::string& text) { notes_.push_back(text); }

  void print(bool json) const {
    if (json) {
      nlohmann::json j;
      j["oracle"] = oracle_;
      j["inputs"] = nlohmann::json::object();
      for (const auto& [k, v] : inputs_) j["inputs"][k] = v;
      j["results"] = nlohmann::json::object();
      for (const Entry& e : values_) {
        if (e.is_count) {
          j["results"][e.name] = {{"value", e.count}, {"unit", "count"}};
          continue;
        }
        const double d = static_cast<double>(e.value);
        // JSON has no inf (nlohmann would print null): a result beyond the double range is an
        // input out of range for --json; the text output prints it with all its digits.
        if (!std::isfinite(d) || (d == 0 && e.value != 0))
          throw InputError("--json", e.name + " = " + oracles::to_string(e.value, 17),
                           "input out of range: this result does not fit a double (drop --json for all 50 digits)");
        j["results"][e.name] = {{"value", d}, {"digits", oracles::to_string(e.value)}, {"unit", e.unit}};
      }
      j["accuracy"] = accuracy_;
      if (!notes_.empty()) j["notes"] = notes_;
      fmt::print("{}\n", j.dump(2));
      return;
    }
    fmt::print("oracle {}\n", oracle_);
    for (const auto& [k, v] : inputs_) fmt::print("  input  {:<26} {}\n", k, v);
    for (const Entry& e : values_) {
      if (e.is_count)
        fmt::print("  {:<33} {}\n", e.name, e.count);
      else
        fmt::print("  {:<33} {} [{}]\n", e.name, oracles::to_string(e.value, 40), e.unit);
    }
    fmt::print("accuracy: {}\n", accuracy_);
    for (const auto& n : notes_) fmt::print("note: {}\n", n);
  }

private:
  struct Entry {
    std::string name;
    Real value;
    std::string unit;
    bool is_count;
    std::uint64_t count;
  };
  std::string oracle_;
  std::string accuracy_;
  std::vector<std::pair<std::string, std::string>> inputs_;
  std::vector<Entry> values_;
  std::vector<std::string> notes_;
};

// An oracle's parameter names (E1, r1, m1, ...) as the options the user typed (--young, ...).
using Renames = std::vector<std::pair<std::string, std::string>>;
oracles::BadParameter renamed(const oracles::BadParameter& e, const Renames& names) {
  for (const auto& [from, to] : names)
    if (from == e.field()) return {to, e.value(), e.reason()};
  return e;
}

// One option of an oracle (name without --), in the order --help lists it:
// - real: a number kept as text until the run, then parsed into 50 digits; echoed when given;
// - word: a name (a model), always echoed;
// - flag: on or off.
// A real or word is required (no default), has a default (shown in --help), or is optional
// (neither: the oracle picks the value, e.g. sliding's --t = the stop time). `needs` names a flag
// without which the option is an error, not silently ignored (restitution --n needs --integrate).
struct Opt {
  enum class Kind { real, word, flag };
  Kind kind;
  std::string name;
  std::string help;
  std::string def;
  bool required = false;
  std::string needs;
};
Opt real(std::string name, std::string help, std::string def = "") {
  const bool required = def.empty();
  return {Opt::Kind::real, std::move(name), std::move(help), std::move(def), required, ""};
}
Opt optional_real(std::string name, std::string help) {
  return {Opt::Kind::real, std::move(name), std::move(help), "", false, ""};
}
Opt word(std::string name, std::string help, std::string def = "") {
  const bool required = def.empty();
  return {Opt::Kind::word, std::move(name), std::move(help), std::move(def), required, ""};
}
Opt flag(std::string name, std::string help) { return {Opt::Kind::flag, std::move(name), std::move(help), "", false, ""}; }
Opt needs(Opt o, std::string flag_name) {
  o.needs = std::move(flag_name);
  return o;
}

// The values of one oracle's options, bound to its subcommand. A deque, because CLI11 keeps
// pointers to the values and push_back must not move them; not copyable for the same reason.
// Words that are no option (`oracle sliding t 2`, `-e 0.5`) are collected (allow_extras) rather
// than left to CLI11, which reported them only after its required-option check ("--t is
// required" for `t 2`) and listed them in reverse; check() names the first one as typed.
class Args {
public:
  Args(CLI::App* cmd, const std::vector<Opt>& opts) : cmd_(cmd) {
    cmd->allow_extras();
    cmd->add_flag("--json", json_, "print JSON (50-digit strings and doubles)");
    for (const Opt& o : opts) {
      Slot& s = slots_.emplace_back(Slot{&o, o.def, false, nullptr});
      if (o.kind == Opt::Kind::flag) {
        s.option = cmd->add_flag("--" + o.name, s.on, o.help);
        continue;
      }
      s.option = cmd->add_option("--" + o.name, s.text, o.required ? o.help + " (required)" : o.help);
      if (!o.def.empty()) s.option->capture_default_str();
    }
  }
  Args(const Args&) = delete;
  Args& operator=(const Args&) = delete;

  // Before the run, in this order: a word that is no option, a required option missing, an
  // option given without the flag it needs.
  void check() const {
    const std::vector<std::string> extras = cmd_->remaining();
    if (!extras.empty()) {
      const std::string& w = extras.front();
      std::string names, hint;
      for (const Slot& s : slots_) {
        names += (names.empty() ? "--" : ", --") + s.spec->name;
        if (w.find_first_not_of('-') != std::string::npos && w.substr(w.find_first_not_of('-')) == s.spec->name)
          hint = fmt::format(" (did you mean --{}?)", s.spec->name);
      }
      throw InputError("argument", w.empty() ? std::string("''") : w,
                       fmt::format("not an option of lawcheck oracle {}{}; its options: {}, --json", cmd_->get_name(),
                                   hint, names));
    }
    for (const Slot& s : slots_)
      if (s.spec->required && s.option->count() == 0)
        throw InputError("--" + s.spec->name, "(missing)", fmt::format("required by oracle {}", cmd_->get_name()));
    for (const Slot& s : slots_)
      if (!s.spec->needs.empty() && s.option->count() > 0 && !flag(s.spec->needs))
        throw InputError("--" + s.spec->name, s.text, fmt::format("used only with --{}", s.spec->needs));
  }

  bool json() const { return json_; }
  bool given(const std::string& name) const { return slot(name).option->count() > 0; }
  const std::string& text(const std::string& name) const { return slot(name).text; }
  // The strict decimal syntax and double range of every lawcheck number (cli/input.hpp), then the
  // same text to 50 digits.
  Real get(const std::string& name) const {
    parse_number(name, text(name));
    return oracles::parse_real(name, text(name));
  }
  bool flag(const std::string& name) const { return slot(name).on; }
  // Echoes the words (given or default) and the numbers the user gave (defaults of options the
  // model does not use stay out).
  void record(Output& out) const {
    for (const Slot& s : slots_)
      if (s.spec->kind == Opt::Kind::word || (s.spec->kind == Opt::Kind::real && s.option->count() > 0))
        out.input(s.spec->name, s.text);
  }

private:
  struct Slot {
    const Opt* spec;
    std::string text;
    bool on;
    CLI::Option* option;
  };
  const Slot& slot(const std::string& name) const {
    for (const Slot& s : slots_)
      if (s.spec->name == name) return s;
    throw std::logic_error("oracle command: no parameter " + name);
  }
  CLI::App* cmd_;
  std::deque<Slot> slots_;
  bool json_ = false;
};

Output run_restitution(const Args& a) {
  const auto map = oracles::parse_dissipation_map(a.text("model"));
  const Real e = a.get("e");
  const Real chi = oracles::dissipation_chi(map, e);
  const Real achieved = oracles::achieved_restitution(chi);
  Output out("restitution", "exact first integral (Lambert W), 50-digit rounding; integrated value: about the tolerance");
  a.record(out);
  out.value("chi", chi, "-");
  out.value("seed003_lambda_times_v0_over_k", -chi, "-");
  out.value("achieved_restitution", achieved, "-");
  out.value("achieved_by_bracketed_root", oracles::achieved_restitution_by_root(chi), "-");
  out.value("achieved_minus_requested", achieved - e, "-");
  out.value("exact_chi_for_e", oracles::exact_chi(e), "-");
  if (a.flag("integrate")) {
    const auto ig = oracles::integrate_hunt_crossley(1, 1, a.get("n"), chi, 1, a.get("tolerance"));
    out.value("integrated_restitution", ig.restitution, "-");
    out.value("integrated_minus_first_integral", ig.restitution - achieved, "-");
    out.count("integration_steps", ig.steps);
  }
  out.note("e* depends on chi only (not on n, k, m, v0); seed 003 writes lambda = -chi k/v0");
  return out;
}

Output run_hysteresis(const Args& a) {
  const Real kt = a.get("kt"), fy = a.get("fy"), amp = a.get("amplitude");
  const Real closed = oracles::hysteresis_dissipation(kt, fy, amp);
  const auto legs = oracles::coulomb_slip_1d(kt, fy, {amp, -amp, amp});
  Output out("hysteresis", "exact closed form, 50-digit rounding");
  a.record(out);
  out.value("u0 = fy/kt", fy / kt, "m");
  out.value("dissipation_closed_form", closed, "J");
  out.value("dissipation_leg_by_leg", legs.dissipation, "J");
  out.value("plastic_slip", legs.slip, "m");
  out.value("final_force", legs.force, "N");
  out.value("external_work", legs.work, "J");
  out.note("closed form fy(A - u0) + 2 fy(2A - 2u0) holds for A >= u0; below u0 nothing slips");
  return out;
}

Output run_slip1d(const Args& a) {
  std::vector<Real> vertices;
  const auto items = split_list("path", a.text("path"));
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string field = "path[" + std::to_string(i + 1) + "]";
    parse_number(field, items[i]);
    vertices.push_back(oracles::parse_real(field, items[i]));
  }
  const auto history = oracles::coulomb_slip_1d_history(a.get("kt"), a.get("fy"), vertices);
  Output out("slip1d", "exact piecewise closed form, 50-digit rounding");
  a.record(out);
  for (std::size_t i = 1; i < history.size(); ++i) {
    const std::string k = "u" + std::to_string(i) + ".";
    out.value(k + "u", history[i].u, "m");
    out.value(k + "force", history[i].force, "N");
    out.value(k + "plastic_slip", history[i].slip, "m");
    out.value(k + "dissipation", history[i].dissipation, "J");
    out.value(k + "work", history[i].work, "J");
  }
  return out;
}

Output run_circle(const Args& a) {
  const Real kt = a.get("kt"), fy = a.get("fy"), r = a.get("radius");
  const auto s = oracles::circle_steady_state(kt, fy, r);
  const auto tr = oracles::circle_transient(kt, fy, r, a.get("omega"), a.get("t"));
  Output out("circle", "exact closed forms, 50-digit rounding");
  a.record(out);
  out.value("dissipation_per_revolution", s.dissipation_per_revolution, "J");
  out.value("lead_angle_F_ahead_of_u", s.lead_angle, "rad");
  out.value("lag_angle_up_behind_u", s.lag_angle, "rad");
  out.value("plastic_radius", s.plastic_radius, "m");
  out.value("preload_dissipation", oracles::radial_preload_dissipation(kt, fy, r), "J");
  out.value("transient.psi", tr.psi, "rad");
  out.value("transient.force_x", tr.force[0], "N");
  out.value("transient.force_y", tr.force[1], "N");
  out.value("transient.dissipation", tr.dissipation, "J");
  return out;
}

void add_impact_values(Output& out, const oracles::ImpactResult& r) {
  out.value("restitution", r.restitution, "-");
  out.value("contact_time", r.contact_time, "s");
  out.value("force_time", r.force_time, "s");
  out.value("max_overlap", r.max_overlap, "m");
  out.value("max_overlap_time", r.max_overlap_time, "s");
  out.value("max_force", r.max_force, "N");
  out.value("max_force_time", r.max_force_time, "s");
  out.value("dissipation", r.dissipation, "J");
}

// The options each impact model reads (besides --model, --v0, --mass): any other one given is an
// error naming it, not silently ignored.
const std::vector<std::pair<std::string, std::vector<std::string>>> kImpactOptions = {
    {"linear", {"kn", "cutoff"}},
    {"linear-dashpot", {"kn", "damping", "e", "cutoff"}},
    {"hertz-sphere-wall", {"young", "nu", "radius", "young2", "nu2"}},
    {"hertz-sphere-sphere", {"young", "nu", "radius", "young2", "nu2", "radius2", "mass2"}}};

Output run_impact(const Args& a) {
  const std::string& model = a.text("model");
  for (const auto& [name, used] : kImpactOptions) {
    if (name != model) continue;
    for (const char* o : {"kn", "damping", "e", "cutoff", "young", "nu", "radius", "young2", "nu2", "radius2", "mass2"})
      if ((o == std::string("cutoff") ? a.flag(o) : a.given(o)) && std::find(used.begin(), used.end(), o) == used.end())
        throw InputError(std::string("--") + o, o == std::string("cutoff") ? "(flag)" : a.text(o),
                         "not used by --model " + model);
  }
  const Real v0 = a.get("v0"), m = a.get("mass");
  if (model == "linear" || model == "linear-dashpot") {
    const bool cutoff = a.flag("cutoff");
    Real c = model == "linear" ? Real(0) : a.get("damping");
    const Real kn = a.get("kn");
    if (!(kn > 0)) oracles::bad_parameter("kn", kn, "must be positive (required by the linear models)");
    if (a.given("e") && a.given("damping")) throw InputError("--e", a.text("e"), "give --e or --damping, not both");
    if (a.given("e")) c = 2 * oracles::damping_ratio_for_restitution(a.get("e")) * sqrt(kn * m);
    const auto r = oracles::linear_impact({m, kn, c, v0, cutoff});
    Output out("impact " + model + (cutoff ? " with tension cut-off" : ""), "exact closed form, 50-digit rounding");
    a.record(out);
    out.value("damping_c", c, "N s/m");
    out.value("damping_ratio_zeta", c / (2 * sqrt(kn * m)), "-");
    add_impact_values(out, r);
    return out;
  }
  oracles::HertzInput h;
  // The oracle names its parameters E1, r1, m1, ...: report them as the options typed.
  const Renames hertz_options{{"E", "young"},   {"E1", "young"},    {"r", "radius"}, {"r1", "radius"},
                              {"m", "mass"},    {"m1", "mass"},     {"nu", "nu"},    {"nu1", "nu"},
                              {"E2", "young2"}, {"wall_E", "young2"}, {"nu2", "nu2"}, {"wall_nu", "nu2"},
                              {"r2", "radius2"}, {"m2", "mass2"}};
  try {
    if (model == "hertz-sphere-wall") {
      h = oracles::hertz_sphere_wall(a.get("young"), a.get("nu"), a.get("radius"), m, a.get("young2"), a.get("nu2"),
                                     v0);
    } else if (model == "hertz-sphere-sphere") {
      h = oracles::hertz_sphere_sphere(a.get("young"), a.get("nu"), a.get("radius"), m, a.get("young2"),
                                       a.get("nu2"), a.get("radius2"), a.get("mass2"), v0);
    } else {
      throw InputError("model", model, "expected linear, linear-dashpot, hertz-sphere-wall or hertz-sphere-sphere");
    }
  } catch (const oracles::BadParameter& e) {
    throw renamed(e, hertz_options);
  }
  const auto r = oracles::hertz_impact(h);
  Output out("impact " + model, "exact closed form (Gamma functions), 50-digit rounding");
  a.record(out);
  out.value("effective_modulus", h.modulus, "Pa");
  out.value("effective_radius", h.radius, "m");
  out.value("effective_mass", h.mass, "kg");
  add_impact_values(out, r);
  return out;
}

Output run_sliding(const Args& a) {
  const bool rolling = a.flag("rolling");
  const Real m = a.get("mass"), v0 = a.get("v0"), kt = a.get("kt"), fy = a.get("fy");
  // --t: when the state is reported; not given, the stop time (a given negative t is an error).
  const bool at_stop = !a.given("t");
  const Real t_given = at_stop ? Real(0) : a.get("t");
  if (!at_stop && !(t_given >= 0)) oracles::bad_parameter("t", t_given, "must be >= 0 (omit --t for the stop time)");
  Output out(rolling ? "sliding (sphere free to rotate)" : "sliding (rotation blocked)",
             "exact piecewise closed form, 50-digit rounding");
  a.record(out);
  if (!rolling) {
    const oracles::SlidingInput in{m, v0, kt, fy};
    const auto r = oracles::dynamic_sliding(in);
    const Real t = at_stop ? r.stop_time : t_given;
    const auto s = oracles::dynamic_sliding_state(in, t);
    out.count("slips", r.slips ? 1 : 0);
    out.value("slip_start", r.slip_start, "s");
    out.value("stop_time", r.stop_time, "s");
    out.value("stop_position", r.stop_position, "m");
    out.value("slip_distance", r.slip_distance, "m");
    out.value("final_elastic_energy", r.final_elastic, "J");
    out.value("dissipation", r.dissipation, "J");
    out.value("state.t", t, "s");
    out.value("state.x", s.x, "m");
    out.value("state.v", s.v, "m/s");
    out.value("state.force", s.force, "N");
    out.value("state.dissipated", s.dissipated, "J");
    out.note("after the stop the spring (force fy) drives the particle back: it oscillates about the slipped anchor "
             "with amplitude fy/kt, no further slip (static = kinetic friction)");
  } else {
    const oracles::RollingInput in{m, a.get("radius"), a.get("inertia-factor"), v0, kt, fy};
    const auto r = oracles::rolling_sphere(in);
    const Real t = at_stop ? r.slip.stop_time : t_given;
    const auto s = oracles::rolling_sphere_state(in, t);
    out.value("effective_mass", r.effective_mass, "kg");
    out.count("slips", r.slip.slips ? 1 : 0);
    out.value("stop_time", r.slip.stop_time, "s");
    out.value("rolling_velocity", r.rolling_velocity, "m/s");
    out.value("rolling_spin", r.rolling_spin, "rad/s");
    out.value("rolling_energy", r.rolling_energy, "J");
    out.value("final_elastic_energy", r.final_elastic, "J");
    out.value("dissipation", r.dissipation, "J");
    out.value("state.t", t, "s");
    out.value("state.v", s.v, "m/s");
    out.value("state.spin", s.spin, "rad/s");
    out.value("state.force", s.force, "N");
    out.value("state.dissipated", s.dissipated, "J");
    out.note("no rolling resistance, contact point at distance r, constant normal force, spin 0 at launch");
  }
  return out;
}

struct Oracle {
  std::string name;
  std::string description;
  std::vector<Opt> options;
  Output (*run)(const Args&);
};

const std::vector<Oracle> kOracles = {
    {"restitution",
     "achieved restitution of m x'' = -k x^n (1 + chi x'/v0) for a dissipation map chi(e)",
     {word("model",
           "map: hunt-crossley, lankarani-nikravesh, flores, gonthier, carvalho-martins, exudyn-model2, exact",
           "hunt-crossley"),
      real("e", "requested coefficient of restitution, in (0, 1]"),
      flag("integrate", "cross-check by integrating the equation of motion"),
      needs(real("n", "force exponent for --integrate, in [0.1, 10] (the first integral does not depend on it)",
                 "1.5"),
            "integrate"),
      needs(real("tolerance", "integration tolerance for --integrate, in [1e-30, 1e-6]", "1e-20"), "integrate")},
     run_restitution},
    {"hysteresis",
     "dissipation of the loop 0 -> A -> -A -> A of a 1D Coulomb spring",
     {real("kt", "tangential stiffness [N/m]"), real("fy", "yield force [N]"), real("amplitude", "amplitude A [m]")},
     run_hysteresis},
    {"slip1d",
     "1D Coulomb spring along piecewise-linear displacements from u = 0",
     {real("kt", "tangential stiffness [N/m]"), real("fy", "yield force [N]"),
      real("path", "vertices u1,u2,... [m] (comma-separated)")},
     run_slip1d},
    {"circle",
     "2D Coulomb spring driven around a circle: steady state and transient",
     {real("kt", "tangential stiffness [N/m]"), real("fy", "yield force [N]"),
      real("radius", "circle radius R [m] (> fy/kt)"), real("omega", "angular speed [rad/s] for the transient", "1"),
      real("t", "time on the circle for the transient [s] (after a radial preload to (R, 0))", "0")},
     run_circle},
    {"impact",
     "normal impact: linear spring(-dashpot), with or without tension cut-off; Hertz",
     {word("model", "linear, linear-dashpot, hertz-sphere-wall or hertz-sphere-sphere"),
      real("v0", "impact (approach) speed [m/s]"),
      real("mass", "mass [kg] (linear: effective mass; hertz: sphere 1)"),
      real("kn", "linear: normal stiffness [N/m]", "0"),
      real("damping", "linear-dashpot: dashpot coefficient c [N s/m] (or give --e)", "0"),
      optional_real("e", "linear-dashpot: target restitution in (0, 1] without cut-off, sets c (instead of --damping)"),
      flag("cutoff", "linear-dashpot: tension cut-off F = max(0, k x + c x')"),
      real("young", "hertz: Young modulus of sphere 1 [Pa]", "0"),
      real("nu", "hertz: Poisson ratio of sphere 1", "0.3"),
      real("radius", "hertz: radius of sphere 1 [m]", "0"),
      real("young2", "hertz: Young modulus of sphere 2 or of the wall (wall: 0 = rigid) [Pa]", "0"),
      real("nu2", "hertz: Poisson ratio of sphere 2 or of the wall", "0.3"),
      real("radius2", "hertz-sphere-sphere: radius of sphere 2 [m]", "0"),
      real("mass2", "hertz-sphere-sphere: mass of sphere 2 [kg]", "0")},
     run_impact},
    {"sliding",
     "particle launched on a tangential Coulomb spring (rotation blocked or free)",
     {real("mass", "mass [kg]"), real("v0", "launch speed [m/s]"), real("kt", "tangential stiffness [N/m]"),
      real("fy", "Coulomb limit mu N [N]"),
      optional_real("t", "time at which to report the state [s], >= 0 (default: the stop time)"),
      flag("rolling", "sphere free to rotate (contact at distance --radius)"),
      needs(real("radius", "--rolling: sphere radius [m]", "1"), "rolling"),
      needs(real("inertia-factor", "--rolling: j in I = j m r^2", "0.4"), "rolling")},
     run_sliding},
};

}  // namespace

void add_oracle_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("oracle", "high-precision (50-digit) analytic oracles for your own parameters");
  cmd->require_subcommand(1);
  for (const Oracle& o : kOracles) {
    auto* sub = cmd->add_subcommand(o.name, o.description);
    auto args = std::make_shared<Args>(sub, o.options);
    // The oracles' BadParameter becomes the CLI's InputError (main: one stderr line, exit code 2).
    sub->callback([args, run = o.run] {
      args->check();
      try {
        run(*args).print(args->json());
      } catch (const oracles::BadParameter& e) {
        throw InputError(e.field(), e.value(), e.reason());
      }
    });
  }
}

}  // namespace lawcheck::cli
