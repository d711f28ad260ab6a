#pragma once
// The dissipation study: seed 000 offers three formulas for the energy dissipated by
// one Coulomb slip step and asks "which of those is the best approximation". The study drives
// the solver's LinearCoulombLaw with each formula along the study's cases, compares the booked
// dissipation with the exact dissipation of the continuous law from lawcheck::oracles, and
// decides. The algebra that predicts the outcome is in reports/study/dissipation_algebra.hpp;
// the tests in reports/tests/ check the measurements against it.

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "laws/plastic_dissipation.hpp"
#include "oracles/coulomb_slip_1d.hpp"
#include "oracles/coulomb_slip_2d.hpp"
#include "study/prescribed_path.hpp"

namespace lawcheck::reports {

struct DissipationParams {
  double kt = 1e5;            // tangential stiffness [N/m]
  double fy = 1.0;            // yield force [N] (the mean one in varying_normal_2d)
  double amplitude = 5e-5;    // hysteresis_1d: path 0 -> A -> -A -> A [m]
  double radius = 2e-5;       // circle_2d radius, and the figure-eight size in varying_normal_2d [m]
  double fy_variation = 0.5;  // varying_normal_2d: fy(t) = fy (1 + v sin 2 pi t)
  std::vector<int> steps{8, 32, 128, 512};
  bool with_slider = true;    // the dynamic case needs the full solver (and takes longest)

  void validate() const;  // InputError naming the field for non-positive or malformed values
};

struct FormulaRow {
  int steps;
  PlasticDissipation formula;
  double dissipation;      // booked by the law [J]
  double rel_error;        // (dissipation - exact) / exact
  double energy_residual;  // (work - delta elastic - dissipation) / exact: the balance it leaves
};

// A curve for the report's plots: x, y columns with a label.
struct Trace {
  std::string label;
  std::vector<double> x;
  std::vector<double> y;
};

struct CaseResult {
  std::string name;
  std::string setup;         // the case in one sentence, with its parameters
  std::string exact_source;  // which oracle, and how accurate
  double exact = 0;          // exact dissipation of the continuous law [J]
  std::vector<FormulaRow> rows;  // every (steps, formula)
  std::vector<std::string> notes;
  std::vector<Trace> loops;            // force-displacement (or energy-time for the slider)
  std::string loops_xlabel, loops_ylabel;
  std::vector<Trace> residuals;        // slider: energy-balance residual over time per formula

  const FormulaRow& row(int steps, PlasticDissipation f) const;
  std::vector<int> steps() const;  // the step counts of the rows, increasing
  // Observed order between consecutive step counts: log(e_i/e_{i+1}) / log(N_{i+1}/N_i) with
  // e = |rel_error|; empty where an error is at rounding level (below 1e-12, no order exists).
  std::optional<double> order(int steps_from, int steps_to, PlasticDissipation f) const;
};

// One row of the circle sweep over kt R / fy (the algebra predicts where the two first-order
// errors of code_split cancel best).
struct SweepRow {
  double kt_r_over_fy;
  int steps;
  double rel_error_yield;  // yield_times_slip
  double rel_error_code;   // code_split (= elastic_difference)
};

struct Check {
  std::string name;
  bool passed;
  std::string detail;
};

struct DissipationStudy {
  DissipationParams params;
  std::vector<CaseResult> cases;
  std::vector<SweepRow> circle_sweep;
  PlasticDissipation decision;       // among all four: the solver's default
  PlasticDissipation seed_decision;  // among seed 000's three: the answer to the seed's question
  std::vector<Check> checks;
  std::vector<std::string> left_out;  // cases that could not run, with why
  double hp_hysteresis_rel_error = 0;  // yield_times_slip in 50 digits at the largest N

  const CaseResult* find(const std::string& name) const;
};

// Progress lines (one per finished piece) go to `progress` if given.
using Progress = std::function<void(const std::string&)>;

CaseResult run_hysteresis_1d(const DissipationParams& p);
// |relative error| of yield_times_slip on hysteresis_1d at the largest N, run in 50 digits.
double hysteresis_1d_high_precision_error(const DissipationParams& p);
// varying_yield_1d: the 1D loop with the yield force linear along each leg.
CaseResult run_varying_yield_1d(const DissipationParams& p);
// Its vertices (u, fy) after u = 0, fy = p.fy, as the oracle takes them, and its law path.
std::vector<oracles::YieldVertex> varying_yield_vertices(const DissipationParams& p);
std::vector<Waypoint<double>> varying_yield_waypoints(const DissipationParams& p, int steps);
CaseResult run_circle_2d(const DissipationParams& p);
CaseResult run_varying_normal_2d(const DissipationParams& p);
std::vector<SweepRow> run_circle_sweep(const DissipationParams& p);

// Among `candidates`, the formula that wins the most (case, N) cells by smallest |rel_error|;
// ties go to the one with the smaller worst error, then to the earlier candidate.
PlasticDissipation decide(const std::vector<CaseResult>& cases,
                          std::span<const PlasticDissipation> candidates = all_plastic_dissipations);

DissipationStudy run_dissipation_study(const DissipationParams& p, const Progress& progress = {});

// varying_normal_2d's loading: the figure-eight u(t) = R (sin 2 pi t, sin(4 pi t)/2) with
// fy(t) = fy (1 + v sin 2 pi t), t in [0, 1], as the 2D oracle takes it.
oracles::Path2d figure_eight_path(const DissipationParams& p);

}  // namespace lawcheck::reports
