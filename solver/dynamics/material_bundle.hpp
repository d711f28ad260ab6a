#pragma once
// One material read by several laws whose Material types differ (a scene's "glass" meets "glass"
// under the linear law, a FrictMat, and "steel" under the exudyn law, an ExudynMat): one part per
// distinct type, all read from the same description, so they share one density. A law reads the
// bundle through the first part of its own type or of a type derived from it
// (dynamics/material_set.hpp, MaterialSet::as), once per contact creation, never in the contact loop.

#include <cmath>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "core/input_error.hpp"

namespace lawcheck {

namespace detail {
template <class V, class... Ts>
struct unique_variant_impl {
  using type = V;
};
template <class... Us, class T, class... Ts>
struct unique_variant_impl<std::variant<Us...>, T, Ts...>
    : std::conditional_t<(std::is_same_v<T, Us> || ...), unique_variant_impl<std::variant<Us...>, Ts...>,
                         unique_variant_impl<std::variant<Us..., T>, Ts...>> {};
}  // namespace detail

// std::variant of the distinct types among Ts, in order of first appearance.
template <class... Ts>
using UniqueVariant = typename detail::unique_variant_impl<std::variant<>, Ts...>::type;

template <class... Materials>
struct MaterialBundle {
  static constexpr std::string_view type_name = "MaterialBundle";
  using Part = UniqueVariant<Materials...>;

  std::vector<Part> parts;
  double density = 0;  // every part's (validate checks that they agree)

  template <class M>
  void add(const M& m) {
    if (parts.empty()) density = m.density;
    parts.emplace_back(m);
  }

  // The first part that is an M or derived from it, or nullptr.
  template <class M>
  const M* as() const {
    for (const Part& p : parts)
      if (const M* m = std::visit(
              [](const auto& x) -> const M* {
                if constexpr (std::is_convertible_v<const std::decay_t<decltype(x)>*, const M*>)
                  return &x;
                else
                  return nullptr;
              },
              p))
        return m;
    return nullptr;
  }

  // sqrt(rho/E) of the stiffest part with a Young's modulus (the p-wave time-step estimate,
  // dynamics/time_step.hpp, is smallest there), or 0 if no part has one.
  double slowness() const {
    double s = 0;
    for (const Part& p : parts)
      std::visit(
          [&](const auto& x) {
            if constexpr (requires { x.young; }) {
              const double v = std::sqrt(x.density / x.young);
              if (s == 0 || v < s) s = v;
            }
          },
          p);
    return s;
  }

  void validate(std::string_view prefix = "material") const {
    if (parts.empty()) throw InputError(prefix, "(no part)", "a material bundle needs at least one material");
    for (const Part& p : parts)
      std::visit(
          [&](const auto& x) {
            x.validate(prefix);
            if (x.density != density)
              throw InputError(fmt::format("{}.density", prefix), fmt::format("{} and {}", density, x.density),
                               "the parts of one material must share its density");
          },
          p);
  }
};

}  // namespace lawcheck
