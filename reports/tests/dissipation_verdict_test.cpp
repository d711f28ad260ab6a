// Verdict tests of the dissipation study (issue 5): each formula's error on each case behaves as
// the report's algebra predicts (reports/study/dissipation_algebra.hpp: its size at each N and its
// order), and the study's decision is the solver's default. A change to the law, the formulas or
// the default that breaks the decision fails here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>

#include <boost/math/constants/constants.hpp>

#include "laws/linear_coulomb_law.hpp"
#include "oracles/coulomb_slip_2d.hpp"
#include "study/dissipation_algebra.hpp"
#include "study/dissipation_study.hpp"
#include "study/slider_case.hpp"

namespace lawcheck::reports {
namespace {

constexpr auto kYield = PlasticDissipation::yield_times_slip;
constexpr auto kCode = PlasticDissipation::code_split;
constexpr auto kElastic = PlasticDissipation::elastic_difference;

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
                 : n == "varying_normal_2d" ? run_varying_normal_2d(kParams)
                 : n == "slider_dynamic"    ? run_slider_dynamic()
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

TEST(VaryingNormal2d, YieldTimesSlipIsClosestAndAllFormulasAreFirstOrder) {
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

}  // namespace
}  // namespace lawcheck::reports
