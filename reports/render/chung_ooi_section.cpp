// Chung & Ooi's benchmarks in the report: see chung_ooi_section.hpp.
#include "render/chung_ooi_section.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "render/gnuplot.hpp"

namespace lawcheck::reports {

// Named, not anonymous: the unity build puts this file beside report.cpp's own `verdict`.
namespace chung_ooi_render {

std::string verdict(bool ok) { return ok ? "PASS" : "FAIL"; }

Figure curve_plot(const ChungOoiTest& t, const ChungOoiCurve& c) {
  PlotSpec spec;
  spec.title = fmt::format("test {}: {} ({})", t.number, c.label, c.material);
  spec.xlabel = c.xlabel;
  spec.ylabel = c.label;
  spec.series.push_back({"Chung & Ooi (2011), digitized", c.ref_x, c.ref_y, "linespoints lw 2 pt 4 ps 0.8"});
  if (!c.theory_x.empty()) spec.series.push_back({"rigid-body theory, gross sliding", c.theory_x, c.theory_y, "lines dt 2 lw 2"});
  spec.series.push_back({"lawcheck, hertz_mindlin (full solver)", c.sim_x, c.sim_y, "points pt 7 ps 0.7"});
  return {fmt::format("plots/chung_ooi_test{}_{}_{}.svg", t.number, c.quantity,
                      c.material.substr(0, c.material.find(' '))),
          fmt::format("Test {}: {} of {} against the paper's curve ({}){}", t.number, c.label, c.material, c.source,
                      c.metric < 0        ? std::string()
                      : c.tolerance < 0   ? fmt::format("; {}: {:.2e} (shown, not asserted)", c.compared, c.metric)
                                          : fmt::format("; {}: {:.2e} (tolerance {:g})", c.compared, c.metric, c.tolerance)),
          render_svg(spec)};
}

}  // namespace chung_ooi_render

std::string chung_ooi_heading(const std::string& number) {
  return (number.empty() ? std::string() : number + " ") + "Chung & Ooi's benchmark tests (hertz_mindlin)";
}

void append_chung_ooi_section(Document& doc, const ChungOoiStudy& s, const std::string& number, bool with_plot) {
  doc.heading(1, chung_ooi_heading(number));
  doc.paragraph(fmt::format(
      "The eight impact tests of C.Y. Chung and J.Y. Ooi, *Benchmark tests for verifying discrete element modelling "
      "codes at particle impact level*, Granular Matter 13 (2011) 643-656, run through the full solver with the "
      "`hertz_mindlin` law ({:.1f} s). Each test is data in `reports/chung_ooi/test<n>.json`: its inputs, the reference "
      "(Hertz's closed forms, rigid-body theory where the sphere slides throughout, the paper's curves as digitized by "
      "Kratos's DEM application elsewhere, each file cited), and the tolerance with its reason. "
      "`ctest -L chung_ooi` runs the same eight tests.",
      s.seconds));
  std::vector<std::vector<std::string>> rows;
  for (const auto& t : s.tests)
    rows.push_back({std::to_string(t.number), t.title, t.reference, t.key_figure, chung_ooi_render::verdict(t.passed)});
  doc.table({"test", "what", "reference", "key figure", "verdict"}, rows);
  if (!s.sliding.empty()) {
    std::vector<std::vector<std::string>> lv;
    for (const auto& L : s.sliding)
      lv.push_back({fmt::format("{:g}", L.steps_per_contact), fmt::format("{:.2e}", L.impulse_residual),
                    fmt::format("{:.2e}", L.pull_share), fmt::format("{:.2e}", L.coulomb_residual),
                    fmt::format("{:.1e}", L.rounding), fmt::format("{:.2e}", L.spin_residual),
                    fmt::format("{:.2e}", L.spin_bound)});
    doc.paragraph(
        "Test 4's sliding branch against rigid-body theory at three step sizes (N steps per Hertz contact duration): "
        "the relative residual of dv_t = mu (1 + e) v_n, with e the run's normal restitution; the normal force's pull "
        "at the end of contact (sum |F_n| dt / sum F_n dt - 1); the residual against Coulomb at every step, "
        "dv_t = mu sum |F_n| dt / m; and the residual of R omega' = -5/2 mu (1 + e) v_n, whose bound is the lever arm's "
        "R - delta/2 (at most delta_max/(2R)).");
    doc.table({"N", "dv_t vs mu (1 + e) v_n", "pull", "dv_t vs Coulomb", "rounding bound", "spin residual", "spin bound"},
              lv);
    const ChungOoiSlidingLevel& fine = s.sliding.back();
    if (fine.impulse_residual > fine.rounding && fine.coulomb_residual <= fine.rounding)
      doc.paragraph(fmt::format(
          "**Finding.** In gross sliding the friction impulse exceeds rigid-body theory's mu (1 + e) v_n by the share "
          "of the normal force that pulls at the end of contact ({:.2e} of the net normal impulse at e = 0.98, test 4; "
          "the checks of tests 6 and 8 give it at e = 0.5): the law caps the tangential force at mu |F_n| of a normal "
          "force whose dashpot (~ delta^(1/4)) outlasts the spring (~ delta^(3/2)), as LAMMPS without `limit_damping`. "
          "Against Coulomb at every step, dv_t = mu sum |F_n| dt / m, the branch holds to rounding ({:.1e}).",
          fine.pull_share, fine.coulomb_residual));
  }
  for (const auto& t : s.tests) {
    doc.heading(2, fmt::format("{}{} Test {}: {}", number, t.number, t.number, t.title));
    doc.paragraph(fmt::format("Reference: {}. Verdict: **{}** ({:.2f} s).", t.reference, chung_ooi_render::verdict(t.passed), t.seconds));
    if (with_plot && t.number >= 4)
      for (const auto& c : t.curves) doc.figure(chung_ooi_render::curve_plot(t, c));
    if (!t.findings.empty()) {
      doc.paragraph("Measured, not asserted:");
      doc.list(t.findings);
    }
    std::vector<std::vector<std::string>> checks;
    for (const auto& c : t.checks) checks.push_back({c.name, c.detail, chung_ooi_render::verdict(c.passed)});
    doc.table({"check", "measured <= bound: why", "verdict"}, checks);
  }
}

SummaryRow chung_ooi_summary(const ChungOoiStudy& s) {
  const auto passed = std::count_if(s.tests.begin(), s.tests.end(), [](const ChungOoiTest& t) { return t.passed; });
  return {"Chung & Ooi benchmarks (hertz_mindlin)", s.passed,
          fmt::format("{} of {} tests pass", passed, s.tests.size()), ""};
}

}  // namespace lawcheck::reports
