// `lawcheck laws [--json]`: the registered contact laws (cli/law_registry.hpp) with their
// parameters, their material's fields and the kinds of energy they dissipate -- what a scenario's
// "law" and "materials" objects may contain.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/law_registry.hpp"

namespace lawcheck::cli {

std::vector<reports::ReportedLaw> reported_laws() {
  std::vector<reports::ReportedLaw> out;
  std::apply(
      [&](auto... law) {
        auto add = [&](auto l) {
          using Law = decltype(l);
          if constexpr (requires { { LawSpec<Law>::report_suites() } -> std::same_as<reports::ReportedLaw>; })
            out.push_back(LawSpec<Law>::report_suites());
        };
        (add(law), ...);
      },
      RegisteredLaws{});
  return out;
}

namespace {

// A default as the JSON value a scene would write: a number as a number (an integer when it is
// one), true/false as a boolean, anything else (a rule's name) as text.
json typed_default(const std::string& text) {
  if (text == "true" || text == "false") return text == "true";
  double d = 0;
  const char* end = text.data() + text.size();
  const auto [at, ec] = std::from_chars(text.data(), end, d);
  if (text.empty() || ec != std::errc{} || at != end || !std::isfinite(d)) return text;
  if (text.find_first_of(".eE") == std::string::npos && std::abs(d) < 9007199254740992.0)
    return static_cast<std::int64_t>(d);
  return d;
}

json docs(const std::vector<ParameterDoc>& list) {
  json out = json::array();
  for (const auto& p : list)
    out.push_back({{"key", p.key}, {"default", typed_default(p.default_value)}, {"meaning", p.meaning}});
  return out;
}

// A default as text, for the aligned columns of the text output.
std::string default_text(const json& d) { return d.is_string() ? d.get<std::string>() : d.dump(); }

// Key, default and meaning in three columns, each as wide as its longest entry in this table.
void print_table(const json& rows) {
  std::size_t key = 3, def = 7;
  for (const auto& p : rows) {
    key = std::max(key, p["key"].get<std::string>().size());
    def = std::max(def, default_text(p["default"]).size());
  }
  fmt::print("    {:<{}}  {:<{}}  {}\n", "key", key, "default", def, "meaning");
  for (const auto& p : rows)
    fmt::print("    {:<{}}  {:<{}}  {}\n", p["key"].get<std::string>(), key, default_text(p["default"]), def,
               p["meaning"].get<std::string>());
}

template <class Law>
json describe() {
  json kinds = json::array();
  for (EnergyKind k : Law::energy_kinds) kinds.push_back(std::string(name_of(k)));
  return {{"name", std::string(Law::name)},
          {"summary", std::string(LawSpec<Law>::summary)},
          {"parameters", docs(LawSpec<Law>::parameters())},
          {"material", std::string(Law::Material::type_name)},
          {"material_fields", docs(MaterialSpec<typename Law::Material>::fields())},
          {"energy_kinds", kinds}};
}

void print_text(const json& laws) {
  for (const auto& l : laws) {
    fmt::print("{}: {}\n", l["name"].get<std::string>(), l["summary"].get<std::string>());
    fmt::print("  law parameters (\"law\": {{\"name\": \"{}\", ...}}):\n", l["name"].get<std::string>());
    print_table(l["parameters"]);
    fmt::print("  material {} (\"materials\": [{{...}}]):\n", l["material"].get<std::string>());
    print_table(l["material_fields"]);
    std::string kinds;
    for (const auto& k : l["energy_kinds"]) kinds += (kinds.empty() ? "" : ", ") + k.get<std::string>();
    fmt::print("  energy kinds: {}\n\n", kinds.empty() ? "none" : kinds);
  }
}

}  // namespace

void add_laws_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("laws", "list the registered contact laws with their parameters");
  auto as_json = std::make_shared<bool>(false);
  cmd->add_flag("--json", *as_json, "print as JSON");
  cmd->callback([as_json] {
    json laws = json::array();
    std::apply([&](auto... law) { (laws.push_back(describe<decltype(law)>()), ...); }, RegisteredLaws{});
    if (*as_json)
      fmt::print("{}\n", json{{"laws", laws}}.dump(2));
    else
      print_text(laws);
  });
}

}  // namespace lawcheck::cli
