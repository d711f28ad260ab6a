#pragma once
// A packing (sphere_packing.hpp) as a simulation of any law: the spheres at their positions and
// velocities inside the open box (floor z = 0 and four side walls at the footprint's edges), every
// sphere and wall of one material of the law, under the packing's gravity and Cundall damping.
// The linear law's packings are settled with these very calls (sphere_packing.cpp); another law
// takes the same positions, which are geometry, with its own material (packed_simulation below).

#include <cstddef>
#include <cstdint>

#include "dynamics/simulation.hpp"
#include "laws/contact_law.hpp"
#include "sphere_packing.hpp"

namespace lawcheck::bench {

// Cundall's non-viscous damping of the settling run [-]: strong enough that ~25 layers come to
// rest in a few thousand steps (sphere_packing.hpp).
inline constexpr double packing_damping = 0.4;

template <SolverLaw Law>
Simulation<Law> packing_simulation(const SpherePacking& p, const Law& law, const typename Law::Material& material) {
  Simulation<Law> sim(law);
  const auto mat = static_cast<std::uint32_t>(sim.add_material(material));
  sim.set_gravity(Vec3d(0, 0, -packing_gravity));
  sim.set_damping(packing_damping);
  sim.reserve(p.size() + 5, 4 * p.size());
  const auto wall = [&](int axis, int sense, double at) {
    ParticleSpec w;
    w.shape = Wall{axis, sense};
    w.pose.pos = Vec3d::Zero();
    w.pose.pos[axis] = at;
    w.material = mat;
    w.blocked = dof::all;
    sim.add_particle(w);
  };
  wall(2, +1, 0.0);
  wall(0, +1, 0.0);
  wall(0, -1, p.box.x());
  wall(1, +1, 0.0);
  wall(1, -1, p.box.y());
  for (std::size_t i = 0; i < p.size(); ++i) {
    ParticleSpec s;
    s.shape = Sphere{p.radius[i]};
    s.pose.pos = p.pos[i];
    s.velocity = {p.vel[i], p.ang_vel[i]};
    s.material = mat;
    sim.add_particle(s);
  }
  return sim;
}

// The first step that creates a packing's contacts under another law [s]. Detection runs inside a
// step only, and a law's stable estimate needs its contacts (a material without a wave speed, as
// Exudyn's density-only one, has no estimate before them), so the contacts are made by one step
// this short: the spheres move by their residual speed (< 1e-3 sqrt(g r0) ~ 1e-3 m/s) times 1 ns,
// i.e. the settled geometry is kept to 1e-12 m, and it is below the stable limit 2 sqrt(m / (2 k))
// (dynamics/time_step.hpp) while the stiffness k a sphere sums over its contacts stays below
// m / (2 (0.5 ns)^2) = 1.4e18 N/m for the packing's lightest sphere (r = 0.04 m, m = 0.70 kg).
inline constexpr double contact_creation_dt = 1e-9;

// The packing under `law` with every contact the law makes there existing in the contact batches,
// and dt half the law's stable estimate with those contacts (the margin the linear packings
// settle with: the estimate is a per-particle heuristic). The forces are the law's on the linear
// law's settled positions, not in equilibrium: nothing here integrates again, the contact step
// only reads positions and velocities.
template <SolverLaw Law>
Simulation<Law> packed_simulation(const SpherePacking& p, const Law& law, const typename Law::Material& material) {
  Simulation<Law> sim = packing_simulation(p, law, material);
  sim.set_dt(contact_creation_dt);
  sim.step(1);
  sim.set_dt(0.5 * sim.stable_dt().dt);
  return sim;
}

// All velocities reversed, so that the law state of a contact step repeated on frozen positions
// oscillates about the settled one instead of walking every tangential force to its limit
// (bench_simulation.hpp). On the simulation's threads, each a contiguous share of the particles as
// the leapfrog (dynamics/leapfrog.hpp) shares them, so that each core's cache holds what a real
// step leaves in it.
template <class Sim>
void reverse_motion(Sim& sim) {
  Particles& p = sim.particles();
  const auto n = static_cast<std::ptrdiff_t>(p.size());
#pragma omp parallel for schedule(static) num_threads(sim.threads())
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    p.vel[i] = -p.vel[i];
    p.ang_vel[i] = -p.ang_vel[i];
  }
}

}  // namespace lawcheck::bench
