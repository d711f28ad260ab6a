#include "dynamics/time_step.hpp"

#include <cmath>

namespace lawcheck {

DtLimit p_wave_dt(const Particles& p, std::span<const double> slowness) {
  DtLimit out;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p.is_static(i)) continue;
    const double s = slowness[p.material[i]];
    if (!(s > 0)) continue;
    double r = p.radius[i];
    if (const auto* c = std::get_if<Capsule>(&p.shape[i])) r = c->radius;
    const double dt = r * s;
    if (dt < out.dt) out = {dt, i};
  }
  return out;
}

DtLimit contact_dt(const Particles& p, std::span<const double> translational, std::span<const double> rotational) {
  DtLimit out;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p.is_static(i)) continue;
    const double omega2 = 2 * (translational[i] / p.mass[i] + rotational[i] / p.inertia[i].minCoeff());
    if (!(omega2 > 0)) continue;
    const double dt = 2 / std::sqrt(omega2);
    if (dt < out.dt) out = {dt, i};
  }
  return out;
}

double oscillator_dt(double inertia, double stiffness) {
  if (!(stiffness > 0)) return std::numeric_limits<double>::infinity();
  return 2 * std::sqrt(inertia / stiffness);
}

}  // namespace lawcheck
