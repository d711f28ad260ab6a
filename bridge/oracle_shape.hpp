#pragma once
// The only place the solver's and the oracles' shape names meet (oracles/ never includes solver/).

#include "geometry/shape_kind.hpp"
#include "oracles/stiffness.hpp"

namespace lawcheck {

constexpr oracles::Shape oracle_shape(ShapeKind k) {
  switch (k) {
    case ShapeKind::sphere: return oracles::Shape::sphere;
    case ShapeKind::wall: return oracles::Shape::wall;
    case ShapeKind::facet: return oracles::Shape::facet;
    case ShapeKind::capsule: return oracles::Shape::capsule;
    case ShapeKind::inf_cylinder: return oracles::Shape::inf_cylinder;
  }
  return oracles::Shape::sphere;
}

}  // namespace lawcheck
