#include "sphere_packing.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "packing_simulation.hpp"

namespace lawcheck::bench {
namespace {

constexpr double r0 = packing_mean_radius;
constexpr double pitch = 2.6 * r0;
constexpr double gravity = packing_gravity;
constexpr std::size_t check_every = 200;
constexpr std::uint64_t max_steps = 40'000;

BenchSimulation empty_simulation(const SpherePacking& p) {
  return packing_simulation(p, LinearCoulombLaw<double>{}, FrictMat{});
}

// Half the solver's own stable estimate: the contact estimate is a per-particle heuristic.
void set_safe_dt(BenchSimulation& sim) { sim.set_dt(0.5 * sim.stable_dt().dt); }

double max_speed(const Particles& P) {
  double v2 = 0;
  for (std::size_t i = 0; i < P.size(); ++i) v2 = std::max(v2, P.vel[i].squaredNorm());
  return std::sqrt(v2);
}

}  // namespace

SpherePacking settle_packing(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> radius(0.8 * r0, 1.2 * r0), jitter(-0.05 * r0, 0.05 * r0);
  const auto side = static_cast<std::size_t>(
      std::max(2.0, std::round(std::sqrt(static_cast<double>(n) / 25.0))));
  SpherePacking p;
  p.box = Vec3d(side * pitch, side * pitch, 0);
  for (std::size_t k = 0; k < n; ++k) {
    const auto ix = k % side, iy = (k / side) % side, iz = k / (side * side);
    p.radius.push_back(radius(rng));
    p.pos.emplace_back((ix + 0.5) * pitch + jitter(rng), (iy + 0.5) * pitch + jitter(rng),
                       (iz + 0.5) * pitch);
    p.vel.push_back(Vec3d::Zero());
    p.ang_vel.push_back(Vec3d::Zero());
  }

  BenchSimulation sim = empty_simulation(p);
  const double settled = 1e-3 * std::sqrt(gravity * r0);
  std::uint64_t steps = 0;
  do {
    set_safe_dt(sim);
    sim.step(check_every);
    steps += check_every;
  } while (max_speed(sim.particles()) > settled && steps < max_steps);

  const Particles& P = sim.particles();
  double top = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = i + 5;  // after the five walls
    p.pos[i] = P.pos[j];
    p.vel[i] = P.vel[j];
    p.ang_vel[i] = P.ang_vel[j];
    top = std::max(top, P.pos[j].z() + p.radius[i]);
  }
  p.box.z() = top;
  p.settle_steps = steps;
  return p;
}

SpherePacking tile_packing(const SpherePacking& base, int nx, int ny) {
  SpherePacking p;
  p.box = Vec3d(nx * base.box.x(), ny * base.box.y(), base.box.z());
  const std::size_t count = base.size() * static_cast<std::size_t>(nx * ny);
  p.radius.reserve(count);
  p.pos.reserve(count);
  p.vel.reserve(count);
  p.ang_vel.reserve(count);
  for (int ty = 0; ty < ny; ++ty)
    for (int tx = 0; tx < nx; ++tx) {
      const Vec3d shift(tx * base.box.x(), ty * base.box.y(), 0);
      for (std::size_t i = 0; i < base.size(); ++i) {
        p.radius.push_back(base.radius[i]);
        p.pos.push_back(base.pos[i] + shift);
        p.vel.push_back(base.vel[i]);
        p.ang_vel.push_back(base.ang_vel[i]);
      }
    }
  return p;
}

BenchSimulation simulate_packing(const SpherePacking& p) {
  BenchSimulation sim = empty_simulation(p);
  set_safe_dt(sim);
  sim.step(1);
  return sim;
}

}  // namespace lawcheck::bench
