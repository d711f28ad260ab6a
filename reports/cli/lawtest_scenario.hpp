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
//                 "until": "uN <= -1e-5", "maxSteps": 1000000}, ...]      required
//   }
// values/whats/until: tester/law_tester.hpp and tester/until_condition.hpp. Unknown keys, unknown
// law names, wrong types and bad values are InputErrors naming the JSON path ("stages[1].until",
// "law.charLen").

#include <algorithm>
#include <string>
#include <vector>

#include "cli/json_fields.hpp"
#include "cli/law_registry.hpp"
#include "tester/law_tester.hpp"

namespace lawcheck::cli {

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

template <SolverLaw Law>
LawtestScenario<Law> parse_lawtest_scenario(const json& j) {
  only_keys(j, "", {"dt", "radii", "materials", "rules", "law", "initialUN", "stages"});
  LawtestScenario<Law> s;
  if (j.contains("law")) s.law = parse_law<Law>(j["law"]);
  if (j.contains("materials")) s.setup.materials = parse_material_pair<typename Law::Material>(j["materials"]);
  parse_lawtest_common(j, s.setup, s.stages);
  validate(s.setup, s.stages);
  return s;
}

// Runs the scenario and prints one row per stage: steps, uN, |Ft|, |T|, elastic, dissipated,
// work and the balance error work - elastic - dissipated (LawTesterRecord). Returns the tester
// for CSV output.
template <SolverLaw Law>
LawTester<Law> run_and_print(const LawtestScenario<Law>& s);

// Parses the scenario for its law, runs and prints it; writes the history to `csv` unless empty.
void run_lawtest(const json& j, const std::string& csv);

}  // namespace lawcheck::cli
