// Shape bookkeeping and input validation: every bad size or
// axis raises an InputError naming the field and carrying the offending value.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "core/input_error.hpp"
#include "geometry/shapes.hpp"

namespace lawcheck::geometry_shapes_test {
namespace {

const double nan = std::numeric_limits<double>::quiet_NaN();
const double inf = std::numeric_limits<double>::infinity();

// Runs validate and returns the error, so each case can check field and message.
std::string rejection(const Shape& s, const std::string& field, const std::string& value) {
  try {
    validate(s);
  } catch (const InputError& e) {
    std::printf("  %-20s -> %s\n", e.field().c_str(), e.what());
    EXPECT_EQ(e.field(), field);
    EXPECT_NE(std::string(e.what()).find(value), std::string::npos) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "accepted a bad " << field << " = " << value;
  return {};
}

const std::array<Vec3d, 3> triangle{Vec3d(0, 0, 0), Vec3d(1, 0, 0), Vec3d(0, 1, 0)};

TEST(GeometryShapes, KindAndSizeFollowTheSeedLengthRuleInputs) {
  EXPECT_EQ(kind_of(Sphere{0.1}), ShapeKind::sphere);
  EXPECT_EQ(kind_of(Wall{2}), ShapeKind::wall);
  EXPECT_EQ(kind_of(Facet{triangle, 0}), ShapeKind::facet);
  EXPECT_EQ(kind_of(Capsule{0.2, 1}), ShapeKind::capsule);
  EXPECT_EQ(kind_of(InfCylinder{0.3, 0}), ShapeKind::inf_cylinder);
  EXPECT_EQ(size_of(Sphere{0.1}), 0.1);
  EXPECT_EQ(size_of(Wall{2}), 0.0);
  EXPECT_EQ(size_of(Facet{triangle, 0.05}), 0.05);
  EXPECT_EQ(size_of(Capsule{0.2, 1}), 0.2);
  EXPECT_EQ(size_of(InfCylinder{0.3, 0}), 0.3);
}

TEST(GeometryShapes, ValidShapesAreAccepted) {
  const Facet f{triangle, 0};
  EXPECT_NO_THROW(validate(Sphere{0.1}));
  EXPECT_NO_THROW(validate(Wall{0, -1}));
  EXPECT_NO_THROW(validate(f));
  EXPECT_NO_THROW(validate(Capsule{0.1, 0}));  // zero shaft: a sphere, still valid
  EXPECT_NO_THROW(validate(InfCylinder{0.1, 2}));
}

TEST(GeometryShapes, BadRadiiAreRejectedNamingFieldAndValue) {
  rejection(Sphere{0}, "sphere.radius", "0");
  rejection(Sphere{-0.5}, "sphere.radius", "-0.5");
  rejection(Sphere{nan}, "sphere.radius", "nan");
  rejection(Sphere{inf}, "sphere.radius", "inf");
  rejection(Capsule{-1, 1}, "capsule.radius", "-1");
  rejection(Capsule{0.1, -2}, "capsule.shaft", "-2");
  rejection(Capsule{0.1, nan}, "capsule.shaft", "nan");
  rejection(InfCylinder{0, 1}, "infcylinder.radius", "0");
}

TEST(GeometryShapes, AxesAndWallSenseOutsideTheirRangeAreRejected) {
  rejection(Wall{3}, "wall.axis", "3");
  rejection(Wall{-1}, "wall.axis", "-1");
  rejection(Wall{1, 2}, "wall.sense", "2");
  rejection(Wall{1, -7}, "wall.sense", "-7");
  rejection(InfCylinder{0.1, 5}, "infcylinder.axis", "5");
}

TEST(GeometryShapes, BadFacetsAreRejected) {
  rejection(Facet{triangle, -0.1}, "facet.halfThick", "-0.1");
  rejection(Facet{triangle, nan}, "facet.halfThick", "nan");
  rejection(Facet{{Vec3d(0, 0, 0), Vec3d(1, 0, 0), Vec3d(2, 0, 0)}, 0}, "facet.vertices",
            "(2, 0, 0)");  // collinear
  rejection(Facet{{Vec3d(0, 0, 0), Vec3d(0, 0, 0), Vec3d(0, 1, 0)}, 0}, "facet.vertices",
            "(0, 1, 0)");  // coincident vertices
  rejection(Facet{{Vec3d(0, 0, 0), Vec3d(nan, 0, 0), Vec3d(0, 1, 0)}, 0}, "facet.vertices[1]",
            "nan");
}

}  // namespace
}  // namespace lawcheck::geometry_shapes_test
