#pragma once
// RapidCheck generators for the property kit: materials, shapes, contact configurations, loading
// paths (piecewise-linear and smooth, 1D and 2D, with varying normal force), rotations and time
// steps. Every number is drawn as small integers (a decimal mantissa and exponent, grid corners,
// whole degrees) so that RapidCheck's shrinking, which moves integers towards the low end of
// their range, ends on a counterexample one can read and retype: "young=3e+07", "y=2".
//
// Two ranges: Range::typical (what a DEM user sets) and Range::extreme (the robustness
// bounds: stiffness ratios kt/kn 1e-6 .. 1e6, radii 1e-6 .. 1e2 m, zero friction).

#include <array>
#include <cmath>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include <boost/math/constants/constants.hpp>
#include <fmt/format.h>
#include <rapidcheck.h>

#include "contact_case.hpp"
#include "core/vector_types.hpp"
#include "loading_path.hpp"

namespace lawcheck::properties::gen {

enum class Range { typical, extreme };

// m * 10^e with m in 1..9 and e in [min_exp, max_exp], correctly rounded from its decimal text,
// so that the printed value is the value used.
inline rc::Gen<double> decimal(int min_exp, int max_exp) {
  return rc::gen::map(
      rc::gen::pair(rc::gen::inRange(1, 10), rc::gen::inRange(min_exp, max_exp + 1)),
      [](std::pair<int, int> me) { return std::stod(fmt::format("{}e{}", me.first, me.second)); });
}

// One of a law's named options (an enum's list of values, e.g. all_plastic_dissipations); shrinks
// towards the first.
template <class T, std::size_t N>
rc::Gen<T> element_of(const T (&values)[N]) {
  return rc::gen::elementOf(std::vector<T>(std::begin(values), std::end(values)));
}

// Tenths 0.1 .. 1.0 (friction coefficients, ratios of order one).
inline rc::Gen<double> tenths(int from = 1, int to = 10) {
  return rc::gen::map(rc::gen::inRange(from, to + 1), [](int i) { return i / 10.0; });
}

inline rc::Gen<FrictMat> material(Range range) {
  if (range == Range::typical)
    return rc::gen::build<FrictMat>(rc::gen::set(&FrictMat::young, decimal(6, 10)),
                                    rc::gen::set(&FrictMat::kt_div_kn, tenths()),
                                    rc::gen::set(&FrictMat::tan_phi, tenths()));
  // The contact's kt/kn is the mean of the two ratios: 1e-6 .. ~1e6 from these.
  return rc::gen::build<FrictMat>(
      rc::gen::set(&FrictMat::young, decimal(3, 12)),
      rc::gen::set(&FrictMat::kt_div_kn, rc::gen::oneOf(decimal(-6, 5), rc::gen::just(1e6))),
      // zero friction on one material in ~1 of 8 draws (the contact takes the min of the two)
      rc::gen::set(&FrictMat::tan_phi,
                   rc::gen::weightedOneOf<double>({{1, rc::gen::just(0.0)},
                                                   {3, decimal(-6, 1)},
                                                   {4, tenths()}})));
}

// The shape pairs the solver's contact geometry supports (solver/geometry/contact_point.hpp),
// first-named shape first; the generator also draws them in the other order.
inline constexpr std::array<std::pair<ShapeKind, ShapeKind>, 7> supported_pairs{{
    {ShapeKind::sphere, ShapeKind::sphere},
    {ShapeKind::sphere, ShapeKind::wall},
    {ShapeKind::sphere, ShapeKind::facet},
    {ShapeKind::sphere, ShapeKind::capsule},
    {ShapeKind::sphere, ShapeKind::inf_cylinder},
    {ShapeKind::capsule, ShapeKind::capsule},
    {ShapeKind::capsule, ShapeKind::wall},
}};

// Radius-like size of one side: a wall has none, a facet may be flat (halfThick = 0).
inline rc::Gen<double> size_of_kind(ShapeKind kind, Range range) {
  const auto radius = range == Range::typical ? decimal(-3, 0)
                                              : rc::gen::oneOf(decimal(-6, 1), rc::gen::just(1e2));
  switch (kind) {
    case ShapeKind::wall: return rc::gen::just(0.0);
    case ShapeKind::facet: return rc::gen::oneOf(rc::gen::just(0.0), radius);
    default: return radius;
  }
}

inline rc::Gen<StiffnessRules> stiffness_rules() {
  return rc::gen::build<StiffnessRules>(
      rc::gen::set(&StiffnessRules::lengths, rc::gen::element(LengthRule::radii, LengthRule::reduced)),
      rc::gen::set(&StiffnessRules::area, rc::gen::element(AreaRule::radii, AreaRule::lengths)));
}

inline rc::Gen<ContactCase> contact_case(Range range) {
  return rc::gen::mapcat(
      rc::gen::pair(rc::gen::inRange<std::size_t>(0, supported_pairs.size()), rc::gen::arbitrary<bool>()),
      [range](std::pair<std::size_t, bool> choice) {
        auto [k1, k2] = supported_pairs[choice.first];
        if (choice.second) std::swap(k1, k2);
        return rc::gen::apply(
            [k1, k2](double r1, double r2, FrictMat m1, FrictMat m2, StiffnessRules rules,
                     double overlap) {
              ContactCase c{{k1, r1}, {k2, r2}, m1, m2, rules, 0};
              // The smallest positive size bounds the overlap (the reduced length rule needs
              // uN0 > -2 min(l)); a flat side takes the other's size.
              const double smallest = r1 > 0 && r2 > 0 ? std::min(r1, r2) : std::max(r1, r2);
              c.uN0 = -overlap * smallest;
              return c;
            },
            size_of_kind(k1, range), size_of_kind(k2, range), material(range), material(range),
            stiffness_rules(), decimal(-4, -1));
      });
}

// A contact between two spheres (the pair the dynamic and geometric properties move around).
inline rc::Gen<ContactCase> sphere_contact(Range range) {
  return rc::gen::apply(
      [](double r1, double r2, FrictMat m1, FrictMat m2, double overlap) {
        return ContactCase{{ShapeKind::sphere, r1}, {ShapeKind::sphere, r2}, m1, m2, {},
                           -overlap * std::min(r1, r2)};
      },
      size_of_kind(ShapeKind::sphere, range), size_of_kind(ShapeKind::sphere, range),
      material(range), material(range), decimal(-4, -1));
}

inline rc::Gen<int> steps_per_segment() { return rc::gen::inRange(1, 17); }

// 1D: tangential along y only, constant normal displacement (the 1D slip oracle's setting).
// Grid unit half a yield slip: corners at y = +-2 lie exactly on the yield surface.
inline rc::Gen<PiecewiseSpec> path_1d() {
  const auto corner = rc::gen::build<Corner>(rc::gen::set(&Corner::y, rc::gen::inRange(-8, 9)),
                                             rc::gen::set(&Corner::steps, steps_per_segment()));
  return rc::gen::build<PiecewiseSpec>(rc::gen::set(
      &PiecewiseSpec::corners,
      rc::gen::mapcat(rc::gen::inRange(1, 9), [corner](int count) {
        return rc::gen::container<std::vector<Corner>>(std::size_t(count), corner);
      })));
}

// 2D, with the normal displacement varying between 0 (zero normal force) and 2 uN0.
inline rc::Gen<PiecewiseSpec> piecewise_2d() {
  const auto corner = rc::gen::build<Corner>(rc::gen::set(&Corner::n, rc::gen::inRange(0, 9)),
                                             rc::gen::set(&Corner::y, rc::gen::inRange(-8, 9)),
                                             rc::gen::set(&Corner::z, rc::gen::inRange(-8, 9)),
                                             rc::gen::set(&Corner::steps, steps_per_segment()));
  return rc::gen::build<PiecewiseSpec>(rc::gen::set(
      &PiecewiseSpec::corners,
      rc::gen::mapcat(rc::gen::inRange(1, 9), [corner](int count) {
        return rc::gen::container<std::vector<Corner>>(std::size_t(count), corner);
      })));
}

// Smooth closed loops: up to three sine modes; |n| <= 1 per mode keeps uN <= 0 (uN0 (1 - 3/4)).
inline rc::Gen<SmoothSpec> smooth_2d() {
  const auto mode = rc::gen::build<Mode>(rc::gen::set(&Mode::k, rc::gen::inRange(1, 4)),
                                         rc::gen::set(&Mode::n, rc::gen::inRange(-1, 2)),
                                         rc::gen::set(&Mode::y, rc::gen::inRange(-4, 5)),
                                         rc::gen::set(&Mode::z, rc::gen::inRange(-4, 5)));
  return rc::gen::build<SmoothSpec>(
      rc::gen::set(&SmoothSpec::modes,
                   rc::gen::mapcat(rc::gen::inRange(1, 4), [mode](int count) {
                     return rc::gen::container<std::vector<Mode>>(std::size_t(count), mode);
                   })),
      rc::gen::set(&SmoothSpec::steps, rc::gen::inRange(4, 129)));
}

inline rc::Gen<LoadingSpec> path_2d() {
  return rc::gen::oneOf(rc::gen::cast<LoadingSpec>(piecewise_2d()),
                        rc::gen::cast<LoadingSpec>(smooth_2d()));
}

// Paths that stay strictly inside the yield surface: the normal displacement only grows
// (n = 4..8, so the yield force never drops below its value at uN0) and every corner lies within
// 0.99 yield slips of the origin (grid unit 0.099 slip, y^2 + z^2 <= 100); the disc is convex, so
// the straight segments between corners stay inside too.
inline rc::Gen<PiecewiseSpec> path_inside_yield_surface() {
  const auto corner = rc::gen::suchThat(
      rc::gen::build<Corner>(rc::gen::set(&Corner::n, rc::gen::inRange(4, 9)),
                             rc::gen::set(&Corner::y, rc::gen::inRange(-10, 11)),
                             rc::gen::set(&Corner::z, rc::gen::inRange(-10, 11)),
                             rc::gen::set(&Corner::steps, steps_per_segment())),
      [](const Corner& c) { return c.y * c.y + c.z * c.z <= 100; });
  return rc::gen::build<PiecewiseSpec>(
      rc::gen::set(&PiecewiseSpec::corners,
                   rc::gen::mapcat(rc::gen::inRange(1, 9),
                                   [corner](int count) {
                                     return rc::gen::container<std::vector<Corner>>(
                                         std::size_t(count), corner);
                                   })),
      rc::gen::set(&PiecewiseSpec::unit, rc::gen::just(0.099)));
}

// Closed 2D loops: a piecewise path whose last corner is its start, or a smooth loop.
inline rc::Gen<LoadingSpec> closed_loop_2d() {
  const auto closed = rc::gen::map(piecewise_2d(), [](PiecewiseSpec s) {
    s.corners.push_back(Corner{4, 0, 0, s.corners.back().steps});
    return s;
  });
  return rc::gen::oneOf(rc::gen::cast<LoadingSpec>(closed), rc::gen::cast<LoadingSpec>(smooth_2d()));
}

// --- six-DoF paths: rotations, tension, breaks ----------------------------------------------

inline rc::Gen<PiecewiseSpec> corners_of(const rc::Gen<Corner>& corner, int min_count, int max_count) {
  return rc::gen::build<PiecewiseSpec>(rc::gen::set(
      &PiecewiseSpec::corners,
      rc::gen::mapcat(rc::gen::inRange(min_count, max_count + 1), [corner](int count) {
        return rc::gen::container<std::vector<Corner>>(std::size_t(count), corner);
      })));
}

// A corner in all six DoFs; normal n in [min_n, 8] (n < 0: tension, uN up to -uN0 = |uN0|).
inline rc::Gen<Corner> corner_6d(int min_n) {
  return rc::gen::build<Corner>(rc::gen::set(&Corner::n, rc::gen::inRange(min_n, 9)),
                                rc::gen::set(&Corner::y, rc::gen::inRange(-8, 9)),
                                rc::gen::set(&Corner::z, rc::gen::inRange(-8, 9)),
                                rc::gen::set(&Corner::steps, steps_per_segment()),
                                rc::gen::set(&Corner::rx, rc::gen::inRange(-8, 9)),
                                rc::gen::set(&Corner::ry, rc::gen::inRange(-8, 9)),
                                rc::gen::set(&Corner::rz, rc::gen::inRange(-8, 9)));
}

// Smooth closed loops in six DoFs (|n| <= 1 per mode keeps uN <= 0, as smooth_2d).
inline rc::Gen<SmoothSpec> smooth_6d() {
  const auto mode = rc::gen::build<Mode>(rc::gen::set(&Mode::k, rc::gen::inRange(1, 4)),
                                         rc::gen::set(&Mode::n, rc::gen::inRange(-1, 2)),
                                         rc::gen::set(&Mode::y, rc::gen::inRange(-4, 5)),
                                         rc::gen::set(&Mode::z, rc::gen::inRange(-4, 5)),
                                         rc::gen::set(&Mode::rx, rc::gen::inRange(-4, 5)),
                                         rc::gen::set(&Mode::ry, rc::gen::inRange(-4, 5)),
                                         rc::gen::set(&Mode::rz, rc::gen::inRange(-4, 5)));
  return rc::gen::build<SmoothSpec>(
      rc::gen::set(&SmoothSpec::modes,
                   rc::gen::mapcat(rc::gen::inRange(1, 4), [mode](int count) {
                     return rc::gen::container<std::vector<Mode>>(std::size_t(count), mode);
                   })),
      rc::gen::set(&SmoothSpec::steps, rc::gen::inRange(4, 129)));
}

// Six-DoF paths in compression (uN in [2 uN0, 0]; the corners n = 0 touch with zero force).
inline rc::Gen<LoadingSpec> path_6d() {
  return rc::gen::oneOf(rc::gen::cast<LoadingSpec>(corners_of(corner_6d(0), 1, 8)),
                        rc::gen::cast<LoadingSpec>(smooth_6d()));
}

// Closed six-DoF loops: a piecewise path back to its start, or a smooth loop.
inline rc::Gen<LoadingSpec> closed_loop_6d() {
  const auto closed = rc::gen::map(corners_of(corner_6d(0), 1, 8), [](PiecewiseSpec s) {
    s.corners.push_back(Corner{4, 0, 0, s.corners.back().steps, 0, 0, 0});
    return s;
  });
  return rc::gen::oneOf(rc::gen::cast<LoadingSpec>(closed), rc::gen::cast<LoadingSpec>(smooth_6d()));
}

// Rotation only: the translation held at (uN0, 0, 0), the three rotations along corners.
inline rc::Gen<PiecewiseSpec> rotation_path() {
  return rc::gen::map(corners_of(corner_6d(4), 1, 8), [](PiecewiseSpec s) {
    for (Corner& c : s.corners) c.n = 4, c.y = 0, c.z = 0;
    return s;
  });
}

// A path that goes into tension and comes back: compression corners, one corner in tension
// (n = -4..-1, so uN = |uN0| / 4 .. |uN0|), compression corners again. A breakable law breaks on
// the way out and makes a new contact on the way back (at the first instant with uN <= 0).
inline rc::Gen<PiecewiseSpec> path_through_tension() {
  return rc::gen::apply(
      [](PiecewiseSpec before, Corner pull, PiecewiseSpec after) {
        before.corners.push_back(pull);
        before.corners.insert(before.corners.end(), after.corners.begin(), after.corners.end());
        return before;
      },
      corners_of(corner_6d(0), 1, 4),
      rc::gen::map(corner_6d(0), [](Corner c) {
        c.n = -1 - (c.n % 4);  // 0..8 -> -1..-4
        return c;
      }),
      corners_of(corner_6d(0), 1, 4));
}

// Any path the kit draws in six DoFs: compression, closed loops, and through tension (corners
// down to n = -4 anywhere, or the dedicated break-and-remake shape).
inline rc::Gen<LoadingSpec> path_any() {
  return rc::gen::oneOf(rc::gen::cast<LoadingSpec>(corners_of(corner_6d(-4), 1, 8)),
                        rc::gen::cast<LoadingSpec>(smooth_6d()),
                        rc::gen::cast<LoadingSpec>(path_through_tension()));
}

inline rc::Gen<double> time_step() { return decimal(-7, -3); }

// A rotation as axis (small integers, not all zero) and angle in whole degrees.
struct Rotation {
  std::array<int, 3> axis{0, 0, 1};
  int degrees = 0;

  Quatd quaternion() const {
    const Vec3d a(axis[0], axis[1], axis[2]);
    const double angle = degrees * boost::math::constants::pi<double>() / 180;
    return Quatd(Eigen::AngleAxisd(angle, a.normalized()));
  }
};

inline rc::Gen<Rotation> rotation() {
  return rc::gen::build<Rotation>(
      rc::gen::set(&Rotation::axis,
                   rc::gen::suchThat(rc::gen::container<std::array<int, 3>>(rc::gen::inRange(-3, 4)),
                                     [](const std::array<int, 3>& a) { return a != std::array<int, 3>{0, 0, 0}; })),
      rc::gen::set(&Rotation::degrees, rc::gen::inRange(-180, 181)));
}

inline void showValue(const Rotation& r, std::ostream& os) {
  os << r.degrees << " deg about (" << r.axis[0] << ' ' << r.axis[1] << ' ' << r.axis[2] << ')';
}

}  // namespace lawcheck::properties::gen
