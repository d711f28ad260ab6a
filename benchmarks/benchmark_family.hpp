#pragma once
// The name a suite gives one law's benchmarks, `<suite>/<law>` (law_kernel/linear,
// contact_step/exudyn), and the rule that makes it unambiguous: a law's name is one word of
// letters, digits, '_', '-' and '.' (a '/' would read as a benchmark argument, and filters split
// on it), and a suite registers a law's name once per process (two registrations of one name
// would share a workload slot, workload_slot.hpp, and one would time the other's law).

#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

namespace lawcheck::benchmarks {

// Throws std::invalid_argument naming the law's name when it breaks the rule above.
inline std::string claim_benchmark_family(std::string_view suite, std::string_view law_name) {
  const auto word_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.';
  };
  if (law_name.empty())
    throw std::invalid_argument(fmt::format("law_name = \"\": a {} benchmark needs the law's name", suite));
  for (char c : law_name)
    if (!word_char(c))
      throw std::invalid_argument(fmt::format(
          "law_name = \"{}\": letters, digits, '_', '-' and '.' only (the benchmark's name is {}/<law>/...)",
          law_name, suite));
  static std::set<std::string> claimed;
  std::string family = fmt::format("{}/{}", suite, law_name);
  if (!claimed.insert(family).second)
    throw std::invalid_argument(
        fmt::format("law_name = \"{}\": its {} benchmarks are registered already", law_name, suite));
  return family;
}

}  // namespace lawcheck::benchmarks
