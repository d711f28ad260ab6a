#pragma once
// Loading paths: the displacement of particle 2 relative to particle 1 in contact-local axes
// (x normal, y and z tangential; seed 000 signs: uN < 0 in compression), prescribed at the
// instants t_0 .. t_N. Step k (1..N) hands the law uN = u[k].x and vel = (u[k] - u[k-1]) / dt:
// the time levels of solver/geometry/local_geom.hpp (positions at t_k, velocity at t_{k-1/2}).
//
// Specs are written in small integers so that a shrunk counterexample is readable
// ("corners (n=4 y=2 steps=1) (n=4 y=-2 steps=3)"); to_path scales them:
//   normal      uN  = uN0 * n / 4        n = 0: touching with zero force, n = 8: twice uN0
//   tangential  u_t = slip * unit * (y, z)  slip = the law's yield slip at uN0 (law_subject.hpp)
// A piecewise-linear spec goes from corner to corner in `steps` equal steps each, starting at
// (n = 4, y = z = 0); a smooth spec is a sum of sine modes over one period and therefore returns
// to its start (a closed loop).

#include <cmath>
#include <ostream>
#include <variant>
#include <vector>

#include <boost/math/constants/constants.hpp>

#include "core/vector_types.hpp"

namespace lawcheck::properties {

struct LoadingPath {
  std::vector<Vec3d> u;  // u[0]: where the contact is made; u[k]: after step k
  double dt = 1;
};

struct Corner {
  int n = 4;
  int y = 0;
  int z = 0;
  int steps = 1;
};

struct PiecewiseSpec {
  std::vector<Corner> corners;
  double unit = 0.5;  // tangential grid unit, in yield slips
};

// u(s) = start + sum_m amp_m sin(2 pi k_m s), s = j / steps, j = 0..steps.
struct Mode {
  int k = 1;
  int n = 0;
  int y = 0;
  int z = 0;
};

struct SmoothSpec {
  std::vector<Mode> modes;
  int steps = 16;
  double unit = 0.5;
};

using LoadingSpec = std::variant<PiecewiseSpec, SmoothSpec>;

inline LoadingPath to_path(const PiecewiseSpec& spec, double uN0, double slip, double dt) {
  const double t = slip * spec.unit;
  const auto point = [&](const Corner& c) { return Vec3d(uN0 * c.n / 4, t * c.y, t * c.z); };
  LoadingPath path{{point(Corner{})}, dt};
  for (const Corner& c : spec.corners) {
    const Vec3d a = path.u.back();
    const Vec3d b = point(c);
    for (int j = 1; j < c.steps; ++j) path.u.push_back(a + (b - a) * (double(j) / c.steps));
    path.u.push_back(b);  // exactly the corner, not a + (b - a) * 1 rounded
  }
  return path;
}

inline LoadingPath to_path(const SmoothSpec& spec, double uN0, double slip, double dt) {
  const double t = slip * spec.unit;
  const double two_pi = boost::math::constants::two_pi<double>();
  LoadingPath path{{}, dt};
  for (int j = 0; j <= spec.steps; ++j) {
    Vec3d u(uN0, 0, 0);
    // the last sample is the start again, exactly, so that the loop closes without rounding
    if (j != 0 && j != spec.steps)
      for (const Mode& m : spec.modes) {
        const double s = std::sin(two_pi * m.k * j / spec.steps);
        u += Vec3d(uN0 * m.n / 4 * s, t * m.y * s, t * m.z * s);
      }
    path.u.push_back(u);
  }
  return path;
}

inline LoadingPath to_path(const LoadingSpec& spec, double uN0, double slip, double dt) {
  return std::visit([&](const auto& s) { return to_path(s, uN0, slip, dt); }, spec);
}

// RapidCheck prints counterexamples through these (found by argument-dependent lookup).
inline void showValue(const Corner& c, std::ostream& os) {
  os << "(n=" << c.n << " y=" << c.y << " z=" << c.z << " steps=" << c.steps << ")";
}
inline void showValue(const PiecewiseSpec& s, std::ostream& os) {
  os << "piecewise, unit " << s.unit << " slip, from (n=4 y=0 z=0) through";
  for (const auto& c : s.corners) {
    os << ' ';
    showValue(c, os);
  }
}
inline void showValue(const SmoothSpec& s, std::ostream& os) {
  os << "smooth loop, " << s.steps << " steps, unit " << s.unit << " slip, modes";
  for (const auto& m : s.modes) os << " (k=" << m.k << " n=" << m.n << " y=" << m.y << " z=" << m.z << ")";
}
inline void showValue(const LoadingSpec& s, std::ostream& os) {
  std::visit([&](const auto& v) { showValue(v, os); }, s);
}
inline void showValue(const LoadingPath& p, std::ostream& os) {
  os << p.u.size() - 1 << " steps of dt " << p.dt << ':';
  for (const auto& u : p.u) os << " (" << u.x() << ' ' << u.y() << ' ' << u.z() << ')';
}

}  // namespace lawcheck::properties
