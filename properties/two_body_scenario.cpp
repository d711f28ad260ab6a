// The scenario's generators (two_body_scenario.hpp), compiled once, as generators.cpp.

#include "two_body_scenario.hpp"

namespace lawcheck::properties::gen {

rc::Gen<std::array<int, 3>> small_ints3(int lo, int hi) {
  return rc::gen::container<std::array<int, 3>>(rc::gen::inRange(lo, hi + 1));
}

rc::Gen<ScenarioSpec> scenario_spec(std::span<const std::pair<ShapeKind, ShapeKind>> pairs) {
  return rc::gen::mapcat(
      rc::gen::pair(rc::gen::elementOf(std::vector(pairs.begin(), pairs.end())), rc::gen::arbitrary<bool>()),
      [](std::pair<std::pair<ShapeKind, ShapeKind>, bool> choice) {
        auto [ka, kb] = choice.first;
        if (choice.second) std::swap(ka, kb);
        return rc::gen::build<ScenarioSpec>(
            rc::gen::set(&ScenarioSpec::kind_a, rc::gen::just(ka)),
            rc::gen::set(&ScenarioSpec::kind_b, rc::gen::just(kb)),
            rc::gen::set(&ScenarioSpec::size_a, size_of_kind(ka, Range::typical)),
            rc::gen::set(&ScenarioSpec::size_b, size_of_kind(kb, Range::typical)),
            rc::gen::set(&ScenarioSpec::extent, decimal(-2, 0)),
            rc::gen::set(&ScenarioSpec::mat_a, material(Range::typical)),
            rc::gen::set(&ScenarioSpec::mat_b, material(Range::typical)),
            rc::gen::set(&ScenarioSpec::rules, stiffness_rules()),
            // |uN0| >= 1e-3 R: the cancellation in uN = distance - radii costs R/|uN0| <= 1e3
            rc::gen::set(&ScenarioSpec::overlap, decimal(-3, -2)),
            rc::gen::set(&ScenarioSpec::direction, rotation()),
            rc::gen::set(&ScenarioSpec::ori_a, rotation()),
            rc::gen::set(&ScenarioSpec::ori_b, rotation()),
            rc::gen::set(&ScenarioSpec::common, small_ints3(-2, 2)),
            rc::gen::set(&ScenarioSpec::normal, rc::gen::inRange(-2, 3)),
            rc::gen::set(&ScenarioSpec::tangential,
                         rc::gen::container<std::array<int, 2>>(rc::gen::inRange(-4, 5))),
            rc::gen::set(&ScenarioSpec::spin_a, small_ints3(-4, 4)),
            rc::gen::set(&ScenarioSpec::spin_b, small_ints3(-4, 4)),
            rc::gen::set(&ScenarioSpec::dt, time_step()),
            rc::gen::set(&ScenarioSpec::steps, rc::gen::inRange(1, 33)));
      });
}

}  // namespace lawcheck::properties::gen
