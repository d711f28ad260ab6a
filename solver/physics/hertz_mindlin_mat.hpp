#pragma once
// HertzMindlinMat: the elastic-frictional material of the Hertz-Mindlin law
// (laws/hertz_mindlin_law.hpp): Young's modulus and Poisson's ratio for Hertz's E* and Mindlin's
// G*, the density for the mass, and a friction coefficient (a pair takes the smaller one, as
// Woo's FrictMat takes the smaller tanPhi).

#include <string_view>

#include <fmt/format.h>

#include "core/input_error.hpp"

namespace lawcheck {

struct HertzMindlinMat {
  static constexpr std::string_view type_name = "HertzMindlinMat";

  double young = 1e7;     // E [Pa]
  double poisson = 0.25;  // nu [-], in (-1, 1/2]
  double density = 2600;  // [kg/m^3]
  double friction = 0.5;  // mu [-], Coulomb's coefficient

  // Throws InputError naming the field (prefixed, e.g. "materials[1].poisson") and its value.
  // fmt, not std::string + ".x": as ExudynMat (GCC 12's false -Warray-bounds at -O3).
  void validate(std::string_view prefix = "material") const {
    require_positive(fmt::format("{}.young", prefix), young);
    // nu > -1 keeps E/(2(1 + nu)) > 0; nu <= 1/2 is the incompressible bound (and keeps
    // 1 - nu^2 > 0 and 2 - nu > 0 in E* and G*).
    if (!(poisson > -1 && poisson <= 0.5))
      throw InputError(fmt::format("{}.poisson", prefix), poisson, "must be in (-1, 0.5]");
    require_positive(fmt::format("{}.density", prefix), density);
    require_non_negative(fmt::format("{}.friction", prefix), friction);
  }
};

}  // namespace lawcheck
