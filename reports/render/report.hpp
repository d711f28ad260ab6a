#pragma once
// `lawcheck report`: every study of the project rendered into one document (report.md and a
// self-contained index.html with gnuplot SVG plots), plus the summary table printed on stdout.

#include <filesystem>
#include <string>
#include <vector>

#include "render/bench_summary.hpp"
#include "render/ctest_results.hpp"
#include "render/document.hpp"
#include "render/katex.hpp"
#include "render/reported_law.hpp"
#include "study/dissipation_study.hpp"
#include "study/ice_study.hpp"
#include "study/linel6_study.hpp"
#include "study/restitution_study.hpp"
#include "study/stiffness_study.hpp"

namespace lawcheck::reports {

struct SummaryRow {
  std::string study;
  bool passed;
  std::string key_figure;
  std::string section;  // anchor of the study's section in the report (the dashboard links it)
};

// One row per study, LinEl6's included: that study has no parameters and runs in milliseconds, so
// summarize and build_report run it themselves, once (linel6_study_of_this_run).
std::vector<SummaryRow> summarize(const DissipationStudy& d, const StiffnessStudy& s, const IceStudy& ice,
                                  const RestitutionStudy& r);
const LinEl6Study& linel6_study_of_this_run();
SummaryRow ice_summary(const IceStudy& ice);
void ice_section(Document& doc, const IceStudy& ice);

// Builds the whole document, the dashboard (render/dashboard.hpp) first; renders the plots with
// gnuplot (throws if gnuplot is missing).
// other_laws: the registered laws without a study here (render/dashboard.hpp, ReportedLaw).
Document build_report(const DissipationStudy& d, const StiffnessStudy& s, const IceStudy& ice, const RestitutionStudy& r,
                      const BenchSummary& bench, const CtestRun& ctest, double seconds,
                      const std::vector<ReportedLaw>& other_laws = {});

// Writes dir/report.md, dir/index.html (with KaTeX inlined) and dir/plots/*.svg (creating dir).
void write_report(const Document& doc, const std::filesystem::path& dir, const KatexAssets& katex);

// Number formatting shared by the report and the CLI.
std::string sci(double x, int digits = 3);
std::string order_text(const std::optional<double>& order);

}  // namespace lawcheck::reports
