#pragma once
// A 3-vector as the JSON array [x, y, z], as every command's --json output writes positions,
// velocities and spins.

#include <nlohmann/json.hpp>

#include "core/vector_types.hpp"

namespace lawcheck::cli {

inline nlohmann::json vec_json(const Vec3d& v) { return nlohmann::json::array({v.x(), v.y(), v.z()}); }

}  // namespace lawcheck::cli
