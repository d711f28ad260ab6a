#pragma once
// RapidCheck generators for the property kit: materials, shapes, contact configurations, loading
// paths (piecewise-linear and smooth, 1D and 2D, with varying normal force), rotations and time
// steps. Every number is drawn as small integers (a decimal mantissa and exponent, grid corners,
// whole degrees) so that RapidCheck's shrinking, which moves integers towards the low end of
// their range, ends on a counterexample one can read and retype: "young=3e+07", "y=2".
//
// Two ranges: Range::typical (what a DEM user sets) and Range::extreme (the robustness
// bounds: stiffness ratios kt/kn 1e-6 .. 1e6, radii 1e-6 .. 1e2 m, zero friction).
//
// Defined in generators.cpp, compiled once for every property target (rc::Gen is type-erased, so
// a generator crosses translation units as a value).

#include <array>
#include <iterator>
#include <ostream>
#include <utility>
#include <vector>

#include <boost/math/constants/constants.hpp>
#include <rapidcheck.h>

#include "contact_case.hpp"
#include "core/vector_types.hpp"
#include "loading_path.hpp"

namespace lawcheck::properties::gen {

enum class Range { typical, extreme };

// m * 10^e with m in 1..9 and e in [min_exp, max_exp], correctly rounded from its decimal text,
// so that the printed value is the value used.
rc::Gen<double> decimal(int min_exp, int max_exp);

// One of a law's named options (an enum's list of values, e.g. all_plastic_dissipations); shrinks
// towards the first.
template <class T, std::size_t N>
rc::Gen<T> element_of(const T (&values)[N]) {
  return rc::gen::elementOf(std::vector<T>(std::begin(values), std::end(values)));
}

// Tenths 0.1 .. 1.0 (friction coefficients, ratios of order one).
rc::Gen<double> tenths(int from = 1, int to = 10);

rc::Gen<FrictMat> material(Range range);

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
rc::Gen<double> size_of_kind(ShapeKind kind, Range range);

rc::Gen<StiffnessRules> stiffness_rules();

rc::Gen<ContactCase> contact_case(Range range);

// A contact between two spheres (the pair the dynamic and geometric properties move around).
rc::Gen<ContactCase> sphere_contact(Range range);

rc::Gen<int> steps_per_segment();

// 1D: tangential along y only, constant normal displacement (the 1D slip oracle's setting).
// Grid unit half a yield slip: corners at y = +-2 lie exactly on the yield surface.
rc::Gen<PiecewiseSpec> path_1d();

// 2D, with the normal displacement varying between 0 (zero normal force) and 2 uN0.
rc::Gen<PiecewiseSpec> piecewise_2d();

// Smooth closed loops: up to three sine modes; |n| <= 1 per mode keeps uN <= 0 (uN0 (1 - 3/4)).
rc::Gen<SmoothSpec> smooth_2d();

rc::Gen<LoadingSpec> path_2d();

// Paths that stay strictly inside the yield surface: the normal displacement only grows
// (n = 4..8, so the yield force never drops below its value at uN0) and every corner lies within
// 0.99 yield slips of the origin (grid unit 0.099 slip, y^2 + z^2 <= 100); the disc is convex, so
// the straight segments between corners stay inside too.
rc::Gen<PiecewiseSpec> path_inside_yield_surface();

// Closed 2D loops: a piecewise path whose last corner is its start, or a smooth loop.
rc::Gen<LoadingSpec> closed_loop_2d();

// --- six-DoF paths: rotations, tension, breaks ----------------------------------------------

rc::Gen<PiecewiseSpec> corners_of(const rc::Gen<Corner>& corner, int min_count, int max_count);

// A corner in all six DoFs; normal n in [min_n, 8] (n < 0: tension, uN up to -uN0 = |uN0|).
rc::Gen<Corner> corner_6d(int min_n);

// Smooth closed loops in six DoFs (|n| <= 1 per mode keeps uN <= 0, as smooth_2d).
rc::Gen<SmoothSpec> smooth_6d();

// Six-DoF paths in compression (uN in [2 uN0, 0]; the corners n = 0 touch with zero force).
rc::Gen<LoadingSpec> path_6d();

// Closed six-DoF loops: a piecewise path back to its start, or a smooth loop.
rc::Gen<LoadingSpec> closed_loop_6d();

// Rotation only: the translation held at (uN0, 0, 0), the three rotations along corners.
rc::Gen<PiecewiseSpec> rotation_path();

// A path that goes into tension and comes back: compression corners, one corner in tension
// (n = -4..-1, so uN = |uN0| / 4 .. |uN0|), compression corners again. A breakable law breaks on
// the way out and makes a new contact on the way back (at the first instant with uN <= 0).
rc::Gen<PiecewiseSpec> path_through_tension();

// Any path the kit draws in six DoFs: compression, closed loops, and through tension (corners
// down to n = -4 anywhere, or the dedicated break-and-remake shape).
rc::Gen<LoadingSpec> path_any();

rc::Gen<double> time_step();

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

rc::Gen<Rotation> rotation();

void showValue(const Rotation& r, std::ostream& os);

}  // namespace lawcheck::properties::gen
