#pragma once
// The materials of a simulation whose laws may each want their own material type
// (seed 001 "New material class"). A material is stored as a variant of the laws' distinct
// Material types and of a MaterialBundle of them (one material read by laws of different types,
// dynamics/material_bundle.hpp); a law reads a material through its own type, or through a base
// of it (e.g. a material that extends FrictMat serves a FrictMat law too). Every material has a density (mass
// and inertia); one with a Young's modulus also gives the p-wave time-step estimate.

#include <cmath>
#include <cstddef>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "core/input_error.hpp"
#include "dynamics/material_bundle.hpp"

namespace lawcheck {

template <class... Materials>
class MaterialSet {
public:
  using Bundle = MaterialBundle<Materials...>;
  using Material = UniqueVariant<Materials..., Bundle>;

  template <class M>
    requires std::is_constructible_v<Material, const M&>
  std::size_t add(const M& m) {
    m.validate(fmt::format("material[{}]", materials_.size()));
    materials_.emplace_back(m);
    return materials_.size() - 1;
  }

  std::size_t size() const { return materials_.size(); }
  const Material& operator[](std::size_t i) const { return materials_[i]; }

  double density(std::size_t i) const {
    return std::visit([](const auto& m) { return m.density; }, materials_[i]);
  }
  // sqrt(rho/E), or 0 for a material without a Young's modulus.
  double slowness(std::size_t i) const {
    return std::visit(
        [](const auto& m) {
          if constexpr (requires { m.slowness(); })
            return m.slowness();
          else if constexpr (requires { m.young; })
            return std::sqrt(m.density / m.young);
          else
            return 0.0;
        },
        materials_[i]);
  }
  std::string_view type_name(std::size_t i) const {
    return std::visit([](const auto& m) -> std::string_view { return m.type_name; }, materials_[i]);
  }

  // Material i as an M (its own type or a type derived from M), or nullptr.
  template <class M>
  const M* as(std::size_t i) const {
    return std::visit(
        [](const auto& m) -> const M* {
          if constexpr (std::is_same_v<std::decay_t<decltype(m)>, Bundle>)
            return m.template as<M>();
          else if constexpr (std::is_convertible_v<const std::decay_t<decltype(m)>*, const M*>)
            return &m;
          else
            return nullptr;
        },
        materials_[i]);
  }

private:
  std::vector<Material> materials_;
};

}  // namespace lawcheck
