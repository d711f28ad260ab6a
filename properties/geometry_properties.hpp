#pragma once
// Frame invariance of a law through the solver's geometry (two_body_scenario.hpp), written once
// for any LawSubject (forces and torques), on every configuration the subject draws:
// - symmetry: swapping the two particles (shapes, materials, poses, velocities) gives the same
//   contact parameters, equal and opposite global forces, the torques exchanged, the same energies;
// - objectivity: a rigid motion x -> q x + shift of the whole configuration (positions,
//   orientations, velocities, contact frame) leaves the local forces and the energies unchanged
//   and rotates the global forces and torques by q.
//
// Tolerance (both properties compare two runs that are equal in real arithmetic). Rounding enters
// (1) uN = |core distance| - radii, a cancellation that amplifies the eps L error of positions of
// size L (the largest reach of a shape or distance from the origin) by L/|uN0|; (2) each of the M steps: contact
// point, frame transport and velocity projection each add a few eps relative to |F|. So
//     |dF| <= 64 eps (M + L/|uN0|) |F|max,
// 64 covering ~20 roundings per step with a margin of 3; torques carry lever arms <= 2 L. A law's
// own torque T = kr phi (LinEl6) sums the relative rotation (w_b - w_a) dt like the force sums
// displacements, but w_b - w_a is a difference of the two spins: its rounding is eps (|w_a| + |w_b|)
// whatever the relative rotation, so the torque scale is |T|max + kr Phi with Phi the rotation
// the particles made (sum of (|w_a| + |w_b|) dt), and |dT| <= 64 eps (M + L/|uN0|) (|T|max + kr Phi)
// by the same count. The energies, quadratic in F and T, move by 2 |dF|/|F|max of their scale
// (elastic + dissipated + |F|max^2/kt + (|T|max + kr Phi)^2/kr, the third for the slip term
// fy (ft - fy)/kt, the last for the rotational springs; the slip term is 0 without a tangential
// spring, kt = 0).
//
// A law whose force is a sum of terms, some velocity-dependent (ForceTermsSubject: cancelling
// spring, adhesion and damper; hysteresis; regularised friction), rounds relative to its terms'
// sum Fterms (S::force_scale) rather than |F|max, and amplifies the rounding of the local
// velocity g.vel = mid^T (v_b + w_b x (c - x_b) - v_a - w_a x (c - x_a)): its inputs are eps of
// V = |v_a| + |v_b| + (|w_a| + |w_b|) L, and the frame and contact point that turn and lever it
// are off by the relative rounding counted above, so |dvel| <= rel V, and the force moves by
// (|dF/dv_n| + |dF/dv_t|) rel V more (S::velocity_sensitivity): |dF| <= rel (Fterms + sens V).
// Both over the run's states: |vel| <= V, overlap < 2 |uN0| (normal motion <= |uN0|/2, turns
// <= |uN0|/8 at each extremity, curvature (0.3)^2/2 |uN0|; build_scenario). Its energies: the
// elastic one moves by f_c duN <= Fterms rel 2 |uN0| (uN off by eps L <= rel |uN0|), and each of
// the M dissipation trapezoids (components x dt vel) by |dF| dt V + Fterms dt |dvel|, so the
// energy scale takes Fterms (2 |uN0| + 2 M dt V) + sens M dt V^2 more. A force that jumps with
// the velocity (infinite sensitivity: a term that switches on the sign of v_n, as Exudyn's
// literal current-v_- reading at v_min = 0) cannot be compared to rounding across the jump:
// that configuration is discarded (RC_PRE, counted by RapidCheck).

#include <algorithm>
#include <cmath>

#include <rapidcheck.h>

#include "law_case.hpp"
#include "law_subject.hpp"
#include "property_runner.hpp"
#include "two_body_scenario.hpp"

namespace lawcheck::properties {

inline constexpr std::array<std::pair<ShapeKind, ShapeKind>, 4> rotatable_pairs{{
    {ShapeKind::sphere, ShapeKind::sphere},
    {ShapeKind::sphere, ShapeKind::facet},
    {ShapeKind::sphere, ShapeKind::capsule},
    {ShapeKind::capsule, ShapeKind::capsule},
}};

// A drawn scenario and the law's materials of its two bodies (Body::side indexes them).
template <LawSubject S>
struct LawScenario {
  TwoBodyScenario scenario;
  MaterialPair<S> materials;
};

template <LawSubject S>
LawScenario<S> draw_scenario(const typename S::Law& law, const rc::Gen<ScenarioSpec>& specs) {
  const auto spec = *specs;
  const auto materials = draw_materials<S>(spec.mat_a, spec.mat_b, gen::Range::typical);
  const auto s = build_scenario(spec, [&law, &materials](const ContactCase& c, double uN0) {
    return S::path_unit(law, phys_of(law, materials, c), uN0);
  });
  RC_PRE(s.has_value());
  return {*s, materials};
}

struct RunComparison {
  double force = 0;   // largest |force difference|
  double torque = 0;
  double energy = 0;
  double force_scale = 0;
  double energy_scale = 0;
};

// The rounding scales shared by the symmetry and objectivity checks: relative bound
// 64 eps (steps + L/|uN0|) (per-step rounding accumulated, plus the contact point's conditioning),
// the largest force, the law's torque scale and the energy scale (header comment).
struct RoundingScales {
  double rel;
  double fmax;
  double tscale;
  double escale;
};

template <class Law, class Run>
RoundingScales rounding_scales(const Law& law, const Run& run, int steps, double len) {
  double fmax = 0;
  double tmax = 0;
  double emax = 0;
  for (const auto& st : run.steps) {
    fmax = std::max(fmax, st.force_a.norm());
    tmax = std::max(tmax, st.local_torque.norm());
    emax = std::max(emax, st.elastic + st.dissipated);
  }
  const ContactStiffness k = law.stiffness(run.phys);
  const double kr = largest_rotational(k);
  const double tscale = tmax + kr * run.rotation;
  return {64 * eps * (double(steps) + len / std::abs(run.uN0)), fmax, tscale,
          emax + (k.tangential > 0 ? fmax * fmax / k.tangential : 0.0) + (kr > 0 ? tscale * tscale / kr : 0.0)};
}

// The force scale of the tolerances and the energy scale's addition for a ForceTermsSubject
// (header comment); {|F|max, 0} for other laws.
struct ForceTermsScales {
  double force;
  double energy;
};

template <LawSubject S>
ForceTermsScales force_terms_scales(const typename S::Law& law, const ScenarioRun<typename S::Law::Phys>& run,
                                    const TwoBodyScenario& s, double len, double fmax) {
  if constexpr (ForceTermsSubject<S>) {
    const double v = s.a.vel.vel.norm() + s.b.vel.vel.norm() + (s.a.vel.ang_vel.norm() + s.b.vel.ang_vel.norm()) * len;
    const double overlap = 2 * std::abs(run.uN0);
    const double terms = std::max(fmax, S::force_scale(law, run.phys, overlap, v));
    const auto dfdv = S::velocity_sensitivity(law, run.phys, overlap, v);
    const double sens = dfdv.normal + dfdv.tangential;
    RC_PRE(std::isfinite(sens));
    const double m_dt_v = double(s.steps) * s.dt * v;
    return {terms + sens * v, terms * (overlap + 2 * m_dt_v) + sens * m_dt_v * v};
  } else {
    return {fmax, 0.0};
  }
}

template <LawSubject S>
void swapping_the_particles_gives_opposite_forces_and_equal_energies() {
  const auto law = *S::law();
  const auto [s, materials] = draw_scenario<S>(law, gen::scenario_spec(gen::supported_pairs));
  const auto run = run_scenario(law, s, materials);
  const auto swap = run_scenario(law, swapped(s), materials);
  RC_ASSERT(!run.lost);
  RC_ASSERT(!swap.lost);
  RC_ASSERT(run.steps.size() == swap.steps.size());

  // kn, kt, tanPhi: symmetric formulas (sums and min of the two sides); the reduced length rule
  // takes uN0 from the contact point, which the swapped order computes with its own rounding.
  const auto p = S::parameters(run.phys);
  const auto q = S::parameters(swap.phys);
  const double uN_rel = std::abs(run.uN0 - swap.uN0) / std::abs(run.uN0);
  for (std::size_t i = 0; i < p.size(); ++i)
    RC_ASSERT(std::abs(p[i] - q[i]) <= (4 * eps + uN_rel) * std::abs(p[i]));

  const double len = length_scale(s);
  const auto [rel, fmax, tscale, escale0] = rounding_scales(law, run, s.steps, len);
  const auto [fscale, eterms] = force_terms_scales<S>(law, run, s, len, fmax);
  const double escale = escale0 + eterms;
  const double tol_t = rel * (2 * len * fscale + tscale);
  double worst = 0;
  for (std::size_t k = 0; k < run.steps.size(); ++k) {
    const auto& a = run.steps[k];
    const auto& b = swap.steps[k];
    const double df = (a.force_a + b.force_a).norm();
    const double dt = std::max((a.torque_a - b.torque_b).norm(), (a.torque_b - b.torque_a).norm());
    const double de = std::max(std::abs(a.elastic - b.elastic), std::abs(a.dissipated - b.dissipated));
    worst = std::max({worst, df / (rel * fscale), dt / tol_t, de / (2 * rel * escale)});
    RC_ASSERT(df <= rel * fscale);
    RC_ASSERT(dt <= tol_t);
    RC_ASSERT(de <= 2 * rel * escale);
  }
  RC_CLASSIFY(tscale > 0, "law torque");
  RC_CLASSIFY(run.steps.back().dissipated > 0, "slipped");
  measure("difference / tolerance", worst);
}

template <LawSubject S>
void a_rigid_motion_leaves_local_forces_unchanged_and_rotates_global_ones() {
  const auto law = *S::law();
  const auto [s, materials] = draw_scenario<S>(law, gen::scenario_spec(rotatable_pairs));
  const auto turn = *gen::rotation();
  const auto shift_units = *gen::small_ints3(-4, 4);
  const Quatd q = turn.quaternion();
  const double len0 = length_scale(s);
  const Vec3d shift = Vec3d(shift_units[0], shift_units[1], shift_units[2]) * len0;
  const auto moved_s = moved(s, q, shift);

  const auto cp = contact_of(s);
  RC_ASSERT(cp.has_value());
  const ContactFrame f0 = initial_frame(cp->normal);
  const ContactFrame f0_moved{(q * f0.ori).normalized(), (q * f0.mid).normalized()};
  const auto run = run_scenario(law, s, materials);
  const auto mov = run_scenario(law, moved_s, materials, f0_moved);
  RC_ASSERT(!run.lost);
  RC_ASSERT(!mov.lost);
  RC_ASSERT(run.steps.size() == mov.steps.size());

  const double len = std::max(len0, length_scale(moved_s));
  // the rotation itself adds a few eps per rotated vector: inside the 64
  const auto [rel, fmax, tscale, escale0] = rounding_scales(law, run, s.steps, len);
  const auto [fscale, eterms] = force_terms_scales<S>(law, run, s, len, fmax);
  const double escale = escale0 + eterms;
  const double tol_t = rel * (2 * len * fscale + tscale);
  const Mat3d r = q.toRotationMatrix();
  double worst = 0;
  for (std::size_t k = 0; k < run.steps.size(); ++k) {
    const auto& a = run.steps[k];
    const auto& b = mov.steps[k];
    const double dl = (a.local_force - b.local_force).norm();
    const double dlt = (a.local_torque - b.local_torque).norm();
    const double dg = (r * a.force_a - b.force_a).norm();
    const double dt = std::max((r * a.torque_a - b.torque_a).norm(), (r * a.torque_b - b.torque_b).norm());
    const double de = std::max(std::abs(a.elastic - b.elastic), std::abs(a.dissipated - b.dissipated));
    worst = std::max({worst, dl / (rel * fscale), dg / (rel * fscale), dt / tol_t, de / (2 * rel * escale)});
    if (tscale > 0) worst = std::max(worst, dlt / (rel * tscale));
    RC_ASSERT(dl <= rel * fscale);
    RC_ASSERT(dlt <= rel * tscale);
    RC_ASSERT(dg <= rel * fscale);
    RC_ASSERT(dt <= tol_t);
    RC_ASSERT(de <= 2 * rel * escale);
  }
  RC_CLASSIFY(tscale > 0, "law torque");
  RC_CLASSIFY(run.steps.back().dissipated > 0, "slipped");
  measure("difference / tolerance", worst);
}

}  // namespace lawcheck::properties
