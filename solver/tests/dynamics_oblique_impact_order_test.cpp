// The oblique spinning elastic impact's energy band is second order in dt,
// as a fitted order over four refinements and seven impact phases. The property
// LinearCoulombLawProperty.ObliqueSpinningElasticImpactEnergyBandIsSecondOrderInDt
// (properties/dynamic_energy_properties.hpp) checks random impacts with one ratio over 8x; this
// test is its deterministic, fully printed counterpart, modelled on
// Dynamics.FrontalElasticCollisionConservesMomentumAndItsEnergyErrorIsSecondOrderInDt
// (dynamics_collision_test.cpp).
//
// Why second order. The ledger (dynamics/energy_ledger.hpp) books the product-form kinetic energy,
// whose change over a step is the trapezoid work of that step's forces and torques, and the law's
// elastic energy kn uN^2/2 + |Ft|^2/(2 kt). With no slip, no damping and no gravity the band is
// the sum of three errors:
// - the normal spring: a conservative force of the centres (through them: no torque); its
//   trapezoid work over a leapfrog step misses the potential's change by O(dt^3) where the force
//   is smooth (exact where the normal does not turn, as in the frontal test), O(dt^2) over the
//   O(1/dt) steps in contact, plus the kinks at onset and release, O(kn (v dt)^2) each;
// - the tangential spring: the law adds kt dt v_t to Ft, so |Ft|^2/(2 kt) changes by exactly the
//   trapezoid 1/2 (Ft_{n-1} + Ft_n) . dt v_t; the kinetic energy changes by the trapezoid work of
//   the force and torques the spring applies with the frame and lever arms of t_{n-1} and t_n.
//   The two agree to O(dt^3) per step only if v_t is read at the mid-step lever arms
//   (sphere_pair_relative_velocity, dynamics/contact_response.hpp) in the halfway frame
//   (geometry/contact_frame.hpp): a midpoint that is the trapezoid's average to O(dt^2). Then the
//   sum over the contact is O(dt^2). With the lever arms of t_n, v_t is off by dt/2 w x (the
//   contact point's velocity relative to the centre), each step's work by O(dt^2), the band by
//   O(dt): the solver's defect until 370ef71;
// - the break: the contact takes its loaded tangential spring with it, and the law books as
//   released exactly what closes the ledger of the breaking step (laws/linear_coulomb_law.hpp,
//   "Energy kinds"); the normal spring's release kink is the one above.
// So the band is C dt^2 + O(dt^3), with C depending on where onset and release fall within a step.
//
// Why 1.8. The fit is a least-squares slope of log(band) on log(dt) over 16x, from ~25 to ~400
// steps per contact (five levels). A band C dt^2 (1 + rho dt/dt0) fits 1.81 at rho = -0.45: 1.8
// allows a next-order term opposing the second-order one by up to 45 % at 25 steps per contact.
// A band C dt^2 + B dt fits 1.78 when B dt = C dt^2 at 400 steps per contact, lower when B is
// larger: 1.8 rejects a first-order term that is the larger part of the finest band. The release
// kink's coefficient depends on where the release falls within a step, which each dt draws anew
// (the onset's phase is set, the release's is not): the max and the mean over seven onset phases
// smooth that draw.
//
// Why these spins. The first-order error of t_n lever arms grows with how far the spins turn the
// pair during the contact (|w| times the contact duration, against the onset kink's share set by
// omega_n dt). With surface speeds |w| r ~ v (~0.4 degrees per contact) it is a few % of the band
// even at 400 steps per contact and hides under the onset kink (a scratch mutant with t_n lever
// arms fitted 1.98); with |w| r ~ 10 v (|w| ~ 120 rad/s, ~4 degrees per contact) it is the larger
// part of the finest band (the mutant fits 1.33 and 1.31, max and mean; the solver 2.00 and 2.01;
// measured with a copy of the tree whose sphere_pair_block.hpp drops the - dt/2 terms of the arms).
// The spins then hold 99.6 % of E0.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <vector>

#include "dynamics/simulation.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::dynamics_oblique_impact_order_test {
namespace {

using Sim = Simulation<LinearCoulombLaw<double>>;
constexpr double pi = std::numbers::pi;

// E = 10 MPa, rho = 2600, r = 1 cm, kt/kn = 0.2 as in dynamics_collision_test.cpp. tanPhi = 1e12:
// the yield force |Fn| tanPhi goes to zero with Fn at release, and at onset the first step's
// tangential increment kt dt v_t meets an overlap of only a fraction of v_n dt, so any merely
// large friction slips in the first or last step (|Ft|/|Fn| reaches 6.5e3 here, printed). With
// 1e12 a step would slip only at |uN| < |Ft| / (kn 1e12) ~ 7e-17 m (|Ft| <= 11 N, printed), about
// twenty roundings of the centres' distance (ulp(2 cm) = 3.5e-18 m): no step slips, which the test
// asserts (plastic dissipation exactly 0).
constexpr double kYoung = 1e7, kDensity = 2600, kRadius = 0.01;
const FrictMat kMat{kYoung, 0.2, 1e12, kDensity};

double sphere_mass() { return 4.0 / 3.0 * pi * std::pow(kRadius, 3) * kDensity; }

// Contact duration of the normal spring alone (radius rules: kn = pi E r / 2, two equal spheres:
// m_eff = m / 2): half a period of the relative oscillator, pi sqrt(m_eff / kn).
double contact_duration() { return pi * std::sqrt(sphere_mass() / 2 / (pi * kYoung * kRadius / 2)); }

struct ImpactRun {
  double band = 0;           // max over the run of |total_n - total_0| / E0
  double rounding = 0;       // bound on its rounding part, relative to E0
  double plastic = 0;        // plastic dissipation: must be exactly 0 (no slip)
  double released = 0;       // the tangential spring taken away at the break, relative to E0
  double max_ft_by_fn = 0;   // largest |Ft| / |Fn| of any step in contact
  double max_ft = 0;         // largest |Ft| [N]
  std::size_t contact_steps = 0;
  bool separated = false;
};

// Two equal spheres in their centre-of-mass frame; the relative velocity v makes `angle` with the
// line of centres at first touch, and both spin, about different axes, neither along the normal
// nor without a normal (twist) part. The centres move on straight lines until touch, so putting
// d = x2 - x1 at 2 r n minus the relative velocity times (3 + phase) dt makes touch happen
// exactly at fraction `phase` of the fourth step. Runs until the spheres have separated for good.
ImpactRun oblique_impact(double dt, double phase) {
  const double v = 0.1, angle = 40 * pi / 180, r = kRadius;
  const Vec3d n = Vec3d(1, 0.4, -0.3).normalized();
  const Vec3d t = n.cross(Vec3d(0.2, 1, 0.5)).normalized();
  const Vec3d dv = v * (-std::cos(angle) * n + std::sin(angle) * t);  // v2 - v1
  // surface speeds |w| r ~ 10 v (header, "Why these spins")
  const Vec3d w1 = 10 * v / r * Vec3d(0.6, -0.9, 0.4), w2 = 10 * v / r * Vec3d(-0.5, 0.3, 1.1);
  const Vec3d d0 = 2 * r * n - (3 + phase) * dt * dv;
  Sim sim;
  sim.add_material(kMat);
  sim.add_particle({Sphere{r}, {-d0 / 2}, {-dv / 2, w1}});
  sim.add_particle({Sphere{r}, {d0 / 2}, {dv / 2, w2}});
  sim.set_dt(dt);
  const auto steps = static_cast<std::size_t>(2 * contact_duration() / dt) + 14;
  ImpactRun out;
  double e0 = 0, total0 = 0;
  bool touched = false;
  for (std::size_t k = 0; k < steps; ++k) {
    sim.step(1, true);
    const EnergyLedger& e = sim.energy();
    if (k == 0) {  // no contact yet: the total is the kinetic energy, exactly
      e0 = e.kinetic();
      total0 = e.total();
    }
    out.band = std::max(out.band, std::abs(e.total() - total0) / e0);
    // each step adds a few roundings to every ledger term: 16 eps of its magnitude scale per step
    // (as properties/dynamic_energy_properties.hpp)
    out.rounding = 16 * std::numeric_limits<double>::epsilon() * static_cast<double>(k + 1) * e.scale / e0;
    // The force of step k, F_n, on sphere 0 (after the step the positions are x_{n+1}, so the
    // normal of t_n is that of x_{n+1} - dt v_{n+1/2}; rounding only).
    const auto& P = sim.particles();
    const Vec3d f = P.force[0];
    if (f.squaredNorm() > 0) {
      ++out.contact_steps;
      const Vec3d normal = ((P.pos[1] - dt * P.vel[1]) - (P.pos[0] - dt * P.vel[0])).normalized();
      const double fn = f.dot(normal);
      const double ft = (f - fn * normal).norm();
      out.max_ft = std::max(out.max_ft, ft);
      out.max_ft_by_fn = std::max(out.max_ft_by_fn, ft / std::abs(fn));
    }
    touched = touched || sim.contact_count() > 0;
    if (touched && sim.contact_count() == 0) out.separated = true;
  }
  out.plastic = sim.energy().dissipated[EnergyKind::plastic_shear];
  out.released = sim.energy().dissipated[EnergyKind::released] / e0;
  out.separated = out.separated && sim.contact_count() == 0;
  return out;
}

// Least-squares slope of log(err) against log(dt).
double fitted_order(const std::vector<double>& dts, const std::vector<double>& err) {
  const auto n = static_cast<double>(dts.size());
  double mx = 0, my = 0;
  for (std::size_t k = 0; k < dts.size(); ++k) {
    mx += std::log(dts[k]) / n;
    my += std::log(err[k]) / n;
  }
  double sxy = 0, sxx = 0;
  for (std::size_t k = 0; k < dts.size(); ++k) {
    sxy += (std::log(dts[k]) - mx) * (std::log(err[k]) - my);
    sxx += (std::log(dts[k]) - mx) * (std::log(dts[k]) - mx);
  }
  return sxy / sxx;
}

TEST(Dynamics, ObliqueSpinningElasticImpactEnergyBandHasFittedOrderTwoOverFourRefinementsAndSevenPhases) {
  // ~25 steps per contact at the coarsest level (as the frontal test's ~30: coarse enough to see
  // the error, fine enough to be in the asymptotic range), ~400 at the finest.
  const double dt0 = contact_duration() / 25;
  const int levels = 5;
  const std::vector<double> phases = {0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95};
  std::vector<double> dts, max_band, mean_band;
  double worst_plastic = 0, worst_ratio = 0, worst_rounding_share = 0;
  bool all_separated = true;
  for (int level = 0; level < levels; ++level) {
    const double dt = dt0 / std::pow(2.0, level);
    double mx = 0, sum = 0;
    for (const double ph : phases) {
      const ImpactRun r = oblique_impact(dt, ph);
      std::printf("dt = %.4e  phase = %.2f  contact steps = %4zu  band = %.4e  (rounding %.1e)  "
                  "released/E0 = %.4f  max |Ft| = %.2f N  max |Ft|/|Fn| = %.3g  plastic = %g\n",
                  dt, ph, r.contact_steps, r.band, r.rounding, r.released, r.max_ft, r.max_ft_by_fn, r.plastic);
      mx = std::max(mx, r.band);
      sum += r.band;
      worst_plastic = std::max(worst_plastic, std::abs(r.plastic));
      worst_ratio = std::max(worst_ratio, r.max_ft_by_fn);
      worst_rounding_share = std::max(worst_rounding_share, r.rounding / r.band);
      all_separated = all_separated && r.separated;
    }
    dts.push_back(dt);
    max_band.push_back(mx);
    mean_band.push_back(sum / static_cast<double>(phases.size()));
  }
  for (int k = 0; k < levels; ++k)
    std::printf("dt = %.4e  max over phases = %.4e  mean over phases = %.4e\n", dts[k], max_band[k], mean_band[k]);
  for (int k = 1; k < levels; ++k)
    std::printf("dt0/%-2d -> dt0/%-2d: band ratio max %.4f, mean %.4f (1/4 at second order)\n", 1 << (k - 1),
                1 << k, max_band[k] / max_band[k - 1], mean_band[k] / mean_band[k - 1]);
  const double order_max = fitted_order(dts, max_band), order_mean = fitted_order(dts, mean_band);
  std::printf("fitted order over %d levels and %zu phases: max %.3f, mean %.3f; largest |Ft|/|Fn| %.3g "
              "(tanPhi %.0e); largest rounding bound / band %.1e\n",
              levels, phases.size(), order_max, order_mean, worst_ratio, kMat.tan_phi, worst_rounding_share);

  EXPECT_TRUE(all_separated) << "every impact must end with the spheres apart";
  // Elastic means no step slipped: the slip is the only plastic dissipation the law books.
  EXPECT_EQ(worst_plastic, 0.0);
  // The fit must measure the discretisation, not rounding: at 1 % of a band, the rounding bound
  // moves each log(band) by at most 0.01, the fitted slope by less than 0.01.
  EXPECT_LT(worst_rounding_share, 0.01);
  // Second order (header: leapfrog trapezoid, mid-step lever arms, halfway frame; 1.8 derived there).
  EXPECT_GE(order_max, 1.8);
  EXPECT_GE(order_mean, 1.8);
}

}  // namespace
}  // namespace lawcheck::dynamics_oblique_impact_order_test
