#pragma once
// Reading user JSON (scenario files) field by field: every value is checked for its type and
// every bad one becomes an InputError naming its JSON path ("stages[1].until", "law.charLen"),
// so the CLI prints one line naming the field and exits 2 (README "Bad input").

#include <set>
#include <string>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "core/input_error.hpp"

namespace lawcheck::cli {

using nlohmann::json;

inline void only_keys(const json& j, const std::string& path, const std::set<std::string>& allowed) {
  if (!j.is_object()) throw InputError(path.empty() ? "scenario" : path, j.dump(), "must be a JSON object");
  for (const auto& [key, value] : j.items())
    if (!allowed.contains(key)) {
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
      throw InputError(path.empty() ? key : path + "." + key, value.dump(), "unknown key (expected one of " + list + ")");
    }
}

inline double number(const json& j, const std::string& field) {
  if (!j.is_number()) throw InputError(field, j.dump(), "must be a number");
  return j.get<double>();
}

inline bool boolean(const json& j, const std::string& field) {
  if (!j.is_boolean()) throw InputError(field, j.dump(), "must be true or false");
  return j.get<bool>();
}

inline std::string text(const json& j, const std::string& field) {
  if (!j.is_string()) throw InputError(field, j.dump(), "must be a string");
  return j.get<std::string>();
}

// Re-raises an InputError from a parse_* helper under the JSON path of the value.
template <class F>
auto at_field(const std::string& field, const json& j, F parse) {
  try {
    return parse(text(j, field));
  } catch (const InputError& e) {
    if (e.field() == field) throw;
    // Keep the helper's reason, drop its own "invalid <name> = <value>: " prefix.
    const std::string what = e.what();
    const auto colon = what.find(": ");
    throw InputError(field, j.dump(), colon == std::string::npos ? what : what.substr(colon + 2));
  }
}

}  // namespace lawcheck::cli
