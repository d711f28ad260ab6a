// `lawcheck stiffness --pair A-B --r1 .. --r2 .. --young1 .. --young2 .. [--uN ..] [--area radii|lengths]
// [--lengths radii|reduced] [--ktDivKn ..] [--json]`: l1, l2, area, kn, kt of one contact from the
// solver and from the stiffness oracle. The pair is ordered as given: r1/young1 belong to the
// first-named shape; a facet's r is its halfThick (0 allowed); a wall takes r = 0.
#include <cmath>
#include <utility>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/input.hpp"
#include "study/stiffness_study.hpp"

namespace lawcheck::cli {

void add_stiffness_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("stiffness", "contact stiffness of one pair: solver vs oracle");
  struct Args {
    std::string pair, area = "radii", lengths = "radii";
    reports::PairInput in;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("--pair", a->pair, "shape pair, e.g. capsule-sphere (sphere, wall, facet, capsule, infcylinder)")
      ->required();
  add_number(cmd, "--r1", a->in.r1, "first shape's radius (facet: halfThick; wall: 0)");
  add_number(cmd, "--r2", a->in.r2, "second shape's radius (facet: halfThick; wall: 0)");
  add_number(cmd, "--young1", a->in.young1, "first shape's Young modulus [Pa]")->required();
  add_number(cmd, "--young2", a->in.young2, "second shape's Young modulus [Pa]")->required();
  CLI::Option* un = add_number(cmd, "--uN", a->in.uN,
                               "normal displacement at contact creation [m] (<= 0); read only with --lengths reduced");
  add_number(cmd, "--ktDivKn", a->in.kt_div_kn, "kt/kn of both materials");
  cmd->add_option("--area", a->area, "area rule: radii (Woo's code, default) or lengths (seed 000 eq. (2))")
      ->capture_default_str();
  cmd->add_option("--lengths", a->lengths, "length rule: radii (default) or reduced (radius + uN/2)")
      ->capture_default_str();
  cmd->add_flag("--json", a->json, "print JSON");
  cmd->callback([a, un] {
    // --uN moves the contact point only under the reduced-length rule; with radii lengths it
    // would be read and ignored, and the printed kn would be neither rule's.
    if (un->count() > 0 && a->lengths != "reduced")
      throw InputError("--uN", a->in.uN,
                       fmt::format("used only with --lengths reduced (--lengths is {}: the lengths are the radii)",
                                   a->lengths));
    auto [k1, k2] = reports::parse_pair(a->pair);
    reports::PairInput in = a->in;
    in.kind1 = k1;
    in.kind2 = k2;
    in.rules = {parse_length_rule(a->lengths), parse_area_rule(a->area)};
    const auto r = reports::evaluate_pair(in);
    // What the inputs imply must be a finite double (1e300 moduli or radii overflow kn, kt).
    for (const auto* v : {&r.solver, &r.oracle})
      for (const auto& [name, x] : {std::pair{"l1", v->l1}, {"l2", v->l2}, {"area", v->area}, {"kn", v->kn}, {"kt", v->kt}})
        if (!std::isfinite(x))
          throw InputError("--r1, --r2, --young1, --young2, --ktDivKn", fmt::format("{} = {}", name, x),
                           "input out of range: this derived quantity is not a finite double");
    finite_result("largest relative difference", r.worst_rel_difference);
    if (a->json) {
      auto values = [](const reports::PairValues& v) {
        return nlohmann::json{{"l1", v.l1}, {"l2", v.l2}, {"area", v.area}, {"kn", v.kn}, {"kt", v.kt}};
      };
      nlohmann::json j = values(r.solver);
      j["pair"] = a->pair;
      j["rules"] = {{"lengths", a->lengths}, {"area", a->area}};
      j["oracle"] = values(r.oracle);
      j["max_rel_difference"] = r.worst_rel_difference;
      fmt::print("{}\n", j.dump(2));
      return;
    }
    fmt::print("{} (lengths: {}, area: {})\n", a->pair, a->lengths, a->area);
    fmt::print("{:<6} {:<6} {:>24} {:>24}\n", "", "unit", "solver", "oracle");
    auto line = [](const char* n, const char* unit, double s, double o) {
      fmt::print("{:<6} {:<6} {:>24.17g} {:>24.17g}\n", n, unit, s, o);
    };
    line("l1", "m", r.solver.l1, r.oracle.l1);
    line("l2", "m", r.solver.l2, r.oracle.l2);
    line("area", "m^2", r.solver.area, r.oracle.area);
    line("kn", "N/m", r.solver.kn, r.oracle.kn);
    line("kt", "N/m", r.solver.kt, r.oracle.kt);
    fmt::print("largest relative difference: {:.2e}\n", r.worst_rel_difference);
  });
}

}  // namespace lawcheck::cli
