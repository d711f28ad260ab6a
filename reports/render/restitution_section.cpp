// The restitution study's report section: see restitution_section.hpp.
#include "render/restitution_section.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "render/gnuplot.hpp"

namespace lawcheck::reports {

namespace {

std::string n_text(double n) { return n == 1 ? "1" : "3/2"; }
std::string sci3(double x) { return fmt::format("{:.2e}", x); }
std::string order_of(const RestitutionCase& c) { return c.order ? fmt::format("{:.2f}", *c.order) : "exact"; }

Figure achieved_plot(const RestitutionStudy& s) {
  PlotSpec spec;
  spec.title = "requested vs achieved restitution (head-on, undamped, two spheres)";
  spec.xlabel = "requested e_res";
  spec.ylabel = "achieved e";
  spec.key = "top left";
  Series diag{"achieved = requested", {0, 1}, {0, 1}, "lines dt 2"};
  spec.series.push_back(diag);
  const char* names[] = {"model 0 (Edinburgh, lambda_P from e)", "model 1 (Hunt-Crossley)",
                         "model 2 (Carvalho-Martins / Gonthier)"};
  for (int model : {0, 1, 2}) {
    Series oracle{fmt::format("{}: oracle", names[model]), {}, {}, "lines lw 2"};
    for (double n : {1.5, 1.0}) {
      Series solver{fmt::format("{}: solver, n = {}", names[model], n_text(n)), {}, {},
                    n == 1 ? "points pt 6 ps 0.8" : "points pt 7 ps 0.5"};
      for (double e : s.params.requested)
        if (const auto* c = s.find(model, n, e)) {
          solver.x.push_back(e);
          solver.y.push_back(c->achieved);
          if (n == 1.5) {
            oracle.x.push_back(e);
            oracle.y.push_back(c->oracle.restitution);
          }
        }
      if (n == 1.5) spec.series.push_back(oracle);
      spec.series.push_back(solver);
    }
  }
  return {"plots/restitution_achieved.svg",
          "Requested vs achieved restitution per impact model: the 50-digit oracle (lines) and the full solver at the "
          "finest dt (points, n = 3/2 filled, n = 1 open)",
          render_svg(spec)};
}

}  // namespace

bool restitution_passed(const RestitutionStudy& s) { return s.all_converge && !s.cases.empty(); }

std::string restitution_key_figure(const RestitutionStudy& s) {
  const auto* c = s.find(1, 1.5, 0.5);
  return fmt::format("{} cases converge to the oracle: {}; HC e=0.5 achieves {:.4f}; claims: HC small-loss {}, model 2 "
                     "full range {}",
                     s.cases.size(), s.all_converge ? "all" : "NOT all", c ? c->achieved : 0.0,
                     s.hunt_crossley_small_loss.holds ? "holds" : "fails",
                     s.model2_full_range.holds ? "holds" : "fails");
}

void append_restitution_section(Document& doc, const RestitutionStudy& s, int level, bool with_plot) {
  const auto& p = s.params;
  doc.heading(level, "Restitution of Exudyn's impact models (seed 003, issue 11)");
  doc.paragraph(fmt::format(
      "Head-on impacts through the full solver (`Simulation<ExudynLaw<double>>`): two equal spheres (r = {} m, "
      "rho = {} kg/m^3, relative speed {} m/s) and a sphere on a static wall, impact models 0/1/2, n = 1 (k_c = {:g} "
      "N/m) and 3/2 (k_c = {:g} N/m^1.5), requested e in {{{}}}, without damping and with d_c = {} m* v0 / x_max. "
      "Model 0 has no restitution parameter: lambda_P is set so that its undamped closed form gives e. Oracle: the "
      "relative motion integrated in 50 digits (RKF 7(8), `reports/study/restitution_study.hpp`), equal to the closed "
      "forms where they exist. Undamped two-sphere cases: dt = t_ref/N, N in {{{}}}, {} contact-onset phases per level, "
      "the order fitted to the RMS error over the phases; damped cases and the sphere-wall cases (e in {{{}}}, the "
      "same dimensionless problem) at the finest N only. {} cases in {:.2f} s.",
      p.radius, p.density, p.speed, p.stiffness_n1, p.stiffness_n32, fmt::join(p.requested, ", "), p.damping,
      fmt::join(p.steps_per_time, ", "), p.phases.size(), fmt::join(p.wall_requested, ", "), s.cases.size(), s.seconds));
  doc.heading(level + 1, "The seed's accuracy claims");
  const ClaimVerdict oracle_hc = hunt_crossley_verdict(s, true), oracle_m2 = model2_verdict(s, true);
  doc.table({"claim", "verdict (solver)", "evidence (solver, finest dt)", "verdict (oracle)"},
            {{s.hunt_crossley_small_loss.claim, s.hunt_crossley_small_loss.holds ? "holds" : "does not hold",
              s.hunt_crossley_small_loss.evidence, oracle_hc.holds ? "holds" : "does not hold"},
             {s.model2_full_range.claim, s.model2_full_range.holds ? "holds" : "does not hold",
              s.model2_full_range.evidence, oracle_m2.holds ? "holds" : "does not hold"}});
  doc.paragraph(fmt::format("Oracle evidence: {} {}", oracle_hc.evidence, oracle_m2.evidence));
  if (with_plot) doc.figure(achieved_plot(s));

  doc.heading(level + 1, "Requested vs achieved (two spheres, undamped)");
  std::vector<std::vector<std::string>> rows;
  for (int model : {0, 1, 2})
    for (double n : {1.0, 1.5})
      for (double e : p.requested)
        if (const auto* c = s.find(model, n, e)) {
          const auto& f = c->levels.back();
          rows.push_back({std::to_string(model), n_text(n), fmt::format("{}", e),
                          fmt::format("{:.6f}", c->oracle.restitution), fmt::format("{:.6f}", c->achieved),
                          sci3(f.rms_error), fmt::format("{:+.4f}", c->oracle.restitution - e),
                          sci3(c->oracle.duration), sci3(f.worst_duration_error), order_of(*c),
                          c->converges ? "yes" : "NO"});
        }
  doc.table({"model", "n", "requested e", "oracle e*", "solver e", "RMS e - e*", "e* - requested",
             "oracle t_c [s]", "worst rel. t_c error", "order", "converges"},
            rows);

  doc.heading(level + 1, "Every case (finest dt)");
  rows.clear();
  for (const auto& c : s.cases) {
    const auto& f = c.levels.back();
    rows.push_back({std::to_string(c.model), n_text(c.n), fmt::format("{}", c.requested),
                    c.wall ? "wall" : "sphere", c.damped ? "yes" : "no",
                    c.oracle.sticks ? "sticks" : fmt::format("{:.6f}", c.oracle.restitution),
                    f.stuck ? fmt::format("sticks ({}/{})", f.stuck, c.phases) : fmt::format("{:.6f}", c.achieved),
                    sci3(f.worst_error), sci3(f.worst_duration_error), sci3(f.worst_ledger), order_of(c),
                    c.converges ? "yes" : "NO"});
  }
  doc.table({"model", "n", "requested e", "partner", "damped", "oracle e*", "solver e", "worst |e - e*|",
             "worst rel. t_c error", "ledger", "order", "converges"},
            rows);
}

}  // namespace lawcheck::reports
