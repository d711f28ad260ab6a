#pragma once
// The kinds of energy a contact law can take out of the mechanical balance (DESIGN.md
// "Energy bookkeeping is explicit"). A law names the kinds it produces (Law::energy_kinds); the
// response of one step reports each kind separately, and the ledger keeps one column per kind,
// so viscous damping, plastic slip in each sense and the energy a contact releases when it
// breaks can be told apart, and the total balance still closes:
//   work = elastic + sum over kinds.
//   plastic_normal   normal plastic overlap (Exudyn's Edinburgh model, seed 003 model 0)
//   plastic_shear    Coulomb slip of the tangential force (seed 000; Ice shear, seed 002)
//   plastic_twist    slip of the twisting torque (Ice)
//   plastic_rolling  slip of the rolling torque (Ice)
//   viscous          linear dashpots (Exudyn's d_c)
//   friction         rate-dependent (regularised) friction (Exudyn)
//   hysteresis       impact-model hysteresis (Hunt-Crossley, Carvalho-Martins, Gonthier)
//   released         elastic energy a spring loses when its bond breaks or its contact is removed
//
// Released, one convention for every law: what the discrete contact loses in the breaking step,
// so that the step's ledger closes exactly, summed over the springs that lose their bond:
//   released = E_{n-1} + 1/2 (F_{n-1} + F_n) . dq - E_n
// (F . dq: force and torque against the step's relative displacement and rotation; the trapezoid
// is the leapfrog's work per step, dynamics/energy_ledger.hpp, and the LawTester's). For a removed
// contact F_n = 0, E_n = 0 and a spring q -> F = k q gives E_{n-1} + 1/2 F_{n-1} . dq =
// F_{n-1} . F^T / (2k), F^T = F_{n-1} + k dq the trial force: the product form of F^2/(2k).
// Why not the held energy E_{n-1}: with it, every break leaves 1/2 F_{n-1} . dq in the balance
// work = elastic + dissipated + released, a first-order error per break. The product form equals
// the held energy to first order in the step, and it is negative only when a single step reverses
// a spring's force (F^T opposite to F_{n-1}). A spring without a bond that merely goes slack (the
// normal spring of an unbonded contact crossing uN = 0) loses nothing to a break and stays out:
// its energy returns as work, up to the leapfrog's contact-release error (laws/linear_coulomb_law.hpp).

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace lawcheck {

enum class EnergyKind : std::uint8_t {
  plastic_normal,
  plastic_shear,
  plastic_twist,
  plastic_rolling,
  viscous,
  friction,
  hysteresis,
  released,
};

inline constexpr std::size_t energy_kind_count = 8;

inline constexpr std::array<EnergyKind, energy_kind_count> all_energy_kinds = {
    EnergyKind::plastic_normal, EnergyKind::plastic_shear, EnergyKind::plastic_twist,
    EnergyKind::plastic_rolling, EnergyKind::viscous, EnergyKind::friction,
    EnergyKind::hysteresis, EnergyKind::released};

constexpr std::string_view name_of(EnergyKind k) {
  constexpr std::array<std::string_view, energy_kind_count> names = {
      "plastic_normal", "plastic_shear", "plastic_twist", "plastic_rolling",
      "viscous",        "friction",      "hysteresis",    "released"};
  return names[static_cast<std::size_t>(k)];
}

constexpr bool is_plastic(EnergyKind k) { return k <= EnergyKind::plastic_rolling; }

// Energy per kind; R is the law's scalar (double or HighPrecision).
template <class R>
struct EnergySplit {
  std::array<R, energy_kind_count> by_kind{};

  R& operator[](EnergyKind k) { return by_kind[static_cast<std::size_t>(k)]; }
  const R& operator[](EnergyKind k) const { return by_kind[static_cast<std::size_t>(k)]; }

  R total() const {
    R sum{0};
    for (const R& e : by_kind) sum += e;
    return sum;
  }
  // Sum of the plastic kinds (every sense).
  R plastic() const {
    R sum{0};
    for (auto k : all_energy_kinds)
      if (is_plastic(k)) sum += (*this)[k];
    return sum;
  }
  EnergySplit& operator+=(const EnergySplit& o) {
    for (std::size_t k = 0; k < energy_kind_count; ++k) by_kind[k] += o.by_kind[k];
    return *this;
  }
};

}  // namespace lawcheck
