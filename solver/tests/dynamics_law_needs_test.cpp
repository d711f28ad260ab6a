// What a law needs (laws/contact_law.hpp, LawNeeds): the contact loop computes only the
// local geometry a law says it reads and maps only the torque it says it returns. Two claims:
// - a law's declaration changes no bit of a run: the linear and the Exudyn law (the two that
//   declare less than everything) against the same law declaring everything, on a gas of
//   spinning spheres collapsing in a box of walls (sphere-sphere and sphere-wall contacts,
//   sliding, created and broken), forces, torques, motion and energies compared bit for bit at
//   every step;
// - a law that reads what it said it would not gets NaN, and the step stops with a StateError.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>

#include "dynamics/simulation.hpp"
#include "gas_scene.hpp"
#include "same_bits.hpp"
#include "laws/exudyn_law.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::dynamics_law_needs_test {
namespace {

// The law L, declaring that it reads everything and returns a torque (the default).
template <class L>
struct ReadsEverything : L {
  static constexpr LawNeeds needs{};
};

// test_scenes::gas_in_a_box (gas_scene.hpp): 343 spheres spinning up to 30 rad/s under gravity
// 100 m/s^2, no damping; dt half the stable estimate, or `dt` where the law gives none before the
// first contact (a material without elastic moduli), and checked against the estimate at every
// step.
template <class Law>
Simulation<Law> spinning_gas(const Law& law, const typename Law::Material& material, double dt) {
  Simulation<Law> sim = test_scenes::gas_in_a_box(law, material, 343, 7, 100, 30);
  const double limit = sim.stable_dt().dt;
  sim.set_dt(std::isfinite(limit) ? 0.5 * limit : dt);
  sim.dt_check_period = 1;
  return sim;
}

// Steps both runs, compares them at every step, and checks the scene means something: many
// contacts, sphere-wall ones among them, created and broken, and energy dissipated by `kind`.
template <class Law>
void expect_same_run(const Law& law, const typename Law::Material& material, EnergyKind kind, double dt = 0) {
  static_assert(!law_needs<Law>().spin && !law_needs<Law>().torque, "the law under test must declare less");
  Simulation<Law> declared = spinning_gas(law, material, dt);
  Simulation<ReadsEverything<Law>> everything = spinning_gas(ReadsEverything<Law>{law}, material, dt);
  std::size_t max_contacts = 0, max_wall_contacts = 0, changes = 0, previous = 0;
  int first_difference = -1;
  constexpr int steps = 1500;
  for (int s = 0; s < steps && first_difference < 0; ++s) {
    declared.step(1, true);
    everything.step(1, true);
    const Particles &a = declared.particles(), &b = everything.particles();
    if (!(test_bits::same_particles(a, b) && test_bits::same_energies(declared.energy(), everything.energy()) &&
          declared.contact_count() == everything.contact_count()))
      first_difference = s;
    const std::size_t c = declared.contact_count();
    changes += c > previous ? c - previous : previous - c;
    previous = c;
    max_contacts = std::max(max_contacts, c);
    max_wall_contacts = std::max(max_wall_contacts, declared.other_contacts().size());
  }
  const double dissipated = declared.energy().dissipated[kind];
  std::printf("%s: up to %zu contacts (%zu on walls), contact count changes summed %zu, %s dissipated %.3g J; "
              "first step differing %d (-1: none)\n",
              std::string(Law::name).c_str(), max_contacts, max_wall_contacts, changes,
              std::string(name_of(kind)).c_str(), dissipated, first_difference);
  ASSERT_GT(max_contacts, 150u);
  ASSERT_GT(max_wall_contacts, 20u);
  ASSERT_GT(changes, 300u);
  ASSERT_GT(dissipated, 0);
  EXPECT_EQ(first_difference, -1);
}

TEST(LawNeeds, TheLinearLawsDeclarationChangesNoBitOfASpinningGasCollapsingInABox) {
  expect_same_run(LinearCoulombLaw<double>{}, FrictMat{1e7, 0.3, 0.4, 2600}, EnergyKind::plastic_shear);
}

TEST(LawNeeds, TheExudynLawsDeclarationChangesNoBitOfASpinningGasCollapsingInABox) {
  ExudynLaw<double> law;  // Edinburgh's plastic spring (the default), a viscous damper, friction
  law.contact_stiffness = 1e8;
  law.stiffness_exponent = 1.5;
  law.plasticity_ratio = 0.5;
  law.contact_damping = 5;  // reads the normal velocity
  law.dynamic_friction = 0.3;
  // Its material has no elastic moduli, so no estimate before the first contact; the contacts'
  // own estimate, checked at every step, accepts this dt.
  expect_same_run(law, ExudynMat{2600}, EnergyKind::friction, 1e-5);
}

// Says it reads no spin, then reads it: its force is NaN, and the leapfrog refuses the state.
struct ClaimsNoSpinButReadsIt : LinearCoulombLaw<double> {
  template <bool TrackEnergy>
  LocalResponse<double> step(const LocalGeom<double>& g, const Phys& ph, State& s, const double& dt) const {
    LocalResponse<double> out = LinearCoulombLaw<double>::step<TrackEnergy>(g, ph, s, dt);
    out.force.y() += 0 * g.ang_vel.x();
    return out;
  }
};

TEST(LawNeeds, ALawThatReadsTheSpinItSaidItWouldNotStopsTheStepWithAStateError) {
  static_assert(!law_needs<ClaimsNoSpinButReadsIt>().spin);
  Simulation<ClaimsNoSpinButReadsIt> sim;
  sim.add_material(FrictMat{1e7, 0.3, 0.4, 2600});
  sim.add_particle({Sphere{0.01}, {Vec3d(0, 0, 0)}, {Vec3d(0.1, 0, 0)}});
  sim.add_particle({Sphere{0.01}, {Vec3d(0.0199, 0, 0)}, {}});
  sim.set_dt(0.5 * sim.stable_dt().dt);
  EXPECT_THROW(sim.step(1), StateError);
}

}  // namespace
}  // namespace lawcheck::dynamics_law_needs_test
