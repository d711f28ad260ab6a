#pragma once
// FrictMat (seed 000 "Stiffness"; Woo's woo.dem.FrictMat): elastic-frictional material.

#include <string>
#include <string_view>

#include "core/input_error.hpp"

namespace lawcheck {

struct FrictMat {
  static constexpr std::string_view type_name = "FrictMat";

  double young = 1e7;      // Young's modulus E [Pa]
  double kt_div_kn = 0.2;  // ratio kt/kn [-], averaged between the two materials of a contact
  double tan_phi = 0.5;    // tangent of the friction angle [-], min of the two materials
  double density = 2600;   // [kg/m^3]

  // Throws InputError naming the field (prefixed, e.g. "material[1].young") and its value.
  void validate(std::string_view prefix = "material") const {
    const std::string p(prefix);
    require_positive(p + ".young", young);
    require_non_negative(p + ".ktDivKn", kt_div_kn);
    require_non_negative(p + ".tanPhi", tan_phi);
    require_positive(p + ".density", density);
  }
};

}  // namespace lawcheck
