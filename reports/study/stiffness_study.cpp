#include "study/stiffness_study.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "bridge/oracle_shape.hpp"
#include "oracles/stiffness.hpp"
#include "physics/frict_phys.hpp"

namespace lawcheck::reports {

namespace {

constexpr ShapeKind kAllKinds[] = {ShapeKind::sphere, ShapeKind::wall, ShapeKind::facet, ShapeKind::capsule,
                                   ShapeKind::inf_cylinder};

double rel_diff(double a, double b) {
  const double scale = std::max(std::abs(a), std::abs(b));
  return scale == 0 ? 0 : std::abs(a - b) / scale;
}

}  // namespace

std::pair<ShapeKind, ShapeKind> parse_pair(const std::string& pair) {
  const auto dash = pair.find('-');
  auto kind = [&](const std::string& name) {
    for (auto k : kAllKinds)
      if (name == name_of(k)) return k;
    throw InputError("pair", pair,
                     "unknown pair (expected A-B with A, B among sphere, wall, facet, capsule, infcylinder)");
  };
  if (dash == std::string::npos) kind("");
  return {kind(pair.substr(0, dash)), kind(pair.substr(dash + 1))};
}

PairResult evaluate_pair(const PairInput& in) {
  if (in.kind1 == ShapeKind::wall && in.r1 != 0) throw InputError("r1", in.r1, "a wall takes r = 0");
  if (in.kind2 == ShapeKind::wall && in.r2 != 0) throw InputError("r2", in.r2, "a wall takes r = 0");
  require_finite("uN", in.uN);
  if (in.uN > 0) throw InputError("uN", in.uN, "must be <= 0 (negative in compression)");
  require_non_negative("ktDivKn", in.kt_div_kn);
  const FrictMat m1{in.young1, in.kt_div_kn, 0.5, 2600};
  const FrictMat m2{in.young2, in.kt_div_kn, 0.5, 2600};
  // Named fields for the CLI's messages: young1/young2 rather than material1.young.
  require_positive("young1", in.young1);
  require_positive("young2", in.young2);
  const ContactLengths g = contact_lengths({in.kind1, in.r1}, {in.kind2, in.r2}, in.uN, in.rules);
  const FrictPhys<double> ph = frict_phys(m1, m2, g);

  oracles::StiffnessInput oi;
  oi.p1 = {oracle_shape(in.kind1), oracles::Real(in.r1), oracles::Real(in.young1), oracles::Real(in.kt_div_kn),
           oracles::Real("0.5")};
  oi.p2 = {oracle_shape(in.kind2), oracles::Real(in.r2), oracles::Real(in.young2), oracles::Real(in.kt_div_kn),
           oracles::Real("0.5")};
  oi.uN0 = oracles::Real(in.uN);
  oi.lengths = in.rules.lengths == LengthRule::radii ? oracles::LengthRule::radii : oracles::LengthRule::reduced;
  oi.area = in.rules.area == AreaRule::radii ? oracles::AreaRule::radii : oracles::AreaRule::lengths;
  const oracles::StiffnessResult o = oracles::stiffness(oi);

  PairResult r;
  r.solver = {g.l1, g.l2, g.area, ph.kn, ph.kt};
  r.oracle = {static_cast<double>(o.l1), static_cast<double>(o.l2), static_cast<double>(o.area),
              static_cast<double>(o.kn), static_cast<double>(o.kt)};
  r.worst_rel_difference = std::max({rel_diff(r.solver.l1, r.oracle.l1), rel_diff(r.solver.l2, r.oracle.l2),
                                     rel_diff(r.solver.area, r.oracle.area), rel_diff(r.solver.kn, r.oracle.kn),
                                     rel_diff(r.solver.kt, r.oracle.kt)});
  return r;
}

StiffnessStudy run_stiffness_study() {
  StiffnessStudy s;
  // Seed 004: E1 = 10 MPa belongs to the first-named particle (capsule, facet), E2 = 30 MPa to
  // the sphere; uN = -0.001 as in its code (its text writes .001: compression is negative).
  const double pi = std::acos(-1.0);
  PairInput capsule{ShapeKind::capsule, ShapeKind::sphere, 0.2, 0.1, 10e6, 30e6, -0.001};
  PairInput facet{ShapeKind::facet, ShapeKind::sphere, 0.0, 0.1, 10e6, 30e6, -0.001};
  s.examples.push_back({"capsule r1=0.2 + sphere r2=0.1", capsule, 1350254.7221732636, 1336785.9313195853,
                        0.031415926535897934, pi * 0.0995 * 0.0995, {}, {}, {}});
  s.examples.push_back({"facet h=0 + sphere r=0.1", facet, 2368034.663509894, 2344413.5177413835,
                        0.031415926535897934, pi * 0.0995 * 0.0995, {}, {}, {}});
  double worst_oracle = 0;
  for (auto& e : s.examples) {
    PairInput in = e.input;
    in.rules = {LengthRule::reduced, AreaRule::radii};
    e.area_radii = evaluate_pair(in);
    in.rules = {LengthRule::reduced, AreaRule::lengths};
    e.area_lengths = evaluate_pair(in);
    in.rules = {};
    e.defaults = evaluate_pair(in);
    worst_oracle = std::max({worst_oracle, e.area_radii.worst_rel_difference, e.area_lengths.worst_rel_difference,
                             e.defaults.worst_rel_difference});
  }
  // 1e-12: the printed numbers carry 17 digits and kn is a few double operations from its
  // inputs (rounding ~1e-16); the two area rules differ by 1e-2.
  for (const auto& e : s.examples) {
    const double woo = rel_diff(e.area_radii.solver.kn, e.woo_kn);
    const double hand = rel_diff(e.area_lengths.solver.kn, e.hand_kn);
    s.checks.push_back({fmt::format("{}: Woo's printed kn = reduced lengths + area from radii", e.name), woo < 1e-12,
                        fmt::format("relative difference {:.1e}", woo)});
    s.checks.push_back({fmt::format("{}: the hand kn = reduced lengths + area from lengths", e.name), hand < 1e-12,
                        fmt::format("relative difference {:.1e}", hand)});
  }
  // 1e-13: the solver's double against the oracle's 50 digits, a handful of roundings apart.
  s.checks.push_back({"solver stiffness = stiffness oracle for every example and rule", worst_oracle < 1e-13,
                      fmt::format("largest relative difference {:.1e}", worst_oracle)});
  return s;
}

}  // namespace lawcheck::reports
