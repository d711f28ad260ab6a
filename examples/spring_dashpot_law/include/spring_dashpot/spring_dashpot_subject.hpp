#pragma once
// What lawcheck's property kit needs to know about SpringDashpotLaw (lawcheck's properties/
// law_subject.hpp states every member): which configurations to draw, its own materials, the
// size of a path unit, and the members of the capabilities it has -- elastic energy (no_slip, no
// dashpot), a Coulomb bound (the friction on, no dashpot: the bound is |Ft| <= mu |kn uN|), no
// torque. Passivity needs no member: every law gets it.

#include <cmath>
#include <ostream>
#include <vector>

#include <rapidcheck.h>

#include "generators.hpp"
#include "law_subject.hpp"
#include "spring_dashpot/spring_dashpot_law.hpp"

namespace spring_dashpot {

inline void showValue(const SpringDashpotLaw<double>& law, std::ostream& os) {
  os << "SpringDashpotLaw{damping=" << law.damping << " noSlip=" << law.no_slip << "}";
}
inline void showValue(const DashpotMat& m, std::ostream& os) {
  os << "DashpotMat{density=" << m.density << " young=" << m.young << " ktDivKn=" << m.kt_div_kn
     << " friction=" << m.friction << "}";
}

struct SpringDashpotSubject {
  using Law = SpringDashpotLaw<double>;
  static constexpr bool rotational_stiffness = false;

  // Every configuration: no dashpot in one draw of three, else c = 1e-3 .. 9e4 N s/m (critical
  // damping 2 sqrt(m* kn) of the kit's contacts spans ~1e-2 .. 1e5), with and without slip.
  static rc::Gen<Law> law() {
    namespace g = lawcheck::properties::gen;
    return rc::gen::apply([](double c, bool no_slip) { return Law{c, no_slip}; },
                          rc::gen::weightedOneOf<double>({{1, rc::gen::just(0.0)}, {2, g::decimal(-3, 4)}}),
                          rc::gen::arbitrary<bool>());
  }
  // The law's own material: moduli and frictions as a DEM user sets them (typical), or the kit's
  // robustness range (extreme: kt/kn down to 1e-6, no friction).
  static rc::Gen<DashpotMat> material(lawcheck::properties::gen::Range range) {
    namespace g = lawcheck::properties::gen;
    const bool extreme = range == g::Range::extreme;
    return rc::gen::apply(
        [](double young, double ratio, double mu) { return DashpotMat{2500, young, ratio, mu}; },
        extreme ? g::decimal(3, 11) : g::decimal(6, 10), extreme ? g::decimal(-6, 0) : g::tenths(1, 10),
        extreme ? rc::gen::weightedOneOf<double>({{1, rc::gen::just(0.0)}, {3, g::tenths(1, 10)}}) : g::tenths(1, 10));
  }
  // One path unit: the yield slip mu |kn uN0| / kt (paths both stick and slip), or the overlap
  // where there is no yield (no friction or no tangential spring).
  static double path_unit(const Law&, const DashpotPhys<double>& ph, double uN0) {
    const double slip = ph.kt > 0 ? ph.mu * ph.kn * std::abs(uN0) / ph.kt : 0.0;
    return slip > 0 ? slip : std::abs(uN0);
  }
  static std::vector<double> parameters(const DashpotPhys<double>& ph) { return {ph.kn, ph.kt, ph.mu}; }

  // A force of terms that may cancel (law_subject.hpp, ForceTermsSubject): the spring kn uN and
  // the dashpot c v_n (which cancel where the contact unloads fast), and the friction that
  // follows them (|Ft| <= mu |Fn| when it slips; the kit takes the largest force seen as well).
  // The dashpot amplifies the rounding of the normal velocity by c, the friction by mu c more;
  // the tangential spring's increments kt v_t dt are the kit's own rounding model.
  static double force_scale(const Law& law, const DashpotPhys<double>& ph, double overlap, double speed) {
    return (1 + ph.mu) * (ph.kn * overlap + law.damping * speed);
  }
  static lawcheck::properties::VelocitySensitivity velocity_sensitivity(const Law& law, const DashpotPhys<double>& ph,
                                                                        double, double) {
    return {(1 + ph.mu) * law.damping, 0.0};
  }

  static Law elastic(Law) { return {0.0, true}; }
  static Law bounded(Law) { return {0.0, false}; }
  static Law exact_slip(Law) { return {0.0, false}; }  // fy (|Ft*| - fy) / kt is the exact 1D slip work
  static double yield_force(const DashpotPhys<double>& ph, double fn) { return std::abs(fn) * ph.mu; }
  static double tangential_stiffness(const DashpotPhys<double>& ph) { return ph.kt; }
};

}  // namespace spring_dashpot
