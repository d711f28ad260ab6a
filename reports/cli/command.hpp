#pragma once
// Each `lawcheck` subcommand lives in its own file and registers itself on the app through one
// add_*_command function listed in main.cpp. A subcommand's callback runs the command; errors are
// thrown (InputError for bad input) and main turns them into one stderr line and exit code 2.

#include <vector>

#include <CLI/CLI.hpp>

#include "render/reported_law.hpp"

namespace lawcheck::cli {

void add_demo_command(CLI::App& app);
void add_lawtest_command(CLI::App& app);
void add_laws_command(CLI::App& app);
void add_report_command(CLI::App& app);
void add_dissipation_command(CLI::App& app);
void add_stiffness_command(CLI::App& app);
void add_oracle_command(CLI::App& app);
void add_impact_command(CLI::App& app);
void add_claims_command(CLI::App& app);
void add_run_command(CLI::App& app);

// The registered laws whose LawSpec names their report suites (report_suites, cli/law_spec.hpp):
// defined with the law-dependent commands (laws_command.cpp), so that `lawcheck report`, which does
// not depend on the list of laws, gives each a dashboard row.
std::vector<reports::ReportedLaw> reported_laws();

}  // namespace lawcheck::cli
