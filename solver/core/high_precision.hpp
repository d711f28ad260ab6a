#pragma once
// The high-precision twin of double: 50 decimal digits, no expression templates, with the header
// that gives Eigen the NumTraits of Boost.Multiprecision numbers. Only the code that runs a law
// in 50 digits (tests, properties, studies) includes it: parsing it costs ~2.7 s of CPU per
// translation unit, which the solver, the CLI and the benchmarks do not need.

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/eigen.hpp>

#include "core/vector_types.hpp"

namespace lawcheck {

using HighPrecision = boost::multiprecision::cpp_bin_float_50;

}  // namespace lawcheck
