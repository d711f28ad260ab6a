// `lawcheck report [--out DIR]`: runs every study (dissipation formula, slider, stiffness, Ice,
// restitution of Exudyn's impact models), writes DIR/report.md and a self-contained DIR/index.html
// (default DIR: ./report) with a dashboard first, KaTeX inlined for the formulas and the
// contact-loop benchmark figures read from benchmarks/baseline.json and the newest bench run; shows
// progress on stderr, prints the summary table and fails (exit 1) if any verification fails.
#include <chrono>
#include <cstdio>
#include <stdexcept>

#include <fmt/core.h>

#include "cli/command.hpp"
#include "cli/input.hpp"
#include "render/bench_summary.hpp"
#include "render/ctest_results.hpp"
#include "render/gnuplot.hpp"
#include "render/katex.hpp"
#include "render/report.hpp"

namespace lawcheck::cli {

void add_report_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("report", "run every study and write report.md + index.html (the main job)");
  auto out = std::make_shared<std::string>("report");
  cmd->add_option("--out", *out, "output directory (created if missing)")->capture_default_str();
  cmd->callback([out] {
    using namespace lawcheck::reports;
    prepare_output_dir("--out", *out);  // before any study: '', a file, /dev/null fail here (exit 2)
    // Fail before minutes of work if the plots cannot be drawn.
    if (!gnuplot_available())
      throw std::runtime_error("gnuplot not found: `lawcheck report` draws its plots with it (apt-get install gnuplot-nox)");
    // Likewise KaTeX: without it index.html would show raw TeX (exit 1 naming the missing file).
    const KatexAssets katex = load_katex();
    const auto t0 = std::chrono::steady_clock::now();
    auto progress = [](const std::string& line) { std::fprintf(stderr, "[report] %s\n", line.c_str()); };
    progress("dissipation study: seed 000's formulas on every case (each reported below as it is done)");
    const DissipationStudy d = run_dissipation_study(DissipationParams{}, progress);
    progress("stiffness study: seed 004 examples under each rule, against the oracle");
    const StiffnessStudy s = run_stiffness_study();
    progress("ice study: loops per sense against the 1D oracle, break loads against the closed forms");
    const IceStudy ice = run_ice_study();
    const RestitutionStudy rest = run_restitution_study(RestitutionParams{}, progress);
    progress("rendering plots (gnuplot) and writing the report");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const BenchSummary bench = read_default_bench_summary();
    const CtestRun ctest = read_default_ctest_run();
    const Document doc = build_report(d, s, ice, rest, bench, ctest, seconds, reported_laws());
    write_report(doc, *out, katex);
    progress(fmt::format("wrote {0}/report.md and {0}/index.html", *out));

    int failed = 0;
    fmt::print("{:<30} {:<7} {}\n", "study", "verdict", "key figure");
    for (const auto& r : summarize(d, s, ice, rest)) {
      fmt::print("{:<30} {:<7} {}\n", r.study, r.passed ? "PASS" : "FAIL", r.key_figure);
      failed += r.passed ? 0 : 1;
    }
    if (failed) throw std::runtime_error(fmt::format("{} stud{} failed verification (see {}/report.md)", failed,
                                                     failed == 1 ? "y" : "ies", *out));
  });
}

}  // namespace lawcheck::cli
