#pragma once
// FrictPhys: contact physics of two FrictMat materials (seed 000 "Stiffness", eqs. (3), (4);
// seed 001 step 2, Woo's Cp2_FrictMat_FrictPhys).
//   kn     = (l1/(E1 A) + l2/(E2 A))^-1      series of two springs, eq. (3)
//   kt     = mean(ktDivKn_1, ktDivKn_2) * kn  eq. (4), "averaged between both materials"
//   tanPhi = min(tanPhi_1, tanPhi_2)

#include <algorithm>

#include "physics/frict_mat.hpp"
#include "physics/stiffness_rules.hpp"

namespace lawcheck {

template <class R>
struct FrictPhys {
  R kn{0};
  R kt{0};
  R tan_phi{0};

  template <class S>
  FrictPhys<S> cast() const {
    return {S(kn), S(kt), S(tan_phi)};
  }

  // Stored apart by the contact loop (laws/contact_law.hpp, PairSplitLaw; 24 -> 8 bytes
  // per contact): kn depends on the contact's lengths, kt/kn and tanPhi on the two materials only.
  struct PerPair {
    R kt_div_kn{0};
    R tan_phi{0};
  };
  struct PerContact {
    R kn{0};
  };
  PerContact per_contact() const { return {kn}; }
  // kt = ((ktDivKn_1 + ktDivKn_2)/2) kn, the product frict_phys forms: the same bits.
  static FrictPhys joined(const PerPair& pair, const PerContact& c) {
    return {c.kn, pair.kt_div_kn * c.kn, pair.tan_phi};
  }
};

// The materials' share of FrictPhys, eq. (4) and the min rule.
inline FrictPhys<double>::PerPair frict_pair_phys(const FrictMat& m1, const FrictMat& m2) {
  return {(m1.kt_div_kn + m2.kt_div_kn) / 2, std::min(m1.tan_phi, m2.tan_phi)};
}

inline FrictPhys<double> frict_phys(const FrictMat& m1, const FrictMat& m2, const ContactLengths& g) {
  m1.validate("material1");
  m2.validate("material2");
  const double kn = g.area / (g.l1 / m1.young + g.l2 / m2.young);
  return FrictPhys<double>::joined(frict_pair_phys(m1, m2), {kn});
}

}  // namespace lawcheck
