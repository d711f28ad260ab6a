// `lawcheck laws [--json]`: the registered contact laws (cli/law_registry.hpp) with their
// parameters, their material's fields and the kinds of energy they dissipate -- what a scenario's
// "law" and "materials" objects may contain.
#include <concepts>
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

json docs(const std::vector<ParameterDoc>& list) {
  json out = json::array();
  for (const auto& p : list) out.push_back({{"key", p.key}, {"default", p.default_value}, {"meaning", p.meaning}});
  return out;
}

template <class Law>
json describe() {
  json kinds = json::array();
  for (EnergyKind k : Law::energy_kinds) kinds.push_back(std::string(name_of(k)));
  return {{"name", std::string(Law::name)},
          {"summary", std::string(LawSpec<Law>::summary)},
          {"parameters", docs(LawSpec<Law>::parameters())},
          {"material", std::string(Law::Material::type_name)},
          {"materialFields", docs(MaterialSpec<typename Law::Material>::fields())},
          {"energyKinds", kinds}};
}

void print_text(const json& laws) {
  for (const auto& l : laws) {
    fmt::print("{}: {}\n", l["name"].get<std::string>(), l["summary"].get<std::string>());
    fmt::print("  law parameters (\"law\": {{\"name\": \"{}\", ...}}):\n", l["name"].get<std::string>());
    for (const auto& p : l["parameters"])
      fmt::print("    {:<22} default {:<18} {}\n", p["key"].get<std::string>(), p["default"].get<std::string>(),
                 p["meaning"].get<std::string>());
    fmt::print("  material {} (\"materials\": [{{...}}]):\n", l["material"].get<std::string>());
    for (const auto& p : l["materialFields"])
      fmt::print("    {:<22} default {:<18} {}\n", p["key"].get<std::string>(), p["default"].get<std::string>(),
                 p["meaning"].get<std::string>());
    std::string kinds;
    for (const auto& k : l["energyKinds"]) kinds += (kinds.empty() ? "" : ", ") + k.get<std::string>();
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
