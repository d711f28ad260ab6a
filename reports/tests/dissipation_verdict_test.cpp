// Verdict tests of the dissipation study: each formula's error on each case behaves as
// the report's algebra predicts (reports/study/dissipation_algebra.hpp: its size at each N and its
// order), and the study's decision is the solver's default. A change to the law, the formulas or
// the default that breaks the decision fails here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <random>

#include <boost/math/constants/constants.hpp>

#include "core/high_precision.hpp"
#include "laws/linear_coulomb_law.hpp"
#include "oracles/coulomb_slip_1d.hpp"
#include "oracles/coulomb_slip_2d.hpp"
#include "study/dissipation_algebra.hpp"
#include "study/dissipation_study.hpp"
#include "study/slider_case.hpp"

namespace lawcheck::reports::dissipation_verdict_test {
namespace {

constexpr auto kYield = PlasticDissipation::yield_times_slip;
constexpr auto kCode = PlasticDissipation::code_split;
constexpr auto kElastic = PlasticDissipation::elastic_difference;
constexpr auto kMean = PlasticDissipation::mean_yield_times_slip;

// Each test is its own process (gtest_discover_tests): a test runs the whole study only if it
// needs it, otherwise just its case (the sanitizer build is ~10x slower).
const DissipationParams kParams{};

const DissipationStudy& study() {
  static const DissipationStudy s = run_dissipation_study(kParams);
  return s;
}

const CaseResult& find_case(const char* name) {
  static std::map<std::string, CaseResult> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  const std::string n = name;
  CaseResult c = n == "hysteresis_1d"       ? run_hysteresis_1d(kParams)
                 : n == "circle_2d"         ? run_circle_2d(kParams)
                 : n == "varying_yield_1d"  ? run_varying_yield_1d(kParams)
                 : n == "varying_normal_2d" ? run_varying_normal_2d(kParams)
                 : n == "slider_dynamic"    ? run_slider_dynamic()
                 : n == "oblique_impact"    ? run_oblique_impact()
                                            : throw std::runtime_error("unknown case " + n);
  return cache.emplace(n, std::move(c)).first->second;
}

void print(const CaseResult& c) {
  std::printf("%s (exact %.17g J)\n", c.name.c_str(), c.exact);
  for (const auto& r : c.rows)
    std::printf("  N=%-6d %-20s D=%.12e err=%+.4e residual=%+.4e\n", r.steps, std::string(name_of(r.formula)).c_str(),
                r.dissipation, r.rel_error, r.energy_residual);
}

TEST(DissipationDecision, StudyDecisionIsTheSolversDefault) {
  std::printf("study: %s, solver default: %s, LinearCoulombLaw{}: %s\n", std::string(name_of(study().decision)).c_str(),
              std::string(name_of(decided_plastic_dissipation)).c_str(),
              std::string(name_of(LinearCoulombLaw<double>{}.dissipation)).c_str());
  EXPECT_EQ(study().decision, decided_plastic_dissipation);
  EXPECT_EQ(LinearCoulombLaw<double>{}.dissipation, study().decision);
}

TEST(DissipationDecision, SeedQuestionIsAnsweredByTheBestOfItsThreeYieldTimesSlip) {
  // The seed asks which of its three formulas is best: the study keeps that answer beside the
  // default, which may be the fourth formula (mean_yield_times_slip, not in the seed).
  std::printf("best of the seed's three: %s\n", std::string(name_of(study().seed_decision)).c_str());
  EXPECT_EQ(study().seed_decision, kYield);
}

TEST(DissipationDecision, EveryVerificationOfTheStudyPasses) {
  for (const auto& c : study().checks) {
    std::printf("%s %s (%s)\n", c.passed ? "PASS" : "FAIL", c.name.c_str(), c.detail.c_str());
    EXPECT_TRUE(c.passed) << c.name << ": " << c.detail;
  }
}

TEST(DissipationAlgebra, CodeSplitAndElasticDifferenceAreTheSameNumberInEveryCase) {
  for (const auto& c : study().cases)
    for (int n : c.steps()) {
      const double a = c.row(n, kCode).dissipation, b = c.row(n, kElastic).dissipation;
      std::printf("%-18s N=%-6d code_split - elastic_difference = %.3e\n", c.name.c_str(), n, a - b);
      // 1e-12 relative: one formula evaluated in two orders, ~1e-16 rounding per step.
      EXPECT_LT(std::abs(a - b) / c.exact, 1e-12) << c.name << " N=" << n;
    }
}

TEST(Hysteresis1d, YieldTimesSlipIsExactToRoundingAtEveryN) {
  const auto& c = find_case("hysteresis_1d");
  print(c);
  for (int n : c.steps()) {
    // 1e-11: 3N law steps of double rounding (~1e-16 each, N <= 512); the smallest formula
    // error the algebra allows here is kt du/(2 fy) ~ 4e-3.
    EXPECT_LT(std::abs(c.row(n, kYield).rel_error), 1e-11) << "N=" << n;
  }
  // In 50 digits the same law agrees with the oracle far beyond double precision (1e-40: the
  // arithmetic carries ~1e-50 per operation, 1536 steps): the double error above is rounding.
  const double hp = hysteresis_1d_high_precision_error(kParams);
  std::printf("50-digit run: relative error %.3e\n", hp);
  EXPECT_LT(hp, 1e-40);
}

TEST(Hysteresis1d, CodeSplitExceedsTheExactValueByTheTriangleSum) {
  const auto& c = find_case("hysteresis_1d");
  const auto& p = kParams;
  for (int n : c.steps()) {
    const double predicted = algebra::hysteresis_code_split_excess(p.kt, p.fy, p.amplitude, n);
    const double measured = c.row(n, kCode).dissipation - c.exact;
    std::printf("N=%-4d excess measured %.12e predicted %.12e\n", n, measured, predicted);
    // 1e-9: both are sums of the same ~3N squared slips computed differently in double.
    EXPECT_NEAR(measured / predicted, 1.0, 1e-9) << "N=" << n;
  }
}

TEST(Hysteresis1d, CodeSplitErrorIsFirstOrderOfSizeKtDuOverTwoFy) {
  const auto& c = find_case("hysteresis_1d");
  const auto& p = kParams;
  const double u0 = p.fy / p.kt;
  const auto ns = c.steps();
  for (std::size_t i = 1; i < ns.size(); ++i) {
    const double order = *c.order(ns[i - 1], ns[i], kCode);
    std::printf("order %d -> %d: %.4f\n", ns[i - 1], ns[i], order);
    // The excess is kt du (L - e)/2 per leg plus the first slipping step's correction, which is
    // O(du^2): the observed order tends to 1 with deviations O(1/N); 0.05 covers N >= 8 here
    // (the largest deviation measured is 0.02 at 8 -> 32).
    EXPECT_NEAR(order, 1.0, 0.05);
  }
  // Leading term: sum over legs of kt (L/N)(L - e)/2 = 9 kt A (A - u0)/(2N) for this loop.
  const int n = ns.back();
  const double leading = 9 * p.kt * p.amplitude * (p.amplitude - u0) / (2.0 * n) / c.exact;
  std::printf("N=%d: error %.6e, leading-order prediction %.6e\n", n, c.row(n, kCode).rel_error, leading);
  // 1%: the next term is relatively O(du/(L - e)) ~ 1/(0.8 N) ~ 0.2% at N = 512.
  EXPECT_NEAR(c.row(n, kCode).rel_error / leading, 1.0, 0.01);
}

TEST(Circle2d, EveryFormulaEqualsTheAlgebrasDiscreteSteadyState) {
  const auto& c = find_case("circle_2d");
  const auto& p = kParams;
  print(c);
  for (int n : c.steps()) {
    const double py = algebra::circle_discrete_yield_times_slip(p.kt, p.fy, p.radius, n);
    const double pc = algebra::circle_discrete_code_split(p.kt, p.fy, p.radius, n);
    std::printf("N=%-4d yield %.12e (algebra %.12e)  code %.12e (algebra %.12e)\n", n, c.row(n, kYield).dissipation,
                py, c.row(n, kCode).dissipation, pc);
    // 1e-6: what is left of the transient after two revolutions (the continuous one decays like
    // exp(-4 pi sqrt(3)) ~ 4e-10 here; the discrete one at N = 8 is slower but measured ~3e-9).
    EXPECT_NEAR(c.row(n, kYield).dissipation / py, 1.0, 1e-6) << "N=" << n;
    EXPECT_NEAR(c.row(n, kCode).dissipation / pc, 1.0, 1e-6) << "N=" << n;
  }
}

TEST(Circle2d, BothErrorsAreFirstOrderWithTheAlgebrasCoefficients) {
  const auto& c = find_case("circle_2d");
  const auto& p = kParams;
  const double rho = p.fy / (p.kt * p.radius);
  const auto ns = c.steps();
  const int n = ns.back();
  const double ey = c.row(n, kYield).rel_error, ec = c.row(n, kCode).rel_error;
  const double py = algebra::circle_yield_first_order(rho, n), pc = algebra::circle_code_first_order(rho, n);
  std::printf("N=%d: yield %.5e (first order %.5e), code %.5e (first order %.5e)\n", n, ey, py, ec, pc);
  // 5%: the next term is relatively O(h) = O(2 pi/N) with an O(1) coefficient: ~1% at N = 512.
  EXPECT_NEAR(ey / py, 1.0, 0.05);
  EXPECT_NEAR(ec / pc, 1.0, 0.05);
  for (auto f : {kYield, kCode}) {
    const double order = *c.order(ns[ns.size() - 2], n, f);
    std::printf("%s order %d -> %d: %.4f\n", std::string(name_of(f)).c_str(), ns[ns.size() - 2], n, order);
    EXPECT_NEAR(order, 1.0, 0.05);  // first order, O(1/N) corrections (same argument)
  }
  // Opposite signs: the radial return cuts the corner (too little), the triangle adds (too much).
  EXPECT_LT(ey, 0);
  EXPECT_GT(ec, 0);
}

TEST(Circle2d, CodeSplitIsCloserOnlyBelowKtROverFySqrt3) {
  // |code| < |yield| iff the first-order coefficients satisfy 1 - rho^2 < 2 rho^2.
  for (const auto& r : run_circle_sweep(kParams)) {
    const bool code_closer = std::abs(r.rel_error_code) < std::abs(r.rel_error_yield);
    std::printf("kt R/fy = %5.2f N=%-4d yield %+.4e code %+.4e -> %s\n", r.kt_r_over_fy, r.steps, r.rel_error_yield,
                r.rel_error_code, code_closer ? "code_split" : "yield_times_slip");
    EXPECT_EQ(code_closer, r.kt_r_over_fy < algebra::circle_crossover()) << "kt R/fy = " << r.kt_r_over_fy;
  }
}

TEST(VaryingNormal2d, YieldTimesSlipIsCloserThanCodeSplitAndAllFormulasAreFirstOrder) {
  const auto& c = find_case("varying_normal_2d");
  print(c);
  const auto ns = c.steps();
  // From N = 32 on (asymptotic range). At N = 8 one step covers an eighth of the figure-eight and
  // the first-order picture does not hold yet: there code_split is the closer one (reported).
  for (int n : ns)
    if (n >= 32) {
      EXPECT_LT(std::abs(c.row(n, kYield).rel_error), std::abs(c.row(n, kCode).rel_error)) << "N=" << n;
    }
  for (auto f : {kYield, kCode}) {
    const double order = *c.order(ns[ns.size() - 2], ns.back(), f);
    std::printf("%s order: %.4f\n", std::string(name_of(f)).c_str(), order);
    // The radial return's first-order error plus (code_split) the first-order triangle sum, minus
    // (yield_times_slip) the first-order part lost when fy falls; 0.1: O(1/N) corrections on a
    // path with three stick/slip switches.
    EXPECT_NEAR(order, 1.0, 0.1);
  }
}

TEST(VaryingNormal2d, OracleValueIsConvergedFarBelowTheMeasuredErrors) {
  // The study integrates at tolerance 1e-15; at 1e-20 the value must agree to well below the
  // smallest error it is used to measure (~5e-3 at N = 512): the integrated oracle's accuracy
  // shrinks with its tolerance (oracles self-tests), so 1e-11 is a generous bound.
  const auto& p = kParams;
  using oracles::Real;
  const Real kt(p.kt);
  const oracles::Path2d path = figure_eight_path(p);
  oracles::Slip2dOptions opt;
  opt.tolerance = Real("1e-20");
  const double fine = static_cast<double>(oracles::coulomb_slip_2d(path, kt, Real(0), Real(1), opt).dissipation);
  const double used = find_case("varying_normal_2d").exact;
  std::printf("exact at 1e-15: %.17g, at 1e-20: %.17g\n", used, fine);
  EXPECT_NEAR(used / fine, 1.0, 1e-11);
}

TEST(SliderDynamic, YieldTimesSlipConvergesAtSecondOrderAndCodeSplitAtFirst) {
  const auto& c = find_case("slider_dynamic");
  print(c);
  const auto ns = c.steps();
  for (std::size_t i = 2; i < ns.size(); ++i) {
    const double oy = *c.order(ns[i - 1], ns[i], kYield), oc = *c.order(ns[i - 1], ns[i], kCode);
    std::printf("order %d -> %d: yield %.3f, code %.3f\n", ns[i - 1], ns[i], oy, oc);
    // Leapfrog is second order and yield_times_slip adds no error of its own; the first pair
    // (N = 256 -> 1024) is left out because at N = 256 one step's increment kt dt v0 is 7 fy,
    // outside the asymptotic range. 1.8: the stick-to-slip step's phase within dt jitters the
    // constant. code_split adds the triangle sum kt dt^2 sum v^2 / 2: first order (+-0.05).
    EXPECT_GT(oy, 1.8);
    EXPECT_NEAR(oc, 1.0, 0.05);
  }
}

TEST(SliderDynamic, CodeSplitBreaksTheLedgersEnergyBalanceByWhatItOverbooks) {
  const auto& c = find_case("slider_dynamic");
  // The ledger takes its reference after the first step, so a slip in that step is outside the
  // balance; it slips iff the first increment kt dt v0 exceeds fy. kt = ktDivKn pi E r / 2 and
  // fy = m g tanPhi for the default slider (sphere on a wall, radii rules).
  const SliderParams sp;
  const double pi = std::acos(-1.0);
  const double kt = sp.kt_div_kn * pi * sp.young * sp.radius / 2;
  const double fy = 4.0 / 3.0 * pi * std::pow(sp.radius, 3) * sp.density * sp.gravity * sp.tan_phi;
  int checked = 0;
  for (int n : c.steps()) {
    if (kt * sp.duration / n * sp.v0 >= fy) continue;
    ++checked;
    const auto& y = c.row(n, kYield);
    const auto& k = c.row(n, kCode);
    std::printf("N=%-6d residual yield %+.3e code %+.3e; code error %+.3e\n", n, y.energy_residual, k.energy_residual,
                k.rel_error);
    // The triangle is not taken from any other energy term, so code_split's residual is its
    // excess over yield_times_slip's dissipation (to rounding of the ledger, 1e-9 relative).
    const double excess = (k.dissipation - y.dissipation) / c.exact;
    EXPECT_NEAR(k.energy_residual - y.energy_residual, excess, 1e-9 * std::abs(excess) + 1e-12) << "N=" << n;
    // yield_times_slip's own residual is the stick-to-slip step, second order: far below.
    EXPECT_LT(std::abs(y.energy_residual), std::abs(k.energy_residual) / 1000) << "N=" << n;
  }
  EXPECT_GE(checked, 2);
}

// ---- a yield force that varies while the contact slips ----

// A 1D path of steps that mostly start at yield: first loaded to yield at constant fy, then
// random increments du and dfy (some steps unload the spring while fy falls faster).
template <class R>
std::vector<Waypoint<R>> random_varying_path(double kt) {
  std::mt19937_64 rng(1313);
  std::uniform_real_distribution<double> du(-1e-6, 3e-6), dfy(-0.15, 0.1);
  std::vector<Waypoint<R>> path{{R(0), Vec2<R>::Zero(), R(1)}};
  double u = 0, fy = 1;
  for (int k = 1; k <= 400; ++k) {
    if (k <= 12) {
      u += 1.0 / kt;  // 12 steps of fy/kt at fy = 1: loads to yield, then slips
    } else {
      u += du(rng);
      fy = std::clamp(fy + dfy(rng), 0.3, 2.0);
    }
    path.push_back({R(k), Vec2<R>(R(u), R(0)), R(fy)});
  }
  return path;
}

template <class R>
std::vector<oracles::Slip1dState> oracle_of(const std::vector<Waypoint<R>>& path, double kt) {
  std::vector<oracles::YieldVertex> v;
  for (std::size_t k = 1; k < path.size(); ++k) v.push_back({oracles::Real(path[k].u.x()), oracles::Real(path[k].fy)});
  return oracles::coulomb_slip_1d_history(oracles::Real(kt), oracles::Real(path.front().fy), v);
}

TEST(VaryingYield1d, MeanYieldTimesSlipIsExactToRoundingOnEveryStepThatStartsAtYield) {
  const double kt = 1e5, eps = std::numeric_limits<double>::epsilon();
  const auto path = random_varying_path<double>(kt);
  const auto exact = oracle_of(path, kt);
  const auto run = drive_law(path, kt, kMean);
  const auto run_yield = drive_law(path, kt, kYield);
  const auto hp = drive_law(random_varying_path<HighPrecision>(kt), HighPrecision(kt), kMean);
  int at_yield = 0, rising = 0, falling = 0, unloading = 0;
  double worst = 0, worst_hp = 0, worst_yield = 0;
  for (std::size_t k = 1; k < path.size(); ++k) {
    const auto& a = exact[k - 1];
    if (abs(a.force) != a.fy) continue;  // the oracle's force is exactly +-fy after a slip
    ++at_yield;
    const double d_exact = static_cast<double>(exact[k].dissipation - a.dissipation);
    if (d_exact > 0) {
      const double dfy = path[k].fy - path[k - 1].fy, du = path[k].u.x() - path[k - 1].u.x();
      (dfy > 0 ? rising : falling)++;
      if (du * static_cast<double>(a.force) < 0) ++unloading;  // slips forward while u moves back
    }
    // Rounding bound: the law's trial force carries ~eps (|F_n| + kt |du| + fy) from its inputs, plus
    // kt eps |u_k| because the driver forms du from absolute positions (u_k - u_{k-1}); the slip is
    // that over kt, times fy <= 2 N; 16 eps covers the handful of operations.
    const double fy_max = std::max(path[k - 1].fy, path[k].fy);
    const double scale =
        fy_max * (2 * fy_max + kt * (std::abs(path[k].u.x() - path[k - 1].u.x()) + std::abs(path[k].u.x()))) / kt;
    const double err = std::abs((run[k].dissipation - run[k - 1].dissipation) - d_exact);
    // The step's value is read as a difference of the driver's running sums: + 2 eps of the sum.
    EXPECT_LE(err, 16 * eps * scale + 2 * eps * run[k].dissipation) << "step " << k;
    worst = std::max(worst, err / scale);
    // In 50 digits the same law agrees to ~1e-48 of the step's scale (1e-40: ample headroom).
    const oracles::Real hp_err = abs((hp[k].dissipation - hp[k - 1].dissipation) - (exact[k].dissipation - a.dissipation));
    EXPECT_LE(static_cast<double>(hp_err / scale), 1e-40) << "step " << k;
    worst_hp = std::max(worst_hp, static_cast<double>(hp_err / scale));
    worst_yield = std::max(worst_yield, std::abs(run_yield[k].dissipation - run_yield[k - 1].dissipation - d_exact) / scale);
  }
  std::printf("%d of %zu steps start at yield (%d slip with fy rising, %d with fy falling, %d slip forward while the "
              "spring unloads); worst |error|/scale: double %.2e, 50 digits %.2e; yield_times_slip on the same steps "
              "%.2e\n",
              at_yield, path.size() - 1, rising, falling, unloading, worst, worst_hp, worst_yield);
  // The claim is not vacuous: every kind of at-yield step occurs many times.
  EXPECT_GE(rising, 20);
  EXPECT_GE(falling, 20);
  EXPECT_GE(unloading, 5);
  EXPECT_GT(worst_yield, 1e-6);  // yield_times_slip is not exact on these steps
}

TEST(VaryingYield1d, MeanYieldTimesSlipIsWrongOnlyAtStickToSlipStepsAndThereSecondOrder) {
  // (1) Step level, on the random path: a step that starts inside and ends slipping books
  // -t (1 - t) dfy s_step / 2 too much (t: its stick fraction from the oracle's F_n, s_step =
  // (sigma kt du - dfy)/kt), bounded by |dfy| |sigma kt du - dfy|/(8 kt): a product of two
  // increments of the step, O(h^2).
  const double kt = 1e5, eps = std::numeric_limits<double>::epsilon();
  const auto path = random_varying_path<double>(kt);
  const auto exact = oracle_of(path, kt);
  const auto run = drive_law(path, kt, kMean);
  int crossings = 0;
  for (std::size_t k = 1; k < path.size(); ++k) {
    const auto& a = exact[k - 1];
    const double d_exact = static_cast<double>(exact[k].dissipation - a.dissipation);
    if (abs(a.force) == a.fy || d_exact == 0) continue;
    ++crossings;
    const double f = static_cast<double>(exact[k].force), sigma = f > 0 ? 1 : -1;
    const double du = path[k].u.x() - path[k - 1].u.x(), dfy = path[k].fy - path[k - 1].fy;
    const double rate = sigma * kt * du - dfy;
    const double t = (path[k - 1].fy - sigma * static_cast<double>(a.force)) / rate;
    const double predicted = -t * (1 - t) * dfy * (rate / kt) / 2;
    const double measured = (run[k].dissipation - run[k - 1].dissipation) - d_exact;
    const double bound = std::abs(dfy) * rate / (8 * kt);
    std::printf("step %zu: stick fraction %.3f, error %+.4e, predicted %+.4e, bound %.3e\n", k, t, measured, predicted,
                bound);
    // Rounding as in the at-yield test (scale fy (2 fy + kt (|du| + |u|))/kt, fy <= 2 N).
    EXPECT_NEAR(measured, predicted,
                16 * eps * 2 * (4 + kt * (std::abs(du) + std::abs(path[k].u.x()))) / kt + 2 * eps * run[k].dissipation)
        << "step " << k;
    EXPECT_LE(std::abs(predicted), bound * (1 + 1e-12)) << "step " << k;  // t (1 - t) <= 1/4
  }
  EXPECT_GE(crossings, 3);

  // (2) Path level: one leg 0 -> 4 fy0/kt with fy from fy0 to 2 fy0 crosses at leg parameter
  // 1/3; at N = 8, 32, 128, 512 the crossing sits at 2/3 of its step every time, so the error is
  // exactly -(1/2)(2/3)(1/3)(fy0/N)(3 fy0/(kt N)) = -fy0^2/(3 kt N^2): order 2 to rounding.
  const double fy0 = 1;
  std::vector<double> errors;
  for (int n : {8, 32, 128, 512}) {
    std::vector<Waypoint<double>> leg{{0.0, Vec2d::Zero(), fy0}};
    for (int i = 1; i <= n; ++i) leg.push_back({double(i) / n, Vec2d(4 * fy0 / kt * i / n, 0), fy0 * (1 + double(i) / n)});
    const double ex = static_cast<double>(oracle_of(leg, kt).back().dissipation);
    const double err = drive_law(leg, kt, kMean).back().dissipation - ex;
    const double yield_err = drive_law(leg, kt, kYield).back().dissipation - ex;
    std::printf("N=%-4d mean error %+.6e (predicted %+.6e), yield_times_slip error %+.6e\n", n, err,
                -fy0 * fy0 / (3 * kt * n * n), yield_err);
    // 1e-9 relative: the prediction is exact; the measurement carries ~N eps of the total 3e-5 J.
    EXPECT_NEAR(err / (-fy0 * fy0 / (3 * kt * n * n)), 1.0, 1e-9 * n * n) << "N=" << n;
    errors.push_back(err);
  }
  for (std::size_t i = 1; i < errors.size(); ++i) {
    const double order = std::log(errors[i - 1] / errors[i]) / std::log(4.0);
    std::printf("order: %.6f\n", order);
    EXPECT_NEAR(order, 2.0, 1e-3);
  }
}

TEST(VaryingYield1d, StudyCaseErrorsAreTheAlgebrasFirstAndSecondOrderSums) {
  const auto& c = find_case("varying_yield_1d");
  const auto& p = kParams;
  print(c);
  std::vector<algebra::YieldLeg> legs;
  for (const auto& v : varying_yield_vertices(p)) legs.push_back({static_cast<double>(v.u), static_cast<double>(v.fy)});
  for (int n : c.steps()) {
    const auto e = algebra::varying_yield_excess(p.kt, p.fy, legs, n);
    const double my = c.row(n, kYield).dissipation - c.exact, mm = c.row(n, kMean).dissipation - c.exact;
    std::printf("N=%-4d yield_times_slip %+.6e (algebra %+.6e)  mean %+.6e (algebra %+.6e, bound %.3e)\n", n, my,
                e.yield_times_slip, mm, e.mean_yield_times_slip, e.second_order_bound);
    // 1e-12 of the exact value: ~4N steps of double rounding (1e-16 each, N <= 512).
    EXPECT_NEAR(my, e.yield_times_slip, 1e-12 * c.exact) << "N=" << n;
    EXPECT_NEAR(mm, e.mean_yield_times_slip, 1e-12 * c.exact) << "N=" << n;
    EXPECT_LE(std::abs(mm), e.second_order_bound + 1e-12 * c.exact) << "N=" << n;
    EXPECT_LT(std::abs(mm), std::abs(my)) << "N=" << n;
  }
  const auto ns = c.steps();
  const double oy = *c.order(ns[ns.size() - 2], ns.back(), kYield);
  std::printf("yield_times_slip order %.4f\n", oy);
  EXPECT_NEAR(oy, 1.0, 0.05);  // first order; O(1/N) corrections from the crossing steps
}

TEST(ConstantYield, MeanYieldTimesSlipBooksYieldTimesSlipsValueWhereFyIsConstant) {
  for (const char* name : {"hysteresis_1d", "circle_2d"}) {
    const auto& c = find_case(name);
    for (int n : c.steps()) {
      const double a = c.row(n, kYield).dissipation, b = c.row(n, kMean).dissipation;
      std::printf("%-14s N=%-4d mean - yield_times_slip = %.3e\n", name, n, a - b);
      EXPECT_EQ(a, b) << name << " N=" << n;  // (fy + fy)/2 = fy exactly in binary floating point
    }
  }
}

TEST(VaryingNormal2d, MeanYieldTimesSlipIsClosestFromN32) {
  const auto& c = find_case("varying_normal_2d");
  print(c);
  for (int n : c.steps()) {
    if (n < 32) continue;
    for (auto f : {kYield, kCode})
      EXPECT_LT(std::abs(c.row(n, kMean).rel_error), std::abs(c.row(n, f).rel_error)) << "N=" << n;
  }
}

TEST(ObliqueImpact, MeanYieldTimesSlipConvergesAtSecondOrderAndYieldTimesSlipAtFirst) {
  const auto& c = find_case("oblique_impact");
  print(c);
  const auto ns = c.steps();
  for (std::size_t i = 1; i < ns.size(); ++i) {
    const double om = *c.order(ns[i - 1], ns[i], kMean), oy = *c.order(ns[i - 1], ns[i], kYield);
    std::printf("order %d -> %d: mean %.3f, yield_times_slip %.3f\n", ns[i - 1], ns[i], om, oy);
    // Leapfrog and the mean formula are second order (1.8: the stick-to-slip step's phase within dt
    // jitters the constant); yield_times_slip misses dfy s/2 per slipping step: first order, O(1/N)
    // corrections (+-0.05).
    EXPECT_GT(om, 1.8);
    EXPECT_NEAR(oy, 1.0, 0.05);
  }
}

}  // namespace
}  // namespace lawcheck::reports::dissipation_verdict_test
