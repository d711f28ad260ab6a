// Seed 003: Exudyn's sphere-sphere law in the full solver -- achieved restitution of
// impact models 1 and 2 against the 50-digit oracle (oracles/hunt_crossley.hpp) and its
// convergence in dt, the seed's "initial relative velocity" read both ways, and the torques.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include <boost/math/constants/constants.hpp>

#include "convergence_order.hpp"
#include "dynamics/simulation.hpp"
#include "oracles/hunt_crossley.hpp"
#include "oracles/normal_impact.hpp"
#include "laws/exudyn_law.hpp"

namespace lawcheck::dynamics_exudyn_test {
namespace {

using Sim = Simulation<ExudynLaw<double>>;
const double pi = boost::math::constants::pi<double>();

// Two equal spheres r = 1 cm, rho = 2600 (m = 10.9 g), Hertz-like exponent n = 3/2,
// k_c = 1e8 N/m^1.5, approach speed 1 m/s: x_max ~ 8.6e-5 m, contact ~ 0.25 ms.
constexpr double kRadius = 0.01, kDensity = 2600, kStiffness = 1e8, kExponent = 1.5, kSpeed = 1.0;

double sphere_mass(double r) { return 4.0 / 3.0 * pi * r * r * r * kDensity; }

// Undamped Hertz-type contact duration (oracles/normal_impact.hpp): 2.9432 x_max / v0.
double contact_time() {
  const double m_eff = sphere_mass(kRadius) / 2;
  // m* v0^2 / 2 = k x^(n+1) / (n+1)
  const double x_max = std::pow((kExponent + 1) * m_eff * kSpeed * kSpeed / (2 * kStiffness), 1 / (kExponent + 1));
  return 2.9432 * x_max / kSpeed;
}

struct ImpactRun {
  double restitution = 0;
  double ledger_error = 0;  // relative, at the end
  double dissipated = 0;    // hysteresis + viscous booked
  double kinetic_loss = 0;  // 1/2 m* v0^2 (1 - e^2)
};

// Sphere 1 moves at kSpeed towards sphere 2 at rest; the initial gap puts the contact onset at
// fraction `phase` of a step. Runs until separated; the restitution is the relative normal
// velocity after / before.
ImpactRun head_on(const ExudynLaw<double>& law, double dt, double phase) {
  Sim sim(law);
  sim.add_material(ExudynMat{kDensity});
  const double gap = kSpeed * dt * (3 + phase);
  sim.add_particle({Sphere{kRadius}, {Vec3d(0, 0, 0)}, {Vec3d(kSpeed, 0, 0)}});
  sim.add_particle({Sphere{kRadius}, {Vec3d(2 * kRadius + gap, 0, 0)}, {}});
  sim.set_dt(dt);
  bool touched = false;
  const auto max_steps = static_cast<std::size_t>((gap / kSpeed + 20 * contact_time()) / dt);
  std::size_t s = 0;
  for (; s < max_steps; ++s) {
    sim.step(1, true);
    if (sim.contact_count() > 0) touched = true;
    if (touched && sim.contact_count() == 0) break;
  }
  EXPECT_TRUE(touched);
  EXPECT_LT(s, max_steps) << "the spheres must separate";
  const auto& P = sim.particles();
  ImpactRun out;
  out.restitution = (P.vel[1].x() - P.vel[0].x()) / kSpeed;
  out.ledger_error = sim.energy().relative_error();
  out.dissipated = sim.energy().dissipated[EnergyKind::hysteresis] + sim.energy().dissipated[EnergyKind::viscous];
  const double m_eff = sphere_mass(kRadius) / 2;
  out.kinetic_loss = m_eff * kSpeed * kSpeed * (1 - out.restitution * out.restitution) / 2;
  return out;
}

const std::vector<double> kPhases = {0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95};

// The force at t_n sees the velocity at t_{n-1/2} (the solver's only one),
// half a step behind, so the scheme is at least first order in dt. Measured (seven onset phases,
// four halvings, t_c/25 .. t_c/200): the worst error falls at a fitted order 2.2-2.6: the
// leading O(dt) term of the lag, dt/2 int lambda d^n a v dt with a ~ -k d^n/m*, is
// ~ int d^(2n) dd = 0 over the closed impact, leaving higher-order terms. Checked: (a) the
// fitted order is at least the guaranteed first order, (b) the Richardson extrapolation with
// the fitted order removes the leading error: the residual is below a quarter of the finest
// error, (c) the energy ledger closes at second order (trapezoid of the nonlinear k d^n,
// dynamics/energy_ledger.hpp): fitted order >= 1.7, the solver's bar for second order.
TEST(ExudynDynamics, ModelsOneAndTwoReachTheOraclesAchievedRestitutionAndConvergeAtTheirFittedOrder) {
  struct Case {
    int model;
    double e;
    oracles::DissipationMap map;
  };
  const std::vector<Case> cases = {{1, 0.5, oracles::DissipationMap::hunt_crossley},
                                   {1, 0.9, oracles::DissipationMap::hunt_crossley},
                                   {2, 0.2, oracles::DissipationMap::exudyn_model2},
                                   {2, 0.5, oracles::DissipationMap::exudyn_model2},
                                   {2, 0.9, oracles::DissipationMap::exudyn_model2}};
  const double dt0 = contact_time() / 25;
  for (const Case& c : cases) {
    ExudynLaw<double> law;
    law.impact_model = c.model;
    law.contact_stiffness = kStiffness;
    law.stiffness_exponent = kExponent;
    law.restitution = c.e;
    const double oracle =
        static_cast<double>(oracles::achieved_restitution(oracles::dissipation_chi(c.map, oracles::Real(c.e))));
    std::vector<double> dts, worst, mean_signed, ledger;
    double worst_booking = 0;
    for (int level = 0; level < 4; ++level) {
      const double dt = dt0 / std::pow(2.0, level);
      double w = 0, sum = 0, lw = 0;
      for (double ph : kPhases) {
        const ImpactRun r = head_on(law, dt, ph);
        w = std::max(w, std::abs(r.restitution - oracle));
        sum += r.restitution - oracle;
        lw = std::max(lw, std::abs(r.ledger_error));
        if (level == 3) worst_booking = std::max(worst_booking, std::abs(r.dissipated - r.kinetic_loss) / r.kinetic_loss);
      }
      dts.push_back(dt);
      worst.push_back(w);
      mean_signed.push_back(sum / static_cast<double>(kPhases.size()));
      ledger.push_back(lw);
    }
    const double p = fit_order(dts, worst);
    // Richardson on the phase means (the phase scatter is a second-order effect of the onset).
    const double extrapolated = mean_signed[3] + (mean_signed[3] - mean_signed[2]) / (std::pow(2.0, p) - 1);
    std::printf("model %d, requested e = %.2f: oracle e* = %.12f\n", c.model, c.e, oracle);
    for (std::size_t k = 0; k < dts.size(); ++k)
      std::printf("   dt = t_c/%-4.0f  worst |e - e*| = %.4e  mean (e - e*) = %+.4e  worst ledger rel. error %.3e\n",
                  contact_time() / dts[k], worst[k], mean_signed[k], ledger[k]);
    const double p_ledger = fit_order(dts, ledger);
    std::printf("   fitted order %.3f; Richardson residual %.3e; ledger order %.3f; finest-level "
                "|booked hysteresis - kinetic loss| / loss %.2e\n",
                p, extrapolated, p_ledger, worst_booking);
    EXPECT_GE(p, 1.0) << "the half-step lag guarantees first order";
    EXPECT_LT(std::abs(extrapolated), worst[3] / 4);
    EXPECT_GE(p_ledger, 1.7);
  }
}

// The seed calls v_- "the initial relative velocity" but writes max(v_min, -v_dn) with the current
// gap velocity. Read literally (v_min = 0, the default), v_- follows the approach speed down and is
// 0 once the spheres separate, so the hysteresis force is +chi k d^n while approaching and off
// while separating: e = (1 + chi)^(-1/2) for any n, e.g. 0.756 for Hunt-Crossley e = 0.5, far from
// the oracle's 0.663. With the velocity remembered at first penetration (Exudyn's data[2]) the
// solver reaches the oracle to within its discretisation error (test above).
TEST(ExudynDynamics, ImpactVelocityMustBeRememberedAtFirstPenetrationNotReadFromTheCurrentGapVelocity) {
  const double dt = contact_time() / 400;
  for (int model : {1, 2}) {
    ExudynLaw<double> law;
    law.impact_model = model;
    law.contact_stiffness = kStiffness;
    law.stiffness_exponent = kExponent;
    law.restitution = 0.5;
    const auto map = model == 1 ? oracles::DissipationMap::hunt_crossley : oracles::DissipationMap::exudyn_model2;
    const oracles::Real chi = oracles::dissipation_chi(map, oracles::Real(0.5));
    const double oracle = static_cast<double>(oracles::achieved_restitution(chi));
    const double literal = 1 / std::sqrt(1 + static_cast<double>(chi));
    law.impact_velocity = ImpactVelocity::remembered;
    const double remembered = head_on(law, dt, 0.5).restitution;
    law.impact_velocity = ImpactVelocity::current;
    const double current = head_on(law, dt, 0.5).restitution;
    std::printf("model %d, e = 0.5: oracle %.6f; remembered %.6f (err %.2e); current %.6f (err %.2e; "
                "closed form of the literal reading (1+chi)^-1/2 = %.6f)\n",
                model, oracle, remembered, remembered - oracle, current, current - oracle, literal);
    // First order at dt = t_c/400: the previous test measures |e - e*| ~ 1e-3 and below there.
    EXPECT_LT(std::abs(remembered - oracle), 1e-2);
    EXPECT_GT(std::abs(current - oracle), 10 * std::abs(remembered - oracle));
    // The literal reading's own closed form, to the same discretisation error.
    EXPECT_LT(std::abs(current - literal), 1e-2);
  }
}

// Seed 003's torques through the contact loop: tau_m0 = n (r0 - d/2) x f_m0,
// tau_m1 = -n (r1 - d/2) x f_m1 with f_m0 = -f_m1. One step of a sliding contact (sphere 1
// spinning about z, pressed on sphere 2 with overlap d0): equal radii give the SAME torque vector
// on both spheres; unequal radii scale it by (r1 - d/2)/(r0 - d/2) = (r1 + g/2)/(r0 + g/2), the
// seed's output note.
TEST(ExudynDynamics, FrictionTorquesAreEqualForEqualRadiiAndScaleByTheLeverArmRatioOtherwise) {
  for (double r1 : {0.01, 0.02}) {
    const double r0 = 0.01, d0 = 1e-4, spin = 5.0;
    ExudynLaw<double> law;
    law.impact_model = 1;
    law.contact_stiffness = kStiffness;
    law.stiffness_exponent = kExponent;
    law.dynamic_friction = 0.3;
    Sim sim(law);
    sim.add_material(ExudynMat{kDensity});
    BodyVelocity w;
    w.ang_vel = Vec3d(0, 0, spin);
    sim.add_particle({Sphere{r0}, {Vec3d(0, 0, 0)}, w});
    sim.add_particle({Sphere{r1}, {Vec3d(r0 + r1 - d0, 0, 0)}, {}});
    sim.set_dt(1e-7);
    sim.step(1);
    const auto& P = sim.particles();
    const Vec3d t0 = P.torque[0], t1 = P.torque[1], f1 = P.force[1];
    const double ratio = t1.z() / t0.z();
    const double g = -d0;
    const double seed_ratio = (r1 + g / 2) / (r0 + g / 2);
    std::printf("r0 = %.3f r1 = %.3f: F on 2 = (%.6e, %.6e, %.6e) N; tau0 = (%.3e, %.3e, %.9e), tau1 = (%.3e, %.3e, "
                "%.9e) N m; ratio %.15f, seed (r1+g/2)/(r0+g/2) = %.15f\n",
                r0, r1, f1.x(), f1.y(), f1.z(), t0.x(), t0.y(), t0.z(), t1.x(), t1.y(), t1.z(), ratio, seed_ratio);
    ASSERT_EQ(sim.contact_count(), 1u);
    ASSERT_GT(std::abs(f1.y()), 0.0);
    EXPECT_LT(std::abs(t0.x()) + std::abs(t0.y()) + std::abs(t1.x()) + std::abs(t1.y()), 1e-12 * std::abs(t0.z()));
    // d is d0 up to the rounding of the positions (ulp(0.03 m) / d0 ~ 3e-14 of the lever arm).
    EXPECT_NEAR(ratio, seed_ratio, 1e-12);
    if (r1 == r0) {
      EXPECT_NEAR(t1.z(), t0.z(), 1e-12 * std::abs(t0.z()));
      EXPECT_GT(t1.z() * t0.z(), 0.0);  // the same vector, not opposite
    }
  }
}


// Chung & Ooi (2011) Test 1 -- two identical glass spheres (R = 1 cm,
// E = 48 GPa, nu = 0.2, rho = 2800) at +-10 m/s -- and the same sphere at 10 m/s on a rigid wall,
// with n = 3/2, k_c = 4/3 E* sqrt(R*) (Hertz), no damping: peak force, maximum overlap and contact
// duration against the Hertz closed forms of oracles/normal_impact.hpp. The benchmark's criterion
// is 0.5 %; at dt = t_c/500 the solver's second-order errors (the onset and the end of contact
// interpolated linearly in the gap, peak and max sampled at steps) are ~1e-5, far inside it.
TEST(ExudynDynamics, HertzImpactOfChungOoiTestOneMatchesPeakForceOverlapAndDurationWithinHalfAPercent) {
  const double R = 0.01, E = 4.8e10, nu = 0.2, rho = 2800, v = 10.0;
  const double m = 4.0 / 3.0 * pi * R * R * R * rho;
  for (bool wall : {false, true}) {
    using oracles::Real;
    const oracles::HertzInput in =
        wall ? oracles::hertz_sphere_wall(Real(E), Real(nu), Real(R), Real(m), Real(0), Real(0), Real(v))
             : oracles::hertz_sphere_sphere(Real(E), Real(nu), Real(R), Real(m), Real(E), Real(nu), Real(R), Real(m),
                                            Real(2 * v));
    const oracles::ImpactResult hz = oracles::hertz_impact(in);
    const double kc = static_cast<double>(Real(4) / 3 * in.modulus * sqrt(in.radius));
    const double tc = static_cast<double>(hz.contact_time), dt = tc / 500;
    ExudynLaw<double> law;
    law.impact_model = 1;
    law.contact_stiffness = kc;
    law.stiffness_exponent = 1.5;
    Sim sim(law);
    sim.add_material(ExudynMat{rho});
    const double gap = v * dt * 3.5;  // onset mid-step
    std::size_t ball = 0;
    auto overlap = [&]() {
      const auto& P = sim.particles();
      return wall ? R - (P.pos[1].x() - P.pos[ball].x()) : 2 * R - (P.pos[1] - P.pos[0]).norm();
    };
    if (wall) {
      ball = sim.add_particle({Sphere{R}, {Vec3d(0, 0, 0)}, {Vec3d(v, 0, 0)}});
      sim.add_particle({Wall{0, -1}, {Vec3d(R + gap, 0, 0)}, {}, 0, dof::all});
    } else {
      sim.add_particle({Sphere{R}, {Vec3d(0, 0, 0)}, {Vec3d(v, 0, 0)}});
      sim.add_particle({Sphere{R}, {Vec3d(2 * R + gap, 0, 0)}, {Vec3d(-v, 0, 0)}});
    }
    sim.set_dt(dt);
    const double closing = wall ? v : 2 * v;
    const double t_touch = gap / closing;
    double peak = 0, max_overlap = 0, t_end = 0, prev_overlap = 0;
    bool touched = false;
    for (std::size_t s = 1; s < 10000; ++s) {
      sim.step(1);  // positions now at t_s = s dt; forces of t_{s-1}
      peak = std::max(peak, sim.particles().force[ball].norm());
      const double d = overlap();
      max_overlap = std::max(max_overlap, d);
      if (d > 0) touched = true;
      if (touched && d <= 0) {
        t_end = static_cast<double>(s - 1) * dt + dt * prev_overlap / (prev_overlap - d);
        break;
      }
      prev_overlap = d;
    }
    const double duration = t_end - t_touch;
    const double e_f = peak / static_cast<double>(hz.max_force) - 1;
    const double e_x = max_overlap / static_cast<double>(hz.max_overlap) - 1;
    const double e_t = duration / tc - 1;
    std::printf("%s: k_c = %.6e N/m^1.5, dt = t_c/500\n   peak force %.6e N (Hertz %.6e, rel %+.2e)\n"
                "   max overlap %.6e m (Hertz %.6e, rel %+.2e)\n   duration %.6e s (Hertz %.6e, rel %+.2e)\n",
                wall ? "sphere-wall 10 m/s" : "sphere-sphere +-10 m/s", kc, peak, static_cast<double>(hz.max_force), e_f,
                max_overlap, static_cast<double>(hz.max_overlap), e_x, duration, tc, e_t);
    EXPECT_LT(std::abs(e_f), 5e-3);
    EXPECT_LT(std::abs(e_x), 5e-3);
    EXPECT_LT(std::abs(e_t), 5e-3);
  }
}

}  // namespace
}  // namespace lawcheck::dynamics_exudyn_test
