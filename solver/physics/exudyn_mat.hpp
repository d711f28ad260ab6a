#pragma once
// ExudynMat: the material of seed 003's sphere-sphere contact. Exudyn carries every contact
// parameter on the connector (ObjectContactSphereSphere), not on the bodies, so a particle of this
// law needs only its density (mass and inertia); the parameters live on ExudynLaw.

#include <string>
#include <string_view>

#include "core/input_error.hpp"

namespace lawcheck {

struct ExudynMat {
  static constexpr std::string_view type_name = "ExudynMat";

  double density = 2600;  // [kg/m^3]

  // Throws InputError naming the field (prefixed, e.g. "material[1].density") and its value.
  void validate(std::string_view prefix = "material") const {
    require_positive(std::string(prefix) + ".density", density);
  }
};

}  // namespace lawcheck
