// LinEl6 in the full solver: two free spheres joined by a noBreak LinEl6
// contact, spinning and oscillating in all six local DoFs, through Simulation's contact loop and
// leapfrog; and the stable time step counting the rotational stiffnesses.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <boost/math/constants/constants.hpp>

#include "dynamics/simulation.hpp"
#include "laws/linel6_law.hpp"

namespace lawcheck::dynamics_linel6_test {
namespace {

using Law = LinEl6Law<double>;
using Sim = Simulation<Law>;
const double pi = boost::math::constants::pi<double>();

// Unequal spheres (r = 1 cm and 8 mm, E = 10 MPa, rho = 2600, ktDivKn = 0.3): with the default
// radius rules kn = E pi r2^2 / (r1 + r2) = 1.12e5 N/m; m = 10.9 g and 5.6 g.
constexpr double kYoung = 1e7, kDensity = 2600, kKtDivKn = 0.3, kR1 = 0.01, kR2 = 0.008, kOverlap = 2e-6;

struct PairSpec {
  double char_len = 0.008;  // l ~ r: rotational and translational frequencies of the same order
  double spin = 50;         // rad/s, rigid rotation of the whole pair
};

// The contact axis is no global axis. The pair spins rigidly about a third direction (centres
// moving with it: the normal spring must then carry the centripetal force, so the normal DoF
// oscillates about a stretched state), and each sphere gets an extra velocity and angular
// velocity of its own, so that both shears, the twist and both bendings oscillate too.
// The extra velocities have no relative normal component: the ledger's reference is the energy
// before the first step with the kinetic energy of v_{-1/2} (dynamics/energy_ledger.hpp), so a
// contact loaded at creation (Fn = kn uN0) that closes or opens at v_N would put a constant
// offset dt/2 Fn v_N -- first order in dt, half a step of its work -- into the whole band; the
// same half step as dynamics_energy_kinds_test.cpp derives for a first-step slip. With v_N = 0
// the step-0 terms are second order, and the band measures the integration alone.
Sim make_pair(const PairSpec& spec) {
  Law law;
  law.char_len = spec.char_len;
  law.no_break = true;
  Sim sim(law);
  sim.add_material(FrictMat{kYoung, kKtDivKn, 0.5, kDensity});
  const Vec3d axis = Vec3d(1, 0.3, -0.2).normalized();
  const Vec3d x1 = Vec3d(0.1, -0.05, 0.02);
  const Vec3d x2 = x1 + (kR1 + kR2 - kOverlap) * axis;
  const double m1 = std::pow(kR1, 3), m2 = std::pow(kR2, 3);  // proportional to the masses
  const Vec3d centre = (m1 * x1 + m2 * x2) / (m1 + m2);
  const Vec3d spin = spec.spin * Vec3d(0.3, 1, 0.5).normalized();
  const Vec3d dv1 = Vec3d(0.02, -0.01, 0.015), dv2_raw = Vec3d(-0.015, 0.02, -0.01);
  const Vec3d dv2 = dv2_raw - (dv2_raw - dv1).dot(axis) * axis;
  sim.add_particle({Sphere{kR1}, {x1}, {spin.cross(x1 - centre) + dv1, spin + Vec3d(3, -2, 1.5)}});
  sim.add_particle({Sphere{kR2}, {x2}, {spin.cross(x2 - centre) + dv2, spin + Vec3d(-2, 2.5, -3)}});
  return sim;
}

// A pair whose contact exists: one step at a dt far below every estimate creates it (the dt
// check of step 0 runs before detection, see the stable-dt test), then stable_dt() counts it.
Sim make_pair_in_contact(const PairSpec& spec) {
  Sim sim = make_pair(spec);
  sim.set_dt(1e-8);
  sim.step();
  EXPECT_EQ(sim.contact_count(), 1u);
  return sim;
}

struct Band {
  double max_abs = 0;             // max |relative energy error| over the run
  std::array<double, 10> tenth_max{};   // the same over each tenth of the run
  std::array<double, 10> tenth_mean{};  // mean relative energy error over each tenth
  std::array<double, 6> dof_range{};    // max |uN - uN0|, |ut_y|, |ut_z|, |rx|, |ry|, |rz|
};

// Relative energy error (energy().relative_error(): total - reference over the energy scale)
// after each of `steps` steps at dt, from the pair as built (the contact forms in step 0).
Band energy_band(const PairSpec& spec, double dt, std::size_t steps) {
  Sim sim = make_pair(spec);
  sim.set_dt(dt);
  Band b;
  const std::size_t tenth = steps / 10;
  for (std::size_t s = 0; s < steps; ++s) {
    sim.step(1, true);
    if (s == 0) {
      EXPECT_EQ(sim.contact_count(), 1u) << "the contact must form in step 0";
    }
    const double e = sim.energy().relative_error();
    b.max_abs = std::max(b.max_abs, std::abs(e));
    const std::size_t k = std::min<std::size_t>(s / tenth, 9);
    b.tenth_max[k] = std::max(b.tenth_max[k], std::abs(e));
    b.tenth_mean[k] += e / static_cast<double>(tenth);
    if (sim.contact_count() != 1) continue;
    const auto& st = sim.sphere_contacts().state[0];
    const auto& P = sim.particles();
    const double uN = (P.pos[1] - P.pos[0]).norm() - kR1 - kR2;
    const std::array<double, 6> now = {uN + kOverlap, st.ut.x(), st.ut.y(), st.rot.x(), st.rot.y(), st.rot.z()};
    for (std::size_t d = 0; d < 6; ++d) b.dof_range[d] = std::max(b.dof_range[d], std::abs(now[d]));
  }
  EXPECT_EQ(sim.contact_count(), 1u) << "a noBreak contact never goes";
  const EnergyLedger& E = sim.energy();
  std::printf("  dt %.4e, %zu steps: kinetic %.6e + %.6e (rot.), elastic %.6e J; reference %.9e J, scale %.3e J; "
              "max |rel. error| %.4e\n"
              "    reached |uN - uN0| %.2e m, |ut| %.2e %.2e m, |rot| %.2e %.2e %.2e rad\n",
              dt, steps, E.kinetic_translational, E.kinetic_rotational, E.elastic, E.reference_total, E.scale,
              b.max_abs, b.dof_range[0], b.dof_range[1], b.dof_range[2], b.dof_range[3], b.dof_range[4],
              b.dof_range[5]);
  return b;
}

TEST(DynamicsLinEl6, SpinningPairKeepsKineticPlusElasticEnergyInABandOfSecondOrderInDt) {
  const PairSpec spec;
  Sim probe = make_pair_in_contact(spec);
  const double dt_stable = probe.stable_dt().dt;
  // dt/8 of the stable limit at the coarsest level (~60 steps per period of the fastest mode)
  // down to dt/64; the same physical time at every level.
  const double dt0 = dt_stable / 8;
  const std::size_t steps0 = 8000;
  std::printf("stable dt %.4e s; band over t = %.4e s (%.2f turns of the pair):\n", dt_stable,
              dt0 * static_cast<double>(steps0), spec.spin * dt0 * static_cast<double>(steps0) / (2 * pi));
  std::vector<double> dts, bands;
  for (int level = 0; level < 4; ++level) {
    const double dt = dt0 / std::pow(2.0, level);
    const Band b = energy_band(spec, dt, steps0 << level);
    dts.push_back(dt);
    bands.push_back(b.max_abs);
    for (std::size_t d = 0; d < 6; ++d) EXPECT_GT(b.dof_range[d], 0.0) << "DoF " << d << " never moved";
  }
  // Least-squares slope of log(band) against log(dt).
  double mx = 0, my = 0;
  for (std::size_t k = 0; k < 4; ++k) {
    mx += std::log(dts[k]) / 4;
    my += std::log(bands[k]) / 4;
  }
  double sxy = 0, sxx = 0;
  for (std::size_t k = 0; k < 4; ++k) {
    sxy += (std::log(dts[k]) - mx) * (std::log(bands[k]) - my);
    sxx += (std::log(dts[k]) - mx) * (std::log(dts[k]) - mx);
  }
  const double order = sxy / sxx;
  for (std::size_t k = 0; k < 4; ++k) {
    std::printf("  dt = %.4e  band = %.4e", dts[k], bands[k]);
    if (k > 0) std::printf("  (previous / this = %.3f)", bands[k - 1] / bands[k]);
    std::printf("\n");
  }
  std::printf("fitted order %.3f\n", order);
  // Leapfrog with the product-form kinetic energy makes every linear spring's trapezoid exact
  // (dynamics/energy_ledger.hpp); what remains is the geometry's error (frame transport, mid-step
  // lever arms, the rotating normal), second order. A fitted order >= 1.7 tells second order from first.
  EXPECT_GE(order, 1.7);
}

TEST(DynamicsLinEl6, SpinningPairEnergyBandDoesNotDriftOver1e5Steps) {
  const PairSpec spec;
  Sim probe = make_pair_in_contact(spec);
  const double dt = probe.stable_dt().dt / 8;
  const std::size_t steps = 100000;
  const Band b = energy_band(spec, dt, steps);
  std::printf("%zu steps = %.3f s, %.1f turns of the pair\n", steps, dt * static_cast<double>(steps),
              spec.spin * dt * static_cast<double>(steps) / (2 * pi));
  for (std::size_t k = 0; k < 10; ++k)
    std::printf("  tenth %zu: max |rel. error| %.4e, mean %+.4e\n", k, b.tenth_max[k], b.tenth_mean[k]);
  const double mean_shift = std::abs(b.tenth_mean[9] - b.tenth_mean[0]);
  std::printf("last / first tenth: band %.4f, mean shift %.3e (%.2f %% of the band)\n", b.tenth_max[9] / b.tenth_max[0],
              mean_shift, 100 * mean_shift / b.tenth_max[0]);
  // Each tenth (1e4 steps) spans hundreds of periods of the contact's modes and ~1.3 turns of
  // the pair, so its maximum samples the same quasi-periodic envelope (the printed tenths differ
  // by about 10 %). A drift adds to the last tenth what it accumulated over 9e4 steps: the factor
  // 1.25 lets through at most a quarter of the band over the whole run, and the mean may move by
  // at most a tenth of the band.
  EXPECT_LE(b.tenth_max[9], 1.25 * b.tenth_max[0]);
  EXPECT_LE(mean_shift, 0.1 * b.tenth_max[0]);
}

TEST(DynamicsLinEl6, StableTimeStepCountsRotationalStiffnessRejects10PercentAboveAndRuns10PercentBelow) {
  // l = 5 r1: kw = kn l^2 makes the twist spring on the small sphere 50x stiffer, in kw/I, than
  // the translational springs in (kn + 3.5 kt)/m.
  PairSpec spec;
  spec.char_len = 0.05;
  Sim sim = make_pair_in_contact(spec);
  const DtLimit lim = sim.stable_dt();
  const LinEl6Phys<double>& ph = sim.sphere_contacts().phys[0];
  const auto& P = sim.particles();
  // dynamics/time_step.hpp by hand, per particle: omega^2 <= 2 (K/m + R/I).
  double by_hand = std::numeric_limits<double>::infinity(), translational_only = by_hand;
  for (std::size_t i = 0; i < 2; ++i) {
    const double K = ph.kn + 3.5 * ph.kt, R = std::max(ph.kw, ph.kb);
    by_hand = std::min(by_hand, 2 / std::sqrt(2 * (K / P.mass[i] + R / P.inertia[i].x())));
    translational_only = std::min(translational_only, 2 / std::sqrt(2 * K / P.mass[i]));
  }
  const double p_wave = kR2 * std::sqrt(kDensity / kYoung);
  std::printf("kn %.4e N/m, kt %.4e N/m, kw %.4e N m/rad, kb %.4e N m/rad\n"
              "stable_dt() %.6e s (particle %zu); by hand %.6e s; without the rotational springs %.4e s; "
              "p-wave %.4e s\n",
              ph.kn, ph.kt, ph.kw, ph.kb, lim.dt, lim.particle, by_hand, translational_only, p_wave);
  // The same few operations in the same order: rounding only.
  EXPECT_NEAR(lim.dt, by_hand, 1e-14 * by_hand);
  ASSERT_LT(lim.dt, translational_only / 4) << "rotation must decide the time step here";

  Sim above = make_pair_in_contact(spec);
  above.set_dt(1.1 * lim.dt);
  try {
    above.step();
    ADD_FAILURE() << "dt = 1.1 x the estimate was accepted";
  } catch (const InputError& e) {
    std::printf("1.1 x estimate: %s\n", e.what());
    EXPECT_EQ(e.field(), "dt");
  }

  Sim below = make_pair_in_contact(spec);
  below.set_dt(0.9 * lim.dt);
  const std::size_t steps = 10000;
  std::array<double, 10> tenth_max{};
  bool finite = true;
  for (std::size_t s = 0; s < steps; ++s) {
    below.step(1, true);  // a non-finite value would throw StateError
    const double e = below.energy().relative_error();
    finite = finite && std::isfinite(e);
    tenth_max[s / (steps / 10)] = std::max(tenth_max[s / (steps / 10)], std::abs(e));
  }
  const auto& st = below.sphere_contacts().state[0];
  std::printf("0.9 x estimate, %zu steps: |rel. energy error| max %.3e in the first tenth, %.3e in the last; "
              "final rotation (%.2e, %.2e, %.2e) rad\n",
              steps, tenth_max[0], tenth_max[9], st.rot.x(), st.rot.y(), st.rot.z());
  EXPECT_TRUE(finite);
  // An unstable mode grows by a factor |lambda| > 1 every step, i.e. beyond any bound within
  // 1e4 steps. Stable: the band stays small (1 % of the energy is a generous ceiling for a band
  // that is O((omega dt)^2) of the nonlinear terms only) and does not grow.
  EXPECT_LT(*std::max_element(tenth_max.begin(), tenth_max.end()), 1e-2);
  EXPECT_LE(tenth_max[9], 1.25 * tenth_max[0]);
}

}  // namespace
}  // namespace lawcheck::dynamics_linel6_test
