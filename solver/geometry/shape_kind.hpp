#pragma once
// The shape families the solver knows. Physics needs only the family and the particle's
// radius-like size to apply seed 000's effective-length rules (physics/stiffness_rules.hpp).

#include <string_view>

namespace lawcheck {

enum class ShapeKind { sphere, wall, facet, capsule, inf_cylinder };

constexpr std::string_view name_of(ShapeKind k) {
  switch (k) {
    case ShapeKind::sphere: return "sphere";
    case ShapeKind::wall: return "wall";
    case ShapeKind::facet: return "facet";
    case ShapeKind::capsule: return "capsule";
    case ShapeKind::inf_cylinder: return "infcylinder";
  }
  return "?";
}

// A flat particle has no radius of its own (seed 000, "Non-spherical particles", rule 2):
// a Wall, or a Facet whose halfThick is zero.
constexpr bool is_flat(ShapeKind k, double size) {
  return k == ShapeKind::wall || (k == ShapeKind::facet && size == 0);
}

}  // namespace lawcheck
