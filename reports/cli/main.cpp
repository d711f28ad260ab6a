// lawcheck: verification and property-testing harness for DEM contact laws.

#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>

#include "cli/command.hpp"
#include "core/input_error.hpp"

int main(int argc, char** argv) {
  CLI::App app{"lawcheck: prove DEM contact laws right and keep them fast"};
  app.require_subcommand(1);
  lawcheck::cli::add_demo_command(app);
  lawcheck::cli::add_lawtest_command(app);
  lawcheck::cli::add_laws_command(app);
  lawcheck::cli::add_report_command(app);
  lawcheck::cli::add_dissipation_command(app);
  lawcheck::cli::add_stiffness_command(app);
  lawcheck::cli::add_oracle_command(app);
  lawcheck::cli::add_impact_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help exits 0; malformed arguments exit 2 with CLI11's one-line message.
    if (e.get_exit_code() == 0) return app.exit(e);
    std::fprintf(stderr, "lawcheck: %s\n", e.what());
    return 2;
  } catch (const lawcheck::InputError& e) {
    std::fprintf(stderr, "lawcheck: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lawcheck: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
