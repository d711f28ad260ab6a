#pragma once
// ExudynMat: the material of seed 003's sphere-sphere contact. Exudyn carries every contact
// parameter on the connector (ObjectContactSphereSphere), not on the bodies, so a particle of this
// law needs only its density (mass and inertia); the parameters live on ExudynLaw.

#include <string_view>

#include <fmt/format.h>

#include "core/input_error.hpp"

namespace lawcheck {

struct ExudynMat {
  static constexpr std::string_view type_name = "ExudynMat";

  double density = 2600;  // [kg/m^3]

  // Throws InputError naming the field (prefixed, e.g. "material[1].density") and its value.
  void validate(std::string_view prefix = "material") const {
    // fmt, not std::string + ".density": GCC 12 at -O3 reports a false -Warray-bounds on the
    // inlined concatenation once the test that calls this is built with the precompiled header.
    require_positive(fmt::format("{}.density", prefix), density);
  }
};

}  // namespace lawcheck
