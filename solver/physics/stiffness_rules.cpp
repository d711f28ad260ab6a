#include "physics/stiffness_rules.hpp"

#include <string>

namespace lawcheck {

LengthRule parse_length_rule(std::string_view name) {
  if (name == "radii") return LengthRule::radii;
  if (name == "reduced") return LengthRule::reduced;
  throw InputError("lengths", name, "unknown length rule (expected radii or reduced)");
}

AreaRule parse_area_rule(std::string_view name) {
  if (name == "radii") return AreaRule::radii;
  if (name == "lengths") return AreaRule::lengths;
  throw InputError("area", name, "unknown area rule (expected radii or lengths)");
}

std::string_view name_of(LengthRule r) { return r == LengthRule::radii ? "radii" : "reduced"; }
std::string_view name_of(AreaRule r) { return r == AreaRule::radii ? "radii" : "lengths"; }

namespace {

void validate_size(const ShapeSize& s, const char* field) {
  switch (s.kind) {
    case ShapeKind::wall: return;
    case ShapeKind::facet: require_non_negative(std::string(field) + " (facet halfThick)", s.size); return;
    default: require_positive(std::string(field) + " (radius)", s.size); return;
  }
}

}  // namespace

ContactLengths contact_lengths(ShapeSize s1, ShapeSize s2, double uN0, StiffnessRules rules) {
  validate_size(s1, "r1");
  validate_size(s2, "r2");
  require_finite("uN0", uN0);
  const bool flat1 = is_flat(s1.kind, s1.size);
  const bool flat2 = is_flat(s2.kind, s2.size);
  if (flat1 && flat2)
    throw InputError("pair", fmt::format("{}-{}", name_of(s1.kind), name_of(s2.kind)),
                     "contact of two flat particles is undefined (seed 000, rule 3)");

  double rho1 = s1.size;
  double rho2 = s2.size;
  if (s1.kind == ShapeKind::facet && s2.kind == ShapeKind::sphere) {
    rho1 = std::max(s1.size, s2.size);
  } else if (s2.kind == ShapeKind::facet && s1.kind == ShapeKind::sphere) {
    rho2 = std::max(s2.size, s1.size);
  } else if (flat1) {
    rho1 = s2.size;
  } else if (flat2) {
    rho2 = s1.size;
  }

  double l1 = rho1;
  double l2 = rho2;
  if (rules.lengths == LengthRule::reduced) {
    if (uN0 > 0) throw InputError("uN0", uN0, "initial normal displacement must be <= 0");
    l1 += uN0 / 2;
    l2 += uN0 / 2;
    if (!(l1 > 0 && l2 > 0))
      throw InputError("uN0", uN0, "overlap larger than twice the smaller length");
  }
  const double pi = boost::math::constants::pi<double>();
  const double a = rules.area == AreaRule::radii ? std::min(rho1, rho2) : std::min(l1, l2);
  return {l1, l2, pi * a * a};
}

}  // namespace lawcheck
