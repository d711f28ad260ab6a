#include "stiffness.hpp"

#include "bad_parameter.hpp"

#include <stdexcept>
#include <string>

#include <boost/math/constants/constants.hpp>

namespace lawcheck::oracles {

namespace {

bool is_flat(const StiffnessSide& s) {
  return s.shape == Shape::wall || (s.shape == Shape::facet && s.size == 0);
}

void check_side(const StiffnessSide& s, const std::string& p) {
  if (s.shape == Shape::facet) {
    if (!(s.size >= 0) || !isfinite(s.size)) bad_parameter(p + ".size (facet halfThick)", s.size, "must be >= 0");
  } else if (s.shape != Shape::wall) {
    if (!(s.size > 0) || !isfinite(s.size)) bad_parameter(p + ".size (radius)", s.size, "must be positive");
  }
  if (!(s.young > 0) || !isfinite(s.young)) bad_parameter(p + ".young", s.young, "must be positive");
  if (!(s.kt_div_kn >= 0) || !isfinite(s.kt_div_kn)) bad_parameter(p + ".ktDivKn", s.kt_div_kn, "must be >= 0");
  if (!(s.tan_phi >= 0) || !isfinite(s.tan_phi)) bad_parameter(p + ".tanPhi", s.tan_phi, "must be >= 0");
}

// Natural length of side `a` in contact with side `b` (seed 000 rules 1 and 2).
Real natural_length(const StiffnessSide& a, const StiffnessSide& b) {
  if (a.shape == Shape::facet && b.shape == Shape::sphere) return a.size > b.size ? a.size : b.size;
  if (is_flat(a)) return b.size;
  return a.size;
}

}  // namespace

Shape parse_shape(std::string_view name) {
  if (name == "sphere") return Shape::sphere;
  if (name == "wall") return Shape::wall;
  if (name == "facet") return Shape::facet;
  if (name == "capsule") return Shape::capsule;
  if (name == "infcylinder") return Shape::inf_cylinder;
  bad_parameter("shape", std::string(name),
                "expected sphere, wall, facet, capsule or infcylinder");
}

LengthRule parse_length_rule(std::string_view name) {
  if (name == "radii") return LengthRule::radii;
  if (name == "reduced") return LengthRule::reduced;
  bad_parameter("lengths", std::string(name),
                "unknown length rule (expected radii or reduced)");
}

AreaRule parse_area_rule(std::string_view name) {
  if (name == "radii") return AreaRule::radii;
  if (name == "lengths") return AreaRule::lengths;
  bad_parameter("area", std::string(name),
                "unknown area rule (expected radii or lengths)");
}

std::string_view name_of(Shape s) {
  switch (s) {
    case Shape::sphere: return "sphere";
    case Shape::wall: return "wall";
    case Shape::facet: return "facet";
    case Shape::capsule: return "capsule";
    case Shape::inf_cylinder: return "infcylinder";
  }
  return "?";
}

StiffnessResult stiffness(const StiffnessInput& in) {
  check_side(in.p1, "p1");
  check_side(in.p2, "p2");
  if (is_flat(in.p1) && is_flat(in.p2))
    bad_parameter("pair", std::string(name_of(in.p1.shape)) + "-" + std::string(name_of(in.p2.shape)),
                  "contact of two flat particles is undefined (seed 000, rule 3)");
  if (!isfinite(in.uN0)) bad_parameter("uN0", in.uN0, "must be finite");

  const Real rho1 = natural_length(in.p1, in.p2);
  const Real rho2 = natural_length(in.p2, in.p1);
  Real l1 = rho1;
  Real l2 = rho2;
  if (in.lengths == LengthRule::reduced) {
    if (in.uN0 > 0) bad_parameter("uN0", in.uN0, "initial normal displacement must be <= 0");
    l1 += in.uN0 / 2;
    l2 += in.uN0 / 2;
    if (!(l1 > 0 && l2 > 0)) bad_parameter("uN0", in.uN0, "overlap larger than twice the smaller length");
  }
  const Real a = in.area == AreaRule::radii ? (rho1 < rho2 ? rho1 : rho2) : (l1 < l2 ? l1 : l2);
  StiffnessResult r;
  r.l1 = l1;
  r.l2 = l2;
  r.area = boost::math::constants::pi<Real>() * a * a;
  // Springs in series: compliances add (seed 000 eq. (3)).
  r.kn = 1 / (l1 / (in.p1.young * r.area) + l2 / (in.p2.young * r.area));
  r.kt = (in.p1.kt_div_kn + in.p2.kt_div_kn) / 2 * r.kn;
  r.tan_phi = in.p1.tan_phi < in.p2.tan_phi ? in.p1.tan_phi : in.p2.tan_phi;
  return r;
}

}  // namespace lawcheck::oracles
