#pragma once
// The kinds of energy a contact law can take out of the mechanical balance (issue 9, DESIGN.md
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
//   released         elastic energy a contact held when it broke: the spring vanishes with it

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
