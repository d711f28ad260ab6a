// The leapfrog + contact loop on the two simplest dynamic cases: a head-on collision and settling.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

#include <boost/math/constants/constants.hpp>

#include "dynamics/simulation.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::dynamics_collision_test {
namespace {

using Sim = Simulation<LinearCoulombLaw<double>>;
const double pi = boost::math::constants::pi<double>();

// E = 10 MPa, rho = 2600, r = 1 cm: kn = pi E r / 2 = 1.57e5 N/m (radius rules), m = 10.9 g.
constexpr double kYoung = 1e7, kDensity = 2600, kRadius = 0.01;
const FrictMat kMat{kYoung, 0.2, 0.5, kDensity};

double sphere_mass() { return 4.0 / 3.0 * pi * std::pow(kRadius, 3) * kDensity; }

struct CollisionRun {
  double max_rel_energy_dev = 0;
  double max_rel_momentum_dev = 0;
  std::size_t contact_steps = 0;
};

// Sphere 1 moves at v towards sphere 2 at rest along x; the initial gap puts the contact onset
// at fraction `phase` of a step. Runs until the spheres have separated for good.
CollisionRun frontal_collision(double dt, double phase) {
  Sim sim;
  sim.add_material(kMat);
  const double v = 0.1;
  const double gap = v * dt * (3 + phase);
  sim.add_particle({Sphere{kRadius}, {Vec3d(0, 0, 0)}, {Vec3d(v, 0, 0)}});
  sim.add_particle({Sphere{kRadius}, {Vec3d(2 * kRadius + gap, 0, 0)}, {}});
  sim.set_dt(dt);
  const double m = sphere_mass();
  const double p0 = m * v;
  const double e0 = m * v * v / 2;
  // Contact lasts half a period of the relative oscillator: pi / sqrt(2 kn / m).
  const double kn = pi * kYoung * kRadius / 2;
  const double contact_time = pi / std::sqrt(2 * kn / m);
  const auto steps = static_cast<std::size_t>((gap / v + 2 * contact_time) / dt) + 10;
  CollisionRun out;
  for (std::size_t s = 0; s < steps; ++s) {
    sim.step(1, true);
    const auto& P = sim.particles();
    const double p = m * P.vel[0].x() + m * P.vel[1].x();
    out.max_rel_momentum_dev = std::max(out.max_rel_momentum_dev, std::abs(p - p0) / p0);
    out.max_rel_energy_dev = std::max(out.max_rel_energy_dev, std::abs(sim.energy().total() - e0) / e0);
    out.contact_steps += sim.contact_count();
  }
  EXPECT_EQ(sim.contact_count(), 0u) << "the spheres must have separated";
  return out;
}

TEST(Dynamics, FrontalElasticCollisionConservesMomentumAndItsEnergyErrorIsSecondOrderInDt) {
  // kn dt^2 / m_eff at the coarsest dt: 2 * 1.57e5 * (2e-5)^2 / 1.09e-2 = 0.012, i.e. ~30 steps
  // per contact: coarse enough to see the error, fine enough to be in the asymptotic range.
  const double dt0 = 2e-5;
  const std::vector<double> phases = {0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95};
  std::vector<double> dts, max_err, mean_err;
  double worst_momentum = 0;
  for (int level = 0; level < 3; ++level) {
    const double dt = dt0 / std::pow(2.0, level);
    double mx = 0, sum = 0;
    for (double ph : phases) {
      const CollisionRun r = frontal_collision(dt, ph);
      std::printf("dt = %.3e  phase = %.2f  contact steps = %4zu  max |dE|/E0 = %.4e  max |dp|/p0 = %.2e\n",
                  dt, ph, r.contact_steps, r.max_rel_energy_dev, r.max_rel_momentum_dev);
      mx = std::max(mx, r.max_rel_energy_dev);
      sum += r.max_rel_energy_dev;
      worst_momentum = std::max(worst_momentum, r.max_rel_momentum_dev);
    }
    dts.push_back(dt);
    max_err.push_back(mx);
    mean_err.push_back(sum / static_cast<double>(phases.size()));
  }
  // Least-squares slope of log(error) against log(dt) over the three levels.
  auto fit_order = [&](const std::vector<double>& err) {
    double mx = 0, my = 0;
    for (std::size_t k = 0; k < 3; ++k) {
      mx += std::log(dts[k]) / 3;
      my += std::log(err[k]) / 3;
    }
    double sxy = 0, sxx = 0;
    for (std::size_t k = 0; k < 3; ++k) {
      sxy += (std::log(dts[k]) - mx) * (std::log(err[k]) - my);
      sxx += (std::log(dts[k]) - mx) * (std::log(dts[k]) - mx);
    }
    return sxy / sxx;
  };
  const double order_max = fit_order(max_err), order_mean = fit_order(mean_err);
  for (std::size_t k = 0; k < 3; ++k)
    std::printf("dt = %.3e  max over phases = %.4e  mean over phases = %.4e\n", dts[k], max_err[k], mean_err[k]);
  std::printf("fitted order: max %.3f, mean %.3f; worst momentum deviation %.2e\n", order_max, order_mean,
              worst_momentum);
  // Momentum: the pair forces are equal and opposite, so only rounding of m v + dt F changes the
  // sum: ~1e-16 per step over ~1e3 steps is ~1e-14, two decades under the bound of 1e-12.
  EXPECT_LT(worst_momentum, 1e-12);
  // Energy: leapfrog with the product-form kinetic energy is exact for a linear spring; the only
  // error is the trapezoid error of the kinks at onset/release, O(kn dx^2) = O(dt^2)
  // (dynamics/energy_ledger.hpp). A fitted order >= 1.7 tells second order from first.
  EXPECT_GE(order_max, 1.7);
  EXPECT_GE(order_mean, 1.7);
}

TEST(Dynamics, SphereDroppedOnAWallWithLightDampingSettlesToNormalForceMg) {
  Sim sim;
  sim.add_material(kMat);
  const auto wall = sim.add_particle({Wall{2, 1}, {Vec3d::Zero()}, {}, 0, dof::all});
  const auto ball = sim.add_particle({Sphere{kRadius}, {Vec3d(0, 0, kRadius + 1e-3)}, {}});
  const double g = 9.81;
  sim.set_gravity(Vec3d(0, 0, -g));
  sim.set_damping(0.1);
  sim.set_dt(5e-5);  // ~33 steps per period of the sphere on its contact spring
  const double mg = sphere_mass() * g;
  double worst_late = 0;
  const std::size_t steps = 30000, tail = 1000;
  for (std::size_t s = 0; s < steps; ++s) {
    sim.step();
    if (s >= steps - tail) {
      const double fn = -sim.particles().force[wall].z();  // the wall's reaction is -Fn
      worst_late = std::max(worst_late, std::abs(fn - mg) / mg);
    }
  }
  const double fn = -sim.particles().force[wall].z();
  std::printf("m g = %.15e N, Fn = %.15e N, rel. diff %.3e; worst over the last %zu steps %.3e; "
              "v = %.3e m/s, contacts = %zu\n",
              mg, fn, std::abs(fn - mg) / mg, tail, worst_late, sim.particles().vel[ball].norm(),
              sim.contact_count());
  ASSERT_EQ(sim.contact_count(), 1u);
  // 1e-9: local damping scales with the unbalanced force, so the residual decays
  // geometrically down to rounding: uN = -6.8e-7 m is resolved to ulp(z = 1 cm) = 1.7e-18 m,
  // i.e. 3e-12 of Fn -- the 1e-9 bound is met with two decades to spare, not tuned.
  EXPECT_LT(worst_late, 1e-9);
}

TEST(Dynamics, EnergyLedgerWithLocalDampingBalancesToRoundingWhileTheContactNeverOpens) {
  // A sphere resting on a wall, released from 1.5x its equilibrium overlap with no velocity: it
  // oscillates between 1.5 and 0.5 uN_eq, so the contact force stays linear (no kink). The
  // ledger's identities (dynamics/energy_ledger.hpp) are then exact: the trapezoid is exact for
  // the spring and gravity, and the damping half-step split books exactly what damping removes
  // from the product-form kinetic energy. What remains is rounding.
  for (double damping : {0.0, 0.1}) {
    Sim sim;
    sim.add_material(kMat);
    sim.add_particle({Wall{2, 1}, {Vec3d::Zero()}, {}, 0, dof::all});
    const double g = 9.81, kn = pi * kYoung * kRadius / 2;
    const double uN_eq = -sphere_mass() * g / kn;
    sim.add_particle({Sphere{kRadius}, {Vec3d(0, 0, kRadius + 1.5 * uN_eq)}, {}});
    sim.set_gravity(Vec3d(0, 0, -g));
    sim.set_damping(damping);
    sim.set_dt(5e-5);
    const std::size_t steps = 10000;
    double worst = 0;
    for (std::size_t s = 0; s < steps; ++s) {
      sim.step(1, true);
      worst = std::max(worst, std::abs(sim.energy().total() - sim.energy().reference_total));
      ASSERT_EQ(sim.contact_count(), 1u) << "the contact opened at step " << s;
    }
    const EnergyLedger& e = sim.energy();
    std::printf("damping %.1f: kinetic %.4e, gravity %.6e, elastic %.6e, damping dissipated %.4e J; "
                "worst |total - total_0| = %.3e J, scale %.3e J\n",
                damping, e.kinetic(), e.gravity_potential, e.elastic, e.damping, worst, e.scale);
    if (damping > 0) {
      // The oscillation energy 1/2 kn (uN_eq/2)^2 = 9e-9 J must mostly be gone into damping.
      EXPECT_GT(e.damping, 0.5 * kn * uN_eq * uN_eq / 8);
    }
    // Rounding only: every term is recomputed each step within a few ulps of the scale (the
    // gravity potential, ~1e-3 J, dominates), and the damping sum accumulates one rounding per
    // step: (10 + steps) ulps of the scale bounds it.
    EXPECT_LT(worst, (10.0 + static_cast<double>(steps)) * 2.2e-16 * e.scale);
  }
}

// The leapfrog's orientation update, q_{n+1} = exp(dt w / 2) q_n (dynamics/leapfrog.hpp): a sphere
// spinning freely (no contact, no gravity, no damping) keeps w, so after N steps its orientation
// is the closed form AngleAxis(N dt |w|, w/|w|) q_0. Two rates: 0.01 rad per step (the Taylor
// polynomials of rotation_by) and 0.2 rad per step (std::sin and std::cos). Tolerance: each step
// rounds the rotation and the product a few ulp (~1e-16), so 1000 steps stay below
// 1000 * 5 * 1.1e-16 = 5.5e-13 even if every rounding adds up: 1e-12. A wrong angle or a dropped
// polynomial term (c = 1 - t/2 alone errs by t^2/24 = 2.6e-11 per step) fails it.
TEST(Dynamics, AFreelySpinningSphereTurnsByItsAngularVelocityTimesTheTime) {
  const Vec3d axis = Vec3d(1, 2, 3).normalized();
  const Quatd q0(Eigen::AngleAxisd(0.7, Vec3d(0, 1, 1).normalized()));
  constexpr double dt = 1e-4;
  constexpr int steps = 1000;
  for (const double per_step : {0.01, 0.2}) {
    Sim sim;
    sim.add_material(kMat);
    sim.add_particle({Sphere{kRadius}, {Vec3d::Zero(), q0}, {Vec3d::Zero(), per_step / dt * axis}});
    sim.set_dt(dt);
    sim.step(steps);
    const Quatd expected = Quatd(Eigen::AngleAxisd(steps * per_step, axis)) * q0;
    const Quatd& q = sim.particles().ori[0];
    const double error = (q.coeffs() - expected.coeffs()).cwiseAbs().maxCoeff();
    std::printf("%.2f rad per step, %d steps: largest component error %.3g\n", per_step, steps, error);
    EXPECT_LT(error, 1e-12);
    EXPECT_EQ(sim.particles().ang_vel[0], (per_step / dt * axis).eval());  // no torque: w is kept
  }
}

TEST(Dynamics, UprightCapsuleOnAWallSettlesToItsWeight) {
  // Capsule r = 1 cm, shaft 3 cm, standing on its cap (body x turned to global z), rotations
  // blocked. Its weight from the closed-form volume pi r^2 L + 4/3 pi r^3 checks the capsule's
  // mass, and the capsule-wall pair goes through the generic (contact_point) batch.
  Sim sim;
  sim.add_material(kMat);
  const auto wall = sim.add_particle({Wall{2, 1}, {Vec3d::Zero()}, {}, 0, dof::all});
  const double r = kRadius, len = 0.03, g = 9.81;
  const Quatd up(Eigen::AngleAxisd(std::numbers::pi / 2, -Vec3d::UnitY()));  // body x axis -> global z
  sim.add_particle({Capsule{r, len}, {Vec3d(0, 0, len / 2 + r + 2e-4), up}, {}, 0, dof::rotations});
  sim.set_gravity(Vec3d(0, 0, -g));
  sim.set_damping(0.1);
  sim.set_dt(5e-5);
  sim.step(30000);
  const double weight = (pi * r * r * len + 4.0 / 3.0 * pi * r * r * r) * kDensity * g;
  const double fn = -sim.particles().force[wall].z();
  std::printf("weight %.15e N, Fn %.15e N, rel. diff %.3e, contacts %zu (generic batch %zu)\n", weight, fn,
              std::abs(fn - weight) / weight, sim.contact_count(), sim.other_contacts().size());
  ASSERT_EQ(sim.other_contacts().size(), 1u);
  // Same argument as for the sphere: geometric decay of the residual down to rounding; the
  // weight is a few roundings of the closed form, 1e-9 is far above both.
  EXPECT_LT(std::abs(fn - weight) / weight, 1e-9);
}

}  // namespace
}  // namespace lawcheck::dynamics_collision_test
