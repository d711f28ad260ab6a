#include "core/high_precision.hpp"
#include "render/report.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "claims/claims_ledger.hpp"
#include "render/chung_ooi_section.hpp"
#include "render/claims_section.hpp"
#include "render/dashboard.hpp"
#include "render/gnuplot.hpp"
#include "render/linel6_section.hpp"
#include "render/restitution_section.hpp"
#include "study/dissipation_algebra.hpp"

namespace lawcheck::reports {

namespace fs = std::filesystem;

namespace {

// Section headings, also the dashboard's link targets (anchor_of).
constexpr const char* kDissipationHeading = "1. Dissipation study: which formula of seed 000?";
constexpr const char* kDecisionHeading = "1.2 Decision";
constexpr const char* kStiffnessHeading = "2. Stiffness study: seed 004's \"does not match?!\"";
// Sections in the order of the laws (linear, linel6, ice, exudyn), then the files read, then the ledger.
constexpr const char* kLinEl6Number = "3.";
constexpr const char* kIceHeading = "4. Ice (seed 002)";
constexpr const char* kRestitutionNumber = "5.";
constexpr const char* kChungOoiNumber = "6.";
constexpr const char* kBenchHeading = "7. Contact-loop benchmarks";
constexpr const char* kClaimsNumber = "8.";

}  // namespace

std::string sci(double x, int digits) { return fmt::format("{:.{}e}", x, digits - 1); }

std::string order_text(const std::optional<double>& order) {
  return order ? fmt::format("{:.2f}", *order) : std::string("-");
}

namespace {

constexpr auto kYield = PlasticDissipation::yield_times_slip;
constexpr auto kCode = PlasticDissipation::code_split;
constexpr auto kElastic = PlasticDissipation::elastic_difference;

bool all_ok(const std::vector<Check>& checks) {
  return std::all_of(checks.begin(), checks.end(), [](const Check& c) { return c.passed; });
}

std::string verdict(bool ok) { return ok ? "PASS" : "FAIL"; }

// The order between the two largest step counts.
std::optional<double> last_order(const CaseResult& c, PlasticDissipation f) {
  std::vector<int> ns;
  for (const auto& r : c.rows)
    if (r.formula == f) ns.push_back(r.steps);
  if (ns.size() < 2) return std::nullopt;
  return c.order(ns[ns.size() - 2], ns.back(), f);
}

std::vector<int> steps_of(const CaseResult& c) {
  std::vector<int> ns;
  for (const auto& r : c.rows)
    if (r.formula == kYield) ns.push_back(r.steps);
  return ns;
}

void checks_table(Document& doc, const std::vector<Check>& checks) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& c : checks) rows.push_back({verdict(c.passed), c.name, c.detail});
  doc.table({"verdict", "check", "measured"}, rows);
}

Figure error_plot(const CaseResult& c) {
  PlotSpec spec;
  spec.title = c.name + ": |relative error| of the booked dissipation";
  spec.xlabel = c.name == "slider_dynamic"   ? "time steps N over the run"
                : c.name == "oblique_impact" ? "time steps N per contact duration"
                                             : "steps N";
  spec.ylabel = "|D - D_exact| / D_exact";
  spec.logx = spec.logy = true;
  for (auto f : all_plastic_dissipations) {
    Series s{std::string(name_of(f)), {}, {}};
    for (int n : steps_of(c)) {
      s.x.push_back(n);
      // Rounding-level errors (0 or 1e-16) are drawn at 1e-17 so the log axis can show them.
      s.y.push_back(std::max(std::abs(c.row(n, f).rel_error), 1e-17));
    }
    if (f == kElastic) s.style = "lines dt 3 lw 3";
    spec.series.push_back(std::move(s));
  }
  const auto ns = steps_of(c);
  const double ref = std::abs(c.row(ns.front(), kCode).rel_error);
  Series slope{"slope -1 (first order)", {}, {}, "lines dt 2"};
  for (int n : ns) {
    slope.x.push_back(n);
    slope.y.push_back(ref * ns.front() / n);
  }
  spec.series.push_back(std::move(slope));
  return {fmt::format("plots/{}_error.svg", c.name),
          fmt::format("{}: relative error of each formula against the oracle vs N (log-log); "
                      "elastic_difference (dotted) lies on code_split",
                      c.name),
          render_svg(spec)};
}

Figure loop_plot(const CaseResult& c) {
  PlotSpec spec;
  const bool slider = c.name == "slider_dynamic";
  spec.title = slider ? "slider_dynamic: energy components over time" : c.name + ": force-displacement loop";
  spec.xlabel = c.loops_xlabel;
  spec.ylabel = c.loops_ylabel;
  for (const auto& t : c.loops) {
    Series s{t.label, t.x, t.y, "lines"};
    if (t.label.find("oracle") != std::string::npos) s.style = "lines lw 2 dt 2";
    else if (!slider) s.style = "linespoints pt 7 ps 0.4";
    spec.series.push_back(std::move(s));
  }
  return {fmt::format("plots/{}_loop.svg", c.name),
          slider ? "slider_dynamic: kinetic energy, tangential elastic energy and plastic dissipation over time "
                   "(law, yield_times_slip), with the oracle's kinetic and dissipated energy (dashed)"
                 : c.name + ": tangential force vs displacement (y components), law at the smallest and largest N "
                            "and the continuous law where the oracle gives it",
          render_svg(spec)};
}

void evidence_table(Document& doc, const DissipationStudy& d) {
  std::vector<std::string> header{"case", "formula"};
  std::vector<int> ns;
  if (!d.cases.empty()) ns = steps_of(d.cases.front());
  for (std::size_t k = 0; k < 4; ++k) header.push_back(fmt::format("relative error at N{} [-]", k + 1));
  header.push_back("order, last pair [-]");
  header.push_back("balance residual at finest N [-]");
  std::vector<std::vector<std::string>> rows;
  for (const auto& c : d.cases) {
    const auto cns = steps_of(c);
    for (auto f : all_plastic_dissipations) {
      std::vector<std::string> row{c.name, std::string(name_of(f))};
      for (std::size_t k = 0; k < 4; ++k)
        row.push_back(k < cns.size() ? fmt::format("{} (N={})", sci(c.row(cns[k], f).rel_error), cns[k]) : "");
      row.push_back(order_text(last_order(c, f)));
      row.push_back(sci(c.row(cns.back(), f).energy_residual));
      rows.push_back(std::move(row));
    }
  }
  doc.table(header, rows);
}

std::string case_heading(const CaseResult& c) { return "Case `" + c.name + "`"; }

void case_section(Document& doc, const CaseResult& c) {
  doc.heading(3, case_heading(c));
  doc.paragraph("**Setup.** " + c.setup + ".");
  doc.paragraph("**Exact value.** " + c.exact_source + ".");
  std::vector<std::vector<std::string>> rows;
  const auto ns = steps_of(c);
  for (std::size_t i = 0; i < ns.size(); ++i)
    for (auto f : all_plastic_dissipations) {
      const auto& r = c.row(ns[i], f);
      rows.push_back({std::to_string(ns[i]), std::string(name_of(f)), fmt::format("{:.10e}", r.dissipation),
                      sci(r.rel_error), i ? order_text(c.order(ns[i - 1], ns[i], f)) : "-",
                      sci(r.energy_residual)});
    }
  doc.table({"N", "formula", "dissipation [J]", "relative error [-]", "observed order [-]",
             "balance residual / exact [-]"},
            rows);
  if (!c.notes.empty()) doc.list(c.notes);
  doc.figure(error_plot(c));
  if (!c.loops.empty()) doc.figure(loop_plot(c));
  if (!c.residuals.empty()) {
    PlotSpec spec;
    spec.title = c.name + ": energy-balance residual of the solver's ledger over time";
    spec.xlabel = "t [s]";
    spec.ylabel = "total - initial total [J]";
    for (const auto& t : c.residuals) spec.series.push_back({t.label, t.x, t.y, "lines lw 2"});
    doc.figure({fmt::format("plots/{}_balance.svg", c.name),
                c.name + ": kinetic + gravity + elastic + plastic, minus its initial value, for each formula "
                         "(elastic_difference = code_split)",
                render_svg(spec)});
  }
}

void algebra_section(Document& doc, const DissipationStudy& d) {
  doc.heading(2, "1.1 Algebra: what the four formulas are");
  doc.paragraph(
      "Seed 000 writes the three candidates for the energy dissipated in one step that slips, with the trial force "
      "norm $f_t = |\\mathbf{F}_{t,\\mathrm{old}} + k_t\\,\\Delta t\\,\\mathbf{v}|$ above the yield force $f_y = |F_n| \\tan\\phi$. Let $s = (f_t - f_y)/k_t$: the radial "
      "return moves the force back by $f_t - f_y$, so $s$ is the plastic slip of the step.");
  doc.list({
      "`yield_times_slip`: $f_y (f_t - f_y)/k_t = f_y s$ - the seed's red parallelogram: the yield force times the slip.",
      "`code_split`: $\\left(\\frac{f_t - f_y}{2} + f_y\\right) \\frac{f_t - f_y}{k_t} = \\frac{(f_t + f_y)(f_t - f_y)}{2 k_t} = \\frac{f_t^2 - f_y^2}{2 k_t}$.",
      "`elastic_difference`: $\\frac{f_t^2}{2 k_t} - \\frac{f_y^2}{2 k_t} = \\frac{f_t^2 - f_y^2}{2 k_t}$.",
      "`mean_yield_times_slip`: $\\tfrac12 (f_{y,n} + f_{y,n+1}) (f_t - f_{y,n+1})/k_t$ (lawcheck's own, not in the seed): the yield "
      "force averaged over the step's ends times the slip; $f_{y,n}$ is the previous step's yield force, which the "
      "linear law keeps in its state (8 bytes per contact).",
  });
  doc.paragraph(
      "So `code_split` and `elastic_difference` are **one formula written twice**: identical as algebra, they differ "
      "in double only by rounding (the study measures them equal to 1e-12 in every case and N). Both exceed "
      "`yield_times_slip` in every slipping step by $\\frac{(f_t + f_y)(f_t - f_y)}{2 k_t} - \\frac{f_y (f_t - f_y)}{k_t} "
      "= \\frac{(f_t - f_y)^2}{2 k_t} = \\tfrac12 k_t s^2$: the triangle between the trial overshoot and the yield line in the seed's force-displacement "
      "figure.");
  doc.paragraph(
      "Which one is the dissipation of a step? Along one straight increment with a fixed yield force, the "
      "continuous law moves elastically until $|F| = f_y$ and then slips at constant force $f_y$; its plastic slip is "
      "exactly $s$ (in 1D the return mapping is exact: the force after every step is the continuous law's force), "
      "so the exact dissipation is $f_y s$ = `yield_times_slip`. The triangle $\\tfrac12 k_t s^2$ is the elastic energy of "
      "the trial state above the yield surface - a state the law never reaches. `elastic_difference` books it as "
      "if that energy had been stored and then released; it is what the seed calls \"the elastic energy removed "
      "by the tangent slip\", but the removed energy was never put in.");
  doc.paragraph(
      "Consequences for the error and its order. While a contact slips steadily each step slips about the "
      "increment, $s \\approx |\\Delta u|$, so over a path that slips a total $S$ the triangles add up to "
      "$\\tfrac12 k_t |\\Delta u| S$: a relative error $k_t |\\Delta u|/(2 f_y) = |\\Delta u|/(2 u_0)$ ($u_0 = f_y/k_t$, the yield displacement). "
      "It is **first order** in the step and **unbounded**: a step many yield displacements long books many times "
      "the true dissipation. `yield_times_slip` has no such term: it is exact in 1D at any step size; on a curved "
      "path it inherits only the error of the radial return itself (the force direction lags by O(step)), which "
      "the other two formulas carry as well. On the circle ($\\rho = f_y/(k_t R)$, $N$ steps per revolution) the "
      "discrete steady state gives, to first order, $-\\pi\\rho/(N\\sqrt{1 - \\rho^2})$ for `yield_times_slip` and "
      "that plus $\\pi\\sqrt{1 - \\rho^2}/(\\rho N)$ for the other two, so the other two can only be closer by the "
      "cancellation of two unrelated errors of opposite sign, which happens for $k_t R/f_y < \\sqrt{3}$.");
  doc.paragraph(
      "When the yield force changes during the step. Let both the displacement and the yield force vary "
      "linearly over the step, $u = u_n + \\tau\\,\\Delta u$, $f_y = f_{y,n} + \\tau\\,\\Delta f_y$, $\\tau \\in [0, 1]$, and let $\\sigma$ be the "
      "sign of the trial force. (a) If the step starts at yield, $F_n = \\sigma f_{y,n}$, the force stays on the "
      "surface, $F = \\sigma f_y(\\tau)$, so the plastic rate is $\\Delta u - \\sigma \\Delta f_y/k_t$; the flow rule needs it of sign "
      "$\\sigma$, i.e. $f_t \\ge f_{y,n+1}$ - the discrete law's own slip test - and, being constant, it lasts the whole "
      "step: the slip is $s = (f_t - f_{y,n+1})/k_t$ and $D = s \\int_0^1 f_y(\\tau)\\,d\\tau = \\tfrac12 (f_{y,n} + f_{y,n+1})\\, s$. This holds "
      "also when the spring unloads while $f_y$ falls faster ($-\\Delta f_y > k_t |\\Delta u|$): the contact slips forwards as $u$ "
      "moves back. (b) If it starts inside, the force is elastic until it meets the surface at "
      "$\\tau^* = (f_{y,n} - \\sigma F_n)/(\\sigma k_t \\Delta u - \\Delta f_y)$, then slips to the end by the same $s$ (the 1D return "
      "mapping is exact) under $f_y$ from $f_y^* = f_y(\\tau^*)$ to $f_{y,n+1}$: $D = \\tfrac12 (f_y^* + f_{y,n+1})\\, s$. So every "
      "formula is $\\tfrac12 (f_y^* + f_{y,n+1})\\, s$ with some guess of $f_y^*$: `yield_times_slip` takes $f_{y,n+1}$ and misses "
      "$\\tfrac12 \\Delta f_y\\, s$ on every slipping step (first order over a path), `mean_yield_times_slip` takes $f_{y,n}$: exact for "
      "every step that starts at yield whatever $f_y$ does, identical to `yield_times_slip` when `fy` is constant, "
      "and wrong only on a step that crosses from stick to slip, by $-\\tfrac12 \\tau^* (1 - \\tau^*)\\, \\Delta f_y\\, s_\\mathrm{step}$, a product of "
      "two increments of the step once per switch: second order. With no motion at all ($\\Delta u = 0$) it gives "
      "$(f_{y,n}^2 - f_{y,n+1}^2)/(2 k_t)$, the elastic energy that leaves - which `code_split` also books there, its one "
      "exact case. In 2D the radial return turns the force by the trial's angle where the continuous law turns it "
      "along the way; that first-order error (circle_2d) is common to all four, and the mean formula removes only "
      "the $\\Delta f_y$ part.");
  doc.paragraph(fmt::format(
      "Energy balance. The solver's ledger books work by the trapezoidal rule "
      "(`solver/dynamics/energy_ledger.hpp`), and so does the path driver here: $W \\mathrel{{+}}= \\tfrac12 (F_\\mathrm{{old}} + F_\\mathrm{{new}}) \\cdot \\Delta u$. "
      "For a step that slips throughout at constant $f_y$ this work is exactly $f_y s$, so `yield_times_slip` closes "
      "the balance $W = \\Delta E_\\mathrm{{elastic}} + D$ step by step and `code_split` breaks it by the triangle; "
      "`yield_times_slip`'s only residual comes from the steps where the contact passes from stick to slip (the "
      "trapezoid is not exact across the kink of the force: second order, see the hysteresis_1d and circle_2d "
      "columns \"balance residual\") and from a changing yield force, $\\tfrac12 \\Delta f_y\\, s$ per step (varying_yield_1d, "
      "varying_normal_2d, oblique_impact). For a step that starts at yield the trapezoid minus the elastic change "
      "is $\\tfrac12 (f_{{y,n}} + f_{{y,n+1}}) (\\Delta u - \\Delta f_y/k_t)$ in 1D, exactly `mean_yield_times_slip`: it closes the balance there "
      "too. 50-digit check of the 1D "
      "exactness: the same law in `cpp_bin_float_50` at N = {} differs from the oracle by {}, so the double "
      "errors of 1e-16..1e-15 are rounding.",
      d.params.steps.back(),
      d.hp_hysteresis_rel_error == 0 ? std::string("0 (all 50 digits agree)") : sci(d.hp_hysteresis_rel_error, 2)));
}

void decision_section(Document& doc, const DissipationStudy& d) {
  doc.heading(2, kDecisionHeading);
  const bool expected = d.seed_decision == kYield && d.decision == PlasticDissipation::mean_yield_times_slip;
  const CaseResult* h = d.find("hysteresis_1d");
  const CaseResult* c = d.find("circle_2d");
  const CaseResult* v = d.find("varying_normal_2d");
  std::string figures;
  const int nmax = d.params.steps.back();
  if (h && c && v)
    figures = fmt::format(
        " At N = {}: hysteresis_1d {} vs {}, circle_2d {} vs {}, varying_normal_2d {} vs {} "
        "(`yield_times_slip` vs `code_split`).",
        nmax, sci(h->row(nmax, kYield).rel_error, 2), sci(h->row(nmax, kCode).rel_error, 2),
        sci(c->row(nmax, kYield).rel_error, 2), sci(c->row(nmax, kCode).rel_error, 2),
        sci(v->row(nmax, kYield).rel_error, 2), sci(v->row(nmax, kCode).rel_error, 2));
  // Cells where a formula other than the decision is closer to the exact value: stated, not hidden.
  std::vector<std::string> lost;
  int largest_lost = 0;
  for (const auto& cs : d.cases)
    for (int n : steps_of(cs))
      if (std::any_of(std::begin(all_plastic_dissipations), std::end(all_plastic_dissipations), [&](auto f) {
            return std::abs(cs.row(n, f).rel_error) < std::abs(cs.row(n, d.decision).rel_error) - 1e-12;
          })) {
        lost.push_back(fmt::format("{} N={}", cs.name, n));
        largest_lost = std::max(largest_lost, n);
      }
  if (!lost.empty() && largest_lost <= 8)
    figures += fmt::format(
        " Cells where another formula is closer: {} - the coarsest step counts of the 2D cases (45 degrees of the "
        "circle, an eighth of the figure-eight per step), where the radial return's error and the triangle, of "
        "opposite signs, partly cancel before the asymptotic range; at every larger N the decision is the "
        "closest in every case.",
        fmt::join(lost, ", "));
  else if (!lost.empty())
    figures += fmt::format(" Cells where another formula is closer: {}.", fmt::join(lost, ", "));
  if (expected) {
    doc.paragraph(
        "**Answer to the seed (best of its three): `yield_times_slip`, $\\Delta E = f_y (f_t - f_y)/k_t$, the seed's "
        "parallelogram.** It is the exact work "
        "of the continuous law over a slipping step whose direction and yield force do not change, so it is exact "
        "in 1D at any step size, and it closes the discrete energy balance that the solver's ledger checks. "
        "`code_split` and `elastic_difference` are the same formula; each slipping step adds the triangle "
        "$(f_t - f_y)^2/(2 k_t) = \\tfrac12 k_t s^2$ on top of it - the energy of a trial state the law never reaches - which "
        "makes them first-order wrong even where the law itself is exact, with a relative error $\\sim \\Delta u/(2 u_0)$ that "
        "grows without bound with the step. On curved 2D paths every formula inherits the radial return's own "
        "first-order error; the triangle then adds to it (circle at $k_t R/f_y = 2$: about twice the error) and only "
        "cancels part of it on circles that barely slip ($k_t R/f_y < \\sqrt{3}$); when the yield force drops during a "
        "slip the triangle is genuinely dissipated, but on the varying-normal path that costs `yield_times_slip` "
        "less than the triangle costs the others." +
        figures + " This answers the seed's question among its three formulas.");
    doc.paragraph(
        "**Default: `mean_yield_times_slip`, $\\Delta E = \\tfrac12 (f_{y,n} + f_{y,n+1}) (f_t - f_{y,n+1})/k_t$.** Where the "
        "yield force is constant it books `yield_times_slip`'s value to the last bit (hysteresis_1d, circle_2d, "
        "slider_dynamic: identical rows); where the normal force changes during a slip it is exact for every 1D "
        "step that starts at yield and second order where a step crosses from stick to slip (varying_yield_1d: "
        "the algebra's crossing terms to rounding), converges at second order and closes the ledger's balance in the "
        "full-solver oblique impact where `yield_times_slip` is first order, and is the closest of the four in every "
        "cell from N = 32 on. Its "
        "price is the previous step's yield force in the contact state (8 bytes: 24 instead of 16 per contact). On "
        "curved 2D paths the radial return's own first-order error remains (varying_normal_2d: 6 % smaller than "
        "`yield_times_slip`'s), and when an impact touches mid-step the solver's first tangential increment, which "
        "covers the part of the step before touch, leaves a first-order error no formula can remove (oblique_impact's "
        "notes). The solver's "
        "default `decided_plastic_dissipation` (solver/laws/plastic_dissipation.hpp) is this formula, and a ctest "
        "fails if the study and the default ever disagree.");
  } else {
    doc.paragraph(fmt::format(
        "**The measurements contradict the algebra:** the study picked `{}` (best of the seed's three: `{}`), the "
        "algebra predicts `mean_yield_times_slip` (`yield_times_slip` among the seed's three). The checks below "
        "say which prediction failed.",
        name_of(d.decision), name_of(d.seed_decision)));
  }
  doc.paragraph("Evidence table (relative error of the booked dissipation against the oracle; observed order "
                "$\\log(e_1/e_2)/\\log(N_2/N_1)$ between the two largest N, `-` where the error is rounding; balance "
                "residual = (work - change of elastic energy - dissipation)/exact at the largest N):");
  evidence_table(doc, d);
}

void seed_claims_section(Document& doc) {
  doc.heading(2, "1.3 What seed 000 gets right and wrong");
  doc.list({
      "Right: the parallelogram $\\frac{f_t - f_y}{k_t} f_y$ is the dissipation of a slipping step (exact for a straight "
      "increment at constant fy; measured exact to rounding in hysteresis_1d).",
      "Right: the code's split $\\left(\\frac{f_t - f_y}{2} + f_y\\right) \\frac{f_t - f_y}{k_t}$ is the sum of a triangle and the parallelogram.",
      "Wrong: \"The difference of elastic potentials leads to yet another formulation\" - it is not another "
      "formulation: $\\frac{f_t^2 - f_y^2}{2 k_t}$ is the code's formula, factorised; the study measures the two equal to "
      "rounding in every case.",
      "Misleading: \"the elastic energy removed by the tangent slip\" describes the trial state's energy minus the "
      "returned state's, i.e. the code's formula, which counts the trial overshoot as dissipated.",
  });
}

void sweep_section(Document& doc, const DissipationStudy& d) {
  if (d.circle_sweep.empty()) return;
  doc.heading(3, "Circle sweep over kt R / fy");
  doc.paragraph(fmt::format(
      "The algebra predicts that `code_split`'s first-order error is the smaller one on the circle only for "
      "kt R/fy < sqrt(3) = {:.3f}, by cancellation against the radial return's error. Measured (third revolution "
      "vs the oracle's steady state, same kt and fy):",
      algebra::circle_crossover()));
  std::vector<std::vector<std::string>> rows;
  for (const auto& r : d.circle_sweep) {
    const double rho = 1 / r.kt_r_over_fy;
    rows.push_back({fmt::format("{:.3g}", r.kt_r_over_fy), std::to_string(r.steps), sci(r.rel_error_yield),
                    sci(algebra::circle_yield_first_order(rho, r.steps)), sci(r.rel_error_code),
                    sci(algebra::circle_code_first_order(rho, r.steps)),
                    std::abs(r.rel_error_yield) <= std::abs(r.rel_error_code) ? "yield_times_slip" : "code_split"});
  }
  doc.table({"kt R/fy [-]", "N", "yield_times_slip, relative error [-]", "predicted, 1st order [-]",
             "code_split, relative error [-]", "predicted, 1st order [-]", "closer"},
            rows);
}

void stiffness_section(Document& doc, const StiffnessStudy& s) {
  doc.heading(1, kStiffnessHeading);
  doc.paragraph(
      "Seed 004 reproduces two worked examples with Woo's printed output next to a hand computation, and the two "
      "disagree. Both are recomputed here by the solver (`physics/stiffness_rules.hpp`, `physics/frict_phys.hpp`) "
      "with lengths reduced by half the initial overlap ($l_i = \\rho_i + u_N/2$, $u_N = -0.001$) under each area rule, "
      "and by the stiffness oracle (`oracles/stiffness.hpp`, 50 digits).");
  std::vector<std::vector<std::string>> rows;
  for (const auto& e : s.examples) {
    auto mark = [](double kn, double target, const char* what) {
      return std::abs(kn - target) / target < 1e-12 ? fmt::format(" (= {})", what) : std::string();
    };
    rows.push_back({e.name,
                    fmt::format("{:.10f}{}", e.area_radii.solver.kn, mark(e.area_radii.solver.kn, e.woo_kn, "Woo")),
                    fmt::format("{:.10f}{}", e.area_lengths.solver.kn, mark(e.area_lengths.solver.kn, e.hand_kn, "hand")),
                    fmt::format("{:.10f}", e.woo_kn), fmt::format("{:.10f}", e.hand_kn)});
  }
  doc.table({"example", "$k_n$, $A = \\pi \\min(r_1, r_2)^2$ (radii) [N/m]",
             "$k_n$, $A = \\pi \\min(l_1, l_2)^2$ (lengths) [N/m]", "Woo printed [N/m]", "hand computation [N/m]"},
            rows);
  const auto& e0 = s.examples.front();
  doc.paragraph(fmt::format(
      "**Cause of the mismatch: the area rule.** Woo's code takes the connector area from the radii, the seed's "
      "eq. (2) from the reduced lengths. Evidence: Woo printed `contA = 0.031415926535897934` $= \\pi \\cdot 0.1^2$ "
      "exactly (radii), while the hand computation uses $\\pi \\cdot 0.0995^2$ = {:.17g}; the two kn differ by the factor "
      "{:.12f}, and $(0.1/0.0995)^2$ = {:.12f} - the whole difference is the area. The lengths agree: Woo's printed "
      "`lens` (0.0995, 0.1995) are the reduced lengths (sphere first, since the functor reorders the pair; kn is "
      "symmetric in the swap).",
      e0.hand_area, e0.woo_kn / e0.hand_kn, (0.1 / 0.0995) * (0.1 / 0.0995)));
  doc.paragraph("Errors in the seed's text (its code is right):");
  doc.list({
      "$u_N = .001$ in both examples: the code uses `uN = -.001`; seed 000's convention is uN < 0 in compression.",
      "$l_2 = u_N/2$ in example 1: the radius is missing; the code computes `l2 = r2 + uN/2` = 0.0995, which is "
      "what Woo printed.",
      "$l_1 = r_1 - u_N/2$: with the text's positive $u_N$ this is the code's `r1 + uN/2`; the sign only works "
      "with the text's (wrong) sign of u_N.",
      "$A = \\pi \\min(l_1, l_2)^2$ is eq. (2) but not what Woo computes (above); the \"does not match?!\" is eq. (2) "
      "vs the code, not a bug in either number.",
  });
  std::vector<std::vector<std::string>> rows2;
  for (const auto& e : s.examples)
    rows2.push_back({e.name, fmt::format("{:.6g}", e.defaults.solver.l1), fmt::format("{:.6g}", e.defaults.solver.l2),
                     fmt::format("{:.10g}", e.defaults.solver.area), fmt::format("{:.10g}", e.defaults.solver.kn),
                     fmt::format("{:.10g}", e.defaults.oracle.kn), sci(e.defaults.worst_rel_difference, 2)});
  doc.paragraph(
      "Under the solver's default rules (lengths and area from the radii; kn then does not depend on the overlap "
      "at which the contact happened to be detected, a time-step artefact) the two examples give:");
  doc.table({"example", "l1 [m]", "l2 [m]", "area [m^2]", "kn, solver [N/m]", "kn, oracle [N/m]",
             "worst relative difference [-]"},
            rows2);
  doc.heading(3, "Checks");
  checks_table(doc, s.checks);
}

}  // namespace

SummaryRow ice_summary(const IceStudy& ice) {
  double worst_loop = 0;
  for (const auto& l : ice.loops) worst_loop = std::max(worst_loop, std::abs(l.rel_error()));
  double worst_break = 0;  // (before + increment - limit) / increment: where in its step each break fell
  for (const auto& b : ice.breaks)
    worst_break = std::max(worst_break, (b.closed_form - b.before) / b.increment);
  return {"ice (seed 002)", all_ok(ice.checks),
          fmt::format("breaks within {:.2f} of one step's increment; loops = oracle to {}; {} claims decided",
                      worst_break, sci(worst_loop, 2), ice.claims.size()),
          anchor_of(kIceHeading)};
}

void ice_section(Document& doc, const IceStudy& ice) {
  doc.heading(1, kIceHeading);
  doc.paragraph(fmt::format(
      "The `ice` law (`solver/laws/ice_law.hpp`, material and physics `solver/physics/ice_mat.hpp`) driven by the "
      "LawTester: two spheres $r = {}$ m, default `IceMat` ($E = 10$ MPa, ktDivKn 0.2, $\\tan\\phi = 0.5$, "
      "$\\mu = 0.05$), compressed to $u_N = {}$ m, $\\Delta t = {}$ s, connector area $A = \\pi r^2 = {}$ m$^2$. "
      "Every number below is measured by this run.",
      ice.radius, tex_number(fmt::format("{}", ice.uN)), tex_number(fmt::format("{}", ice.dt)),
      tex_number(sci(ice.area, 4))));
  doc.heading(2, "4.1 The seed's claims, decided");
  std::vector<std::vector<std::string>> rows;
  for (const auto& c : ice.claims) rows.push_back({c.seed_writes, c.right, c.why, "`" + c.test + "`"});
  doc.table({"the seed writes", "what is right", "why", "ctest that shows it"}, rows);
  doc.heading(2, "4.2 Unbonded loops per sense against the exact 1D elasto-plastic oracle");
  doc.paragraph(
      "Each sense alone, unbonded, cycled 0 -> A -> -A -> A at constant uN (700 steps on the first leg): the "
      "dissipation the law books in that sense against `oracles::coulomb_slip_1d` (50 digits) for the same "
      "vertices, stiffness and yield. The twist is driven negative first: it is capped like a positive one.");
  rows.clear();
  for (const auto& l : ice.loops)
    rows.push_back({l.sense, sci(l.k, 6), sci(l.yield, 6), sci(l.peak, 9), sci(l.dissipation, 12), sci(l.oracle, 12),
                    sci(l.rel_error(), 2), sci(l.other_kinds, 1)});
  doc.table({"sense", "stiffness [N/m; twist, rolling: N m/rad]", "yield [N; twist, rolling: N m]",
             "peak |load| [N; N m]", "dissipated [J]", "oracle [J]", "relative error [-]", "other kinds [J]"},
            rows);
  for (const auto& l : ice.loops) {
    PlotSpec spec;
    spec.title = "ice " + l.sense + ": load vs displacement (unbonded cycle)";
    spec.xlabel = l.xlabel;
    spec.ylabel = l.ylabel;
    spec.series.push_back({"law (every 4th step)", l.x, l.y, "linespoints pt 7 ps 0.3"});
    const double x0 = *std::min_element(l.x.begin(), l.x.end()), x1 = *std::max_element(l.x.begin(), l.x.end());
    spec.series.push_back({"+yield", {x0, x1}, {l.yield, l.yield}, "lines lw 2 dt 2"});
    spec.series.push_back({"-yield", {x0, x1}, {-l.yield, -l.yield}, "lines lw 2 dt 2"});
    doc.figure({fmt::format("plots/ice_{}_loop.svg", l.sense),
                fmt::format("ice {}: {} vs {}, unbonded cycle; dashed: the yield +-{}", l.sense, l.ylabel, l.xlabel,
                            sci(l.yield, 3)),
                render_svg(spec)});
  }
  doc.heading(2, "4.3 Breakage points against the closed forms");
  doc.paragraph(
      "Each sense bonded and breakable, driven at constant speed past its limit: the load in the last step before "
      "the break must be at or below the closed form, and one step's increment more must exceed it. The ledger "
      "(work = elastic + dissipated + released) is checked over the whole run.");
  rows.clear();
  for (const auto& b : ice.breaks)
    rows.push_back({b.sense, "$" + b.formula + "$", sci(b.closed_form, 9), sci(b.before, 9),
                    sci(b.before + b.increment, 9), std::to_string(b.step),
                    fmt::format("{:.3f}", (b.closed_form - b.before) / b.increment), sci(b.released, 4),
                    sci(b.worst_balance, 2)});
  doc.table({"sense", "closed form", "limit [N; twist, rolling: N m]", "load before [N; N m]",
             "before + increment [N; N m]", "break step", "(limit - before)/increment [-]", "released [J]",
             "worst ledger residual [J]"},
            rows);
  doc.heading(3, "Checks");
  checks_table(doc, ice.checks);
}

const LinEl6Study& linel6_study_of_this_run() {
  static const LinEl6Study study = run_linel6_study();
  return study;
}

// Chung & Ooi's benchmarks take no parameters and a few seconds: run once, as LinEl6's study.
const ChungOoiStudy& chung_ooi_study_of_this_run() {
  static const ChungOoiStudy study = run_chung_ooi_study();
  return study;
}

std::vector<SummaryRow> summarize(const DissipationStudy& d, const StiffnessStudy& s, const IceStudy& ice,
                                  const RestitutionStudy& r) {
  std::vector<SummaryRow> out;
  std::string key = fmt::format("decision {} (of the seed's three: {})", name_of(d.decision), name_of(d.seed_decision));
  if (const CaseResult* c = d.find("circle_2d")) {
    const int n = d.params.steps.back();
    key += fmt::format("; circle N={}: {} vs code_split {}", n, sci(c->row(n, kYield).rel_error, 2),
                       sci(c->row(n, kCode).rel_error, 2));
  }
  out.push_back({"dissipation formula", all_ok(d.checks), key, anchor_of(kDissipationHeading)});
  if (const CaseResult* sl = d.find("slider_dynamic")) {
    const auto ns = steps_of(*sl);
    out.push_back({"slider_dynamic (full solver)", all_ok(d.checks),
                   fmt::format("N={}: error {} (yield) vs {} (code), balance {} vs {}", ns.back(),
                               sci(sl->row(ns.back(), kYield).rel_error, 2), sci(sl->row(ns.back(), kCode).rel_error, 2),
                               sci(sl->row(ns.back(), kYield).energy_residual, 2),
                               sci(sl->row(ns.back(), kCode).energy_residual, 2)),
                   anchor_of(case_heading(*sl))});
  } else {
    out.push_back({"slider_dynamic (full solver)", true,
                   "left out: " + (d.left_out.empty() ? std::string("not run") : d.left_out.front()),
                   anchor_of(kDissipationHeading)});
  }
  std::string sk = "printed kn = area from radii, hand kn = area from lengths";
  if (!s.examples.empty())
    sk += fmt::format(" (ratio {:.6f})", s.examples.front().woo_kn / s.examples.front().hand_kn);
  out.push_back({"stiffness (seed 004)", all_ok(s.checks), sk, anchor_of(kStiffnessHeading)});
  SummaryRow linel6 = linel6_summary(linel6_study_of_this_run());
  linel6.section = anchor_of(linel6_heading(kLinEl6Number));
  out.push_back(std::move(linel6));
  out.push_back(ice_summary(ice));
  out.push_back({"restitution (seed 003)", restitution_passed(r), restitution_key_figure(r),
                 anchor_of(restitution_heading(kRestitutionNumber))});
  SummaryRow chung_ooi = chung_ooi_summary(chung_ooi_study_of_this_run());
  chung_ooi.section = anchor_of(chung_ooi_heading(kChungOoiNumber));
  out.push_back(std::move(chung_ooi));
  return out;
}

Document build_report(const DissipationStudy& d, const StiffnessStudy& s, const IceStudy& ice, const RestitutionStudy& r,
                      const BenchSummary& bench, const CtestRun& ctest, double seconds,
                      const std::vector<ReportedLaw>& other_laws) {
  const LinEl6Study& linel6 = linel6_study_of_this_run();
  Document doc;
  doc.heading(1, "lawcheck report");
  doc.paragraph(fmt::format(
      "Generated by `lawcheck report` in {:.1f} s. Every number is measured by this run (the solver's real laws, "
      "and the full solver for `slider_dynamic` and the restitution study, against the independent 50-digit "
      "oracles of `oracles/`), except the benchmark figures and the ctest results, which are read from files.",
      seconds));
  const Figure achieved = restitution_achieved_plot(r);
  append_dashboard(doc, {d, s, linel6, ice, r, summarize(d, s, ice, r), builtin_claims_ledger(), bench, ctest, achieved,
                         {anchor_of(kDissipationHeading), anchor_of(kDecisionHeading), anchor_of(kStiffnessHeading),
                          anchor_of(linel6_heading(kLinEl6Number)), anchor_of(kIceHeading),
                          anchor_of(restitution_heading(kRestitutionNumber)), anchor_of(kBenchHeading),
                          anchor_of(claims_heading(kClaimsNumber))},
                         other_laws});
  doc.heading(2, "Claims ledger: verdicts per seed");
  append_claims_summary(doc, builtin_claims_ledger());
  if (!d.left_out.empty()) {
    doc.paragraph("**Left out of this run:**");
    doc.list(d.left_out);
  }

  doc.heading(1, kDissipationHeading);
  doc.paragraph(
      "Seed 000 (\"Energy balance\") offers three formulas for the energy dissipated by a Coulomb slip step and asks "
      "to \"decide analytically on which of those is the best approximation and use it both in the code and in the "
      "docs\". Section 1.1 derives the answer, 1.2 states it with the evidence, 1.4 shows every case.");
  algebra_section(doc, d);
  decision_section(doc, d);
  seed_claims_section(doc);
  doc.heading(2, "1.4 Cases");
  for (const auto& c : d.cases) {
    case_section(doc, c);
    if (c.name == "circle_2d") sweep_section(doc, d);
  }
  doc.heading(3, "Checks");
  checks_table(doc, d.checks);
  stiffness_section(doc, s);
  append_linel6_section(doc, linel6, builtin_claims_ledger(), kLinEl6Number);
  ice_section(doc, ice);
  append_restitution_section(doc, r, kRestitutionNumber, true, &achieved);
  append_chung_ooi_section(doc, chung_ooi_study_of_this_run(), kChungOoiNumber);
  append_bench_section(doc, bench, kBenchHeading);
  append_claims_section(doc, builtin_claims_ledger(), 1, kClaimsNumber);
  return doc;
}

void write_report(const Document& doc, const fs::path& dir, const KatexAssets& katex) {
  fs::create_directories(dir / "plots");
  auto write = [](const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + p.string());
  };
  for (const auto& b : doc.blocks())
    if (b.kind == Block::Kind::figure) write(dir / b.figure.file, b.figure.svg);
  write(dir / "report.md", doc.to_markdown());
  write(dir / "index.html", doc.to_html("lawcheck report", katex.head, katex.body_end));
}

}  // namespace lawcheck::reports
