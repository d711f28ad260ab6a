#include "dynamics/time_step.hpp"

#include <cmath>

namespace lawcheck {

DtLimit p_wave_dt(const Particles& p, std::span<const FrictMat> materials) {
  DtLimit out;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p.is_static(i)) continue;
    const FrictMat& m = materials[p.material[i]];
    double r = p.radius[i];
    if (const auto* c = std::get_if<Capsule>(&p.shape[i])) r = c->radius;
    const double dt = r * std::sqrt(m.density / m.young);
    if (dt < out.dt) out = {dt, i};
  }
  return out;
}

DtLimit contact_dt(const Particles& p, std::span<const double> stiffness_sum) {
  DtLimit out;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p.is_static(i) || stiffness_sum[i] <= 0) continue;
    const double dt = std::sqrt(2 * p.mass[i] / stiffness_sum[i]);
    if (dt < out.dt) out = {dt, i};
  }
  return out;
}

}  // namespace lawcheck
