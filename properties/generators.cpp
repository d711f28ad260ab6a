// The property kit's generators (generators.hpp), compiled once: RapidCheck instantiates a
// generator's shrinking machinery for every value type it builds (Corner, PiecewiseSpec, Mode,
// ...), ~1 MB of object code that each property test target, all of which draw these paths,
// compiled again when the definitions were inline in the header (properties/CMakeLists.txt has
// the build times).

#include "generators.hpp"

#include <algorithm>
#include <string>

#include <fmt/format.h>

namespace lawcheck::properties::gen {

namespace {

// Smooth loops of one to three sine modes drawn by `mode`, 4 .. 128 steps.
rc::Gen<SmoothSpec> smooth_of(const rc::Gen<Mode>& mode) {
  return rc::gen::build<SmoothSpec>(
      rc::gen::set(&SmoothSpec::modes,
                   rc::gen::mapcat(rc::gen::inRange(1, 4), [mode](int count) {
                     return rc::gen::container<std::vector<Mode>>(std::size_t(count), mode);
                   })),
      rc::gen::set(&SmoothSpec::steps, rc::gen::inRange(4, 129)));
}

}  // namespace

rc::Gen<double> decimal(int min_exp, int max_exp) {
  return rc::gen::map(
      rc::gen::pair(rc::gen::inRange(1, 10), rc::gen::inRange(min_exp, max_exp + 1)),
      [](std::pair<int, int> me) { return std::stod(fmt::format("{}e{}", me.first, me.second)); });
}

rc::Gen<double> tenths(int from, int to) {
  return rc::gen::map(rc::gen::inRange(from, to + 1), [](int i) { return i / 10.0; });
}

rc::Gen<FrictMat> material(Range range) {
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

rc::Gen<double> size_of_kind(ShapeKind kind, Range range) {
  const auto radius = range == Range::typical ? decimal(-3, 0)
                                              : rc::gen::oneOf(decimal(-6, 1), rc::gen::just(1e2));
  switch (kind) {
    case ShapeKind::wall: return rc::gen::just(0.0);
    case ShapeKind::facet: return rc::gen::oneOf(rc::gen::just(0.0), radius);
    default: return radius;
  }
}

rc::Gen<StiffnessRules> stiffness_rules() {
  return rc::gen::build<StiffnessRules>(
      rc::gen::set(&StiffnessRules::lengths, rc::gen::element(LengthRule::radii, LengthRule::reduced)),
      rc::gen::set(&StiffnessRules::area, rc::gen::element(AreaRule::radii, AreaRule::lengths)));
}

rc::Gen<ContactCase> contact_case(Range range) {
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

rc::Gen<ContactCase> sphere_contact(Range range) {
  return rc::gen::apply(
      [](double r1, double r2, FrictMat m1, FrictMat m2, double overlap) {
        return ContactCase{{ShapeKind::sphere, r1}, {ShapeKind::sphere, r2}, m1, m2, {},
                           -overlap * std::min(r1, r2)};
      },
      size_of_kind(ShapeKind::sphere, range), size_of_kind(ShapeKind::sphere, range),
      material(range), material(range), decimal(-4, -1));
}

rc::Gen<int> steps_per_segment() { return rc::gen::inRange(1, 17); }

rc::Gen<PiecewiseSpec> path_1d() {
  const auto corner = rc::gen::build<Corner>(rc::gen::set(&Corner::y, rc::gen::inRange(-8, 9)),
                                             rc::gen::set(&Corner::steps, steps_per_segment()));
  return corners_of(corner, 1, 8);
}

rc::Gen<PiecewiseSpec> piecewise_2d() {
  const auto corner = rc::gen::build<Corner>(rc::gen::set(&Corner::n, rc::gen::inRange(0, 9)),
                                             rc::gen::set(&Corner::y, rc::gen::inRange(-8, 9)),
                                             rc::gen::set(&Corner::z, rc::gen::inRange(-8, 9)),
                                             rc::gen::set(&Corner::steps, steps_per_segment()));
  return corners_of(corner, 1, 8);
}

rc::Gen<SmoothSpec> smooth_2d() {
  const auto mode = rc::gen::build<Mode>(rc::gen::set(&Mode::k, rc::gen::inRange(1, 4)),
                                         rc::gen::set(&Mode::n, rc::gen::inRange(-1, 2)),
                                         rc::gen::set(&Mode::y, rc::gen::inRange(-4, 5)),
                                         rc::gen::set(&Mode::z, rc::gen::inRange(-4, 5)));
  return smooth_of(mode);
}

rc::Gen<LoadingSpec> path_2d() {
  return rc::gen::oneOf(rc::gen::cast<LoadingSpec>(piecewise_2d()),
                        rc::gen::cast<LoadingSpec>(smooth_2d()));
}

rc::Gen<PiecewiseSpec> path_inside_yield_surface() {
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

rc::Gen<LoadingSpec> closed_loop_2d() {
  const auto closed = rc::gen::map(piecewise_2d(), [](PiecewiseSpec s) {
    s.corners.push_back(Corner{4, 0, 0, s.corners.back().steps});
    return s;
  });
  return rc::gen::oneOf(rc::gen::cast<LoadingSpec>(closed), rc::gen::cast<LoadingSpec>(smooth_2d()));
}

rc::Gen<PiecewiseSpec> corners_of(const rc::Gen<Corner>& corner, int min_count, int max_count) {
  return rc::gen::build<PiecewiseSpec>(rc::gen::set(
      &PiecewiseSpec::corners,
      rc::gen::mapcat(rc::gen::inRange(min_count, max_count + 1), [corner](int count) {
        return rc::gen::container<std::vector<Corner>>(std::size_t(count), corner);
      })));
}

rc::Gen<Corner> corner_6d(int min_n) {
  return rc::gen::build<Corner>(rc::gen::set(&Corner::n, rc::gen::inRange(min_n, 9)),
                                rc::gen::set(&Corner::y, rc::gen::inRange(-8, 9)),
                                rc::gen::set(&Corner::z, rc::gen::inRange(-8, 9)),
                                rc::gen::set(&Corner::steps, steps_per_segment()),
                                rc::gen::set(&Corner::rx, rc::gen::inRange(-8, 9)),
                                rc::gen::set(&Corner::ry, rc::gen::inRange(-8, 9)),
                                rc::gen::set(&Corner::rz, rc::gen::inRange(-8, 9)));
}

rc::Gen<SmoothSpec> smooth_6d() {
  const auto mode = rc::gen::build<Mode>(rc::gen::set(&Mode::k, rc::gen::inRange(1, 4)),
                                         rc::gen::set(&Mode::n, rc::gen::inRange(-1, 2)),
                                         rc::gen::set(&Mode::y, rc::gen::inRange(-4, 5)),
                                         rc::gen::set(&Mode::z, rc::gen::inRange(-4, 5)),
                                         rc::gen::set(&Mode::rx, rc::gen::inRange(-4, 5)),
                                         rc::gen::set(&Mode::ry, rc::gen::inRange(-4, 5)),
                                         rc::gen::set(&Mode::rz, rc::gen::inRange(-4, 5)));
  return smooth_of(mode);
}

rc::Gen<LoadingSpec> path_6d() {
  return rc::gen::oneOf(rc::gen::cast<LoadingSpec>(corners_of(corner_6d(0), 1, 8)),
                        rc::gen::cast<LoadingSpec>(smooth_6d()));
}

rc::Gen<LoadingSpec> closed_loop_6d() {
  const auto closed = rc::gen::map(corners_of(corner_6d(0), 1, 8), [](PiecewiseSpec s) {
    s.corners.push_back(Corner{4, 0, 0, s.corners.back().steps, 0, 0, 0});
    return s;
  });
  return rc::gen::oneOf(rc::gen::cast<LoadingSpec>(closed), rc::gen::cast<LoadingSpec>(smooth_6d()));
}

rc::Gen<PiecewiseSpec> rotation_path() {
  return rc::gen::map(corners_of(corner_6d(4), 1, 8), [](PiecewiseSpec s) {
    for (Corner& c : s.corners) c.n = 4, c.y = 0, c.z = 0;
    return s;
  });
}

rc::Gen<PiecewiseSpec> path_through_tension() {
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

rc::Gen<LoadingSpec> path_any() {
  return rc::gen::oneOf(rc::gen::cast<LoadingSpec>(corners_of(corner_6d(-4), 1, 8)),
                        rc::gen::cast<LoadingSpec>(smooth_6d()),
                        rc::gen::cast<LoadingSpec>(path_through_tension()));
}

rc::Gen<double> time_step() { return decimal(-7, -3); }

rc::Gen<Rotation> rotation() {
  return rc::gen::build<Rotation>(
      rc::gen::set(&Rotation::axis,
                   rc::gen::suchThat(rc::gen::container<std::array<int, 3>>(rc::gen::inRange(-3, 4)),
                                     [](const std::array<int, 3>& a) { return a != std::array<int, 3>{0, 0, 0}; })),
      rc::gen::set(&Rotation::degrees, rc::gen::inRange(-180, 181)));
}

void showValue(const Rotation& r, std::ostream& os) {
  os << r.degrees << " deg about (" << r.axis[0] << ' ' << r.axis[1] << ' ' << r.axis[2] << ')';
}
}  // namespace lawcheck::properties::gen
