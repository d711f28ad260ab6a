#pragma once
// Bad oracle input: a std::invalid_argument that also carries the field, the value and the
// reason separately, so that a caller outside oracles/ (the CLI) can rethrow it as its own error
// type (lawcheck::InputError) without parsing the message. oracles/ includes nothing from solver/.

#include <sstream>
#include <stdexcept>
#include <string>

#include "real.hpp"

namespace lawcheck::oracles {

class BadParameter : public std::invalid_argument {
public:
  BadParameter(std::string field, std::string value, std::string reason)
      : std::invalid_argument("invalid " + field + " = " + value + ": " + reason),
        field_(std::move(field)),
        value_(std::move(value)),
        reason_(std::move(reason)) {}

  const std::string& field() const noexcept { return field_; }
  const std::string& value() const noexcept { return value_; }
  const std::string& reason() const noexcept { return reason_; }

private:
  std::string field_;
  std::string value_;
  std::string reason_;
};

// The value is shown in the shortest general form (17 digits at most: "1.5", not "1.50...0e+00"),
// as a user would have typed it.
[[noreturn]] inline void bad_parameter(const std::string& field, const Real& value, const std::string& reason) {
  std::ostringstream os;
  os.precision(17);
  os << value;
  throw BadParameter(field, os.str(), reason);
}

[[noreturn]] inline void bad_parameter(const std::string& field, const std::string& value, const std::string& reason) {
  throw BadParameter(field, value, reason);
}

// A physical input that must be positive and finite (a mass, a stiffness, a speed).
inline void require_positive(const std::string& field, const Real& v) {
  if (!(v > 0) || !isfinite(v)) bad_parameter(field, v, "must be positive");
}

}  // namespace lawcheck::oracles
