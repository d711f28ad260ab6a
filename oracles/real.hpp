#pragma once
// The number type of every oracle: 50 significant decimal digits (binary floating point,
// Boost.Multiprecision). An oracle that is an exact closed form is accurate to the rounding of
// these 50 digits (a few units in the 49th digit after a handful of operations); an integrated
// oracle is accurate to the tolerance it was asked for.

#include <string>

#include <boost/multiprecision/cpp_bin_float.hpp>

namespace lawcheck::oracles {

using Real = boost::multiprecision::cpp_bin_float_50;

// Scientific notation with `digits` significant digits (default: all 50), for reports and JSON.
std::string to_string(const Real& x, int digits = 50);

// Parses a decimal number exactly to 50 digits ("0.1" becomes the 50-digit nearest value, not the
// double nearest 0.1). Throws std::invalid_argument naming `field` if `text` is not a finite number.
Real parse_real(const std::string& field, const std::string& text);

// Relative difference |a-b|/max(|a|,|b|), 0 when both are 0: the tests' measure of agreement.
Real relative_difference(const Real& a, const Real& b);

}  // namespace lawcheck::oracles
