#pragma once
// The many-sphere scene of the dynamics tests: n spheres (radius 1 cm +-20 %) on a jittered
// lattice of pitch 2.2 r in a box of five walls, random velocities up to 0.3 m/s and spins up to
// `spin` rad/s, under gravity: a gas that collapses into a packing, so contacts are created,
// broken and removed throughout the run. gas_in_a_box for any law; collapsing_gas for the linear
// law, damped, with dt half the stable estimate.
#include <cmath>
#include <cstddef>
#include <random>

#include "dynamics/simulation.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::test_scenes {

// The same box and spheres for any law: n spheres of `material` (radius 1 cm +-20 %) on the
// jittered lattice, random velocities up to 0.3 m/s and spins up to `spin` rad/s, under gravity;
// no damping, no dt (the caller's).
template <class Law>
Simulation<Law> gas_in_a_box(const Law& law, const typename Law::Material& material, std::size_t n, unsigned seed,
                             double gravity, double spin) {
  constexpr double r = 0.01;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  Simulation<Law> sim(law);
  sim.add_material(material);
  const auto side = static_cast<std::size_t>(std::ceil(std::cbrt(static_cast<double>(n))));
  const double pitch = 2.2 * r, box = static_cast<double>(side) * pitch;
  auto wall = [&](int axis, int sense, double at) {
    ParticleSpec w{Wall{axis, sense}};
    w.pose.pos[axis] = at;
    w.blocked = dof::all;
    sim.add_particle(w);
  };
  wall(2, 1, 0);
  wall(0, 1, 0);
  wall(0, -1, box);
  wall(1, 1, 0);
  wall(1, -1, box);
  for (std::size_t k = 0; k < n; ++k) {
    const double ix = static_cast<double>(k % side), iy = static_cast<double>((k / side) % side),
                 iz = static_cast<double>(k / (side * side));
    const Vec3d pos((ix + 0.5) * pitch + 0.05 * r * u(rng), (iy + 0.5) * pitch + 0.05 * r * u(rng),
                    (iz + 0.5) * pitch);
    const double radius = r * (1 + 0.2 * u(rng));
    const Vec3d vel = Vec3d(u(rng), u(rng), u(rng)) * 0.3;
    const Vec3d ang_vel = spin > 0 ? Vec3d(Vec3d(u(rng), u(rng), u(rng)) * spin) : Vec3d::Zero();
    sim.add_particle({Sphere{radius}, {pos}, {vel, ang_vel}});
  }
  sim.set_gravity(Vec3d(0, 0, -gravity));
  return sim;
}

inline Simulation<LinearCoulombLaw<double>> collapsing_gas(std::size_t n, unsigned seed, double gravity,
                                                           double spin = 0) {
  Simulation<LinearCoulombLaw<double>> sim =
      gas_in_a_box(LinearCoulombLaw<double>{}, FrictMat{1e7, 0.3, 0.4, 2600}, n, seed, gravity, spin);
  sim.set_damping(0.05);
  sim.set_dt(0.5 * sim.stable_dt().dt);
  return sim;
}

}  // namespace lawcheck::test_scenes
