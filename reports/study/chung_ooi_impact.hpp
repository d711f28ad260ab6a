#pragma once
// One impact of Chung & Ooi's benchmarks (study/chung_ooi_study.hpp) through the full solver:
// Simulation<HertzMindlinLaw<double>>, sphere 1 against a static wall or a free sphere 2, in
// the frame the benchmarks are stated in: the normal is +x (from sphere 1 to the other body),
// the incident tangential motion along +y, spins about z. Sphere 1's contact point is at +R1 x,
// so a spin w_z gives it the tangential velocity w_z R1 (z x x = y); sphere 2's is at -R2 x,
// where w_z gives -w_z R2.
//
// The run: the bodies are placed so that they touch 3.5 steps in (mid-step, as `lawcheck impact`),
// dt = t_c / steps_per_contact with t_c Hertz's elastic contact duration of the normal approach
// speed (Johnson 1985, sec. 11.4: t_c = 2.9432 x_max / v_n, x_max = (15 m* v_n^2 / (16 E* sqrt(R*)))^(2/5));
// it ends one step after the contact is gone, and the velocities then are the rebound's (no
// force acts in free flight). The end of contact is interpolated between the last two overlaps.

#include <cstddef>

#include "core/vector_types.hpp"
#include "physics/hertz_mindlin_mat.hpp"

namespace lawcheck::reports {

struct ChungOoiImpact {
  HertzMindlinMat material1, material2;  // material2: the wall's or sphere 2's
  double radius1 = 0.01;
  double radius2 = 0;                    // 0: a static wall
  double restitution = 1;                // the law's `restitution`
  Vec3d velocity1 = Vec3d::Zero(), spin1 = Vec3d::Zero();
  Vec3d velocity2 = Vec3d::Zero(), spin2 = Vec3d::Zero();
  double steps_per_contact = 400;
};

struct ChungOoiRebound {
  Vec3d velocity1, spin1, velocity2, spin2;  // after the contact
  double dt = 0;
  double hertz_duration = 0;      // t_c of the elastic normal impact, the dt's scale [s]
  double contact_duration = 0;    // measured [s]
  double max_overlap = 0;         // largest overlap at a step [m]
  double peak_force = 0;          // largest |force on sphere 1| at a step [N]
  double normal_restitution = 0;  // -(relative normal velocity after)/(before)
  double ledger_error = 0;        // the energy ledger's relative error at the end
  // Normal impulse on sphere 1 over the contact, sum of F_x dt (net, > 0 pushes it back) and of
  // |F_x| dt: they differ where the normal force pulls (a dashpot that outlasts the spring).
  double normal_impulse = 0, normal_impulse_abs = 0;
  std::size_t contact_steps = 0;
};

// Runs one impact; throws std::runtime_error if the bodies do not separate within 50 t_c.
ChungOoiRebound run_chung_ooi_impact(const ChungOoiImpact& in);

// m*, E*, R* of the impact (a wall: m* = m1, R* = r1), as the law's physics forms them.
double chung_ooi_reduced_mass(const ChungOoiImpact& in);
double chung_ooi_contact_modulus(const ChungOoiImpact& in);
double chung_ooi_reduced_radius(const ChungOoiImpact& in);
double chung_ooi_sphere_mass(const HertzMindlinMat& m, double radius);

}  // namespace lawcheck::reports
