#pragma once
// A dense, contact-rich sphere packing built in a fraction of a second (1e5 spheres: 0.26 s, its
// first step 0.38 s, on a loaded 2-core machine): the stand-in for the benchmarks' settled packing
// (benchmarks/sphere_packing.hpp) in tests that need 1e5 spheres, whose settled packing takes
// minutes to generate (its 1e4 base alone ~3.5 CPU-minutes) and lives in the benchmark tree's
// cache, which a ctest cannot count on.
//
// What it copies from the benchmark: the material (FrictMat defaults: E = 1e7 Pa, ktDivKn = 0.2,
// tanPhi = 0.5, 2600 kg/m^3), the radius scale r0 = 5 cm, the open box (floor z = 0 and four side
// walls at the footprint's edges), gravity -9.81 z, Cundall damping 0.4, dt = half the solver's
// stable estimate, and the particle numbering (layer by layer, x fastest), hence the contact order
// (a contact is created in the order of its broad-phase candidate, i.e. by its lower particle id).
// What it matches by measurement: the coordination, the benchmark's 4.5 contacts per sphere with
// the walls (sphere-sphere contacts counted for both spheres, wall contacts once) as the mean of a
// run that climbs from 3 to 4.9 (below), and overlaps of the order the benchmark's ~20 layers of
// weight cause (~1 % of a radius). What differs: a lattice, not a random packing, and in motion,
// not at rest; neither matters to what the threads test checks (the sums' order).
//
// Recipe (seeded): a simple cubic lattice of pitch p = 2 r0, the mean diameter, so the lattice
// fits its box; radii r0 (1 + spread u), centres jittered by jitter r0 u on every axis (u uniform
// in [-1, 1]). A pair of lattice neighbours touches where r_i + r_j exceeds its distance: about
// half of them at first (~3 contacts per sphere), overlaps up to (2 spread + 2 sqrt(3) jitter) r0
// ~ 0.06 r0, ~0.01 r0 typically. It is not at rest: the overlaps push neighbours into their gaps,
// gravity compresses the lower layers and the initial velocities (up to `speed`) and spins (up to
// `spin`) shear the contacts, so the coordination climbs to ~4.8 within a few hundred steps
// (1e5 spheres: 2.99 after the first step, 4.90 after 1000, 5 % of the contacts then at the
// Coulomb limit; 1e4: 3.0, 4.3, 4.7, 4.8 at steps 1, 100, 300, 1000), contacts are created and
// broken, and friction both sticks and slides (the threads test measures all of it before relying
// on it).
#include <cmath>
#include <cstddef>
#include <random>

#include "dynamics/simulation.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::test_scenes {

struct LatticePacking {
  std::size_t nx = 100, ny = 40, nz = 25;  // the benchmark's 1e5 footprint: 100 x 40 spheres, 25 layers
  double r0 = 0.05;
  double pitch = 2;      // in r0
  double spread = 0.02;   // radii r0 (1 +- spread)
  double jitter = 0.005;  // in r0, every axis
  double speed = 0.05;    // initial velocity components up to this (m/s)
  double spin = 5;        // initial spin components up to this (rad/s)
  unsigned seed = 20271123;
};

inline Simulation<LinearCoulombLaw<double>> lattice_packing(const LatticePacking& spec) {
  Simulation<LinearCoulombLaw<double>> sim;
  sim.add_material(FrictMat{});
  const std::size_t n = spec.nx * spec.ny * spec.nz;
  sim.reserve(n + 5, 4 * n);
  const double p = spec.pitch * spec.r0;
  auto wall = [&](int axis, int sense, double at) {
    ParticleSpec w{Wall{axis, sense}};
    w.pose.pos[axis] = at;
    w.blocked = dof::all;
    sim.add_particle(w);
  };
  wall(2, +1, 0);
  wall(0, +1, 0);
  wall(0, -1, static_cast<double>(spec.nx) * p);
  wall(1, +1, 0);
  wall(1, -1, static_cast<double>(spec.ny) * p);
  std::mt19937_64 rng(spec.seed);
  std::uniform_real_distribution<double> u(-1, 1);
  for (std::size_t iz = 0; iz < spec.nz; ++iz)
    for (std::size_t iy = 0; iy < spec.ny; ++iy)
      for (std::size_t ix = 0; ix < spec.nx; ++ix) {
        const Vec3d site((static_cast<double>(ix) + 0.5) * p, (static_cast<double>(iy) + 0.5) * p,
                         (static_cast<double>(iz) + 0.5) * p);
        const Vec3d pos = site + spec.jitter * spec.r0 * Vec3d(u(rng), u(rng), u(rng));
        const double radius = spec.r0 * (1 + spec.spread * u(rng));
        const Vec3d vel = spec.speed * Vec3d(u(rng), u(rng), u(rng));
        const Vec3d ang_vel = spec.spin * Vec3d(u(rng), u(rng), u(rng));
        sim.add_particle({Sphere{radius}, {pos}, {vel, ang_vel}});
      }
  sim.set_gravity(Vec3d(0, 0, -9.81));
  sim.set_damping(0.4);
  sim.set_dt(0.5 * sim.stable_dt().dt);
  return sim;
}

}  // namespace lawcheck::test_scenes
