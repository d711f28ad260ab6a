#pragma once
// A LawTester scenario as JSON (`lawcheck lawtest SCENARIO.json`, and the built-in `demo`):
//   {
//     "dt": 1e-5,                                   required
//     "radii": [0.01, 0.01],
//     "law": {"name": "linear", ...},               the law and its parameters (`lawcheck laws`);
//                                                   default {"name": "linear"}
//     "materials": [{...}, {...}],                  the law's material (`lawcheck laws`);
//                                                   one entry = both particles
//     "rules": {"lengths": "radii"|"reduced", "area": "radii"|"lengths"},
//     "initialUN": 0,
//     "stages": [{"name": "compress", "values": [-1e-3, 0, 0, 0, 0, 0], "whats": "vvvvvv",
//                 "until": "uN <= -1e-5", "maxSteps": 100000}, ...]       required
//   }
// values/whats/until: tester/law_tester.hpp and tester/until_condition.hpp. Unknown keys, unknown
// law names, wrong types and bad values are InputErrors naming the JSON path ("stages[1].until",
// "law.charLen"); the file itself is read by cli/input.hpp (size, nesting, duplicate keys).
// Limits (the LawTester holds the whole history in memory, ~250 bytes a step): maxSteps defaults
// to default_stage_steps, and the stages' maxSteps add up to at most max_history_steps, checked
// stage by stage while the stages are read (a file of 200 001 stages stops at the first stage
// beyond the limit instead of being parsed whole). Derived quantities are checked before the run:
// masses and inertias finite and positive, the contact's stiffnesses and damping at creation
// (check_contact_stiffness: finite, normal positive, naming the inputs that set them); dt below the
// leapfrog limit of every free DoF on its own spring, damped for the normal one
// (dynamics/time_step.hpp, oscillator_dt); one step's prescribed normal motion below the smaller
// radius. A NaN or inf in a record stops the run at that step (LawTester::run, StateError: exit 1)
// naming step, stage and quantity; a balance error above cli/balance_guard.hpp's threshold of the
// largest work ends it with exit 1 after the run.

#include <algorithm>
#include <string>
#include <vector>

#include "cli/input.hpp"
#include "cli/json_fields.hpp"
#include "cli/law_registry.hpp"
#include "dynamics/time_step.hpp"
#include "physics/contact_creation.hpp"
#include "tester/law_tester.hpp"

namespace lawcheck::cli {

inline constexpr std::uint64_t default_stage_steps = 100'000;
inline constexpr std::uint64_t max_history_steps = 1'000'000;

template <SolverLaw Law>
struct LawtestScenario {
  Law law{};
  LawTesterSetup<typename Law::Material> setup{};
  std::vector<LawTesterStage> stages;
};

// The law-independent parts (dt, radii, rules, initialUN, stages) into `setup` and `stages`.
template <class Material>
void parse_lawtest_common(const json& j, LawTesterSetup<Material>& setup, std::vector<LawTesterStage>& stages);

// The scenario's law name ("law.name", default "linear").
std::string lawtest_law_name(const json& j);

// The checks of derived quantities listed above (InputError naming the fields).
template <SolverLaw Law>
void check_derived(const LawtestScenario<Law>& s) {
  const auto& st = s.setup;
  const double pi = 3.14159265358979323846;
  double mass[2], inertia[2];
  for (std::size_t k = 0; k < 2; ++k) {
    const std::string f = fmt::format("radii[{}], materials[{}].density", k, std::min<std::size_t>(k, 1));
    const double r = st.radii[k];
    derived_positive(fmt::format("radii[{}]", k), "r^2", r * r);
    mass[k] = derived_positive(f, "mass 4/3 pi r^3 density", 4.0 / 3.0 * pi * r * r * r * st.materials[k].density);
    inertia[k] = derived_positive(f, "inertia 2/5 m r^2", 0.4 * mass[k] * r * r);
  }
  const double m_eff = 1 / (1 / mass[0] + 1 / mass[1]), i_eff = 1 / (1 / inertia[0] + 1 / inertia[1]);
  const ContactCreation creation = contact_creation({{ShapeKind::sphere, st.radii[0]}, mass[0]},
                                                    {{ShapeKind::sphere, st.radii[1]}, mass[1]}, st.initial_uN, st.rules);
  const ContactStiffness k = s.law.stiffness(s.law.make_phys(st.materials[0], st.materials[1], creation));
  check_contact_stiffness(s.law, k);
  const double springs[6] = {k.normal, k.tangential, k.tangential, k.twist, k.bending, k.bending};
  const double dampers[6] = {k.damping, 0, 0, 0, 0, 0};
  const double rmin = std::min(st.radii[0], st.radii[1]);
  for (std::size_t i = 0; i < s.stages.size(); ++i) {
    const LawTesterStage& stage = s.stages[i];
    const std::string p = fmt::format("stages[{}]", i);
    if (stage.whats[0] == 'v' && !(std::abs(stage.values[0]) * st.dt < rmin))
      throw InputError(p + ".values[0], dt", fmt::format("{} m/s x {} s", stage.values[0], st.dt),
                       "one step moves the centres by more than the smaller radius");
    for (std::size_t d = 0; d < 6; ++d) {
      if (stage.whats[d] != '.') continue;
      const double limit = oscillator_dt(d < 3 ? m_eff : i_eff, springs[d], dampers[d]);
      if (!(st.dt < limit))
        throw InputError("dt", st.dt,
                         fmt::format("above the stable limit {:.6g} s of {}'s free DoF {} (leapfrog on one spring "
                                     "and damper: dt < 2/(c/2m + sqrt((c/2m)^2 + k/m)), k = {:.6g}, c = {:.6g})",
                                     limit, p, d, springs[d], dampers[d]));
    }
  }
}

template <SolverLaw Law>
LawtestScenario<Law> parse_lawtest_scenario(const json& j) {
  only_keys(j, "", {"dt", "radii", "materials", "rules", "law", "initialUN", "stages"});
  LawtestScenario<Law> s;
  if (j.contains("law")) s.law = parse_law<Law>(j["law"]);
  if (j.contains("materials")) s.setup.materials = parse_material_pair<typename Law::Material>(j["materials"]);
  parse_lawtest_common(j, s.setup, s.stages);
  validate(s.setup, s.stages);
  check_derived(s);
  return s;
}

// Runs the scenario and prints one row per stage: steps, uN, |Ft|, |T|, elastic, dissipated,
// work and the balance error work - elastic - dissipated (LawTesterRecord). Returns the tester
// for CSV output.
template <SolverLaw Law>
LawTester<Law> run_and_print(const LawtestScenario<Law>& s);

// Parses the scenario for its law, runs and prints it; writes the history to `csv` unless empty
// (the --csv option itself rejects an empty name).
void run_lawtest(const json& j, const std::string& csv);

}  // namespace lawcheck::cli
