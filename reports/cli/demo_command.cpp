// `lawcheck demo`: placeholder until the two-sphere LawTester scenario lands.
#include <fmt/core.h>

#include "cli/command.hpp"

namespace lawcheck::cli {

void add_demo_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("demo", "two-sphere LawTester scenario with its energy table");
  cmd->callback([] { fmt::print("demo: not yet available\n"); });
}

}  // namespace lawcheck::cli
