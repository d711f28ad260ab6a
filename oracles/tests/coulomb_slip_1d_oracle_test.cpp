// Oracle 2 (1D Coulomb slip): the leg-by-leg solution agrees with the closed-form hysteresis loop
// and satisfies the work identity (work = elastic energy + dissipation) to 50-digit rounding; with
// a yield force varying along the path it agrees with the integrated 2D oracle on collinear legs.
#include <random>

#include <gtest/gtest.h>

#include "agreement.hpp"
#include "oracles/coulomb_slip_1d.hpp"
#include "oracles/coulomb_slip_2d.hpp"

namespace lawcheck::oracles::coulomb_slip_1d_oracle_test {
namespace {

using testing::expect_agree;
using testing::kThirtyDigits;

TEST(CoulombSlip1dOracle, HysteresisLoopMatchesTheClosedFormToThirtyDigits) {
  const Real kt("1e5"), fy("1");
  for (const char* a : {"5e-5", "1.3e-5", "1e-3"}) {
    const Real amp(a);
    const Slip1dState s = coulomb_slip_1d(kt, fy, {amp, -amp, amp});
    std::cout << "A = " << a << " (u0 = fy/kt = 1e-5):\n";
    expect_agree("dissipation legs vs fy(A-u0) + 2fy(2A-2u0)", s.dissipation,
                 hysteresis_dissipation(kt, fy, amp), kThirtyDigits);
    expect_agree("final force = fy", s.force, fy, kThirtyDigits);
  }
  // Below u0 nothing slips: the formula (negative there) applies only for A >= u0.
  EXPECT_EQ(coulomb_slip_1d(kt, fy, {Real("5e-6"), Real("-5e-6"), Real("5e-6")}).dissipation, 0);
  EXPECT_EQ(hysteresis_dissipation(kt, fy, Real("5e-6")), 0);
}

TEST(CoulombSlip1dOracle, WorkEqualsElasticEnergyPlusDissipationAlongRandomPaths) {
  // The work is summed from F(u) piece by piece (trapezoids on elastic pieces, rectangles on
  // plastic ones); dissipation is fy times the accumulated slip: two separate routes whose
  // agreement is the energy balance of the law. Deterministic seed: the test is repeatable.
  std::mt19937_64 rng(20240601);
  std::uniform_real_distribution<double> step(-3e-5, 3e-5);
  const Real kt("2.5e5"), fy("1.7");
  std::vector<Real> path;
  Real u = 0;
  for (int i = 0; i < 200; ++i) {
    u += Real(step(rng));
    path.push_back(u);
  }
  const auto history = coulomb_slip_1d_history(kt, fy, path);
  Real worst = 0;
  for (const Slip1dState& s : history) {
    EXPECT_LE(abs(s.force), fy);
    const Real scale = abs(s.work) + fy * fy / kt;  // absolute scale of the energies
    const Real err = abs(s.work - s.elastic - s.dissipation) / scale;
    if (err > worst) worst = err;
    EXPECT_LE(abs(s.force - kt * (s.u - s.plastic)), kThirtyDigits * fy);
  }
  std::cout << "  200 random legs: final dissipation " << to_string(history.back().dissipation, 20)
            << ", worst |W - E - D|/scale " << to_string(worst, 3) << "\n";
  EXPECT_GT(history.back().dissipation, 0);  // the path does slip: the identity is not vacuous
  EXPECT_LE(worst, kThirtyDigits);
}

TEST(CoulombSlip1dOracle, MonotonicPathSlipsOnlyBeyondTheYieldDisplacement) {
  // 0 -> U in one leg or in many: same state (rate independence), slip U - fy/kt.
  const Real kt("1e5"), fy("2"), big("1e-4");
  const Slip1dState one = coulomb_slip_1d(kt, fy, {big});
  std::vector<Real> many;
  for (int i = 1; i <= 37; ++i) many.push_back(big * i / 37);
  const Slip1dState split = coulomb_slip_1d(kt, fy, many);
  expect_agree("slip one leg vs U - fy/kt", one.slip, big - fy / kt, kThirtyDigits);
  expect_agree("dissipation one leg vs 37 legs", one.dissipation, split.dissipation, kThirtyDigits);
  EXPECT_EQ(coulomb_slip_1d(kt, fy, {Real("1e-5")}).slip, 0);
}

// One leg from a given force with u and fy linear in time, as the 2D oracle takes it (collinear
// along x). The 1D oracle starts from F = 0, so the leg is prefixed by the leg that loads it:
// 0 -> u_a at the constant yield force fy_a reaches F_a = kt u_a when |u_a| <= fy_a/kt.
struct VaryingLeg {
  const char* what;
  Real u_a, fy_a, u_b, fy_b;
};

TEST(CoulombSlip1dOracle, VaryingYieldLegsAgreeWithTheIntegrated2dOracle) {
  const Real kt("1e5");  // u0 = fy/kt = 1e-5 m for fy = 1 N
  const VaryingLeg legs[] = {
      {"at yield, fy rising slower than the spring loads", Real("1e-5"), Real(1), Real("3e-5"), Real("1.5")},
      {"at yield, fy falling while loading", Real("1e-5"), Real(1), Real("2e-5"), Real("0.4")},
      {"at yield, fy rising faster than the spring loads: sticks", Real("1e-5"), Real(1), Real("1.5e-5"), Real(2)},
      {"at yield, spring unloads, fy falls faster: slips forward", Real("1e-5"), Real(1), Real("0.5e-5"), Real("0.3")},
      {"at yield, spring unloads, fy falls slower: sticks", Real("1e-5"), Real(1), Real("0.2e-5"), Real("0.5")},
      {"inside, crosses to slip mid-leg with fy rising", Real("0.2e-5"), Real(1), Real("4e-5"), Real(2)},
      {"inside, crosses to the opposite side with fy falling", Real("0.5e-5"), Real(1), Real("-3e-5"), Real("0.6")},
      {"no motion, fy falling below the force", Real("0.8e-5"), Real(1), Real("0.8e-5"), Real("0.5")},
  };
  for (const VaryingLeg& l : legs) {
    std::cout << l.what << ":\n";
    // The 1D oracle: load 0 -> u_a at fy_a (elastic or at yield), then the varying leg.
    const auto hist = coulomb_slip_1d_history(kt, l.fy_a, {YieldVertex{l.u_a, l.fy_a}, YieldVertex{l.u_b, l.fy_b}});
    const Slip1dState& a = hist[1];
    const Slip1dState& b = hist[2];
    // The 2D oracle integrates the same leg (t in [0, 1]) from F_a.
    Path2d path = [&](const Real& t) {
      return PathPoint{{l.u_a + t * (l.u_b - l.u_a), Real(0)}, {l.u_b - l.u_a, Real(0)},
                       l.fy_a + t * (l.fy_b - l.fy_a), l.fy_b - l.fy_a};
    };
    Slip2dOptions o;
    o.tolerance = Real("1e-22");
    o.initial_force = {a.force, Real(0)};
    const Slip2dResult r = coulomb_slip_2d(path, kt, Real(0), Real(1), o);
    // The integrated oracle's accuracy (its own self-test bound): steps * tol / 100 + tol,
    // relative to the energy scale fy^2/kt of the leg.
    const Real scale = l.fy_a * l.fy_a / kt + l.fy_b * l.fy_b / kt;
    const Real allowed = (Real(r.steps) / 100 + 1) * o.tolerance;
    const Real d_leg = b.dissipation - a.dissipation, w_leg = b.work - a.work;
    std::cout << "  dissipation 1D " << to_string(d_leg, 25) << " vs 2D " << to_string(r.dissipation, 25)
              << "; force " << to_string(b.force, 20) << " vs " << to_string(r.force[0], 20) << "\n";
    EXPECT_LE(abs(d_leg - r.dissipation) / scale, allowed) << l.what;
    EXPECT_LE(abs(w_leg - r.work) / scale, allowed) << l.what;
    EXPECT_LE(abs(b.force - r.force[0]) / l.fy_b, allowed) << l.what;
  }
}

TEST(CoulombSlip1dOracle, VaryingYieldStepFromYieldDissipatesTheMeanYieldForceTimesTheSlip) {
  // The closed form of a leg that starts at yield and slips throughout (header): with the trial
  // force ft = fy_a + kt du, D = (fy_a + fy_b)/2 (ft - fy_b)/kt, written here from the trial force
  // rather than the oracle's rates; it must hold for any dfy that keeps the leg slipping,
  // including a spring that unloads while fy falls faster.
  const Real kt("2e5"), fy_a("1.3");
  const Real u_a = fy_a / kt;  // the loading leg ends exactly at yield
  int slipping = 0;
  for (const char* du_s : {"2e-6", "-1e-6", "0", "7e-6"})
    for (const char* dfy_s : {"0.3", "-0.9", "0", "-0.05", "1.6"}) {
      const Real du(du_s), dfy(dfy_s);
      const auto h = coulomb_slip_1d_history(kt, fy_a, {YieldVertex{u_a, fy_a}, YieldVertex{u_a + du, fy_a + dfy}});
      const Real ft = fy_a + kt * du, fy_b = fy_a + dfy;
      const Real expected = ft > fy_b ? (fy_a + fy_b) / 2 * (ft - fy_b) / kt : Real(0);
      if (ft > fy_b) ++slipping;
      std::cout << "  du " << du_s << " dfy " << dfy_s << ": D " << to_string(h[2].dissipation - h[1].dissipation, 20)
                << " closed form " << to_string(expected, 20) << "\n";
      EXPECT_LE(abs(h[2].dissipation - h[1].dissipation - expected), kThirtyDigits * fy_a * fy_a / kt);
      EXPECT_EQ(h[1].dissipation, 0);
    }
  EXPECT_GE(slipping, 8);  // the identity is not vacuous
}

TEST(CoulombSlip1dOracle, VaryingYieldPathIsRateIndependentAndKeepsTheWorkIdentity) {
  // One leg with fy linear along it equals the same leg cut into 37 sub-legs with fy interpolated
  // (rate independence of the continuous law), and random paths with random vertex yield forces
  // keep work = elastic + dissipation (two routes: F(u) pieces vs fy-weighted slip).
  const Real kt("1e5"), fy0("1");
  const std::vector<YieldVertex> one{{Real("3e-5"), Real("2.5")}, {Real("-2e-5"), Real("0.4")}};
  std::vector<YieldVertex> many;
  YieldVertex from{Real(0), fy0};
  for (const YieldVertex& to : one) {
    for (int i = 1; i <= 37; ++i)
      many.push_back({from.u + (to.u - from.u) * i / 37, from.fy + (to.fy - from.fy) * i / 37});
    from = to;
  }
  const Slip1dState a = coulomb_slip_1d(kt, fy0, one), b = coulomb_slip_1d(kt, fy0, many);
  expect_agree("dissipation 2 legs vs 74 sub-legs", a.dissipation, b.dissipation, kThirtyDigits);
  expect_agree("force 2 legs vs 74 sub-legs", a.force, b.force, kThirtyDigits);

  std::mt19937_64 rng(20240613);
  std::uniform_real_distribution<double> step(-3e-5, 3e-5), yield(0.2, 2.0);
  std::vector<YieldVertex> path;
  Real u = 0;
  for (int i = 0; i < 200; ++i) {
    u += Real(step(rng));
    path.push_back({u, Real(yield(rng))});
  }
  Real worst = 0;
  for (const Slip1dState& s : coulomb_slip_1d_history(kt, fy0, path)) {
    EXPECT_LE(abs(s.force), s.fy * (1 + kThirtyDigits));
    const Real err = abs(s.work - s.elastic - s.dissipation) / (abs(s.work) + Real(4) / kt);  // 4/kt: (2 N)^2/kt
    if (err > worst) worst = err;
  }
  std::cout << "  200 random legs with random yield forces: worst |W - E - D|/scale " << to_string(worst, 3) << "\n";
  EXPECT_LE(worst, kThirtyDigits);
}

TEST(CoulombSlip1dOracle, BadInputThrowsNamingTheField) {
  EXPECT_THROW(coulomb_slip_1d(Real(-1), Real(1), {Real(1)}), std::invalid_argument);
  EXPECT_THROW(coulomb_slip_1d(Real(1), Real(-1), {Real(1)}), std::invalid_argument);
  EXPECT_THROW(hysteresis_dissipation(Real(1), Real(1), Real(-1)), std::invalid_argument);
  EXPECT_THROW(coulomb_slip_1d(Real(1), Real(1), {YieldVertex{Real(1), Real(-1)}}), std::invalid_argument);
}

}  // namespace
}  // namespace lawcheck::oracles::coulomb_slip_1d_oracle_test
