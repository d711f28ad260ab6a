#include "real.hpp"

#include "bad_parameter.hpp"

#include <sstream>
#include <stdexcept>

namespace lawcheck::oracles {

std::string to_string(const Real& x, int digits) {
  std::ostringstream os;
  os.precision(digits - 1);
  os << std::scientific << x;
  return os.str();
}

Real parse_real(const std::string& field, const std::string& text) {
  Real x;
  try {
    x = Real(text);
  } catch (const std::exception&) {
    bad_parameter(field, text, "not a number");
  }
  if (!boost::multiprecision::isfinite(x))
    bad_parameter(field, text, "must be a finite number");
  return x;
}

Real relative_difference(const Real& a, const Real& b) {
  const Real scale = std::max(abs(a), abs(b));
  if (scale == 0) return 0;
  return abs(a - b) / scale;
}

}  // namespace lawcheck::oracles
