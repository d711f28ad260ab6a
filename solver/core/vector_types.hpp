#pragma once
// Fixed-size Eigen vectors and matrices over any scalar R. The solver is templated on R so that
// the same law runs in double and in HighPrecision (core/high_precision.hpp).

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "core/build_config.hpp"

namespace lawcheck {

template <class R> using Vec2 = Eigen::Matrix<R, 2, 1>;
template <class R> using Vec3 = Eigen::Matrix<R, 3, 1>;
template <class R> using Mat3 = Eigen::Matrix<R, 3, 3>;
template <class R> using Quat = Eigen::Quaternion<R>;

using Vec2d = Vec2<double>;
using Vec3d = Vec3<double>;
using Mat3d = Mat3<double>;
using Quatd = Quat<double>;

}  // namespace lawcheck
