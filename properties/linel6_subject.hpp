#pragma once
// The kit's subject for LinEl6 (solver/laws/linel6_law.hpp): elastic in all six DoFs, in every
// configuration: noBreak, each rotational stiffness rule, characteristic lengths 1 mm .. 9 m
// (the range of the generated radii). Capabilities (law_subject.hpp): elastic energy (the law is
// its own elastic twin), rotational, breakable; no Coulomb limit.

#include <cmath>
#include <ostream>
#include <vector>

#include <rapidcheck.h>

#include "generators.hpp"
#include "law_subject.hpp"
#include "laws/linel6_law.hpp"

namespace lawcheck {

inline void showValue(const LinEl6Law<double>& law, std::ostream& os) {
  os << "LinEl6Law{charLen=" << law.char_len << " noBreak=" << law.no_break
     << " rotationalStiffness=" << name_of(law.rotational_stiffness) << "}";
}

namespace properties {

template <class L>
struct LinEl6FamilySubject {
  using Law = L;
  static constexpr bool rotational_stiffness = true;

  static rc::Gen<Law> law() {
    return rc::gen::build<Law>(rc::gen::set(&Law::char_len, gen::decimal(-3, 0)),
                               rc::gen::set(&Law::no_break, rc::gen::arbitrary<bool>()),
                               rc::gen::set(&Law::rotational_stiffness,
                                            gen::element_of(all_rotational_stiffnesses)));
  }

  static Law elastic(Law law) { return law; }
  static bool breaks(const Law& law) { return !law.no_break; }
  static Law breaking(Law law) {
    law.no_break = false;
    return law;
  }
  static Law unbreakable(Law law) {
    law.no_break = true;
    return law;
  }

  // No yield slip: tangential paths are drawn in units of the overlap, so that the tangential
  // force is of the order of the normal one (kt ~ kn).
  static double path_unit(const Law&, const typename Law::Phys&, double uN) { return std::abs(uN); }
  static std::vector<double> parameters(const typename Law::Phys& ph) { return {ph.kn, ph.kt, ph.kw, ph.kb}; }
};

using LinEl6Subject = LinEl6FamilySubject<LinEl6Law<double>>;
static_assert(RotationalSubject<LinEl6Subject>);
static_assert(BreakableSubject<LinEl6Subject>);

}  // namespace properties
}  // namespace lawcheck
