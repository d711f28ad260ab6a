#pragma once
// Energy dissipated by one Coulomb slip step (seed 000 "Energy balance"). With the yield force
// fy = |Fn| tanPhi and the trial force norm ft = |Ft_old + dFt| > fy, the seed offers three
// formulas and asks which one is the best approximation:
//   yield_times_slip    dE = fy (ft - fy) / kt                 the seed's "parallelogram"
//   code_split          dE = ((ft - fy)/2 + fy) (ft - fy) / kt  the seed's "code" formulation
//   elastic_difference  dE = (ft^2 - fy^2) / (2 kt)             difference of elastic potentials
// Algebra: code_split = (ft - fy)(ft + fy)/(2 kt) = elastic_difference, identically; both exceed
// yield_times_slip by the triangle (ft - fy)^2 / (2 kt). (ft - fy)/kt is the plastic slip of the
// step and fy the force it slips under, so yield_times_slip is the exact work of the continuous
// law over the step whenever fy is constant and the slip direction does not turn within the step.
// `lawcheck report` measures all three against the oracles; `decided_plastic_dissipation` is its
// verdict and the law's default.

#include <string_view>

#include "core/input_error.hpp"

namespace lawcheck {

enum class PlasticDissipation { yield_times_slip, code_split, elastic_difference };

inline constexpr PlasticDissipation all_plastic_dissipations[] = {
    PlasticDissipation::yield_times_slip, PlasticDissipation::code_split,
    PlasticDissipation::elastic_difference};

// The verdict of the dissipation study (reports/, `lawcheck report`): the exact 1D formula.
inline constexpr PlasticDissipation decided_plastic_dissipation = PlasticDissipation::yield_times_slip;

constexpr std::string_view name_of(PlasticDissipation f) {
  switch (f) {
    case PlasticDissipation::yield_times_slip: return "yield_times_slip";
    case PlasticDissipation::code_split: return "code_split";
    case PlasticDissipation::elastic_difference: return "elastic_difference";
  }
  return "?";
}

inline PlasticDissipation parse_plastic_dissipation(std::string_view name) {
  for (auto f : all_plastic_dissipations)
    if (name == name_of(f)) return f;
  throw InputError("dissipation", name,
                   "unknown formula (expected yield_times_slip, code_split or elastic_difference)");
}

// One slip step's dissipation; ft > fy >= 0 and kt > 0 are the caller's guarantee.
template <class R>
R slip_dissipation(PlasticDissipation f, const R& ft, const R& fy, const R& kt) {
  const R slip = (ft - fy) / kt;
  switch (f) {
    case PlasticDissipation::yield_times_slip: return fy * slip;
    case PlasticDissipation::code_split: return ((ft - fy) / 2 + fy) * slip;
    case PlasticDissipation::elastic_difference: return (ft * ft - fy * fy) / (2 * kt);
  }
  return R(0);
}

}  // namespace lawcheck
