// Oracle 4 (dynamic sliding): friction work equals the energy balance, the piecewise trajectory
// conserves energy + dissipation and satisfies Newton's law (checked by 50-digit finite
// differences), and the free sphere splits into a conserved rolling part and a slip part.
#include <gtest/gtest.h>

#include "agreement.hpp"
#include "oracles/dynamic_sliding.hpp"

namespace lawcheck::oracles::dynamic_sliding_oracle_test {
namespace {

using testing::expect_agree;
using testing::kThirtyDigits;

const SlidingInput kSlider{Real("0.01"), Real("0.3"), Real("1e4"), Real("0.5")};

TEST(DynamicSlidingOracle, FrictionWorkEqualsKineticEnergyMinusFinalElasticEnergy) {
  const SlidingResult r = dynamic_sliding(kSlider);
  ASSERT_TRUE(r.slips);
  std::cout << "  stop time " << to_string(r.stop_time, 30) << ", slip " << to_string(r.slip_distance, 30) << "\n";
  const Real m = kSlider.mass, v0 = kSlider.v0, kt = kSlider.kt, fy = kSlider.fy;
  // Route 1: fy * slip distance (in the oracle). Route 2: energy balance.
  expect_agree("dissipation", r.dissipation, m * v0 * v0 / 2 - fy * fy / (2 * kt), kThirtyDigits);
  expect_agree("final elastic energy", r.final_elastic, fy * fy / (2 * kt), kThirtyDigits);
  const SlidingState at_stop = dynamic_sliding_state(kSlider, r.stop_time);
  expect_agree("velocity at the stop is 0 (|v|/v0 + 1 vs 1)", abs(at_stop.v) / v0 + 1, Real(1), kThirtyDigits);
  expect_agree("force at the stop is -fy", at_stop.force, -fy, kThirtyDigits);
}

TEST(DynamicSlidingOracle, TrajectoryConservesEnergyPlusDissipationAndNeverExceedsTheLimit) {
  const SlidingResult r = dynamic_sliding(kSlider);
  const Real e0 = kSlider.mass * kSlider.v0 * kSlider.v0 / 2;
  Real worst = 0;
  for (int i = 0; i <= 400; ++i) {
    const Real t = 3 * r.stop_time * i / 400;
    const SlidingState s = dynamic_sliding_state(kSlider, t);
    EXPECT_LE(abs(s.force), kSlider.fy * (1 + kThirtyDigits));
    const Real err = abs(s.kinetic + s.elastic + s.dissipated - e0) / e0;
    if (err > worst) worst = err;
  }
  std::cout << "  worst |kinetic + elastic + dissipated - m v0^2/2| / (m v0^2/2) over 3 stop times: "
            << to_string(worst, 3) << "\n";
  EXPECT_LE(worst, kThirtyDigits);
}

TEST(DynamicSlidingOracle, TrajectorySatisfiesNewtonsLawByFiftyDigitFiniteDifferences) {
  // Central differences with h = 1e-17 T: truncation ~h^2 ~ 1e-34 relative, rounding
  // ~1e-50/1e-17 = 1e-33; so dx/dt = v and m dv/dt = F must hold to ~1e-32: 30 digits asserted.
  const SlidingResult r = dynamic_sliding(kSlider);
  const Real h = r.stop_time * Real("1e-17");
  const Real vscale = kSlider.v0, fscale = kSlider.fy;
  // One time inside each phase: stick, slip, elastic oscillation after the stop.
  for (const Real& t : {r.slip_start / 2, (r.slip_start + r.stop_time) / 2, r.stop_time * Real("1.7")}) {
    const SlidingState a = dynamic_sliding_state(kSlider, t - h);
    const SlidingState b = dynamic_sliding_state(kSlider, t + h);
    const SlidingState s = dynamic_sliding_state(kSlider, t);
    const Real dv = abs((b.x - a.x) / (2 * h) - s.v) / vscale;
    const Real df = abs(kSlider.mass * (b.v - a.v) / (2 * h) - s.force) / fscale;
    std::cout << "  t = " << to_string(t, 6) << ": |dx/dt - v|/v0 " << to_string(dv, 2)
              << ", |m dv/dt - F|/fy " << to_string(df, 2) << "\n";
    EXPECT_LE(dv, kThirtyDigits);
    EXPECT_LE(df, kThirtyDigits);
  }
}

TEST(DynamicSlidingOracle, SliderBelowTheLimitNeverSlipsAndDissipatesNothing) {
  const SlidingInput slow{Real("0.01"), Real("0.01"), Real("1e4"), Real("0.5")};  // v0 sqrt(kt m) = 0.1 < fy
  const SlidingResult r = dynamic_sliding(slow);
  EXPECT_FALSE(r.slips);
  EXPECT_EQ(r.dissipation, 0);
  const SlidingState s = dynamic_sliding_state(slow, r.stop_time * 7);
  expect_agree("energy after 7 quarter periods", s.kinetic + s.elastic, slow.mass * slow.v0 * slow.v0 / 2,
               kThirtyDigits);
}

TEST(RollingSphereOracle, SplitsIntoConservedRollingEnergyAndDissipatedSlipEnergy) {
  const RollingInput in{Real("0.01"), Real("0.005"), Real("0.4"), Real("0.3"), Real("1e4"), Real("0.2")};
  const RollingResult r = rolling_sphere(in);
  ASSERT_TRUE(r.slip.slips);
  const Real m = in.mass, v0 = in.v0, rad = in.radius;
  const Real inertia = in.inertia_factor * m * rad * rad;
  expect_agree("effective mass 2m/7", r.effective_mass, 2 * m / 7, kThirtyDigits);
  expect_agree("rolling velocity 5 v0/7", r.rolling_velocity, 5 * v0 / 7, kThirtyDigits);
  expect_agree("rolling energy 5/14 m v0^2", r.rolling_energy, 5 * m * v0 * v0 / 14, kThirtyDigits);
  expect_agree("dissipation m v0^2/7 - fy^2/(2 kt)", r.dissipation,
               m * v0 * v0 / 7 - in.fy * in.fy / (2 * in.kt), kThirtyDigits);
  // At the stop the sphere rolls exactly: v = v_roll, r omega = v_roll.
  const RollingState stop = rolling_sphere_state(in, r.slip.stop_time);
  expect_agree("v at stop", stop.v, r.rolling_velocity, kThirtyDigits);
  expect_agree("r omega at stop", rad * stop.spin, r.rolling_velocity, kThirtyDigits);
  // At all times: angular momentum about the contact line m v r + I omega = m v0 r, and the
  // energy balance; two invariants the closed form does not impose directly.
  Real worst_l = 0, worst_e = 0;
  for (int i = 0; i <= 300; ++i) {
    const Real t = 3 * r.slip.stop_time * i / 300;
    const RollingState s = rolling_sphere_state(in, t);
    worst_l = std::max(worst_l, relative_difference(m * s.v * rad + inertia * s.spin, m * v0 * rad));
    worst_e = std::max(worst_e, relative_difference(s.kinetic + s.elastic + s.dissipated, m * v0 * v0 / 2));
  }
  std::cout << "  worst angular momentum error " << to_string(worst_l, 3) << ", energy error "
            << to_string(worst_e, 3) << "\n";
  EXPECT_LE(worst_l, kThirtyDigits);
  EXPECT_LE(worst_e, kThirtyDigits);
}

TEST(DynamicSlidingOracle, BadInputThrows) {
  EXPECT_THROW(dynamic_sliding({Real(0), Real(1), Real(1), Real(1)}), std::invalid_argument);
  EXPECT_THROW(dynamic_sliding({Real(1), Real(1), Real(1), Real(-1)}), std::invalid_argument);
  EXPECT_THROW(dynamic_sliding_state(kSlider, Real(-1)), std::invalid_argument);
}

}  // namespace
}  // namespace lawcheck::oracles::dynamic_sliding_oracle_test
