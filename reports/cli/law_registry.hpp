#pragma once
// The laws a user can name in a scenario ("law": {"name": "linear", ...}) and that `lawcheck
// laws` lists. Each law has a LawSpec and its material a MaterialSpec
// (cli/law_spec.hpp), one header per law. Adding a law to the command line is its spec header
// and one entry in RegisteredLaws. Dispatch from the name to the law's type happens once per
// command (with_registered_law), never per contact.

#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "cli/exudyn_law_spec.hpp"
#include "cli/ice_law_spec.hpp"
#include "cli/linear_law_spec.hpp"
#include "cli/linel6_law_spec.hpp"

namespace lawcheck::cli {

using RegisteredLaws = std::tuple<LinearCoulombLaw<double>, LinEl6Law<double>, IceLaw<double>, ExudynLaw<double>>;

inline constexpr std::string_view default_law_name = LinearCoulombLaw<double>::name;

inline std::vector<std::string_view> registered_law_names() {
  return std::apply([](auto... law) { return std::vector<std::string_view>{decltype(law)::name...}; },
                    RegisteredLaws{});
}

// Calls f(Law{}) for the registered law called `name`; an unknown name is an InputError naming
// `field` and listing the known ones.
template <class F>
void with_registered_law(std::string_view name, const std::string& field, F&& f) {
  bool found = false;
  std::apply([&](auto... law) { ((!found && decltype(law)::name == name ? (f(law), found = true) : false), ...); },
             RegisteredLaws{});
  if (!found) {
    std::string list;
    for (auto n : registered_law_names()) list += (list.empty() ? "" : ", ") + std::string(n);
    throw InputError(field, name, "unknown law (registered: " + list + "; `lawcheck laws` lists them)");
  }
}

}  // namespace lawcheck::cli
