#pragma once
// Bad input is reported by throwing InputError, which names the offending field and its value.
// The CLI turns it into one line on stderr and exit code 2; nothing invalid reaches the state.
// The value is quoted as a bounded, one-line excerpt (input_excerpt): a 50 MB file or a deeply
// nested JSON value never becomes a 50 MB message, and a newline in it never splits the line.

#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace lawcheck {

// At most `limit` characters of `text` on one line: control characters shown as \n, \t, \xNN,
// and a cut text ends in "... (N characters)".
inline std::string input_excerpt(std::string_view text, std::size_t limit = 80) {
  std::string out;
  std::size_t i = 0;
  for (; i < text.size() && out.size() < limit; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c < 0x20 || c == 0x7f)
      out += fmt::format("\\x{:02x}", c);
    else
      out += static_cast<char>(c);
  }
  if (i < text.size()) out += fmt::format("... ({} characters)", text.size());
  return out;
}

class InputError : public std::invalid_argument {
public:
  InputError(std::string_view field, std::string_view value, std::string_view reason)
      : std::invalid_argument(fmt::format("invalid {} = {}: {}", input_excerpt(field), input_excerpt(value),
                                          input_excerpt(reason, 400))),
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
