// lawcheck: verification and property-testing harness for DEM contact laws.

#include <csignal>
#include <cstdio>
#include <exception>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "cli/command.hpp"
#include "core/input_error.hpp"

namespace {

// After a parse error: if the deepest selected command needs a subcommand and got a word that is
// none of its subcommands, a message naming that word and the choices.
std::optional<std::string> unknown_subcommand(CLI::App& app) {
  CLI::App* cur = &app;
  while (!cur->get_subcommands().empty()) cur = cur->get_subcommands().front();
  // lawcheck itself takes no command at all (it then lists them), but not a word that is none.
  if (cur != &app && cur->get_require_subcommand_min() == 0) return std::nullopt;
  for (const std::string& word : cur->remaining()) {
    if (!word.empty() && word.front() == '-') continue;
    std::string names;
    for (const CLI::App* sub : cur->get_subcommands({})) names += (names.empty() ? "" : ", ") + sub->get_name();
    return fmt::format("unknown command '{}' for {} (expected one of: {})", word,
                       cur == &app ? std::string("lawcheck") : "lawcheck " + cur->get_name(), names);
  }
  return std::nullopt;
}

// The version and the commit the program was configured from (reports/CMakeLists.txt, at
// configure time: a tree reconfigured after new commits shows the newer one). A program built
// through lawcheck_add_cli, or from a tree without git, says so rather than inventing one.
#ifndef LAWCHECK_VERSION
#define LAWCHECK_VERSION "unknown"
#endif
#ifndef LAWCHECK_GIT_COMMIT
#define LAWCHECK_GIT_COMMIT "unknown (no git checkout at configure time)"
#endif

std::string version_line() { return fmt::format("lawcheck {} (commit {})", LAWCHECK_VERSION, LAWCHECK_GIT_COMMIT); }

// `lawcheck` alone: the command list and where to read more, on stdout, exit 0 (docs/cli.md): it
// is a question answered, not a malformed call; a word that is no command is still exit 2.
std::string command_list(const CLI::App& app) {
  std::string out = version_line() + "\n" + app.get_description() + "\n\nusage: lawcheck COMMAND [OPTIONS]\n\ncommands:\n";
  for (const CLI::App* sub : app.get_subcommands({}))
    out += fmt::format("  {:<12} {}\n", sub->get_name(), sub->get_description());
  out += "\n`lawcheck COMMAND --help` for a command's options; input formats: docs/formats.md; exit codes: docs/cli.md\n";
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  // A reader that closes the pipe (`lawcheck claims --json | head -1`) would otherwise kill the
  // process with SIGPIPE (status 141); ignored, the write fails with EPIPE and the run ends with
  // exit 1 and one line, as every other failed write of the output.
  std::signal(SIGPIPE, SIG_IGN);
  CLI::App app{"lawcheck: prove DEM contact laws right and keep them fast"};
  app.require_subcommand(0, 1);
  app.set_version_flag("--version", version_line(), "print the version and the commit, and exit");
  lawcheck::cli::add_demo_command(app);
  lawcheck::cli::add_lawtest_command(app);
  lawcheck::cli::add_laws_command(app);
  lawcheck::cli::add_report_command(app);
  lawcheck::cli::add_dissipation_command(app);
  lawcheck::cli::add_stiffness_command(app);
  lawcheck::cli::add_oracle_command(app);
  lawcheck::cli::add_impact_command(app);
  lawcheck::cli::add_run_command(app);
  lawcheck::cli::add_claims_command(app);
  // The exit-code contract (README "Exit codes and limits"): 0 success; 1 the run failed or blew
  // up (including a failed write of its output); 2 bad input. One bounded line on stderr.
  auto say = [](const char* prefix, const std::string& what) {
    std::fprintf(stderr, "lawcheck: %s%s\n", prefix, lawcheck::input_excerpt(what, 600).c_str());
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help exits 0; malformed arguments exit 2 with CLI11's one-line message, or naming the
    // word that is not a subcommand.
    if (e.get_exit_code() == 0) return app.exit(e);
    say("", unknown_subcommand(app).value_or(e.what()));
    return 2;
  } catch (const lawcheck::InputError& e) {
    say("", e.what());
    return 2;
  } catch (const std::exception& e) {
    say("error: ", e.what());
    return 1;
  }
  if (app.get_subcommands().empty()) std::fputs(command_list(app).c_str(), stdout);
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    say("error: ", "writing the output to stdout failed (disk full, closed pipe or I/O error)");
    return 1;
  }
  return 0;
}
