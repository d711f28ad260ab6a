#pragma once
// Bad input is reported by throwing InputError, which names the offending field and its value.
// The CLI turns it into one line on stderr and exit code 2; nothing invalid reaches the state.

#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace lawcheck {

class InputError : public std::invalid_argument {
public:
  InputError(std::string_view field, std::string_view value, std::string_view reason)
      : std::invalid_argument(fmt::format("invalid {} = {}: {}", field, value, reason)),
        field_(field) {}

  template <class T>
  InputError(std::string_view field, const T& value, std::string_view reason)
      : InputError(field, std::string_view(fmt::format("{}", value)), reason) {}

  const std::string& field() const noexcept { return field_; }

private:
  std::string field_;
};

// Checks used at every boundary where user numbers enter (materials, shapes, time step, CLI).
inline void require_finite(std::string_view field, double value) {
  if (!std::isfinite(value)) throw InputError(field, value, "must be a finite number");
}

inline void require_positive(std::string_view field, double value) {
  require_finite(field, value);
  if (!(value > 0)) throw InputError(field, value, "must be positive");
}

inline void require_non_negative(std::string_view field, double value) {
  require_finite(field, value);
  if (!(value >= 0)) throw InputError(field, value, "must be non-negative");
}

}  // namespace lawcheck
