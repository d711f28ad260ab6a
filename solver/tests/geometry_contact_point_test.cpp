// Contact detection for every supported pair on configurations whose normal, uN and contact point
// follow by hand (3-4-5 triangles, axis-aligned offsets), in both orders (seed 001 step 1).
// Conventions checked throughout: the normal points from particle 1 to particle 2, uN < 0 in
// overlap, the contact point is in the middle of the overlap zone along the normal, and swapping
// the particles flips the normal but keeps uN and the point.
//
// Tolerance: the inputs are O(1) numbers, and each output goes through about ten roundings
// (differences, a norm, a division, a multiply-add), each 1.1e-16 relative; 1e-14 absolute is that
// budget with a margin of ~10.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "core/input_error.hpp"
#include "geometry/contact_point.hpp"

namespace lawcheck::geometry_contact_point_test {
namespace {

constexpr double tol = 1e-14;

BodyPose at(double x, double y, double z, Quatd ori = Quatd::Identity()) {
  return {Vec3d(x, y, z), ori};
}

Quatd about(const Vec3d& axis, double angle) { return Quatd(Eigen::AngleAxisd(angle, axis.normalized())); }

struct Expected {
  Vec3d normal;
  Vec3d point;
  double uN;
};

void expect_near(const Vec3d& got, const Vec3d& want, double eps, const char* what) {
  EXPECT_LE((got - want).norm(), eps) << what << ": got (" << got.transpose() << "), want ("
                                      << want.transpose() << ")";
}

// Checks the pair in the given order and in the swapped order.
void expect_contact(const Shape& s1, const BodyPose& p1, const Shape& s2, const BodyPose& p2,
                    const Expected& e, double eps = tol) {
  const auto c12 = contact_point(s1, p1, s2, p2);
  const auto c21 = contact_point(s2, p2, s1, p1);
  ASSERT_TRUE(c12 && c21) << name_of(kind_of(s1)) << "-" << name_of(kind_of(s2));
  std::printf("  %s-%s: n = (%.17g, %.17g, %.17g), uN = %.17g, point = (%.17g, %.17g, %.17g)\n",
              name_of(kind_of(s1)).data(), name_of(kind_of(s2)).data(), c12->normal.x(),
              c12->normal.y(), c12->normal.z(), c12->uN, c12->point.x(), c12->point.y(),
              c12->point.z());
  expect_near(c12->normal, e.normal, eps, "normal 1->2");
  expect_near(c12->point, e.point, eps, "point 1->2");
  EXPECT_NEAR(c12->uN, e.uN, eps);
  expect_near(c21->normal, -e.normal, eps, "normal 2->1");
  expect_near(c21->point, e.point, eps, "point 2->1");
  EXPECT_NEAR(c21->uN, e.uN, eps);
}

void expect_no_contact(const Shape& s1, const BodyPose& p1, const Shape& s2, const BodyPose& p2) {
  EXPECT_FALSE(contact_point(s1, p1, s2, p2)) << name_of(kind_of(s1)) << "-" << name_of(kind_of(s2));
  EXPECT_FALSE(contact_point(s2, p2, s1, p1)) << name_of(kind_of(s2)) << "-" << name_of(kind_of(s1));
}

// --- sphere-sphere ------------------------------------------------------------------------------

TEST(GeometryContactPoint, SphereSphereOverlapAlongAThreeFourFiveDirection) {
  // Centres 1.4 apart along (0.6, 0.8, 0), radii 1 and 0.5: uN = -0.1; the overlap zone along
  // the normal spans [0.9, 1.0] from centre 1, its middle at 0.95.
  const Vec3d n(0.6, 0.8, 0);
  expect_contact(Sphere{1}, at(1, 2, 3), Sphere{0.5}, at(1 + 0.84, 2 + 1.12, 3),
                 {n, Vec3d(1, 2, 3) + 0.95 * n, -0.1});
}

TEST(GeometryContactPoint, SphereSphereSeparationBeyondMarginGivesNoContact) {
  expect_no_contact(Sphere{1}, at(0, 0, 0), Sphere{0.5}, at(1.6, 0, 0));
  // Within the margin the contact exists with a positive uN.
  const auto c = contact_point(Sphere{1}, at(0, 0, 0), Sphere{0.5}, at(1.6, 0, 0), 0.2);
  ASSERT_TRUE(c);
  EXPECT_NEAR(c->uN, 0.1, tol);
}

// --- sphere-wall --------------------------------------------------------------------------------

TEST(GeometryContactPoint, SphereOnATwoSidedWallIsPushedToItsOwnSide) {
  // Wall z = 1; sphere r = 0.1 at height 0.09 above: uN = -0.01, point at z = 1 - 0.005.
  expect_contact(Wall{2}, at(5, 5, 1), Sphere{0.1}, at(0.3, -0.2, 1.09),
                 {Vec3d(0, 0, 1), Vec3d(0.3, -0.2, 1 - 0.005), -0.01});
  // Same distance below: the normal turns, the point mirrors.
  expect_contact(Wall{2}, at(5, 5, 1), Sphere{0.1}, at(0.3, -0.2, 0.91),
                 {Vec3d(0, 0, -1), Vec3d(0.3, -0.2, 1 + 0.005), -0.01});
}

TEST(GeometryContactPoint, OneSidedWallKeepsItsNormalAndCountsTheSolidSideAsOverlap) {
  // sense = +1, centre 0.05 inside the solid side: deepest surface point at -0.15, the plane at
  // 0, so uN = -0.15 and the point is at -0.075.
  expect_contact(Wall{0, 1}, at(0, 0, 0), Sphere{0.1}, at(-0.05, 2, 3),
                 {Vec3d(1, 0, 0), Vec3d(-0.075, 2, 3), -0.15});
  // sense = -1 seen from the + side: the sphere is inside the solid, uN = -0.05 - 0.1.
  expect_contact(Wall{0, -1}, at(0, 0, 0), Sphere{0.1}, at(0.05, 2, 3),
                 {Vec3d(-1, 0, 0), Vec3d(0.075, 2, 3), -0.15});
  // sense = +1 and the sphere above, out of reach: no contact.
  expect_no_contact(Wall{0, 1}, at(0, 0, 0), Sphere{0.1}, at(0.11, 2, 3));
}

TEST(GeometryContactPoint, SphereWallSeparationBeyondMarginGivesNoContact) {
  expect_no_contact(Wall{1}, at(0, 0, 0), Sphere{0.1}, at(0, 0.1 + 1e-9, 0));
  const auto c = contact_point(Wall{1}, at(0, 0, 0), Sphere{0.1}, at(0, 0.15, 0), 0.05);
  ASSERT_TRUE(c);
  EXPECT_NEAR(c->uN, 0.05, tol);
}

// --- sphere-facet -------------------------------------------------------------------------------

const Facet unit_facet{{Vec3d(0, 0, 0), Vec3d(1, 0, 0), Vec3d(0, 1, 0)}, 0.01};

TEST(GeometryContactPoint, SphereOverAFacetFaceTouchesAlongTheFaceNormal) {
  // Facet surface at z = 0.01, sphere bottom at 0: uN = -0.01, middle at z = 0.005.
  expect_contact(unit_facet, at(0, 0, 0), Sphere{0.1}, at(0.2, 0.2, 0.1),
                 {Vec3d(0, 0, 1), Vec3d(0.2, 0.2, 0.005), -0.01});
  // Below the facet: the normal is -z.
  expect_contact(unit_facet, at(0, 0, 0), Sphere{0.1}, at(0.2, 0.2, -0.1),
                 {Vec3d(0, 0, -1), Vec3d(0.2, 0.2, -0.005), -0.01});
  // Centre exactly in the facet's plane: the face normal (vertex winding, +z) still applies.
  expect_contact(unit_facet, at(0, 0, 0), Sphere{0.1}, at(0.2, 0.2, 0),
                 {Vec3d(0, 0, 1), Vec3d(0.2, 0.2, 0.01 - 0.055), -0.11});
}

TEST(GeometryContactPoint, SphereBesideAFacetEdgeTouchesTheEdge) {
  // Nearest point (0.5, 0, 0) on edge v0-v1; offset (0, -0.06, 0.08) has length 0.1:
  // uN = 0.1 - 0.01 - 0.1, point = edge + n (0.01 - 0.005).
  const Vec3d n(0, -0.6, 0.8);
  expect_contact(unit_facet, at(0, 0, 0), Sphere{0.1}, at(0.5, -0.06, 0.08),
                 {n, Vec3d(0.5, 0, 0) + 0.005 * n, -0.01});
  // Hypotenuse v1-v2: nearest (0.5, 0.5, 0), outward direction (1, 1, 0)/sqrt 2.
  const Vec3d m = Vec3d(1, 1, 0).normalized();
  expect_contact(unit_facet, at(0, 0, 0), Sphere{0.1}, at(0.5 + 0.1 * m.x(), 0.5 + 0.1 * m.y(), 0),
                 {m, Vec3d(0.5, 0.5, 0) + 0.005 * m, -0.01});
}

TEST(GeometryContactPoint, SphereBeyondAFacetVertexTouchesTheVertex) {
  // Vertex v0: offset (-0.03, -0.04, 0), length 0.05: uN = 0.05 - 0.11 = -0.06, point at
  // v0 + n (0.01 - 0.03).
  const Vec3d n(-0.6, -0.8, 0);
  expect_contact(unit_facet, at(0, 0, 0), Sphere{0.1}, at(-0.03, -0.04, 0),
                 {n, -0.02 * n, -0.06});
  // Vertex v1 = (1, 0, 0): offset (0.06, -0.08, 0), length 0.1.
  const Vec3d m(0.6, -0.8, 0);
  expect_contact(unit_facet, at(0, 0, 0), Sphere{0.1}, at(1.06, -0.08, 0),
                 {m, Vec3d(1, 0, 0) + 0.005 * m, -0.01});
}

TEST(GeometryContactPoint, FacetVerticesAreInTheBodyFrame) {
  // Rotating the facet by +90 deg about x maps its +z face normal to -y, and translating it
  // moves everything: the face case above, carried along.
  const Quatd q = about(Vec3d::UnitX(), M_PI / 2);
  const Vec3d t(1, 2, 3);
  expect_contact(unit_facet, {t, q}, Sphere{0.1}, at(1.2, 2 - 0.1, 3 + 0.2),
                 {Vec3d(0, -1, 0), t + Vec3d(0.2, -0.005, 0.2), -0.01});
}

TEST(GeometryContactPoint, SphereFacetSeparationBeyondMarginGivesNoContact) {
  expect_no_contact(unit_facet, at(0, 0, 0), Sphere{0.1}, at(0.2, 0.2, 0.12));
  expect_no_contact(unit_facet, at(0, 0, 0), Sphere{0.1}, at(-0.1, -0.1, 0));  // near v0
}

// --- sphere-capsule and sphere-infcylinder -----------------------------------------------------

// Capsule along global y (body x turned by +90 deg about z), shaft from y = -0.5 to 0.5.
const Capsule capsule{0.2, 1};
const BodyPose capsule_y{Vec3d::Zero(), about(Vec3d::UnitZ(), M_PI / 2)};

TEST(GeometryContactPoint, SphereBesideACapsuleShaftTouchesItsAxisFoot) {
  // Foot (0, 0.3, 0), distance 0.25, uN = 0.25 - 0.3, point at x = 0.2 - 0.025.
  expect_contact(capsule, capsule_y, Sphere{0.1}, at(0.25, 0.3, 0),
                 {Vec3d(1, 0, 0), Vec3d(0.175, 0.3, 0), -0.05});
}

TEST(GeometryContactPoint, SphereBeyondACapsuleCapTouchesTheCap) {
  // Offset (0, 0.15, 0.2) from the end (0, 0.5, 0): distance 0.25.
  const Vec3d n(0, 0.6, 0.8);
  expect_contact(capsule, capsule_y, Sphere{0.1}, at(0, 0.65, 0.2),
                 {n, Vec3d(0, 0.5, 0) + 0.175 * n, -0.05});
  expect_no_contact(capsule, capsule_y, Sphere{0.1}, at(0, 0.5 + 0.3 + 1e-9, 0));
}

TEST(GeometryContactPoint, SphereBesideAnInfiniteCylinderTouchesItsAxisFoot) {
  // Cylinder along z through (1, 1, .); sphere offset (0.18, 0.24, .), distance 0.3.
  const Vec3d n(0.6, 0.8, 0);
  expect_contact(InfCylinder{0.3, 2}, at(1, 1, 0), Sphere{0.1}, at(1.18, 1.24, 7),
                 {n, Vec3d(1, 1, 7) + 0.25 * n, -0.1});
  // Far along the axis makes no difference; sideways beyond reach does.
  expect_no_contact(InfCylinder{0.3, 2}, at(1, 1, 0), Sphere{0.1}, at(1.41, 1, -1e3));
}

// --- capsule-capsule ----------------------------------------------------------------------------

TEST(GeometryContactPoint, ParallelCapsulesTouchInTheMiddleOfTheirOverlap) {
  // Shafts x in [-1, 1] and [-0.5, 1.5], 0.15 apart in y: overlap [-0.5, 1], middle 0.25.
  expect_contact(Capsule{0.1, 2}, at(0, 0, 0), Capsule{0.1, 2}, at(0.5, 0.15, 0),
                 {Vec3d(0, 1, 0), Vec3d(0.25, 0.075, 0), -0.05});
  // Antiparallel (capsule 2 turned end for end): the same contact.
  expect_contact(Capsule{0.1, 2}, at(0, 0, 0), Capsule{0.1, 2},
                 at(0.5, 0.15, 0, about(Vec3d::UnitZ(), M_PI)),
                 {Vec3d(0, 1, 0), Vec3d(0.25, 0.075, 0), -0.05});
}

TEST(GeometryContactPoint, CollinearCapsulesTouchEndToEnd) {
  expect_contact(Capsule{0.1, 2}, at(0, 0, 0), Capsule{0.1, 2}, at(2.15, 0, 0),
                 {Vec3d(1, 0, 0), Vec3d(1.075, 0, 0), -0.05});
}

TEST(GeometryContactPoint, CrossedCapsulesTouchAtTheCommonPerpendicular) {
  const Quatd along_y = about(Vec3d::UnitZ(), M_PI / 2);
  expect_contact(Capsule{0.1, 2}, at(0, 0, 0), Capsule{0.1, 2}, at(0.3, 0.2, 0.15, along_y),
                 {Vec3d(0, 0, 1), Vec3d(0.3, 0, 0.075), -0.05});
  // Intersecting axes leave no distance direction; the common perpendicular d1 x d2 is used.
  expect_contact(Capsule{0.1, 2}, at(0, 0, 0), Capsule{0.1, 2}, at(0.3, 0.2, 0, along_y),
                 {Vec3d(0, 0, 1), Vec3d(0.3, 0, 0), -0.2});
}

TEST(GeometryContactPoint, NearlyParallelCapsulesFindTheCloserEnd) {
  // Capsule 2 tilted by theta in the xy plane about its centre (0, 0.15, 0): its end at
  // x = -cos(theta) dips to y = 0.15 - sin(theta), the closest approach. The segment-segment
  // normal equations are singular to rounding here (|d1 x d2|^2 ~ theta^2 * 16); the endpoint
  // candidates must still give the exact distance.
  for (double theta : {1e-3, 1e-5, 1e-7, 1e-9}) {
    const auto c = contact_point(Capsule{0.1, 2}, at(0, 0, 0), Capsule{0.1, 2},
                                 at(0, 0.15, 0, about(Vec3d::UnitZ(), theta)));
    ASSERT_TRUE(c);
    const double want = 0.15 - std::sin(theta) - 0.2;
    std::printf("  theta = %g: uN = %.17g, want %.17g, point x = %.17g\n", theta, c->uN, want,
                c->point.x());
    EXPECT_NEAR(c->uN, want, tol);
    EXPECT_NEAR(c->point.x(), -std::cos(theta), 1e-12);  // at the dipping end
  }
}

TEST(GeometryContactPoint, CapsuleCapsuleSeparationBeyondMarginGivesNoContact) {
  expect_no_contact(Capsule{0.1, 2}, at(0, 0, 0), Capsule{0.1, 2}, at(0.5, 0.2 + 1e-9, 0));
}

// --- capsule-wall -------------------------------------------------------------------------------

TEST(GeometryContactPoint, CapsuleLyingOnAWallTouchesUnderItsCentre) {
  // Shaft along x at height 0.08, radius 0.1: uN = -0.02, point at z = -0.01 under the centre.
  expect_contact(Wall{2}, at(0, 0, 0), Capsule{0.1, 1}, at(0.4, 0.5, 0.08),
                 {Vec3d(0, 0, 1), Vec3d(0.4, 0.5, -0.01), -0.02});
}

TEST(GeometryContactPoint, TiltedCapsuleTouchesAWallInTheMiddleOfItsOverlappingStretch) {
  // Axis (cos a, 0, sin a) with sin a = 0.2, centre height 0.15: end heights 0.05 and 0.25,
  // uN = 0.05 - 0.1. Heights below the radius: s in [0, 0.25] of the shaft; middle s = 0.125,
  // i.e. 0.375 shaft lengths before the centre; point at height uN/2.
  const double a = std::asin(0.2);
  const Quatd tilt = about(Vec3d::UnitY(), -a);  // body x -> (cos a, 0, sin a)
  expect_contact(Wall{2}, at(0, 0, 0), Capsule{0.1, 1}, at(0, 0, 0.15, tilt),
                 {Vec3d(0, 0, 1), Vec3d(-0.375 * std::cos(a), 0, -0.025), -0.05});
}

TEST(GeometryContactPoint, CapsuleOnAOneSidedWallUsesTheWallSense) {
  // sense = -1, capsule above the wall: inside the solid side, uN = -(0.08 + 0.1).
  expect_contact(Wall{2, -1}, at(0, 0, 0), Capsule{0.1, 1}, at(0.4, 0.5, 0.08),
                 {Vec3d(0, 0, -1), Vec3d(0.4, 0.5, 0.09), -0.18});
  expect_no_contact(Wall{2}, at(0, 0, 0), Capsule{0.1, 1}, at(0.4, 0.5, 0.1 + 1e-9));
}

// --- any rigid placement ------------------------------------------------------------------------

TEST(GeometryContactPoint, ContactsMoveWithARigidPlacementOfBothParticles) {
  // Contact geometry of round shapes is frame-independent: placing both particles by the same
  // rotation Q and shift t maps normal -> Q normal, point -> Q point + t, and keeps uN. This
  // checks that capsule axes and facet vertices are read in the body frame. Tolerance: the
  // rotated inputs carry ~1e-16 rounding per component, amplified at most ~100 times in the
  // near-tangent geometry below: 1e-13.
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> u(-1, 1);
  const auto random_rotation = [&] {
    return Quatd(Eigen::AngleAxisd(3 * u(rng), Vec3d(u(rng), u(rng), u(rng)).normalized()));
  };
  const Facet f{{Vec3d(-0.3, -0.2, 0), Vec3d(0.4, -0.1, 0.1), Vec3d(0, 0.5, -0.1)}, 0.02};
  struct Case {
    Shape s1;
    BodyPose p1;
    Shape s2;
    BodyPose p2;
  };
  const std::vector<Case> cases{
      {Capsule{0.2, 1}, at(0, 0, 0, random_rotation()), Sphere{0.1}, at(0.1, 0.2, 0.1)},
      {Capsule{0.2, 1}, at(0, 0, 0, random_rotation()), Capsule{0.1, 0.7},
       at(0.1, 0.2, 0.1, random_rotation())},
      {f, at(0, 0, 0), Sphere{0.2}, at(0.05, 0.1, 0.1)},      // face region
      {f, at(0, 0, 0), Sphere{0.3}, at(0.35, 0.35, 0.05)},    // edge v1-v2 region
      {f, at(0, 0, 0), Sphere{0.3}, at(-0.45, -0.3, 0.05)}};  // vertex v0 region
  for (const auto& c : cases) {
    const auto base = contact_point(c.s1, c.p1, c.s2, c.p2);
    ASSERT_TRUE(base);
    std::printf("  %s-%s: base n = (%.6f, %.6f, %.6f), uN = %.6f\n", name_of(kind_of(c.s1)).data(),
                name_of(kind_of(c.s2)).data(), base->normal.x(), base->normal.y(),
                base->normal.z(), base->uN);
    double worst = 0;
    for (int k = 0; k < 20; ++k) {
      const Quatd q = random_rotation();
      const Vec3d t(u(rng), u(rng), u(rng));
      const auto moved = contact_point(c.s1, {q * c.p1.pos + t, q * c.p1.ori}, c.s2,
                                       {q * c.p2.pos + t, q * c.p2.ori});
      ASSERT_TRUE(moved);
      worst = std::max({worst, std::abs(moved->uN - base->uN), (moved->normal - q * base->normal).norm(),
                        (moved->point - (q * base->point + t)).norm()});
      EXPECT_NEAR(moved->uN, base->uN, 1e-13);
      EXPECT_LE((moved->normal - q * base->normal).norm(), 1e-13);
      EXPECT_LE((moved->point - (q * base->point + t)).norm(), 1e-13);
    }
    std::printf("    largest deviation over 20 placements: %.3g\n", worst);
  }
}

// --- swap symmetry on random placements ---------------------------------------------------------

TEST(GeometryContactPoint, SwappingTheParticlesFlipsOnlyTheNormalForRandomPlacements) {
  // Every pair, 2000 random placements each (overlapping or apart: the margin is huge so every
  // placement yields a contact). Both orders run the same closed forms on swapped inputs, except
  // capsule-capsule whose segment parameters are solved in the other order: their rounding is
  // amplified by 1/sin^2(angle between shafts), ~1e4 for the rare near-parallel draws, so the
  // bound is 1e4 * 1e-16 = 1e-12 for O(1) coordinates.
  std::mt19937_64 rng(2026);
  std::uniform_real_distribution<double> u(-1, 1), pos(0.05, 0.5);
  std::uniform_int_distribution<int> ax(0, 2), sense(-1, 1);
  const auto rotation = [&] {
    return Quatd(Eigen::AngleAxisd(3 * u(rng), Vec3d(u(rng), u(rng), u(rng)).normalized()));
  };
  const auto place = [&] { return BodyPose{Vec3d(u(rng), u(rng), u(rng)), rotation()}; };
  const auto shape_of = [&](ShapeKind k) -> Shape {
    switch (k) {
      case ShapeKind::sphere: return Sphere{pos(rng)};
      case ShapeKind::wall: return Wall{ax(rng), sense(rng)};
      case ShapeKind::facet:
        return Facet{{Vec3d(u(rng), u(rng), u(rng)), Vec3d(u(rng), u(rng), u(rng)),
                      Vec3d(u(rng), u(rng), u(rng))},
                     pos(rng) - 0.05};
      case ShapeKind::capsule: return Capsule{pos(rng), 2 * pos(rng)};
      case ShapeKind::inf_cylinder: return InfCylinder{pos(rng), ax(rng)};
    }
    return Sphere{1};
  };
  const std::pair<ShapeKind, ShapeKind> pairs[] = {
      {ShapeKind::sphere, ShapeKind::sphere},  {ShapeKind::wall, ShapeKind::sphere},
      {ShapeKind::facet, ShapeKind::sphere},   {ShapeKind::capsule, ShapeKind::sphere},
      {ShapeKind::inf_cylinder, ShapeKind::sphere}, {ShapeKind::capsule, ShapeKind::capsule},
      {ShapeKind::wall, ShapeKind::capsule}};
  for (const auto& [k1, k2] : pairs) {
    double worst = 0;
    int overlapping = 0;
    for (int i = 0; i < 2000; ++i) {
      const Shape s1 = shape_of(k1), s2 = shape_of(k2);
      const BodyPose p1 = place(), p2 = place();
      const auto c12 = contact_point(s1, p1, s2, p2, 1e9), c21 = contact_point(s2, p2, s1, p1, 1e9);
      ASSERT_TRUE(c12 && c21);
      overlapping += c12->uN < 0;
      EXPECT_NEAR(c12->normal.norm(), 1.0, 1e-15);
      worst = std::max({worst, (c12->normal + c21->normal).norm(), std::abs(c12->uN - c21->uN),
                        (c12->point - c21->point).norm()});
    }
    std::printf("  %s-%s: %d of 2000 overlapping, largest swap asymmetry %.3g\n",
                name_of(k1).data(), name_of(k2).data(), overlapping, worst);
    EXPECT_LE(worst, 1e-12);
  }
}

// --- unsupported pairs --------------------------------------------------------------------------

TEST(GeometryContactPoint, FlatFlatAndUnsupportedPairsRaiseAnErrorNamingThePair) {
  const Facet flat{{Vec3d(0, 0, 0), Vec3d(1, 0, 0), Vec3d(0, 1, 0)}, 0};
  struct Case {
    Shape s1, s2;
    const char* pair;
  };
  const Case cases[] = {{Wall{0}, Wall{1}, "wall-wall"},
                        {Wall{0}, flat, "wall-facet"},
                        {flat, flat, "facet-facet"},
                        {Capsule{0.1, 1}, flat, "capsule-facet"},
                        {InfCylinder{0.1, 0}, Capsule{0.1, 1}, "infcylinder-capsule"},
                        {InfCylinder{0.1, 0}, InfCylinder{0.1, 1}, "infcylinder-infcylinder"},
                        {Wall{2}, InfCylinder{0.1, 0}, "wall-infcylinder"}};
  for (const auto& c : cases) {
    try {
      (void)contact_point(c.s1, at(0, 0, 0), c.s2, at(0, 0, 0));
      ADD_FAILURE() << c.pair << " accepted";
    } catch (const InputError& e) {
      std::printf("  %s\n", e.what());
      EXPECT_EQ(e.field(), "pair");
      EXPECT_NE(std::string(e.what()).find(c.pair), std::string::npos) << e.what();
    }
  }
}

TEST(GeometryContactPoint, InvalidShapesAreRejectedBeforeAnyComputation) {
  EXPECT_THROW((void)contact_point(Sphere{-1}, at(0, 0, 0), Sphere{1}, at(0, 0, 0)), InputError);
  EXPECT_THROW((void)contact_point(Wall{4}, at(0, 0, 0), Sphere{1}, at(0, 0, 0)), InputError);
}

}  // namespace
}  // namespace lawcheck::geometry_contact_point_test
