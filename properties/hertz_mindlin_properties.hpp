#pragma once
// What the Hertz-Mindlin law (solver/laws/hertz_mindlin_law.hpp) claims beyond the kit's
// capability suites, as properties over the subject's draws (hertz_mindlin_subject.hpp):
//
// (1) TheTangentialForceStaysWithinCoulombsBoundOfTheSmallerFriction. On any path the kit draws
//     in six DoFs (compression, closed loops, through tension), after every step of a contact
//     |F_t| <= mu |F_n| with mu = min(mu_1, mu_2) of the two MATERIALS (not the law's physics, so
//     a law that mixes the friction otherwise is seen). Rounding: the cap is mu |F_n| (2
//     roundings), the radial return scales by cap/|T| (3 more); a sticking force adds the spring's
//     and the dashpot's components (1 more each, relative to their sizes, each <= mu |F_n| +
//     eta_t |v_t|): |F_t| <= mu |F_n| (1 + 8 eps) + 8 eps (mu |F_n| + eta_t |v_t|).
//
// (2) OneStepFromRestGivesHertzsForceMindlinsStiffnessAndTheDashpots. The closed forms computed
//     here from the drawn materials and bodies, independently of the law's physics: E*, G*, R*, m*
//     (physics/hertz_mindlin_phys.hpp states them; Di Renzo & Di Maio 2004, Table 1) and
//     beta(e). A contact made at rest at overlap delta and moved one step dt tangentially by du_t
//     (no normal motion, a tangential trial of half the cap so that it sticks) returns
//         F_n = -4/3 E* sqrt(R*) delta^(3/2),   F_t = 8 G* sqrt(R* delta) du_t + eta_t du_t / dt,
//     eta_t = tangentialDamping 2 sqrt(5/6) beta sqrt(S_n m*), S_n = 2 E* sqrt(R* delta); with
//     no friction, F_t = 0. Rounding: each closed form is a product and quotient of ~12 roundings
//     and each side sums two terms: 32 eps of the sum of the terms' magnitudes.

#include <algorithm>
#include <cmath>
#include <numbers>

#include <rapidcheck.h>

#include "hertz_mindlin_subject.hpp"
#include "law_case.hpp"
#include "path_driver.hpp"
#include "property_runner.hpp"

namespace lawcheck::properties {

// The law's parameters for a subject whose law wraps HertzMindlinLaw (a mutant) or is it.
template <class S>
const HertzMindlinLaw<double>& hertz_mindlin_parameters(const typename S::Law& law) {
  if constexpr (requires { S::parameters_of(law); })
    return S::parameters_of(law);
  else
    return law;
}

inline void every_drawn_hertz_mindlin_set_passes_validation() {
  const auto law = *gen::hertz_mindlin_law();
  const auto m = *gen::hertz_mindlin_material(*rc::gen::element(gen::Range::typical, gen::Range::extreme));
  law.validate();
  m.validate("material");
}

template <class S>
void hertz_mindlin_tangential_force_stays_within_coulomb_bound() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto spec = *gen::path_any();
  const auto run = run_case<S>(c, c.law, spec);
  const auto& p = hertz_mindlin_parameters<S>(c.law);
  const double mu = std::min(c.materials[0].friction, c.materials[1].friction);
  const double dt = c.scale.dt;
  double worst = 0;
  for (std::size_t k = 0; k < run.response.size(); ++k) {
    if (run.contact[k] == Contact::none || run.contact[k] == Contact::broke) continue;
    const Vec3d& f = run.response[k].force;
    const double fn = std::abs(f.x()), ft = f.template tail<2>().norm();
    const double overlap = std::max(0.0, -run.uN[k]);
    const double v_t = run.du[k].template tail<2>().norm() / dt;
    const double eta_t = p.tangential_damping * S::eta_n(c.phys, overlap);
    const double bound = mu * fn * (1 + 8 * eps) + 8 * eps * (mu * fn + eta_t * v_t);
    if (ft > 0) worst = std::max(worst, ft / std::max(bound, std::numeric_limits<double>::min()));
    RC_ASSERT(ft <= bound);
  }
  measure("|F_t| / bound", worst);
}

template <class S>
void one_step_from_rest_gives_hertz_mindlin_closed_forms() {
  auto c = draw_case<S>(gen::Range::typical);
  const auto& p = hertz_mindlin_parameters<S>(c.law);
  const auto& m1 = c.materials[0];
  const auto& m2 = c.materials[1];
  const ContactCreation cr = creation_of(c.contact, m1.density, m2.density);
  const double e_star = 1 / ((1 - m1.poisson * m1.poisson) / m1.young + (1 - m2.poisson * m2.poisson) / m2.young);
  const double g_star =
      1 / (2 * (2 - m1.poisson) * (1 + m1.poisson) / m1.young + 2 * (2 - m2.poisson) * (1 + m2.poisson) / m2.young);
  const double r_star = 1 / (1 / cr.curvature_radius1 + 1 / cr.curvature_radius2);
  const double m_star = 1 / (1 / cr.mass1 + 1 / cr.mass2);
  const double mu = std::min(m1.friction, m2.friction);
  const double l = std::log(p.restitution);
  const double beta = -l / std::sqrt(l * l + std::numbers::pi * std::numbers::pi);
  const double delta = -c.contact.uN0, dt = c.scale.dt;
  const double s_n = 2 * e_star * std::sqrt(r_star * delta);
  const double f_hertz = 4.0 / 3.0 * e_star * std::sqrt(r_star) * std::pow(delta, 1.5);
  const double kt = 8 * g_star * std::sqrt(r_star * delta);
  const double eta_t = std::isfinite(m_star) ? p.tangential_damping * 2 * std::sqrt(5.0 / 6.0) * beta * std::sqrt(s_n * m_star) : 0.0;
  // Half the cap: the step sticks (header).
  const double du = mu * f_hertz / (2 * (kt + eta_t / dt));
  typename S::Law::State s = c.law.initial_state(cr, c.phys);
  c.law.template step<false>(LocalGeom<double>{-delta, Vec3d::Zero(), Vec3d::Zero()}, c.phys, s, dt);
  const auto r = c.law.template step<false>(LocalGeom<double>{-delta, Vec3d(0, du / dt, 0), Vec3d::Zero()}, c.phys, s, dt);
  const double ft_expected = kt * du + eta_t * du / dt;
  measure("normal force relative error", std::abs(r.force.x() + f_hertz) / f_hertz);
  RC_ASSERT(std::abs(r.force.x() + f_hertz) <= 32 * eps * f_hertz);
  if (mu == 0) {
    RC_ASSERT(r.force.y() == 0.0);
  } else {
    const double tol = 32 * eps * (kt * du + eta_t * du / dt);
    measure("tangential force relative error", std::abs(r.force.y() - ft_expected) / ft_expected);
    RC_ASSERT(std::abs(r.force.y() - ft_expected) <= tol);
  }
  RC_ASSERT(r.force.z() == 0.0);
}

}  // namespace lawcheck::properties
