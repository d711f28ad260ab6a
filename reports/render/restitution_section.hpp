#pragma once
// The restitution study's section of the report (issue 11): the seed's two accuracy claims with
// their computed verdicts, the table of requested vs achieved restitution per model (oracle and
// solver side by side, contact durations, fitted order), and the plot requested vs achieved.

#include <string>

#include "render/document.hpp"
#include "study/restitution_study.hpp"

namespace lawcheck::reports {

// Appends the section (heading level `level`) to `doc`; renders the plot with gnuplot unless
// `with_plot` is false (throws if gnuplot is missing and a plot is asked for).
void append_restitution_section(Document& doc, const RestitutionStudy& s, int level = 2, bool with_plot = true);

// One line for the report's summary table.
std::string restitution_key_figure(const RestitutionStudy& s);
// The study passes if every case converges to its oracle (the claims' verdicts are findings).
bool restitution_passed(const RestitutionStudy& s);

}  // namespace lawcheck::reports
