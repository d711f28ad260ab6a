#pragma once
// Chung & Ooi's benchmarks in the report (study/chung_ooi_study.hpp): the eight verdicts in one
// table, then per test what it compares and its checks, and for tests 4 to 8 the plots of the
// simulated points over the paper's digitized curves, with rigid-body theory where the sphere
// slides throughout.

#include <string>

#include "render/document.hpp"
#include "render/report.hpp"  // SummaryRow
#include "study/chung_ooi_study.hpp"

namespace lawcheck::reports {

// The section's level-1 heading for `number` ("6." gives "6. Chung & Ooi ..."; unnumbered if empty).
std::string chung_ooi_heading(const std::string& number);

// Appends the section; renders the plots with gnuplot unless `with_plot` is false.
void append_chung_ooi_section(Document& doc, const ChungOoiStudy& s, const std::string& number = "",
                              bool with_plot = true);

// The study's row of the report's summary: PASS if all eight tests pass.
SummaryRow chung_ooi_summary(const ChungOoiStudy& s);

}  // namespace lawcheck::reports
