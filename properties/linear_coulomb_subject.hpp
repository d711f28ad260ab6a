#pragma once
// The kit's subject for the linear Cundall law (solver/laws/linear_coulomb_law.hpp), in every
// configuration: noBreak, noSlip, each dissipation formula.

#include <ostream>

#include "coulomb_subject.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck {

// Shown in counterexamples (found by argument-dependent lookup from RapidCheck).
inline void showValue(const LinearCoulombLaw<double>& law, std::ostream& os) {
  os << "LinearCoulombLaw{noBreak=" << law.no_break << " noSlip=" << law.no_slip
     << " dissipation=" << name_of(law.dissipation) << "}";
}

namespace properties {

using LinearCoulombSubject = CoulombSubject<LinearCoulombLaw<double>>;
static_assert(ElasticEnergySubject<LinearCoulombSubject>);
static_assert(CoulombBoundedSubject<LinearCoulombSubject>);
static_assert(TorqueFreeSubject<LinearCoulombSubject>);
static_assert(BreakableSubject<LinearCoulombSubject>);

}  // namespace properties
}  // namespace lawcheck
