#pragma once
// Energy conservation of a law inside the full solver (dynamics/simulation.hpp: broad phase,
// contact loop, leapfrog), for a random oblique impact of two spheres with spins and gravity.
// The ledger (dynamics/energy_ledger.hpp) books kinetic + gravity potential + elastic + dissipated
// at t_n; for a closed system its total is conserved up to the integrator's error:
// - with slip disabled (the law made elastic) the leapfrog is exact for a linear spring, and the
//   only error is the trapezoid error of the kinks at contact onset and release, k dx^2 / 8 with
//   dx = v dt each: a second-order band;
// - with Coulomb slip under a normal force that changes during the slip (every impact), a slipping
//   step books fy_{n+1} (ft - fy_{n+1})/kt while the trapezoid work of the step differs from
//   elastic change + dissipation by -dfy du_t/2 + dfy^2/(2 kt) (algebra of one 1D step), i.e.
//   O(dt^2) per step and O(dt) over the slip phase: the band is first order.
// A contact that breaks takes its tangential spring's energy with it: with slip disabled the spring
// is still loaded when the spheres separate (measured before the loss was booked: a 7% drop of the
// total at every dt), with slip it holds at most (tanPhi kn |uN|)^2/(2 kt) with |uN| <= v dt,
// O(dt^2). The law books that loss as `released` (laws/energy_kind.hpp); the band is measured up
// to the last step in contact all the same, so that it measures the integrator, not the break.
// The property measures the band (the largest |total_n - total_0| over the run, relative to the
// initial kinetic energy) at dt/2, dt/4, dt/16 and dt/32 (dt: 20..60 steps per contact), each the
// largest over three contact-onset phases (the onset kink's error depends on where in a step the
// contact starts). Slip switches and onsets make the band jitter from one dt to the next (measured
// on a frictional impact, refining by 2 from dt: 4.3e-4, 1.2e-4, 7.5e-5, 8.0e-5, 4.5e-5, 2.3e-5),
// so the coarse band is the larger of dt/2, dt/4 and the fine one the larger of dt/16, dt/32,
// and the assertion is on their ratio (8x refinement):
// elastic: fine <= coarse/16 (observed order >= 4/3 of the promised 2; 1/64 expected);
// slipping: fine <= coarse/2 (observed order >= 1/3 of the 1 derived above; 1/8 expected).
// The elastic claim is checked twice: on frontal impacts (no tangential motion, no spin) and on
// the general oblique impact with spins. Measured on one oblique spinning impact (solver at
// 3dc507f, lever arms at the velocities' time level), the band over refinements by 4 shrinks by
// 0.129, 0.19, 0.23 (tending to first order), by 0.09, 0.14, 0.20 with spins but no tangential
// velocity, and by exactly 0.0625 (second order) both without spins and when frontal: with the
// particles spinning the solver lost an order, which the oblique property reported (an expected
// failure) until the fix of 370ef71 (the mid-step contact point of two spheres moved along the
// line of centres): since then the oblique band ratio is 0.0157..0.0160 over 8x (1/64 expected).
// A floor covers rounding: 16 eps of the ledger's magnitude scale per step of the finer run
// (stable time steps of a small stiff sphere make runs of 1e4 steps and more).

#include <algorithm>
#include <cmath>

#include <boost/math/constants/constants.hpp>
#include <rapidcheck.h>

#include "dynamics/simulation.hpp"
#include "generators.hpp"
#include "law_case.hpp"
#include "property_runner.hpp"

namespace lawcheck::properties {

struct ImpactSpec {
  double r1 = 0.01;
  double r2 = 0.01;
  FrictMat m1;
  FrictMat m2;
  gen::Rotation direction;            // normal from sphere 1 to 2: direction * x
  std::array<int, 2> tangential{0, 0};  // tangential relative velocity, units of v_n / 2
  std::array<int, 3> spin1{0, 0, 0};    // units of v_n / (2 r)
  std::array<int, 3> spin2{0, 0, 0};
  int gravity = 0;                      // 0..2 x 9.81 m/s^2 along -z
  int steps_per_contact = 30;           // contact duration / dt at the coarse level
};

inline void showValue(const ImpactSpec& s, std::ostream& os) {
  os << "spheres r1=" << s.r1 << ' ';
  showValue(s.m1, os);
  os << " r2=" << s.r2 << ' ';
  showValue(s.m2, os);
  os << ", normal ";
  gen::showValue(s.direction, os);
  os << ", tangential (" << s.tangential[0] << ' ' << s.tangential[1] << "), spin1 (" << s.spin1[0] << ' '
     << s.spin1[1] << ' ' << s.spin1[2] << "), spin2 (" << s.spin2[0] << ' ' << s.spin2[1] << ' ' << s.spin2[2]
     << "), gravity " << s.gravity << " g, " << s.steps_per_contact << " steps per contact";
}

namespace gen {

inline rc::Gen<ImpactSpec> impact_spec() {
  const auto ints3 = rc::gen::container<std::array<int, 3>>(rc::gen::inRange(-2, 3));
  return rc::gen::build<ImpactSpec>(
      rc::gen::set(&ImpactSpec::r1, decimal(-3, -1)), rc::gen::set(&ImpactSpec::r2, decimal(-3, -1)),
      rc::gen::set(&ImpactSpec::m1, material(Range::typical)),
      rc::gen::set(&ImpactSpec::m2, material(Range::typical)),
      rc::gen::set(&ImpactSpec::direction, rotation()),
      rc::gen::set(&ImpactSpec::tangential, rc::gen::container<std::array<int, 2>>(rc::gen::inRange(-2, 3))),
      rc::gen::set(&ImpactSpec::spin1, ints3), rc::gen::set(&ImpactSpec::spin2, ints3),
      rc::gen::set(&ImpactSpec::gravity, rc::gen::inRange(0, 3)),
      rc::gen::set(&ImpactSpec::steps_per_contact, rc::gen::inRange(20, 61)));
}

}  // namespace gen

struct ImpactRun {
  double band = 0;       // max |total_n - total_0| / initial kinetic energy
  double rounding = 0;   // bound on the rounding part of the band
  double dissipated = 0;
  bool separated = false;
};

// One impact at time step dt; the initial gap puts the contact onset at `phase` of a step.
template <class Law>
ImpactRun run_impact(const Law& law, const ImpactSpec& s, double dt, double phase) {
  const double pi = boost::math::constants::pi<double>();
  Simulation<Law> sim(law);
  sim.add_material(s.m1);
  sim.add_material(s.m2);
  const Vec3d n = s.direction.quaternion() * Vec3d::UnitX();
  const Vec3d t1 = n.unitOrthogonal();
  const Vec3d t2 = n.cross(t1);
  const double vn = 0.1;
  const double gap = vn * dt * (3 + phase);
  const Vec3d rel = -n * vn + (t1 * s.tangential[0] + t2 * s.tangential[1]) * (vn / 2);
  const auto spin = [&](const std::array<int, 3>& w, double r) -> Vec3d {
    return Vec3d(w[0], w[1], w[2]) * (vn / (2 * r));
  };
  sim.add_particle({Sphere{s.r1}, {Vec3d::Zero()}, {Vec3d::Zero(), spin(s.spin1, s.r1)}, 0});
  sim.add_particle({Sphere{s.r2}, {n * (s.r1 + s.r2 + gap)}, {rel, spin(s.spin2, s.r2)}, 1});
  sim.set_gravity(Vec3d(0, 0, -9.81 * s.gravity));
  sim.set_dt(dt);
  // Contact time of the linear spring: pi sqrt(m_eff / kn), m_eff = m1 m2 / (m1 + m2).
  const auto& P = sim.particles();
  const double m_eff = P.mass[0] * P.mass[1] / (P.mass[0] + P.mass[1]);
  const double kn = frict_phys(s.m1, s.m2, contact_lengths({ShapeKind::sphere, s.r1}, {ShapeKind::sphere, s.r2}, 0)).kn;
  const double duration = pi * std::sqrt(m_eff / kn);
  const auto max_steps = static_cast<std::size_t>((gap / vn + 3 * duration) / dt) + 10;
  double e0 = 0;
  double total0 = 0;
  bool touched = false;
  ImpactRun out;
  for (std::size_t k = 0; k < max_steps; ++k) {
    sim.step(1, true);
    const auto& e = sim.energy();
    if (k == 0) {
      e0 = e.kinetic();
      total0 = e.total();
    }
    if (touched && sim.contact_count() == 0) {
      // The contact broke in this step (its spring's energy booked as released, header): the band
      // ends with the last step in contact.
      out.separated = true;
      break;
    }
    touched = touched || sim.contact_count() > 0;
    out.band = std::max(out.band, std::abs(e.total() - total0) / e0);
    // each step adds a few roundings to every ledger term (products, the running plastic sum):
    // 16 eps of the ledger's magnitude scale per step
    out.rounding = 16 * eps * double(k + 1) * e.scale / e0;
  }
  out.dissipated = sim.energy().dissipated.total();
  return out;
}

template <class Law>
double impact_band(const Law& law, const ImpactSpec& s, double dt, double& dissipated, double& rounding) {
  double band = 0;
  for (double phase : {0.1, 0.4, 0.7}) {
    const auto r = run_impact(law, s, dt, phase);
    RC_ASSERT(r.separated);
    band = std::max(band, r.band);
    rounding = std::max(rounding, r.rounding);
    dissipated = std::max(dissipated, r.dissipated);
  }
  return band;
}

// The claims above are for a breakable Coulomb law with the exact slip formula: the drawn
// configuration is taken with its limit on, the exact formula and breaking (the spheres separate).
template <class S>
concept ImpactSubject = CoulombBoundedSubject<S> && BreakableSubject<S>;

template <ImpactSubject S>
void impact_energy_band_shrinks_at_the_promised_order(bool elastic, bool frontal) {
  auto spec = *gen::impact_spec();
  if (frontal) {
    spec.tangential = {0, 0};
    spec.spin1 = spec.spin2 = {0, 0, 0};
  }
  const auto base = S::breaking(S::exact_slip(S::bounded(*S::law())));
  const auto law = elastic ? S::elastic(base) : base;
  const double pi = boost::math::constants::pi<double>();
  const double m1 = 4.0 / 3 * pi * std::pow(spec.r1, 3) * spec.m1.density;
  const double m2 = 4.0 / 3 * pi * std::pow(spec.r2, 3) * spec.m2.density;
  const double kn = frict_phys(spec.m1, spec.m2,
                               contact_lengths({ShapeKind::sphere, spec.r1}, {ShapeKind::sphere, spec.r2}, 0)).kn;
  // steps_per_contact steps per contact, within the solver's stable limit (p-wave estimate of
  // dynamics/time_step.hpp, which Simulation enforces)
  Simulation<typename S::Law> probe(law);
  probe.add_material(spec.m1);
  probe.add_material(spec.m2);
  probe.add_particle({Sphere{spec.r1}, {Vec3d::Zero()}, {}, 0});
  probe.add_particle({Sphere{spec.r2}, {Vec3d(1, 0, 0)}, {}, 1});
  const double dt = std::min(pi * std::sqrt(m1 * m2 / (m1 + m2) / kn) / spec.steps_per_contact,
                             probe.stable_dt().dt / 2);
  double dissipated = 0;
  double rounding = 0;
  const double b2 = impact_band(law, spec, dt / 2, dissipated, rounding);
  const double b4 = impact_band(law, spec, dt / 4, dissipated, rounding);
  const double b16 = impact_band(law, spec, dt / 16, dissipated, rounding);
  const double b32 = impact_band(law, spec, dt / 32, dissipated, rounding);
  const double coarse = std::max(b2, b4);
  const double fine = std::max(b16, b32);
  RC_LOG() << "band at dt/2, dt/4, dt/16, dt/32: " << b2 << ' ' << b4 << ' ' << b16 << ' ' << b32
           << ", rounding bound " << rounding << '\n';
  RC_CLASSIFY(dissipated > 0, "slipped");
  const double floor = rounding;
  if (coarse > floor) measure("band ratio fine / coarse", fine / coarse);
  measure("band at dt/2", b2);
  const double ratio = elastic ? 1.0 / 16 : 1.0 / 2;
  RC_ASSERT(fine <= coarse * ratio + floor);
}

template <ImpactSubject S>
void frontal_elastic_impact_energy_band_is_second_order_in_dt() {
  impact_energy_band_shrinks_at_the_promised_order<S>(true, true);
}

template <ImpactSubject S>
void oblique_spinning_elastic_impact_energy_band_is_second_order_in_dt() {
  impact_energy_band_shrinks_at_the_promised_order<S>(true, false);
}

template <ImpactSubject S>
void frictional_impact_energy_band_is_first_order_in_dt() {
  impact_energy_band_shrinks_at_the_promised_order<S>(false, false);
}

}  // namespace lawcheck::properties
