#pragma once
// The report's front page: what a DEM developer reads in one minute, first on the page (the first
// screen of index.html at 1280x800 holds every law's verdict; compact tables in report.md).
// Per law a verdict (PASS/FAIL: this run's studies of it, and its tests in the ctest run found;
// a law without a study of its own, ReportedLaw: its tests in the ctest run alone),
// what this run verified against the oracles (with case counts, measured here) and what the newest
// ctest run of this build gave for that law's tests (render/ctest_results.hpp: its property suite
// passed/total with RapidCheck's case counts, its law, dynamics and study tests, its oracles'
// tests; the suites per law are listed in dashboard.cpp) or, without one, how to get it. Then per
// study its verdict and key figure; the ledger's counts per verdict and whether its named tests
// passed in that run; the plastic-dissipation decision; the contact-loop benchmark figures from
// benchmarks/baseline.json and the newest run of scripts/bench.sh (render/bench_summary.hpp);
// beside them the restitution plot (the figure of the restitution section, reused). Every item
// links to its section.

#include <string>
#include <vector>

#include "claims/claims_ledger.hpp"
#include "render/bench_summary.hpp"
#include "render/ctest_results.hpp"
#include "render/document.hpp"
#include "render/report.hpp"
#include "render/reported_law.hpp"
#include "study/dissipation_study.hpp"
#include "study/ice_study.hpp"
#include "study/linel6_study.hpp"
#include "study/restitution_study.hpp"
#include "study/stiffness_study.hpp"

namespace lawcheck::reports {

// Anchors (anchor_of of the section headings) the dashboard links to.
struct DashboardLinks {
  std::string dissipation, decision, stiffness, linel6, ice, restitution, benchmarks, claims;
};

struct DashboardInputs {
  const DissipationStudy& dissipation;
  const StiffnessStudy& stiffness;
  const LinEl6Study& linel6;
  const IceStudy& ice;
  const RestitutionStudy& restitution;
  std::vector<SummaryRow> studies;  // render/report.hpp's summarize, each with its section's anchor
  const ClaimsLedger& ledger;
  const BenchSummary& bench;
  const CtestRun& ctest;
  const Figure& restitution_plot;
  DashboardLinks links;
  std::vector<ReportedLaw> other_laws;
};

inline constexpr const char* dashboard_heading = "Dashboard";

// Appends the dashboard: a level-2 heading `dashboard_heading` and its blocks.
void append_dashboard(Document& doc, const DashboardInputs& in);

// The benchmark section the dashboard links to: which files, from when, every figure and ratio.
void append_bench_section(Document& doc, const BenchSummary& bench, const std::string& heading);

}  // namespace lawcheck::reports
