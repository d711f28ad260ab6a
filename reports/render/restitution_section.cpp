// The restitution study's report section: see restitution_section.hpp.
#include "render/restitution_section.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "render/gnuplot.hpp"

namespace lawcheck::reports {

namespace {

std::string n_text(double n) { return n == 1 ? "1" : "3/2"; }
std::string sci3(double x) { return fmt::format("{:.2e}", x); }
std::string order_of(const RestitutionCase& c) { return c.order ? fmt::format("{:.2f}", *c.order) : "exact"; }

std::string tex_list(const std::vector<double>& xs) {
  std::string out;
  for (double x : xs) out += (out.empty() ? "" : ", ") + tex_number(fmt::format("{:g}", x));
  return out;
}

}  // namespace

Figure restitution_achieved_plot(const RestitutionStudy& s) {
  PlotSpec spec;
  spec.title = "requested vs achieved restitution (head-on, undamped, two spheres)";
  spec.xlabel = "requested e_res";
  spec.ylabel = "achieved e";
  Series diag{"achieved = requested", {0, 1}, {0, 1}, "lines dt 2"};
  spec.series.push_back(diag);
  const char* names[] = {"model 0 (Edinburgh, lambda_P from e)", "model 1 (Hunt-Crossley)",
                         "model 2 (Carvalho-Martins / Gonthier)"};
  for (int model : s.params.models) {
    // The undamped e* is the same for both exponents (models 1/2: a function of chi alone,
    // oracles/hunt_crossley.hpp; model 0: lambda_P is set per n to give e): one line per model.
    Series oracle{fmt::format("{}: oracle", names[model]), {}, {}, "lines lw 2"};
    for (double e : s.params.requested)
      for (double n : s.params.exponents)
        if (const auto* c = s.find(model, n, e)) {
          oracle.x.push_back(e);
          oracle.y.push_back(c->oracle.restitution);
          break;
        }
    spec.series.push_back(oracle);
    for (double n : s.params.exponents) {
      Series solver{fmt::format("{}: solver, n = {}", names[model], n_text(n)), {}, {},
                    n == 1 ? "points pt 6 ps 0.8" : "points pt 7 ps 0.5"};
      for (double e : s.params.requested)
        if (const auto* c = s.find(model, n, e)) {
          solver.x.push_back(e);
          solver.y.push_back(c->achieved);
        }
      spec.series.push_back(solver);
    }
  }
  return {"plots/restitution_achieved.svg",
          "Requested vs achieved restitution per impact model: the 50-digit oracle (lines) and the full solver at the "
          "finest dt (points, n = 3/2 filled, n = 1 open; the two exponents give the same e*)",
          render_svg(spec)};
}

namespace {

// The RMS error over each level's samples against N, one line per model and exponent at the
// requested e nearest 0.5, with the slopes 2 and 2.5 that the kink analysis predicts.
std::optional<Figure> convergence_plot(const RestitutionStudy& s) {
  PlotSpec spec;
  spec.title = "RMS of e - e* over each level's samples vs steps per reference time N";
  spec.xlabel = "N (dt = t_ref/(N + u))";
  spec.ylabel = "RMS (e - e*)";
  spec.logx = spec.logy = true;
  double e_mid = -1;
  for (double e : s.params.requested)
    if (e_mid < 0 || std::abs(e - 0.5) < std::abs(e_mid - 0.5)) e_mid = e;
  double n_lo = 0, n_hi = 0, ref = 0;
  for (int model : s.params.models)
    for (double n : s.params.exponents) {
      const auto* c = s.find(model, n, e_mid);
      if (!c || !c->order) continue;
      Series line{fmt::format("model {}, n = {} (order {:.2f})", model, n_text(n), *c->order), {}, {}, "linespoints"};
      for (const auto& L : c->levels) {
        line.x.push_back(L.steps_per_time);
        line.y.push_back(L.rms_error);
      }
      n_lo = line.x.front();
      n_hi = line.x.back();
      ref = std::max(ref, line.y.front());
      spec.series.push_back(std::move(line));
    }
  if (spec.series.empty()) return std::nullopt;
  for (double q : {2.0, 2.5})
    spec.series.push_back({fmt::format("slope -{}", q), {n_lo, n_hi}, {2 * ref, 2 * ref * std::pow(n_lo / n_hi, q)},
                           "lines dt 2"});
  return Figure{"plots/restitution_convergence.svg",
                fmt::format("Convergence in dt of the solver's achieved restitution (undamped, two spheres, requested e = "
                            "{}): the RMS of e - e* over the {} samples of each level, log-log",
                            e_mid, s.params.samples),
                render_svg(spec)};
}

}  // namespace

bool restitution_passed(const RestitutionStudy& s) { return s.all_converge && !s.cases.empty(); }

std::string restitution_key_figure(const RestitutionStudy& s) {
  int converged = 0;
  double q_lo = 0, q_hi = 0;
  bool any = false;
  for (const auto& c : s.cases) {
    converged += c.converges ? 1 : 0;
    if (!c.order) continue;
    q_lo = any ? std::min(q_lo, *c.order) : *c.order;
    q_hi = any ? std::max(q_hi, *c.order) : *c.order;
    any = true;
  }
  return fmt::format("{}/{} cases reach the 50-digit oracle; fitted orders {:.2f}..{:.2f}; seed claims: HC valid for "
                     "small loss {}, model 2 much more accurate {}",
                     converged, s.cases.size(), q_lo, q_hi, s.hunt_crossley_small_loss.holds ? "holds" : "does not hold",
                     s.model2_full_range.holds ? "holds" : "does not hold");
}

std::string restitution_heading(const std::string& number) {
  return (number.empty() ? "" : number + " ") + "Restitution of Exudyn's impact models (seed 003)";
}

void append_restitution_section(Document& doc, const RestitutionStudy& s, const std::string& number, bool with_plot,
                                const Figure* achieved) {
  const auto& p = s.params;
  auto numbered = [&](int sub, const std::string& title) {
    return number.empty() ? title : fmt::format("{}{} {}", number, sub, title);
  };
  doc.heading(1, restitution_heading(number));
  doc.paragraph(fmt::format(
      "Head-on impacts through the full solver (`Simulation<ExudynLaw<double>>`): two equal spheres ($r = {}$ m, "
      "$\\rho = {}$ kg/m$^3$, relative speed $v_0 = {}$ m/s) and a sphere on a static wall, impact models {}, "
      "$n \\in \\{{{}\\}}$ ($k_c = {}$ N/m for $n = 1$, ${}$ N/m$^{{3/2}}$ for $n = 3/2$), requested "
      "$e \\in \\{{{}\\}}$, without damping and with $d_c = {}\\, m^* v_0 / x_\\mathrm{{max}}$ ($m^*$ the reduced mass, "
      "$x_\\mathrm{{max}} = ((n+1)\\, m^* v_0^2/(2 k_c))^{{1/(n+1)}}$ the maximum overlap of the undamped elastic "
      "impact). "
      "Model 0 has no restitution parameter: $\\lambda_P$ is set so that its undamped closed form gives $e$. Oracle: "
      "the relative motion integrated in 50 digits (RKF 7(8), `reports/study/restitution_study.hpp`), equal to the "
      "closed forms where they exist. {} cases in {:.2f} s.",
      p.radius, p.density, p.speed, fmt::join(p.models, "/"), tex_list(p.exponents),
      tex_number(fmt::format("{:g}", p.stiffness_n1)), tex_number(fmt::format("{:g}", p.stiffness_n32)),
      tex_list(p.requested), p.damping, s.cases.size(), s.seconds));
  doc.paragraph(fmt::format(
      "**How the discretisation error is measured.** Undamped two-sphere cases: levels $N \\in \\{{{}\\}}$, each with {} "
      "impacts spread jointly over the contact-onset phase and over $\\Delta t = t_\\mathrm{{ref}}/(N + u)$, "
      "$u \\in [0, {})$; the order is fitted to the RMS of $e - e^*$ over a level's impacts, the solver's $e$ is their "
      "mean at the finest level. Why not one $\\Delta t$ per level: the second-order error comes from the kinks of the "
      "force in time (onset and end of contact, model 0's force reaching zero at the plastic overlap, its history "
      "maximum taken at a step), each adding $\\frac{{(\\omega\\,\\Delta t)^2}}{{2}} B_2(\\theta)$ (Euler-Maclaurin, "
      "$B_2(\\theta) = \\theta^2 - \\theta + \\frac16$) with $\\theta$ where the kink falls in its step, so its size "
      "depends on $\\operatorname{{frac}}(t_\\mathrm{{event}}/\\Delta t)$ as well as on the onset. With "
      "$\\Delta t = t_\\mathrm{{ref}}/N$ and seven onset phases that fraction moved from level to level and the RMS "
      "swung by factors 5 (model 1, $n = 1$, $e = 0.8$) and 11 (model 0, $n = 3/2$, $e = 0.4$) for 1-2 % changes of "
      "$\\Delta t$: fitted orders 0.93 and 0.09. Sampled over $u$ as well, the RMS is a fixed multiple of "
      "$\\Delta t^2$ ($\\Delta t^{{5/2}}$ where the kinks are those of $x^{{3/2}}$). Damped cases ({} impacts) and "
      "sphere-wall cases ($e \\in \\{{{}\\}}$, the same dimensionless problem) at the finest $N$ only.",
      fmt::join(p.steps_per_time, ", "), p.samples, p.dt_span, p.check_samples, tex_list(p.wall_requested)));

  doc.heading(2, numbered(1, "The seed's accuracy claims"));
  const ClaimVerdict oracle_hc = hunt_crossley_verdict(s, true), oracle_m2 = model2_verdict(s, true);
  doc.table({"claim", "verdict (solver)", "evidence (solver, finest dt)", "verdict (oracle)"},
            {{s.hunt_crossley_small_loss.claim, s.hunt_crossley_small_loss.holds ? "holds" : "does not hold",
              s.hunt_crossley_small_loss.evidence, oracle_hc.holds ? "holds" : "does not hold"},
             {s.model2_full_range.claim, s.model2_full_range.holds ? "holds" : "does not hold",
              s.model2_full_range.evidence, oracle_m2.holds ? "holds" : "does not hold"}});
  doc.paragraph(fmt::format("Thresholds: \"valid\" = |achieved - requested| <= {}; \"much more accurate\" = a gap {} "
                            "times smaller. Oracle evidence: {} {}",
                            p.valid_gap, p.much_factor, oracle_hc.evidence, oracle_m2.evidence));
  if (with_plot) doc.figure(achieved ? *achieved : restitution_achieved_plot(s));

  doc.heading(2, numbered(2, "Requested vs achieved (two spheres, undamped)"));
  std::vector<std::vector<std::string>> rows;
  for (int model : p.models)
    for (double n : p.exponents)
      for (double e : p.requested)
        if (const auto* c = s.find(model, n, e)) {
          const auto& f = c->levels.back();
          rows.push_back({std::to_string(model), n_text(n), fmt::format("{}", e),
                          fmt::format("{:.6f}", c->oracle.restitution), fmt::format("{:.6f}", c->achieved),
                          fmt::format("{:+.2e}", c->achieved - e), sci3(f.rms_error), order_of(*c),
                          sci3(c->oracle.duration), sci3(f.worst_duration_error), c->converges ? "yes" : "NO"});
        }
  doc.table({"model", "n [-]", "requested e [-]", "oracle e* [-]", "solver e [-]", "solver e - requested [-]",
             "RMS e - e*, finest [-]", "fitted order [-]", "oracle t_c [s]", "worst rel. t_c error [-]", "converges"},
            rows);
  if (with_plot)
    if (auto fig = convergence_plot(s)) doc.figure(std::move(*fig));

  doc.heading(2, numbered(3, "Every case (finest dt)"));
  rows.clear();
  for (const auto& c : s.cases) {
    const auto& f = c.levels.back();
    rows.push_back({std::to_string(c.model), n_text(c.n), fmt::format("{}", c.requested),
                    c.wall ? "wall" : "sphere", c.damped ? "yes" : "no",
                    c.oracle.sticks ? "sticks" : fmt::format("{:.6f}", c.oracle.restitution),
                    f.stuck ? fmt::format("sticks ({}/{})", f.stuck, c.samples) : fmt::format("{:.6f}", c.achieved),
                    sci3(f.worst_error), sci3(f.worst_duration_error), sci3(f.worst_ledger), order_of(c),
                    c.converges ? "yes" : "NO"});
  }
  doc.table({"model", "n [-]", "requested e [-]", "partner", "damped", "oracle e* [-]", "solver e [-]",
             "worst |e - e*| [-]", "worst rel. t_c error [-]", "worst rel. ledger error [-]", "order [-]", "converges"},
            rows);
}

}  // namespace lawcheck::reports
