// `lawcheck demo`: the built-in two-sphere LawTester scenario -- compress, shear past
// the Coulomb limit, unload until the contact breaks -- with its energy table. It is an ordinary
// lawtest scenario (cli/lawtest_scenario.hpp), so `lawcheck lawtest` runs the same path.
//
// Numbers: equal spheres r = 1 cm, E = 10 MPa, so kn = pi E r / 2 = 1.57e5 N/m, kt = 0.2 kn;
// compressing to uN = -1e-5 m gives Fn = -1.57 N and fy = 0.785 N; slip starts at
// ut = fy/kt = 2.5e-5 m, and shearing to 1e-4 m slides 7.5e-5 m at fy. dt = 1e-5 s and 1 mm/s
// make 1e-8 m steps (~12000 steps, instantaneous).
#include <fmt/core.h>

#include "cli/command.hpp"
#include "cli/lawtest_scenario.hpp"

namespace lawcheck::cli {

namespace {

constexpr const char* demo_scenario = R"({
  "dt": 1e-5,
  "radii": [0.01, 0.01],
  "materials": [{"young": 1e7, "ktDivKn": 0.2, "tanPhi": 0.5, "density": 2600}],
  "rules": {"lengths": "radii", "area": "radii"},
  "stages": [
    {"name": "compress", "values": [-1e-3, 0, 0, 0, 0, 0], "until": "uN <= -1e-5"},
    {"name": "shear", "values": [0, 1e-3, 0, 0, 0, 0], "until": "|ut| >= 1e-4"},
    {"name": "unload", "values": [1e-3, 0, 0, 0, 0, 0], "until": "broken"}
  ]
})";

}  // namespace

void add_demo_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("demo", "two-sphere LawTester scenario with its energy table");
  cmd->callback([] {
    fmt::print("lawcheck demo: two spheres (r = 1 cm, E = 10 MPa, tanPhi = 0.5), linear Cundall law;\n"
               "compress to uN = -1e-5 m, shear to |ut| = 1e-4 m (past the Coulomb limit), unload.\n\n");
    run_lawtest(nlohmann::json::parse(demo_scenario), "");
  });
}

}  // namespace lawcheck::cli
