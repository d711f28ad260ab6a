#pragma once
// The restitution study's section of the report: the seed's two accuracy claims with
// their verdicts computed from the study's numbers, the table of requested vs achieved restitution
// per model (oracle and solver side by side, gap, discretisation error, fitted order), every case
// (damped, sphere-wall), and two plots: requested vs achieved, and the error's convergence in dt.

#include <string>

#include "render/document.hpp"
#include "study/restitution_study.hpp"

namespace lawcheck::reports {

// Appends the section to `doc` (level-1 heading "<number> Restitution ...", level-2 subsections
// "<number>1 ...", e.g. number "4." gives 4.1, 4.2, 4.3; unnumbered if empty); renders the plots with gnuplot unless `with_plot` is false (throws if gnuplot is
// missing and plots are asked for). `achieved`: the requested-vs-achieved plot if already rendered
// (the dashboard shows the same figure), else it is rendered here.
void append_restitution_section(Document& doc, const RestitutionStudy& s, const std::string& number = "",
                                bool with_plot = true, const Figure* achieved = nullptr);

// The section's level-1 heading for `number`, and its requested-vs-achieved plot (gnuplot).
std::string restitution_heading(const std::string& number);
Figure restitution_achieved_plot(const RestitutionStudy& s);

// One line for the report's summary table.
std::string restitution_key_figure(const RestitutionStudy& s);
// The study passes if every case converges to its oracle (the claims' verdicts are findings).
bool restitution_passed(const RestitutionStudy& s);

}  // namespace lawcheck::reports
