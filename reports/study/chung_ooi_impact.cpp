#include "study/chung_ooi_impact.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include <fmt/format.h>

#include "dynamics/simulation.hpp"
#include "laws/hertz_mindlin_law.hpp"

namespace lawcheck::reports {

double chung_ooi_sphere_mass(const HertzMindlinMat& m, double radius) {
  return 4.0 / 3.0 * std::numbers::pi * radius * radius * radius * m.density;
}

double chung_ooi_reduced_mass(const ChungOoiImpact& in) {
  const double m1 = chung_ooi_sphere_mass(in.material1, in.radius1);
  if (in.radius2 == 0) return m1;
  const double m2 = chung_ooi_sphere_mass(in.material2, in.radius2);
  return m1 * m2 / (m1 + m2);
}

// E* = 1/((1 - nu1^2)/E1 + (1 - nu2^2)/E2) (Hertz; the wall's material enters as a sphere's).
double chung_ooi_contact_modulus(const ChungOoiImpact& in) {
  const auto& a = in.material1;
  const auto& b = in.material2;
  return 1 / ((1 - a.poisson * a.poisson) / a.young + (1 - b.poisson * b.poisson) / b.young);
}

double chung_ooi_reduced_radius(const ChungOoiImpact& in) {
  return in.radius2 == 0 ? in.radius1 : in.radius1 * in.radius2 / (in.radius1 + in.radius2);
}

ChungOoiRebound run_chung_ooi_impact(const ChungOoiImpact& in) {
  const double vn = in.velocity1.x() - in.velocity2.x();
  if (!(vn > 0)) throw std::invalid_argument("run_chung_ooi_impact: the bodies do not approach along x");
  const double m_eff = chung_ooi_reduced_mass(in);
  const double e_eff = chung_ooi_contact_modulus(in);
  const double r_eff = chung_ooi_reduced_radius(in);
  // Hertz's elastic duration (header): only the step's scale.
  const double x_max = std::pow(15 * m_eff * vn * vn / (16 * e_eff * std::sqrt(r_eff)), 0.4);
  const double tc = 2.9432 * x_max / vn;
  const double dt = tc / in.steps_per_contact;

  HertzMindlinLaw<double> law;
  law.restitution = in.restitution;
  Simulation<HertzMindlinLaw<double>> sim(law);
  sim.add_material(in.material1);
  sim.add_material(in.material2);
  // Touch at t* = 3.5 dt: x1(t*) = 0, the other body's surface at x = r1 then.
  const double t_touch = 3.5 * dt;
  sim.add_particle({Sphere{in.radius1}, {Vec3d(-t_touch * in.velocity1)}, {in.velocity1, in.spin1}, 0});
  if (in.radius2 == 0) {
    sim.add_particle({Wall{0, -1}, {Vec3d(in.radius1, 0, 0)}, {}, 1, dof::all});
  } else {
    const Vec3d x2 = Vec3d(in.radius1 + in.radius2, 0, 0) - t_touch * in.velocity2;
    sim.add_particle({Sphere{in.radius2}, {x2}, {in.velocity2, in.spin2}, 1});
  }
  sim.set_dt(dt);
  auto overlap = [&] {
    const auto& P = sim.particles();
    return in.radius2 == 0 ? in.radius1 - (P.pos[1].x() - P.pos[0].x())
                           : in.radius1 + in.radius2 - (P.pos[1] - P.pos[0]).norm();
  };
  ChungOoiRebound out;
  out.dt = dt;
  out.hertz_duration = tc;
  const auto max_steps = static_cast<std::size_t>(std::ceil((t_touch + 50 * tc) / dt)) + 10;
  double prev = overlap(), t_end = -1;
  bool touched = false;
  for (std::size_t step = 1; step <= max_steps; ++step) {
    sim.step(1, true);
    const Vec3d& f = sim.particles().force[0];
    out.peak_force = std::max(out.peak_force, f.norm());
    // The force of step n moves v_{n-1/2} to v_{n+1/2}: its impulse is f dt exactly.
    out.normal_impulse -= f.x() * dt;
    out.normal_impulse_abs += std::abs(f.x()) * dt;
    const double d = overlap();
    out.max_overlap = std::max(out.max_overlap, d);
    if (sim.contact_count() > 0) {
      touched = true;
      ++out.contact_steps;
    }
    if (touched && sim.contact_count() == 0) {
      t_end = static_cast<double>(step - 1) * dt + (prev > d ? dt * prev / (prev - d) : dt);
      break;
    }
    prev = d;
  }
  if (t_end < 0)
    throw std::runtime_error(fmt::format("Chung & Ooi impact: no separation within {} steps (50 t_c)", max_steps));
  const auto& P = sim.particles();
  out.velocity1 = P.vel[0];
  out.spin1 = P.ang_vel[0];
  out.velocity2 = in.radius2 == 0 ? Vec3d::Zero() : Vec3d(P.vel[1]);
  out.spin2 = in.radius2 == 0 ? Vec3d::Zero() : Vec3d(P.ang_vel[1]);
  out.contact_duration = t_end - t_touch;
  out.normal_restitution = -(out.velocity1.x() - out.velocity2.x()) / vn;
  out.ledger_error = sim.energy().relative_error();
  return out;
}

}  // namespace lawcheck::reports
