#include "normal_impact.hpp"

#include "bad_parameter.hpp"

#include <stdexcept>
#include <string>

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/gamma.hpp>

namespace lawcheck::oracles {

ImpactResult linear_impact(const LinearImpactInput& in) {
  require_positive("mass", in.mass);
  require_positive("kn", in.kn);
  require_positive("v0", in.v0);
  if (!(in.damping >= 0) || !isfinite(in.damping)) bad_parameter("damping", in.damping, "must be >= 0");
  const Real pi = boost::math::constants::pi<Real>();
  const Real zeta = in.damping / (2 * sqrt(in.kn * in.mass));
  if (!(zeta < 1)) bad_parameter("damping", in.damping, "damping ratio zeta = c/(2 sqrt(k m)) must be < 1 (underdamped)");
  const Real wn = sqrt(in.kn / in.mass);
  const Real sq = sqrt(1 - zeta * zeta);
  const Real wd = wn * sq;
  const Real a = zeta * wn;  // decay rate
  const Real theta = acos(zeta);

  ImpactResult r;
  r.max_overlap_time = theta / wd;
  r.max_overlap = in.v0 / wn * exp(-zeta * theta / sq);
  if (2 * zeta < 1) {
    // x''' = 0 at w_d t = 3 theta - pi, where sin(w_d t + 2(pi - theta)) = -sin(theta), so
    // F = -m x'' = m (v0/w_d) w_n^2 sin(theta) e^{-a t} = m v0 w_n e^{-a t}.
    r.max_force_time = (3 * theta - pi) / wd;
    r.max_force = in.mass * in.v0 * wn * exp(-a * r.max_force_time);
  } else {
    r.max_force_time = 0;
    r.max_force = in.damping * in.v0;
  }
  if (in.tension_cutoff) {
    // Force vanishes where x'' = 0, at w_d t = 2 theta; then free flight at x'(t_s) = -v0 e^{-a t_s}.
    r.force_time = 2 * theta / wd;
    r.restitution = exp(-a * r.force_time);
    r.contact_time = r.force_time + sin(2 * theta) / wd;  // + x(t_s)/|x'(t_s)|
  } else {
    r.contact_time = pi / wd;
    r.force_time = r.contact_time;
    r.restitution = exp(-a * r.contact_time);
  }
  r.dissipation = in.mass * in.v0 * in.v0 * (1 - r.restitution * r.restitution) / 2;
  return r;
}

Real damping_ratio_for_restitution(const Real& e) {
  if (!(e > 0 && e <= 1)) bad_parameter("e", e, "restitution must be in (0, 1]");
  const Real pi = boost::math::constants::pi<Real>();
  const Real l = log(e);
  return -l / sqrt(pi * pi + l * l);
}

HertzInput hertz_sphere_sphere(const Real& e1, const Real& nu1, const Real& r1, const Real& m1,
                               const Real& e2, const Real& nu2, const Real& r2, const Real& m2,
                               const Real& v0) {
  require_positive("E1", e1);
  require_positive("E2", e2);
  require_positive("r1", r1);
  require_positive("r2", r2);
  require_positive("m1", m1);
  require_positive("m2", m2);
  if (!(nu1 > -1 && nu1 < Real("0.5"))) bad_parameter("nu1", nu1, "Poisson ratio must be in (-1, 0.5)");
  if (!(nu2 > -1 && nu2 < Real("0.5"))) bad_parameter("nu2", nu2, "Poisson ratio must be in (-1, 0.5)");
  HertzInput h;
  h.modulus = 1 / ((1 - nu1 * nu1) / e1 + (1 - nu2 * nu2) / e2);
  h.radius = r1 * r2 / (r1 + r2);
  h.mass = m1 * m2 / (m1 + m2);
  h.v0 = v0;
  return h;
}

HertzInput hertz_sphere_wall(const Real& e, const Real& nu, const Real& r, const Real& m,
                             const Real& wall_modulus, const Real& wall_nu, const Real& v0) {
  require_positive("E", e);
  require_positive("r", r);
  require_positive("m", m);
  if (!(nu > -1 && nu < Real("0.5"))) bad_parameter("nu", nu, "Poisson ratio must be in (-1, 0.5)");
  if (!(wall_modulus >= 0) || !isfinite(wall_modulus)) bad_parameter("wall_E", wall_modulus, "must be >= 0 (0: rigid wall)");
  Real compliance = (1 - nu * nu) / e;
  if (wall_modulus > 0) {
    if (!(wall_nu > -1 && wall_nu < Real("0.5"))) bad_parameter("wall_nu", wall_nu, "Poisson ratio must be in (-1, 0.5)");
    compliance += (1 - wall_nu * wall_nu) / wall_modulus;
  }
  return HertzInput{1 / compliance, r, m, v0};
}

ImpactResult hertz_impact(const HertzInput& in) {
  require_positive("E*", in.modulus);
  require_positive("R*", in.radius);
  require_positive("m*", in.mass);
  require_positive("v0", in.v0);
  const Real pi = boost::math::constants::pi<Real>();
  const Real k = Real(4) / 3 * in.modulus * sqrt(in.radius);
  ImpactResult r;
  r.max_overlap = pow(5 * in.mass * in.v0 * in.v0 / (4 * k), Real(2) / 5);
  r.max_force = k * pow(r.max_overlap, Real(3) / 2);
  r.contact_time = Real(4) / 5 * sqrt(pi) * boost::math::tgamma(Real(2) / 5) /
                   boost::math::tgamma(Real(9) / 10) * r.max_overlap / in.v0;
  r.force_time = r.contact_time;
  r.max_overlap_time = r.contact_time / 2;  // the elastic motion is symmetric in time
  r.max_force_time = r.max_overlap_time;
  r.restitution = 1;
  r.dissipation = 0;
  return r;
}

}  // namespace lawcheck::oracles
