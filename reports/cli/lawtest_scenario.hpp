#pragma once
// A LawTester scenario as JSON (`lawcheck lawtest SCENARIO.json`, and the built-in `demo`):
//   {
//     "dt": 1e-5,                                   required
//     "radii": [0.01, 0.01],
//     "materials": [{"young": 1e7, "ktDivKn": 0.2, "tanPhi": 0.5, "density": 2600}, {...}],
//                                                   one entry = both particles
//     "rules": {"lengths": "radii"|"reduced", "area": "radii"|"lengths"},
//     "law": {"noBreak": false, "noSlip": false,
//             "dissipation": "yield_times_slip"|"code_split"|"elastic_difference"},
//     "initialUN": 0,
//     "stages": [{"name": "compress", "values": [-1e-3, 0, 0, 0, 0, 0], "whats": "vvvvvv",
//                 "until": "uN <= -1e-5", "maxSteps": 1000000}, ...]      required
//   }
// values/whats/until: tester/law_tester.hpp and tester/until_condition.hpp. Unknown keys,
// wrong types and bad values are InputErrors naming the JSON path ("stages[1].until").

#include <nlohmann/json.hpp>

#include "tester/law_tester.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::cli {

struct LawtestScenario {
  LinearCoulombLaw<double> law{};
  LawTesterSetup<FrictMat> setup{};
  std::vector<LawTesterStage> stages;
};

LawtestScenario parse_lawtest_scenario(const nlohmann::json& j);

// Runs the scenario and prints one row per stage: steps, uN, |Ft|, elastic, plastic, work and
// the balance error work - elastic - plastic (LawTesterRecord). Returns the tester for CSV output.
LawTester<LinearCoulombLaw<double>> run_and_print(const LawtestScenario& s);

}  // namespace lawcheck::cli
