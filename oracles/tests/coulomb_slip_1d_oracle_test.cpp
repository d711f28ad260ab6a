// Oracle 2 (1D Coulomb slip): the leg-by-leg solution agrees with the closed-form hysteresis loop
// and satisfies the work identity (work = elastic energy + dissipation) to 50-digit rounding.
#include <random>

#include <gtest/gtest.h>

#include "agreement.hpp"
#include "oracles/coulomb_slip_1d.hpp"

namespace lawcheck::oracles {
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

TEST(CoulombSlip1dOracle, BadInputThrowsNamingTheField) {
  EXPECT_THROW(coulomb_slip_1d(Real(-1), Real(1), {Real(1)}), std::invalid_argument);
  EXPECT_THROW(coulomb_slip_1d(Real(1), Real(-1), {Real(1)}), std::invalid_argument);
  EXPECT_THROW(hysteresis_dissipation(Real(1), Real(1), Real(-1)), std::invalid_argument);
}

}  // namespace
}  // namespace lawcheck::oracles
