#pragma once
// Energy dissipated by one Coulomb slip step (seed 000 "Energy balance"). With the yield force
// fy = |Fn| tanPhi at the end of the step (fy_{n+1}), the trial force norm ft = |Ft_n + kt du| > fy
// and the plastic slip of the step s = (ft - fy)/kt, the seed offers three formulas and asks which
// one is the best approximation; lawcheck adds a fourth, not in the seed:
//   yield_times_slip       dE = fy s                               the seed's "parallelogram"
//   code_split             dE = ((ft - fy)/2 + fy) s                the seed's "code" formulation
//   elastic_difference     dE = (ft^2 - fy^2) / (2 kt)              difference of elastic potentials
//   mean_yield_times_slip  dE = (fy_n + fy_{n+1})/2 s               fy_n: the previous step's yield
// Algebra: code_split = (ft - fy)(ft + fy)/(2 kt) = elastic_difference, identically; both exceed
// yield_times_slip by the triangle (ft - fy)^2 / (2 kt).
//
// Exact dissipation of one step. The continuous 1D elastic - perfectly plastic spring,
// F = kt (u - u_p), |F| <= fy, associative flow, over a step tau in [0, 1] in which both the
// displacement and the yield force vary linearly: u = u_n + tau du, fy = fy_n + tau dfy. Let
// sigma = +-1 be the sign of the trial force F_n + kt du (1D: ft = sigma (F_n + kt du)).
// (a) The step starts at yield, F_n = sigma fy_n. On the yield surface F = sigma fy(tau), so
//     du_p/dtau = du - sigma dfy/kt, and the flow rule needs sigma du_p/dtau >= 0, i.e.
//     sigma kt du >= dfy, i.e. ft >= fy_{n+1}: the discrete law's slip test. The rate is constant,
//     so the whole step slips, by sigma du - dfy/kt = (ft - fy_{n+1})/kt = s, under the force fy(tau):
//         D = int_0^1 fy(tau) dtau * s = (fy_n + fy_{n+1})/2 * (ft - fy_{n+1})/kt.
//     This includes a spring that unloads (sigma du < 0) while fy falls faster (-dfy > kt |du|):
//     the contact slips forward as u moves back, and D is still the formula above. Otherwise
//     (ft <= fy_{n+1}) the force leaves the surface inwards and the step is elastic, D = 0 -- unless
//     it crosses the whole elastic range to the opposite side, which is case (b).
// (b) The step starts inside, |F_n| < fy_n. F = F_n + tau kt du is elastic until sigma F = fy at
//     tau* = (fy_n - sigma F_n)/(sigma kt du - dfy), then slips to the end at the constant rate
//     above: slip (1 - tau*)(sigma du - dfy/kt) = (ft - fy_{n+1})/kt = s again (the radial return
//     is exact in 1D), under fy from fy* = fy(tau*) to fy_{n+1}:
//         D = (fy* + fy_{n+1})/2 * s.
// So every 1D slipping step dissipates exactly (fy* + fy_{n+1})/2 s, fy* the yield force at which
// slip starts, and the formulas differ only in what they take for fy*:
// - yield_times_slip takes fy_{n+1}: exact iff dfy = 0; error -dfy (1 - tau*) s/2 per step, O(h^2),
//   so O(h) over a path that slips while fy changes.
// - mean_yield_times_slip takes fy_n: exact whenever the step starts at yield, whatever dfy does,
//   and equal to yield_times_slip when dfy = 0. At a step that crosses from stick to slip its error
//   is (fy_n - fy*) s/2 = -tau* (1 - tau*) dfy (sigma du - dfy/kt)/2, O(h^2) once per switch:
//   second order over a path. It is also the energy the discrete law loses under a trapezoidal
//   ledger: for a step that starts at yield, (F_n + F_{n+1})/2 du - (fy_{n+1}^2 - fy_n^2)/(2 kt)
//   = (fy_n + fy_{n+1})/2 (du - dfy/kt), which yield_times_slip misses by dfy s/2.
// - code_split adds the triangle (ft - fy)^2/(2 kt) to yield_times_slip: first order even at
//   constant fy; where fy falls with no tangential motion (du = 0, s = -dfy/kt) it equals the
//   mean formula, (fy_n^2 - fy_{n+1}^2)/(2 kt).
// In 2D the radial return turns the force by the trial's angle in one step where the continuous
// law turns it along the way: its slip is not the continuous one (circle_2d: a first-order corner
// cutting common to all four formulas), and the exactness above holds only for steps whose slip
// direction does not turn; mean_yield_times_slip removes the dfy part of the error, not that one.
//
// `lawcheck report` measures all four against the oracles; `decided_plastic_dissipation` is its
// verdict and the default of the linear law (which keeps fy_n in its state) and of Ice (which
// does not: it calls the form without fy_n, where mean_yield_times_slip is yield_times_slip).

#include <string_view>

#include "core/input_error.hpp"

namespace lawcheck {

enum class PlasticDissipation { yield_times_slip, code_split, elastic_difference, mean_yield_times_slip };

inline constexpr PlasticDissipation all_plastic_dissipations[] = {
    PlasticDissipation::yield_times_slip, PlasticDissipation::code_split,
    PlasticDissipation::elastic_difference, PlasticDissipation::mean_yield_times_slip};

// The three of seed 000, whose best the study names as the answer to the seed's question.
inline constexpr PlasticDissipation seed_plastic_dissipations[] = {
    PlasticDissipation::yield_times_slip, PlasticDissipation::code_split,
    PlasticDissipation::elastic_difference};

// The verdict of the dissipation study (reports/, `lawcheck report`).
inline constexpr PlasticDissipation decided_plastic_dissipation = PlasticDissipation::mean_yield_times_slip;

constexpr std::string_view name_of(PlasticDissipation f) {
  switch (f) {
    case PlasticDissipation::yield_times_slip: return "yield_times_slip";
    case PlasticDissipation::code_split: return "code_split";
    case PlasticDissipation::elastic_difference: return "elastic_difference";
    case PlasticDissipation::mean_yield_times_slip: return "mean_yield_times_slip";
  }
  return "?";
}

inline PlasticDissipation parse_plastic_dissipation(std::string_view name) {
  for (auto f : all_plastic_dissipations)
    if (name == name_of(f)) return f;
  throw InputError("dissipation", name,
                   "unknown formula (expected yield_times_slip, code_split, elastic_difference or "
                   "mean_yield_times_slip)");
}

// One slip step's dissipation; ft > fy >= 0, fy_start >= 0 (the yield force at the start of the
// step, fy_n) and kt > 0 are the caller's guarantee.
//
// Without a branch, so that a contact loop booking energy vectorises (dynamics/contact_block.hpp,
// law_pass): every formula is computed and the chosen one picked by weights 1 and 0, the
// formula's bits exactly (under the guarantee each formula is finite and >= +0, so the others add
// +0 to it). The weights are a table row, a load: a switch, or a select on the formula, kept the
// whole law pass scalar (GCC 12 vectorises neither a branch nor a select whose condition does not
// vary along the loop, and it turned weights computed by comparisons back into selects).
inline constexpr double slip_dissipation_weights[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};

template <class R>
R slip_dissipation(PlasticDissipation f, const R& ft, const R& fy, const R& fy_start, const R& kt) {
  static_assert(std::size(all_plastic_dissipations) == std::size(slip_dissipation_weights));
  const R slip = (ft - fy) / kt;
  const R yield = fy * slip, split = ((ft - fy) / 2 + fy) * slip, elastic = (ft * ft - fy * fy) / (2 * kt),
          mean = (fy_start + fy) / 2 * slip;
  const double* w = slip_dissipation_weights[static_cast<std::size_t>(f)];  // in the enum's order
  return R(w[0]) * yield + R(w[1]) * split + R(w[2]) * elastic + R(w[3]) * mean;
}

// For a law that keeps no previous yield force: the step's own fy stands for both ends.
template <class R>
R slip_dissipation(PlasticDissipation f, const R& ft, const R& fy, const R& kt) {
  return slip_dissipation(f, ft, fy, fy, kt);
}

}  // namespace lawcheck
