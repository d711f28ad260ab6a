#include "geometry/shapes.hpp"

#include <string>

#include <fmt/format.h>

#include "core/input_error.hpp"

namespace lawcheck {

ShapeKind kind_of(const Shape& s) {
  // The variant's alternatives are listed in ShapeKind's order.
  static_assert(std::variant_size_v<Shape> == 5);
  return static_cast<ShapeKind>(s.index());
}

double size_of(const Shape& s) {
  struct Size {
    double operator()(const Sphere& x) const { return x.radius; }
    double operator()(const Wall&) const { return 0; }
    double operator()(const Facet& x) const { return x.half_thick; }
    double operator()(const Capsule& x) const { return x.radius; }
    double operator()(const InfCylinder& x) const { return x.radius; }
  };
  return std::visit(Size{}, s);
}

namespace {

void require_axis(std::string_view field, int axis) {
  if (axis < 0 || axis > 2) throw InputError(field, axis, "must be 0, 1 or 2 (x, y, z)");
}

std::string format_vertices(const std::array<Vec3d, 3>& v) {
  return fmt::format("({}, {}, {}) ({}, {}, {}) ({}, {}, {})", v[0].x(), v[0].y(), v[0].z(),
                     v[1].x(), v[1].y(), v[1].z(), v[2].x(), v[2].y(), v[2].z());
}

struct Validate {
  void operator()(const Sphere& x) const { require_positive("sphere.radius", x.radius); }
  void operator()(const Wall& x) const {
    require_axis("wall.axis", x.axis);
    if (x.sense < -1 || x.sense > 1) throw InputError("wall.sense", x.sense, "must be -1, 0 or 1");
  }
  void operator()(const Facet& x) const {
    require_non_negative("facet.halfThick", x.half_thick);
    for (std::size_t i = 0; i < 3; ++i)
      if (!x.vertices[i].allFinite())
        throw InputError(fmt::format("facet.vertices[{}]", i), format_vertices(x.vertices),
                         "vertex coordinates must be finite");
    // Zero area (coincident or collinear vertices) leaves the face normal undefined. Relative
    // threshold: |e1 x e2| is computed from coordinates carrying ~1e-16 relative rounding, so
    // anything below 1e-12 of |e1| |e2| is indistinguishable from collinear.
    const Vec3d e1 = x.vertices[1] - x.vertices[0];
    const Vec3d e2 = x.vertices[2] - x.vertices[0];
    if (!(e1.cross(e2).norm() > 1e-12 * e1.norm() * e2.norm()))
      throw InputError("facet.vertices", format_vertices(x.vertices),
                       "degenerate triangle (zero area)");
  }
  void operator()(const Capsule& x) const {
    require_positive("capsule.radius", x.radius);
    require_non_negative("capsule.shaft", x.shaft);
  }
  void operator()(const InfCylinder& x) const {
    require_positive("infcylinder.radius", x.radius);
    require_axis("infcylinder.axis", x.axis);
  }
};

}  // namespace

void validate(const Shape& s) { std::visit(Validate{}, s); }

}  // namespace lawcheck
