#pragma once
// The observed order of convergence of an error against the step: the least-squares slope of
// log(err) over log(dt), as the solver's convergence tests fit it (p = 1 first order, 2 second).

#include <cmath>
#include <cstddef>
#include <vector>

namespace lawcheck {

inline double fit_order(const std::vector<double>& dts, const std::vector<double>& err) {
  const std::size_t n = dts.size();
  double mx = 0, my = 0;
  for (std::size_t k = 0; k < n; ++k) {
    mx += std::log(dts[k]) / static_cast<double>(n);
    my += std::log(err[k]) / static_cast<double>(n);
  }
  double sxy = 0, sxx = 0;
  for (std::size_t k = 0; k < n; ++k) {
    sxy += (std::log(dts[k]) - mx) * (std::log(err[k]) - my);
    sxx += (std::log(dts[k]) - mx) * (std::log(dts[k]) - mx);
  }
  return sxy / sxx;
}

}  // namespace lawcheck
