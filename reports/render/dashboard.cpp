// The report's front page: see dashboard.hpp.
#include "render/dashboard.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "render/restitution_section.hpp"

namespace lawcheck::reports {

namespace {

std::string link(const std::string& text, const std::string& anchor) { return "[" + text + "](#" + anchor + ")"; }

std::string passed_of(const std::vector<Check>& checks) {
  const auto n = std::count_if(checks.begin(), checks.end(), [](const Check& c) { return c.passed; });
  return fmt::format("{}/{}", n, checks.size());
}

// The ledger's tests of one law: names that start with one of its suite prefixes; the property
// tests are the `<Law>Property.` ones (properties/README.md: one ctest per property).
struct LawTests {
  int property = 0, other = 0;
};

LawTests ledger_tests(const ClaimsLedger& ledger, const std::string& property_suite, std::vector<std::string> prefixes) {
  LawTests t;
  for (const auto& name : ledger.test_names()) {
    if (name.rfind(property_suite + ".", 0) == 0) ++t.property;
    else if (std::any_of(prefixes.begin(), prefixes.end(), [&](const auto& p) { return name.rfind(p, 0) == 0; }))
      ++t.other;
  }
  return t;
}

std::string ledger_cell(const ClaimsLedger& ledger, const std::string& suite, std::vector<std::string> prefixes) {
  const LawTests t = ledger_tests(ledger, suite, std::move(prefixes));
  return fmt::format("{} property tests (`{}.*`) and {} other ctests", t.property, suite, t.other);
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
  doc.heading(2, dashboard_heading);
  doc.begin_box("dashboard");
  doc.begin_box("dash-main");
  const std::string not_run = "not run by `lawcheck report`";
  doc.table({"law", "verified by this run against the oracles", "ctests the claims ledger names for it"},
            {{"`linear`", linear_cell(in.dissipation, in.stiffness, l),
              ledger_cell(in.ledger, "LinearCoulombLawProperty", {"LinearCoulombLaw."})},
             {"`linel6`", not_run + " (`ctest -R LinEl6`)", ledger_cell(in.ledger, "LinEl6LawProperty", {"LinEl6Law."})},
             {"`ice`", ice_cell(in.ice, l),
              ledger_cell(in.ledger, "IceLawProperty", {"IceLaw.", "IceStudy.", "DynamicsIce."})},
             {"`exudyn`", exudyn_cell(in.restitution, l),
              ledger_cell(in.ledger, "ExudynLawProperty", {"Exudyn.", "ExudynDynamics.", "HuntCrossleyOracle."})}});
  doc.paragraph(
      "ctests: " + not_run + "; the ledger's tests pass when `Claims.EveryNamedTestExistsAndPasses` does; every "
      "property suite: `ctest -L properties` (`max_success` cases per property, 1000 unless `RC_PARAMS` sets it: "
      "properties/README.md).");
  doc.paragraph(fmt::format("**Claims ledger** ({}): {} entries over {} seeds: {}.", link("all entries", l.claims),
                            in.ledger.claims.size(), in.ledger.seeds.size(), verdict_counts(in.ledger)));
  const auto& d = in.dissipation;
  doc.paragraph(fmt::format(
      "**Plastic dissipation** ({}): of the seed's three formulas `{}`, $f_y (f_t - f_y)/k_t$; the solver's default "
      "is `{}`, $\\tfrac12 (f_{{y,n}} + f_{{y,n+1}})(f_t - f_{{y,n+1}})/k_t$ (decided by this run's study).",
      link("decision", l.decision), name_of(d.seed_decision), name_of(d.decision)));
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
  doc.paragraph(fmt::format("**Contact loop**, ns per contact, median ({}; {}):", link("details", l.benchmarks), source));
  if (!rows.empty()) doc.table({"benchmark", "baseline", "latest run", "latest / baseline"}, rows);
  doc.end_box();
  doc.begin_box("dash-plot");
  doc.figure(in.restitution_plot);
  doc.paragraph(fmt::format("{}: {}", link("Restitution (seed 003)", l.restitution),
                            restitution_key_figure(in.restitution)));
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
  doc.table({"benchmark", "baseline [ns/contact]", "newer run [ns/contact]", "ratio"}, rows);
}

}  // namespace lawcheck::reports
