#pragma once
// The kit's subject for the linear Cundall law (solver/laws/linear_coulomb_law.hpp), in its
// default configuration: breakable, Coulomb slip on, the decided dissipation formula.

#include <ostream>

#include "laws/linear_coulomb_law.hpp"
#include "law_subject.hpp"

namespace lawcheck {

// Shown in counterexamples (found by argument-dependent lookup from RapidCheck).
inline void showValue(const LinearCoulombLaw<double>& law, std::ostream& os) {
  os << "LinearCoulombLaw{noBreak=" << law.no_break << " noSlip=" << law.no_slip
     << " dissipation=" << name_of(law.dissipation) << "}";
}

namespace properties {

using LinearCoulombSubject = CoulombSubject<LinearCoulombLaw<double>>;
static_assert(LawSubject<LinearCoulombSubject>);

}  // namespace properties
}  // namespace lawcheck
