#include "adhesion.hpp"

#include <cstdint>
#include <stdexcept>
#include <utility>

#include <boost/math/constants/constants.hpp>
#include <boost/math/tools/roots.hpp>

#include "bad_parameter.hpp"

namespace lawcheck::oracles {

namespace {

const Real& pi() {
  static const Real p = boost::math::constants::pi<Real>();
  return p;
}

void check(const JkrContact& c) {
  if (!(c.e_eff > 0) || !isfinite(c.e_eff)) bad_parameter("e_eff", c.e_eff, "must be positive");
  if (!(c.r_eff > 0) || !isfinite(c.r_eff)) bad_parameter("r_eff", c.r_eff, "must be positive");
  if (!(c.w > 0) || !isfinite(c.w)) bad_parameter("w", c.w, "work of adhesion must be positive");
}

// a_c^3 = pi w R^2/(8 E).
Real a_c(const JkrContact& c) { return cbrt(pi() * c.w * c.r_eff * c.r_eff / (8 * c.e_eff)); }

JkrPoint point(const JkrContact& c, const Real& a) { return {a, jkr_overlap(c, a), jkr_force(c, a)}; }

}  // namespace

Real lammps_gamma_to_w(const Real& gamma) {
  if (!(gamma > 0) || !isfinite(gamma)) bad_parameter("gamma", gamma, "must be positive");
  return 2 * gamma;
}

Real jkr_force(const JkrContact& c, const Real& a) {
  check(c);
  if (!(a >= 0)) bad_parameter("a", a, "contact radius must be >= 0");
  return 4 * c.e_eff * a * a * a / (3 * c.r_eff) - sqrt(8 * pi() * c.w * c.e_eff * a * a * a);
}

Real jkr_overlap(const JkrContact& c, const Real& a) {
  check(c);
  if (!(a >= 0)) bad_parameter("a", a, "contact radius must be >= 0");
  return a * a / c.r_eff - sqrt(2 * pi() * c.w * a / c.e_eff);
}

Real jkr_contact_radius(const JkrContact& c, const Real& delta) {
  check(c);
  const Real ac = a_c(c);
  const Real delta_c = -3 * ac * ac / c.r_eff;
  if (!(delta >= delta_c) || !isfinite(delta))
    bad_parameter("delta", delta, "below the displacement-controlled separation overlap of the JKR branch");
  // In s = sqrt(a): delta(s) = s^4/R - D s, increasing for s > s_c = sqrt(a_c).
  const Real D = sqrt(2 * pi() * c.w / c.e_eff);
  auto f = [&](const Real& s) { return s * s * s * s / c.r_eff - D * s - delta; };
  const Real lo = sqrt(ac);
  if (f(lo) >= 0) return ac;  // delta == delta_c to rounding
  Real hi = 2 * lo;
  for (int i = 0; f(hi) < 0; ++i) {
    if (i > 2000) throw std::runtime_error("jkr_contact_radius: no bracket");
    hi *= 2;
  }
  std::uintmax_t iterations = 400;
  const auto bracket = boost::math::tools::toms748_solve(f, lo, hi, boost::math::tools::eps_tolerance<Real>(), iterations);
  Real s = (bracket.first + bracket.second) / 2;
  // Two Newton steps on the simple root (f' = 4 s^3/R - D > 0 away from s_c) to the last digit.
  for (int i = 0; i < 2; ++i) {
    const Real d = 4 * s * s * s / c.r_eff - D;
    if (d > 0) s -= f(s) / d;
  }
  return s * s;
}

Real jkr_force_at_overlap(const JkrContact& c, const Real& delta) { return jkr_force(c, jkr_contact_radius(c, delta)); }

JkrPoint jkr_touch(const JkrContact& c) {
  check(c);
  return point(c, cbrt(Real(16)) * a_c(c));
}

JkrPoint jkr_force_controlled_pulloff(const JkrContact& c) {
  check(c);
  return point(c, cbrt(Real(9)) * a_c(c));
}

JkrPoint jkr_displacement_controlled_separation(const JkrContact& c) {
  check(c);
  return point(c, a_c(c));
}

Real jkr_branch_work(const JkrContact& c, const Real& a) {
  check(c);
  if (!(a >= 0)) bad_parameter("a", a, "contact radius must be >= 0");
  const Real R = c.r_eff, E = c.e_eff;
  const Real a2 = a * a;
  return 8 * E * a2 * a2 * a / (15 * R * R) - 4 / (3 * R) * sqrt(2 * pi() * c.w * E) * a2 * a * sqrt(a) +
         pi() * c.w * a2;
}

Real jkr_hysteresis(const JkrContact& c, JkrSeparation separation) {
  const JkrPoint end = separation == JkrSeparation::force_controlled ? jkr_force_controlled_pulloff(c)
                                                                     : jkr_displacement_controlled_separation(c);
  return jkr_branch_work(c, end.a) - jkr_branch_work(c, jkr_touch(c).a);
}

Real dmt_force(const Real& e_eff, const Real& r_eff, const Real& w, const Real& delta) {
  if (!(e_eff > 0) || !isfinite(e_eff)) bad_parameter("e_eff", e_eff, "must be positive");
  if (!(delta >= 0) || !isfinite(delta)) bad_parameter("delta", delta, "DMT overlap must be >= 0");
  return Real(4) / 3 * e_eff * sqrt(r_eff) * delta * sqrt(delta) - dmt_pulloff_force(r_eff, w);
}

Real dmt_pulloff_force(const Real& r_eff, const Real& w) {
  if (!(r_eff > 0) || !isfinite(r_eff)) bad_parameter("r_eff", r_eff, "must be positive");
  if (!(w > 0) || !isfinite(w)) bad_parameter("w", w, "work of adhesion must be positive");
  return 2 * pi() * w * r_eff;
}

}  // namespace lawcheck::oracles
