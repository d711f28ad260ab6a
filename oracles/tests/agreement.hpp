#pragma once
// Prints a measured agreement before it is asserted (Box2D style), so a failing run shows the
// numbers, and a passing one documents them.

#include <iostream>
#include <string>

#include <gtest/gtest.h>

#include "oracles/real.hpp"

namespace lawcheck::oracles::testing {

// Expects |a - b| <= tol * max(|a|, |b|), printing both values and the relative difference.
inline void expect_agree(const std::string& what, const Real& a, const Real& b, const Real& tol) {
  const Real d = relative_difference(a, b);
  std::cout << "  " << what << ": " << to_string(a, 40) << " vs " << to_string(b, 40)
            << "  rel.diff " << to_string(d, 3) << " (allowed " << to_string(tol, 2) << ")\n";
  EXPECT_LE(d, tol) << what;
}

// 30 significant digits: the bar for two routes of an exact oracle. The closed forms
// themselves carry ~48 correct digits (a handful of 50-digit roundings), so they clear it widely.
inline const Real kThirtyDigits{"1e-30"};

}  // namespace lawcheck::oracles::testing
