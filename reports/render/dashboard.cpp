// The report's front page: see dashboard.hpp.
#include "render/dashboard.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "render/restitution_section.hpp"

namespace lawcheck::reports {

namespace {

std::string link(const std::string& text, const std::string& anchor) { return "[" + text + "](#" + anchor + ")"; }

// Each formula's dissipation per slipping step (seed 000; study/dissipation_algebra.hpp), as TeX, so
// that the dashboard shows the formula the study decided, whichever it is.
std::string_view formula_tex(PlasticDissipation f) {
  switch (f) {
    case PlasticDissipation::yield_times_slip: return "f_y (f_t - f_y)/k_t";
    case PlasticDissipation::code_split: return "\\left(\\tfrac{f_t - f_y}{2} + f_y\\right) (f_t - f_y)/k_t";
    case PlasticDissipation::elastic_difference: return "(f_t^2 - f_y^2)/(2 k_t)";
    case PlasticDissipation::mean_yield_times_slip: return "\\tfrac12 (f_{y,n} + f_{y,n+1})(f_t - f_{y,n+1})/k_t";
  }
  return "";
}

std::string passed_of(const std::vector<Check>& checks) {
  const auto n = std::count_if(checks.begin(), checks.end(), [](const Check& c) { return c.passed; });
  return fmt::format("{}/{}", n, checks.size());
}

// The ctest suites of each law, as `ctest -N` names its tests (Suite.Test). properties: the law's
// RapidCheck kit (properties/README.md, one ctest per property); law: its closed forms and seed
// claims, the full solver running it and the report's studies of it; oracles: the tests of the
// oracles those compare it with (each oracle's two independent routes agreeing). Suites of the
// solver's machinery (geometry, broad phase, threads, LawTester, several laws at once) and of the
// CLI count in the run's total only.
struct LawSuites {
  const char* law;
  std::vector<std::string> properties, law_tests, oracles;
};

const std::vector<LawSuites>& law_suites() {
  static const std::vector<LawSuites> suites = {
      {"linear",
       {"LinearCoulombLawProperty"},
       {"LinearCoulombLaw", "LinearCoulomb", "Dynamics", "Hysteresis1d", "Circle2d", "VaryingNormal2d",
        "VaryingYield1d", "SliderDynamic", "ObliqueImpact", "ConstantYield", "DissipationAlgebra",
        "DissipationDecision", "SeedStiffnessExamples", "Stiffness", "StiffnessProperty", "StiffnessStudy"},
       {"CoulombSlip1dOracle", "CoulombSlip2dOracle", "DynamicSlidingOracle", "RollingSphereOracle",
        "FrictionalImpactOracle", "LinearImpactOracle", "StiffnessOracle"}},
      {"linel6", {"LinEl6LawProperty"}, {"LinEl6Law", "DynamicsLinEl6", "LinEl6Study"}, {"StiffnessOracle"}},
      {"ice", {"IceLawProperty"}, {"IceLaw", "DynamicsIce", "IceStudy"}, {"CoulombSlip1dOracle"}},
      {"exudyn",
       {"ExudynLawProperty"},
       {"Exudyn", "ExudynDynamics", "RestitutionStudy"},
       {"HuntCrossleyOracle", "HertzImpactOracle", "NormalImpactOracle"}},
  };
  return suites;
}

// "passed/total" of a law's tests in the run, with RapidCheck's case counts where the logs give them.
// Without a run: how to get one (ctest_paragraph says where the file is looked for).
std::string ctest_cell(const CtestRun& run, const std::vector<std::string>& suites) {
  if (!run.problem.empty()) return "none found: `bash scripts/test.sh` fills it";
  if (suites.empty()) return "no oracle suite of its own";
  const CtestTally t = tally(run, suites);
  if (t.total == 0) return "none in the run";
  std::string out = fmt::format("{}/{}", t.passed, t.total);
  if (t.failed) out += fmt::format(" (**{} failed**)", t.failed);
  if (t.with_cases && t.fewest_cases)
    out += fmt::format(", {} cases (>= {} each{})", t.cases, *t.fewest_cases,
                       t.with_cases < t.passed ? fmt::format("; {} without a count in its log", t.passed - t.with_cases)
                                               : std::string());
  return out;
}

std::string ctest_paragraph(const CtestRun& run) {
  if (!run.problem.empty())
    return fmt::format(
        "**ctest:** {}: looked for `{}`, the JUnit file of the build this program belongs to. To fill the ctest "
        "columns run `bash scripts/test.sh` (it writes that file), or `ctest --test-dir <build> --output-junit "
        "ctest-junit.xml` in the same build (a relative file goes into the build directory), then `lawcheck report` "
        "again; `LAWCHECK_CTEST_JUNIT` names any other JUnit file.",
        run.problem, run.file.string());
  int passed = 0, failed = 0, not_run = 0, disabled = 0;
  for (const auto& c : run.tests) {
    passed += c.status == CtestStatus::passed;
    failed += c.status == CtestStatus::failed;
    not_run += c.status == CtestStatus::not_run;
    disabled += c.status == CtestStatus::disabled;
  }
  return fmt::format(
      "**ctest** (the run of {}, `{}`; the report runs no test itself): {} tests, {} passed, {}{} not run, {} "
      "disabled. Per law above: its property suite (cases from RapidCheck's log), its law, dynamics and study "
      "tests, its oracles' tests (suites per law: `reports/render/dashboard.cpp`).",
      run.timestamp, run.file.string(), run.tests.size(), passed, failed ? fmt::format("**{} failed**, ", failed) : "",
      not_run, disabled);
}

// A law's verdict: FAIL if this run's study of it fails, or if the ctest run found has a failed test
// of its suites; linked to the law's section.
std::string law_verdict(bool study_passed, const CtestRun& run, const LawSuites& ls, const std::string& anchor) {
  int failed = 0;
  if (run.problem.empty())
    for (const auto* suites : {&ls.properties, &ls.law_tests, &ls.oracles}) failed += tally(run, *suites).failed;
  const std::string verdict = study_passed && !failed ? "PASS" : "FAIL";
  std::string why;
  if (!study_passed) why = "study";
  if (failed) why += fmt::format("{}{} ctest{} failed", why.empty() ? "" : ", ", failed, failed == 1 ? "" : "s");
  return fmt::format("**{}**{}", link(verdict, anchor), why.empty() ? "" : " (" + why + ")");
}

std::string linear_cell(const DissipationStudy& d, const StiffnessStudy& s, const DashboardLinks& l) {
  std::set<int> ns;
  std::size_t rows = 0;
  for (const auto& c : d.cases) {
    rows += c.rows.size();
    for (const auto& r : c.rows) ns.insert(r.steps);
  }
  return fmt::format(
      "{}: {} cases ({} rows of case x N x formula) against exact or 50-digit oracles, checks {} pass; {}: {} seed "
      "examples, solver = oracle, checks {} pass",
      link("dissipation", l.dissipation), d.cases.size(), rows, passed_of(d.checks), link("stiffness", l.stiffness),
      s.examples.size(), passed_of(s.checks));
}

std::string linel6_cell(const LinEl6Study& s, const DashboardLinks& l) {
  double worst = 0;
  for (const auto& d : s.dofs) worst = std::max(worst, d.load_error);
  return fmt::format("{}: {} DoFs driven alone = $k x$ against the stiffness oracle (worst {:.1e} of the peak), the "
                     "rotational rule under a change of scale, {} seed claims decided; checks {} pass",
                     link("LinEl6 study", l.linel6), s.dofs.size(), worst, s.claims.size(), passed_of(s.checks));
}

std::string ice_cell(const IceStudy& ice, const DashboardLinks& l) {
  double worst = 0;
  for (const auto& lp : ice.loops) worst = std::max(worst, std::abs(lp.rel_error()));
  return fmt::format("{}: {} unbonded loops = 1D oracle (worst relative error {:.1e}), {} breaks at the closed forms, "
                     "checks {} pass",
                     link("ice study", l.ice), ice.loops.size(), worst, ice.breaks.size(), passed_of(ice.checks));
}

std::string exudyn_cell(const RestitutionStudy& r, const DashboardLinks& l) {
  const auto converged = std::count_if(r.cases.begin(), r.cases.end(), [](const auto& c) { return c.converges; });
  return fmt::format("{}: {}/{} impact cases through the full solver reach the 50-digit oracle",
                     link("restitution", l.restitution), converged, r.cases.size());
}

std::string verdict_counts(const ClaimsLedger& ledger) {
  std::string out;
  for (Verdict v : all_verdicts) {
    int n = 0;
    for (const auto& s : ledger.seeds) n += ledger.count(s.id, v);
    if (n) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", n, name_of(v));
  }
  return out;
}

std::string ns(double x) { return fmt::format("{:.1f}", x); }

}  // namespace

void append_dashboard(Document& doc, const DashboardInputs& in) {
  const DashboardLinks& l = in.links;
  auto all_pass = [](const std::vector<Check>& checks) {
    return std::all_of(checks.begin(), checks.end(), [](const Check& c) { return c.passed; });
  };
  doc.heading(2, dashboard_heading);
  doc.begin_box("dashboard");
  // One row per law, in law_suites()'s order: this run's verification, its section, the verdict.
  struct LawRow {
    std::string verified, anchor;
    bool passed;
  };
  const std::vector<LawRow> verified = {
      {linear_cell(in.dissipation, in.stiffness, l), l.dissipation,
       all_pass(in.dissipation.checks) && all_pass(in.stiffness.checks)},
      {linel6_cell(in.linel6, l), l.linel6, all_pass(in.linel6.checks)},
      {ice_cell(in.ice, l), l.ice, all_pass(in.ice.checks)},
      {exudyn_cell(in.restitution, l), l.restitution, restitution_passed(in.restitution)}};
  std::vector<std::vector<std::string>> laws;
  for (std::size_t k = 0; k < law_suites().size(); ++k) {
    const LawSuites& ls = law_suites()[k];
    laws.push_back({fmt::format("`{}`", ls.law), law_verdict(verified[k].passed, in.ctest, ls, verified[k].anchor),
                    verified[k].verified, ctest_cell(in.ctest, ls.properties), ctest_cell(in.ctest, ls.law_tests),
                    ctest_cell(in.ctest, ls.oracles)});
  }
  for (const ReportedLaw& other : in.other_laws) {
    const LawSuites ls{other.name.c_str(), other.properties, other.law_tests, other.oracles};
    laws.push_back({fmt::format("`{}`", other.name), law_verdict(true, in.ctest, ls, l.claims),
                    "its ctest suites (no study here): " + other.verified, ctest_cell(in.ctest, ls.properties),
                    ctest_cell(in.ctest, ls.law_tests), ctest_cell(in.ctest, ls.oracles)});
  }
  doc.table({"law", "verdict", "verified by this run against the oracles", "ctest: properties passed",
             "ctest: law, dynamics, study tests", "ctest: its oracles' tests"},
            laws);
  doc.begin_box("dash-row");
  doc.begin_box("dash-main");
  std::vector<std::vector<std::string>> studies;
  for (const auto& r : in.studies)
    studies.push_back({link(r.study, r.section), fmt::format("**{}**", link(r.passed ? "PASS" : "FAIL", r.section)),
                       r.key_figure});
  doc.table({"study", "verdict", "key figure"}, studies);
  doc.paragraph(ctest_paragraph(in.ctest));
  const auto ledger_check = status_of(in.ctest, "Claims.EveryNamedTestExistsAndPasses");
  doc.paragraph(fmt::format("**Claims ledger** ({}): {} entries over {} seeds: {}; the {} tests it names {}.",
                            link("all entries", l.claims), in.ledger.claims.size(), in.ledger.seeds.size(),
                            verdict_counts(in.ledger), in.ledger.test_names().size(),
                            !ledger_check                            ? "were not checked by a ctest run found here"
                            : *ledger_check == CtestStatus::passed ? "exist and passed in that run"
                                                                   : "did **not** all pass in that run"));
  const auto& d = in.dissipation;
  doc.paragraph(fmt::format(
      "**Plastic dissipation** ({}): of the seed's three formulas `{}`, ${}$; the solver's default is `{}`, ${}$ "
      "(decided by this run's study).",
      link("decision", l.decision), name_of(d.seed_decision), formula_tex(d.seed_decision), name_of(d.decision),
      formula_tex(d.decision)));
  std::vector<std::vector<std::string>> rows;
  const auto& b = in.bench;
  for (const auto& f : b.figures)
    rows.push_back({"`" + f.name + "`", ns(f.baseline_ns), f.latest_ns ? ns(*f.latest_ns) : "-",
                    f.latest_ns ? fmt::format("{:.2f}", *f.latest_ns / f.baseline_ns) : "-"});
  std::string source;
  if (!b.problem.empty())
    source = "no figures: " + b.problem;
  else if (b.latest)
    source = fmt::format("baseline of {} vs the run of {}", b.baseline_date, b.latest_date);
  else
    source = fmt::format("baseline of {}; no newer run of `scripts/bench.sh` found", b.baseline_date);
  doc.paragraph(fmt::format("**Contact loop**, median ({}; {}):", link("details", l.benchmarks), source));
  if (!rows.empty())
    doc.table({"benchmark", "baseline [ns/contact]", "latest run [ns/contact]", "latest / baseline [-]"}, rows);
  doc.end_box();
  doc.begin_box("dash-plot");
  doc.figure(in.restitution_plot);
  doc.paragraph(fmt::format("{}: {}", link("Restitution (seed 003)", l.restitution),
                            restitution_key_figure(in.restitution)));
  doc.end_box();
  doc.end_box();
  doc.end_box();
}

void append_bench_section(Document& doc, const BenchSummary& b, const std::string& heading) {
  doc.heading(1, heading);
  doc.paragraph(fmt::format(
      "The report does not time the contact loop: it reads the baseline `{}` (context date {}) and looks for a newer "
      "run of `scripts/bench.sh` in `{}` (`bench-<UTC time>.json`; `LAWCHECK_BENCH_BUILD` moves it, as for the "
      "script). Figures: the median over each file's repetitions of the counter `ns_per_contact` of every "
      "`contact_step` benchmark (benchmarks/README.md says what each one times and on which packing).",
      b.baseline.string(), b.baseline_date.empty() ? "unknown" : b.baseline_date, b.results_dir.string()));
  if (!b.problem.empty()) {
    doc.paragraph("**No figures:** " + b.problem + ".");
    return;
  }
  doc.paragraph(b.latest ? fmt::format("Newer run: `{}` (context date {}).", b.latest->string(), b.latest_date)
                         : std::string("No newer run found: the table shows the baseline only (run `scripts/bench.sh`, "
                                       "then `lawcheck report` again)."));
  std::vector<std::vector<std::string>> rows;
  for (const auto& f : b.figures)
    rows.push_back({"`" + f.name + "`", fmt::format("{:.3f}", f.baseline_ns),
                    f.latest_ns ? fmt::format("{:.3f}", *f.latest_ns) : "-",
                    f.latest_ns ? fmt::format("{:.3f}", *f.latest_ns / f.baseline_ns) : "-"});
  doc.table({"benchmark", "baseline [ns/contact]", "newer run [ns/contact]", "newer / baseline [-]"}, rows);
}

}  // namespace lawcheck::reports
