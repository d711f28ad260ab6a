#pragma once
// The laws a user can name in a scenario ("law": {"name": "linear", ...}) and that `lawcheck
// laws` lists. Each law has a LawSpec and its material a MaterialSpec (cli/law_spec.hpp), one
// header per law. Adding a built-in law to the command line is its spec header here and one entry in
// lawcheck::BuiltinLaws (laws/builtin_laws.hpp, which the benchmarks enumerate too). Dispatch from
// the name to the law's type happens once per command (with_registered_law), never per contact.
//
// A law of another project joins without editing lawcheck: that project builds its own `lawcheck`
// program with lawcheck_add_cli(TARGET name LAWS_HEADER my_laws.hpp ...) (cmake/lawcheck_cli.cmake),
// which compiles the law-dependent commands (laws, lawtest, impact) with LAWCHECK_EXTRA_LAWS_HEADER
// naming a header that defines
//     namespace lawcheck::cli { using ExtraLaws = std::tuple<MyLaw<double>>; }
// and a LawSpec and MaterialSpec for each of them (cli/law_spec.hpp).

#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

#include "cli/exudyn_law_spec.hpp"
#include "cli/hertz_mindlin_law_spec.hpp"
#include "cli/ice_law_spec.hpp"
#include "cli/linear_law_spec.hpp"
#include "cli/linel6_law_spec.hpp"
#include "laws/builtin_laws.hpp"
#include "laws/law_rules.hpp"

#ifdef LAWCHECK_EXTRA_LAWS_HEADER
#include LAWCHECK_EXTRA_LAWS_HEADER
#else
namespace lawcheck::cli {
using ExtraLaws = std::tuple<>;
}  // namespace lawcheck::cli
#endif

namespace lawcheck::cli {

// What the command line needs of a law beyond the law rules (laws/law_rules.hpp).
template <class Law>
consteval bool check_cli_rules() {
  static_assert(check_law_rules<Law>());
  static_assert(requires(const json& j, const std::string& p) {
    { LawSpec<Law>::summary } -> std::convertible_to<std::string_view>;
    { LawSpec<Law>::parameters() } -> std::same_as<std::vector<ParameterDoc>>;
    { LawSpec<Law>::parse(j, p) } -> std::same_as<Law>;
    { LawSpec<Law>::stiffness_inputs(Law{}, std::size_t{0}) } -> std::convertible_to<std::string_view>;
  }, "lawcheck CLI rule (LawSpec): specialise lawcheck::cli::LawSpec<MyLaw> with `summary`, `parameters()`, "
     "`parse(const json&, const std::string& path)` and `stiffness_inputs(const Law&, std::size_t sense)` "
     "(cli/law_spec.hpp; cli/linear_law_spec.hpp is an example)");
  static_assert(requires(const json& j, const std::string& p) {
    { MaterialSpec<typename Law::Material>::fields() } -> std::same_as<std::vector<ParameterDoc>>;
    { MaterialSpec<typename Law::Material>::parse(j, p) } -> std::same_as<typename Law::Material>;
  }, "lawcheck CLI rule (MaterialSpec): specialise lawcheck::cli::MaterialSpec<MyMaterial> with `fields()` and "
     "`parse(const json&, const std::string& path)` (cli/law_spec.hpp)");
  return true;
}

using RegisteredLaws = decltype(std::tuple_cat(BuiltinLaws{}, ExtraLaws{}));
template <class... Laws>
consteval bool check_registered(std::tuple<Laws...>*) {
  return (check_cli_rules<Laws>() && ...);
}
static_assert(check_registered(static_cast<RegisteredLaws*>(nullptr)));

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
