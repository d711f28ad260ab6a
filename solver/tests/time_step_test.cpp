// The damped stable limit of dynamics/time_step.hpp, stepped by the solver's own leapfrog: one
// sphere on a spring k and a damper c whose force, as a law's, takes the velocity the solver has
// at t_n, v_{n-1/2}. Just below the limit the motion stays bounded (it decays with damping), just
// above it grows: the limit is where the derivation puts it, not merely below it.

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>

#include "dynamics/energy_ledger.hpp"
#include "dynamics/leapfrog.hpp"
#include "dynamics/particles.hpp"
#include "dynamics/time_step.hpp"

namespace lawcheck {
namespace time_step_test {

struct Amplitudes {
  double early;  // largest |x| over the first 100 steps
  double late;   // largest |x| over the last 1000 of 20 000 steps
};

// x'' m = -k x - c v_{n-1/2}, from x_0 = 1e-3 m at rest, through leapfrog_step.
Amplitudes spring_and_damper(double k, double c, double dt) {
  Particles p;
  ParticleSpec s;
  s.shape = Sphere{0.01};
  s.pose.pos = Vec3d(1e-3, 0, 0);
  p.add(s, 1, 2500);
  LeapfrogScratch scratch;
  EnergyLedger ledger;
  Amplitudes r{0, 0};
  constexpr int steps = 20'000;
  for (int n = 0; n < steps; ++n) {
    p.force[0] = Vec3d(-k * p.pos[0].x() - c * p.vel[0].x(), 0, 0);
    leapfrog_step<false>(p, LeapfrogParams{Vec3d::Zero(), 0, dt}, ledger, static_cast<std::uint64_t>(n), scratch);
    const double x = std::abs(p.pos[0].x());
    if (n < 100) r.early = std::max(r.early, x);
    if (n >= steps - 1000) r.late = std::max(r.late, x);
    if (!(x < 1e100)) {  // grown beyond doubt; stop before the state overflows
      r.late = x;
      break;
    }
  }
  return r;
}

TEST(TimeStep, DampedSpringIsStableJustBelowTheDerivedLimitAndGrowsJustAboveIt) {
  const double m = 4.0 / 3.0 * 3.14159265358979323846 * 1e-6 * 2500;  // the sphere above [kg]
  const double k = 1e5;
  for (const double zeta : {0.0, 0.1, 0.5, 2.0, 10.0}) {
    const double c = 2 * zeta * std::sqrt(k * m);
    const double limit = oscillator_dt(m, k, c);
    // The closed form of the header, (2/omega)(sqrt(1 + zeta^2) - zeta), to rounding (a few ulps
    // of each operation: 1e-14 relative).
    const double omega = std::sqrt(k / m);
    EXPECT_NEAR(limit, 2 / omega * (std::sqrt(1 + zeta * zeta) - zeta), 1e-14 * limit);
    const Amplitudes below = spring_and_damper(k, c, 0.999 * limit);
    const Amplitudes above = spring_and_damper(k, c, 1.001 * limit);
    std::printf("zeta %5.1f: limit %.6e s; at 0.999 limit max|x| early %.3e late %.3e; at 1.001 limit late %.3e\n",
                zeta, limit, below.early, below.late, above.late);
    // Below: bounded by its first oscillations (|eigenvalues| <= 1; equality without damping).
    // Without damping x_n = A cos(n theta + phi) with theta = pi - 0.063 near the limit
    // (cos theta = 1 - (omega dt)^2 / 2): the samples alternate in sign under an envelope whose
    // phase moves 0.063 rad a step, so the first 100 steps come within 0.032 rad of its peak and
    // their largest |x| is at least A cos(0.032) > 0.999 A. Hence late <= early / 0.999.
    EXPECT_LE(below.late, below.early / 0.999) << "zeta " << zeta;
    // Above: an eigenvalue beyond -1 (by ~sqrt(0.002) per step at zeta = 0, less with damping),
    // so 20 000 steps grow the amplitude by far more than 1e6.
    EXPECT_GT(above.late, 1e6 * below.early) << "zeta " << zeta;
  }
}

TEST(TimeStep, PerParticleEstimateOfTwoEqualSpheresOnOneSpringAndDamperIsTheOscillatorLimit) {
  // Two equal free spheres joined by a normal spring and damper: the relative motion is one
  // oscillator of the reduced mass m/2, which the per-particle estimate (2 K/m, 2 C/m) reproduces.
  const double m = 0.01, inertia = 1e-7, k = 3e4, c = 5;
  ParticleStiffness load;
  load.add(ContactStiffness{k, 0, 0, 0, c});
  EXPECT_NEAR(particle_dt(m, inertia, load), oscillator_dt(m / 2, k, c), 1e-15 * oscillator_dt(m / 2, k, c));
  // A damper alone: dt < 2 (m/2) / c.
  ParticleStiffness damper;
  damper.add(ContactStiffness{0, 0, 0, 0, c});
  EXPECT_NEAR(particle_dt(m, inertia, damper), m / c, 1e-15 * m / c);
  // Nothing on it: no limit.
  EXPECT_TRUE(std::isinf(particle_dt(m, inertia, ParticleStiffness{})));
}

}  // namespace time_step_test
}  // namespace lawcheck
