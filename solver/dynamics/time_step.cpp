#include "dynamics/time_step.hpp"

#include <algorithm>
#include <cmath>

namespace lawcheck {

DtLimit p_wave_dt(const Particles& p, std::span<const double> slowness) {
  DtLimit out;
  if (p.size() < 2) return out;  // a body alone can make no contact (header)
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

void ParticleStiffness::add(const ContactStiffness& s) {
  translational += s.normal + 3.5 * s.tangential;
  rotational += std::max(s.twist, s.bending);
  damping += s.damping;
}

double particle_dt(double mass, double inertia, const ParticleStiffness& load) {
  const double omega2 = 2 * (load.translational / mass + load.rotational / inertia);
  const double half_rate = load.damping / mass;  // (2 C/m) / 2
  if (!(omega2 > 0) && !(half_rate > 0)) return std::numeric_limits<double>::infinity();
  return 2 / (half_rate + std::sqrt(half_rate * half_rate + omega2));
}

DtLimit contact_dt(const Particles& p, std::span<const ParticleStiffness> load) {
  DtLimit out;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p.is_static(i)) continue;
    const double dt = particle_dt(p.mass[i], p.inertia[i].minCoeff(), load[i]);
    if (dt < out.dt) out = {dt, i};
  }
  return out;
}

double oscillator_dt(double inertia, double stiffness, double damping) {
  const double omega2 = stiffness / inertia, half_rate = damping / (2 * inertia);
  if (!(omega2 > 0) && !(half_rate > 0)) return std::numeric_limits<double>::infinity();
  return 2 / (half_rate + std::sqrt(half_rate * half_rate + omega2));
}

}  // namespace lawcheck
