#pragma once
// The kit's subject for the Hertz-Mindlin law (solver/laws/hertz_mindlin_law.hpp).
//
// Materials (material(range)): E 1e6 .. 9e11 Pa (typical) or 1e3 .. 9e12 (extreme), nu in
// {-0.5, -0.4, .., 0.5}, density 1e2 .. 9e4 kg/m^3, mu 0 (one draw in four) or 0.1 .. 1.
// Laws (law()): the requested restitution 1 (no dashpot, one draw in three) or 0.01 .. 0.99, the
// tangential damping 0, 1 (LAMMPS's) or 0.1 .. 2. Every drawn set passes validate()
// (hertz_mindlin_properties_test.cpp checks it).
// Capabilities (law_subject.hpp): any law; torque-free (the law returns no torque); force terms
// (Hertz against the dashpot as the contact unloads, the spring against the tangential dashpot).
// Not ElasticEnergySubject (the kit's exact-work suites are for springs linear in the
// displacement, and the Hertz spring is delta^(3/2); the ledger suite checks the work to its
// trapezoid order instead) nor CoulombBoundedSubject (its 1D oracles are for a constant k_t):
// the Coulomb bound of this law is its own property (hertz_mindlin_properties.hpp).

#include <algorithm>
#include <cmath>
#include <ostream>
#include <vector>

#include <rapidcheck.h>

#include "core/high_precision.hpp"
#include "generators.hpp"
#include "law_subject.hpp"
#include "laws/hertz_mindlin_law.hpp"

namespace lawcheck {

inline void showValue(const HertzMindlinMat& m, std::ostream& os) {
  os << "HertzMindlinMat{young=" << m.young << " poisson=" << m.poisson << " density=" << m.density
     << " friction=" << m.friction << '}';
}

inline void showValue(const HertzMindlinLaw<double>& l, std::ostream& os) {
  os << "HertzMindlinLaw{restitution=" << l.restitution << " tangentialDamping=" << l.tangential_damping << '}';
}

}  // namespace lawcheck

namespace lawcheck::properties {

namespace gen {

inline rc::Gen<HertzMindlinMat> hertz_mindlin_material(Range range) {
  return rc::gen::build<HertzMindlinMat>(
      rc::gen::set(&HertzMindlinMat::young, range == Range::typical ? decimal(6, 11) : decimal(3, 12)),
      rc::gen::set(&HertzMindlinMat::poisson, rc::gen::map(rc::gen::inRange(-5, 6), [](int t) { return t / 10.0; })),
      rc::gen::set(&HertzMindlinMat::density, decimal(2, 4)),
      rc::gen::set(&HertzMindlinMat::friction,
                   rc::gen::weightedOneOf<double>({{1, rc::gen::just(0.0)}, {3, tenths()}})));
}

inline rc::Gen<HertzMindlinLaw<double>> hertz_mindlin_law() {
  return rc::gen::apply(
      [](double e, double damping) {
        HertzMindlinLaw<double> l;
        l.restitution = e;
        l.tangential_damping = damping;
        return l;
      },
      rc::gen::weightedOneOf<double>(
          {{1, rc::gen::just(1.0)}, {2, rc::gen::map(rc::gen::inRange(1, 100), [](int p) { return p / 100.0; })}}),
      rc::gen::weightedOneOf<double>({{1, rc::gen::just(0.0)}, {1, rc::gen::just(1.0)}, {2, tenths(1, 20)}}));
}

}  // namespace gen

struct HertzMindlinSubject {
  using Law = HertzMindlinLaw<double>;
  using Phys = HertzMindlinPhys<double>;
  static constexpr bool rotational_stiffness = false;

  static rc::Gen<HertzMindlinMat> material(gen::Range range) { return gen::hertz_mindlin_material(range); }
  static rc::Gen<Law> law() { return gen::hertz_mindlin_law(); }

  // The yield slip at the contact's overlap, mu F_H / k_t = mu E* delta / (6 G*), so that the
  // paths both stick and slide; the overlap itself where there is no friction.
  static double path_unit(const Law&, const Phys& ph, double uN) {
    const double d = std::abs(uN);
    return ph.friction > 0 ? ph.friction * ph.e_eff * d / (6 * ph.g_eff) : d;
  }
  static std::vector<double> parameters(const Phys& ph) {
    return {ph.r_eff, ph.e_eff, ph.g_eff, ph.friction, ph.damping_scale, ph.length};
  }

  // Passivity (passivity_properties.hpp): no kind of this law is >= 0 step by step. The dashpots
  // are booked as trapezoids of the previous and the current force (negative in a step where the
  // velocity turns); the released spring may be negative where a step reverses it
  // (energy_kind.hpp); plastic_shear is the spring's share of the ledger's trapezoid minus its
  // energy change, and the trapezoid takes the previous force F_{n-1}, not the one the
  // Walton-Braun rescale left, F' = F_{n-1} sqrt(delta_n/delta_{n-1}): the booking carries
  // 1/2 (F_{n-1} - F') . du, of either sign, second order in the step (the kit found -6.6e-17 J
  // on a 4-step loop). The work property and the ledger's order are what hold.
  static bool stepwise_positive(EnergyKind) { return false; }
  // Hertz's delta^(3/2) has a bounded slope near touch; the dashpot's coefficient ~ delta^(1/4)
  // has not, so the ledger's order holds only without it.
  static bool lipschitz(const Law& law) { return law.restitution == 1; }

  // Force terms (ForceTermsSubject, law_subject.hpp) for overlaps <= `overlap`, |vel| <= `speed`:
  // Hertz F_H and the normal dashpot eta_n |v|; the tangential force is at most mu |F_n| when it
  // slides, and spring + dashpot within mu |F_n| when it sticks, so the spring alone is within
  // mu |F_n| + eta_t |v|.
  static double normal_terms(const Phys& ph, double overlap, double speed) {
    const double s_n = 2 * ph.e_eff * std::sqrt(ph.r_eff * overlap);
    return s_n * overlap * 2 / 3 + ph.damping_scale * std::sqrt(s_n) * speed;
  }
  static double eta_n(const Phys& ph, double overlap) {
    return ph.damping_scale * std::sqrt(2 * ph.e_eff * std::sqrt(ph.r_eff * overlap));
  }
  static double force_scale(const Law& law, const Phys& ph, double overlap, double speed) {
    return (1 + 2 * ph.friction) * normal_terms(ph, overlap, speed) + 2 * law.tangential_damping * eta_n(ph, overlap) * speed;
  }
  // dF/dv: the normal dashpot eta_n, carried into the tangential cap by mu; the tangential
  // dashpot eta_t.
  static VelocitySensitivity velocity_sensitivity(const Law& law, const Phys& ph, double overlap, double) {
    const double eta = eta_n(ph, overlap);
    return {(1 + ph.friction) * eta, law.tangential_damping * eta};
  }
};

static_assert(TorqueFreeSubject<HertzMindlinSubject>);
static_assert(ForceTermsSubject<HertzMindlinSubject>);
static_assert(ContactLaw<HertzMindlinLaw<HighPrecision>>);

}  // namespace lawcheck::properties
