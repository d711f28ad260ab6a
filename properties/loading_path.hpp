#pragma once
// Loading paths: the displacement u and rotation phi of particle 2 relative to particle 1 in
// contact-local axes (x normal, y and z tangential; seed 000 signs: uN < 0 in compression),
// prescribed at the instants t_0 .. t_N. Step k (1..N) hands the law uN = u[k].x,
// vel = (u[k] - u[k-1]) / dt and ang_vel = (phi[k] - phi[k-1]) / dt: the time levels of
// solver/geometry/local_geom.hpp (positions at t_k, velocities at t_{k-1/2}).
//
// Specs are written in small integers so that a shrunk counterexample is readable
// ("corners (n=4 y=2 steps=1) (n=4 y=-2 steps=3)"); to_path scales them:
//   normal      uN  = uN0 * n / 4          n = 0: touching with zero force, n = 8: twice uN0,
//                                          n < 0: tension (uN > 0), where a breakable law breaks
//   tangential  u_t = slip * unit * (y, z)   slip = the subject's path unit at uN0 (law_subject.hpp)
//   rotation    phi = angle * unit * (rx, ry, rz)   twist rx, bending ry, rz; angle = slip / the
//                                          contact's radius (a rotation that moves the rim of the
//                                          contact area by one tangential unit)
// A piecewise-linear spec goes from corner to corner in `steps` equal steps each, starting at
// (n = 4, y = z = 0, no rotation); a smooth spec is a sum of sine modes over one period and
// therefore returns to its start (a closed loop).

#include <cmath>
#include <ostream>
#include <variant>
#include <vector>

#include <boost/math/constants/constants.hpp>

#include "core/vector_types.hpp"

namespace lawcheck::properties {

struct LoadingPath {
  std::vector<Vec3d> u;    // u[0]: where the contact is made; u[k]: after step k
  std::vector<Vec3d> phi;  // relative rotation, same length as u
  double dt = 1;
};

// The physical size of one integer of a spec (see the header).
struct PathScale {
  double uN0 = -1e-4;  // normal displacement at n = 4
  double slip = 1e-5;  // tangential displacement per unit
  double angle = 1e-4; // rotation per unit [rad]
  double dt = 1e-5;
};

struct Corner {
  int n = 4;
  int y = 0;
  int z = 0;
  int steps = 1;
  int rx = 0;  // twist
  int ry = 0;  // bending
  int rz = 0;
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
  int rx = 0;
  int ry = 0;
  int rz = 0;
};

struct SmoothSpec {
  std::vector<Mode> modes;
  int steps = 16;
  double unit = 0.5;
};

using LoadingSpec = std::variant<PiecewiseSpec, SmoothSpec>;

inline LoadingPath to_path(const PiecewiseSpec& spec, const PathScale& scale) {
  const double t = scale.slip * spec.unit;
  const double r = scale.angle * spec.unit;
  const auto point = [&](const Corner& c) { return Vec3d(scale.uN0 * c.n / 4, t * c.y, t * c.z); };
  const auto turn = [&](const Corner& c) { return Vec3d(r * c.rx, r * c.ry, r * c.rz); };
  LoadingPath path{{point(Corner{})}, {turn(Corner{})}, scale.dt};
  for (const Corner& c : spec.corners) {
    const Vec3d a = path.u.back();
    const Vec3d b = point(c);
    const Vec3d ra = path.phi.back();
    const Vec3d rb = turn(c);
    for (int j = 1; j < c.steps; ++j) {
      path.u.push_back(a + (b - a) * (double(j) / c.steps));
      path.phi.push_back(ra + (rb - ra) * (double(j) / c.steps));
    }
    path.u.push_back(b);  // exactly the corner, not a + (b - a) * 1 rounded
    path.phi.push_back(rb);
  }
  return path;
}

inline LoadingPath to_path(const SmoothSpec& spec, const PathScale& scale) {
  const double t = scale.slip * spec.unit;
  const double r = scale.angle * spec.unit;
  const double two_pi = boost::math::constants::two_pi<double>();
  LoadingPath path{{}, {}, scale.dt};
  for (int j = 0; j <= spec.steps; ++j) {
    Vec3d u(scale.uN0, 0, 0);
    Vec3d phi = Vec3d::Zero();
    // the last sample is the start again, exactly, so that the loop closes without rounding
    if (j != 0 && j != spec.steps)
      for (const Mode& m : spec.modes) {
        const double s = std::sin(two_pi * m.k * j / spec.steps);
        u += Vec3d(scale.uN0 * m.n / 4 * s, t * m.y * s, t * m.z * s);
        phi += Vec3d(r * m.rx * s, r * m.ry * s, r * m.rz * s);
      }
    path.u.push_back(u);
    path.phi.push_back(phi);
  }
  return path;
}

inline LoadingPath to_path(const LoadingSpec& spec, const PathScale& scale) {
  return std::visit([&](const auto& s) { return to_path(s, scale); }, spec);
}

// The same path seen in tangential axes turned by `angle` about the normal: (y, z) of both the
// displacement and the rotation rotated, the normal components untouched.
inline LoadingPath turned_about_the_normal(LoadingPath path, double angle) {
  const Eigen::Matrix2d q = Eigen::Rotation2Dd(angle).toRotationMatrix();
  for (auto* points : {&path.u, &path.phi})
    for (Vec3d& p : *points) p.tail<2>() = q * p.tail<2>();
  return path;
}

// RapidCheck prints counterexamples through these (found by argument-dependent lookup).
inline void showValue(const Corner& c, std::ostream& os) {
  os << "(n=" << c.n << " y=" << c.y << " z=" << c.z;
  if (c.rx != 0 || c.ry != 0 || c.rz != 0) os << " rx=" << c.rx << " ry=" << c.ry << " rz=" << c.rz;
  os << " steps=" << c.steps << ")";
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
  for (const auto& m : s.modes) {
    os << " (k=" << m.k << " n=" << m.n << " y=" << m.y << " z=" << m.z;
    if (m.rx != 0 || m.ry != 0 || m.rz != 0) os << " rx=" << m.rx << " ry=" << m.ry << " rz=" << m.rz;
    os << ")";
  }
}
inline void showValue(const LoadingSpec& s, std::ostream& os) {
  std::visit([&](const auto& v) { showValue(v, os); }, s);
}
inline void showValue(const LoadingPath& p, std::ostream& os) {
  os << p.u.size() - 1 << " steps of dt " << p.dt << ':';
  for (std::size_t k = 0; k < p.u.size(); ++k) {
    const Vec3d& u = p.u[k];
    os << " (" << u.x() << ' ' << u.y() << ' ' << u.z();
    if (k < p.phi.size() && !p.phi[k].isZero(0))
      os << " | " << p.phi[k].x() << ' ' << p.phi[k].y() << ' ' << p.phi[k].z();
    os << ')';
  }
}

}  // namespace lawcheck::properties
