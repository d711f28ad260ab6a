#include "dynamic_sliding.hpp"

#include "bad_parameter.hpp"

#include <stdexcept>
#include <string>

#include <boost/math/constants/constants.hpp>

namespace lawcheck::oracles {

namespace {

void check(const SlidingInput& in) {
  require_positive("mass", in.mass);
  require_positive("v0", in.v0);
  require_positive("kt", in.kt);
  require_positive("fy", in.fy);
}

}  // namespace

SlidingResult dynamic_sliding(const SlidingInput& in) {
  check(in);
  SlidingResult r;
  r.omega = sqrt(in.kt / in.mass);
  const Real fmax = in.v0 * sqrt(in.kt * in.mass);  // peak elastic force if it never slipped
  r.slips = fmax > in.fy;
  if (!r.slips) {
    r.stop_time = boost::math::constants::half_pi<Real>() / r.omega;
    r.slip_start = r.stop_time;
    r.stop_position = in.v0 / r.omega;
    r.slip_distance = 0;
    r.final_elastic = in.mass * in.v0 * in.v0 / 2;
    r.dissipation = 0;
    return r;
  }
  r.slip_start = asin(in.fy / fmax) / r.omega;
  const Real v1 = sqrt(in.v0 * in.v0 - in.fy * in.fy / (in.kt * in.mass));
  r.stop_time = r.slip_start + in.mass * v1 / in.fy;
  r.slip_distance = in.mass * v1 * v1 / (2 * in.fy);
  r.stop_position = in.fy / in.kt + r.slip_distance;
  r.final_elastic = in.fy * in.fy / (2 * in.kt);
  r.dissipation = in.fy * r.slip_distance;  // work of friction over the slip
  return r;
}

SlidingState dynamic_sliding_state(const SlidingInput& in, const Real& t) {
  const SlidingResult r = dynamic_sliding(in);
  if (!(t >= 0) || !isfinite(t))
    bad_parameter("t", t, "must be >= 0");
  SlidingState s;
  if (!r.slips || t <= r.slip_start) {
    s.x = in.v0 / r.omega * sin(r.omega * t);
    s.v = in.v0 * cos(r.omega * t);
    s.force = -in.kt * s.x;
    s.dissipated = 0;
  } else if (t <= r.stop_time) {
    const Real tau = t - r.slip_start;
    const Real x1 = in.fy / in.kt;
    const Real v1 = in.v0 * cos(r.omega * r.slip_start);
    s.v = v1 - in.fy / in.mass * tau;
    s.x = x1 + v1 * tau - in.fy * tau * tau / (2 * in.mass);
    s.force = -in.fy;
    s.dissipated = in.fy * (s.x - x1);
  } else {
    // Elastic oscillation about the slipped anchor, amplitude fy/kt: never beyond the limit.
    const Real tau = t - r.stop_time;
    const Real anchor = r.stop_position - in.fy / in.kt;
    s.x = anchor + in.fy / in.kt * cos(r.omega * tau);
    s.v = -in.fy / in.kt * r.omega * sin(r.omega * tau);
    s.force = -in.kt * (s.x - anchor);
    s.dissipated = r.dissipation;
  }
  s.elastic = s.force * s.force / (2 * in.kt);
  s.kinetic = in.mass * s.v * s.v / 2;
  return s;
}

namespace {

void check(const RollingInput& in) {
  require_positive("mass", in.mass);
  require_positive("radius", in.radius);
  require_positive("inertia_factor", in.inertia_factor);
  require_positive("v0", in.v0);
  require_positive("kt", in.kt);
  require_positive("fy", in.fy);
}

SlidingInput slip_problem(const RollingInput& in) {
  const Real m_eff = in.mass * in.inertia_factor / (1 + in.inertia_factor);
  return SlidingInput{m_eff, in.v0, in.kt, in.fy};
}

}  // namespace

RollingResult rolling_sphere(const RollingInput& in) {
  check(in);
  RollingResult r;
  const SlidingInput sp = slip_problem(in);
  r.effective_mass = sp.mass;
  r.slip = dynamic_sliding(sp);
  r.rolling_velocity = in.v0 / (1 + in.inertia_factor);
  r.rolling_spin = r.rolling_velocity / in.radius;
  r.rolling_energy = in.mass * in.v0 * in.v0 / (2 * (1 + in.inertia_factor));
  r.final_elastic = r.slip.final_elastic;
  r.dissipation = r.slip.dissipation;
  return r;
}

RollingState rolling_sphere_state(const RollingInput& in, const Real& t) {
  check(in);
  const SlidingInput sp = slip_problem(in);
  const SlidingState s = dynamic_sliding_state(sp, t);
  const Real inertia = in.inertia_factor * in.mass * in.radius * in.radius;
  // Impulse of the contact force so far: int F dt = m_eff (ds/dt - v0).
  const Real impulse = sp.mass * (s.v - in.v0);
  RollingState r;
  r.v = in.v0 + impulse / in.mass;
  r.spin = -in.radius * impulse / inertia;
  r.slip = s.x;
  r.force = s.force;
  r.kinetic = in.mass * r.v * r.v / 2 + inertia * r.spin * r.spin / 2;
  r.elastic = s.elastic;
  r.dissipated = s.dissipated;
  return r;
}

}  // namespace lawcheck::oracles
