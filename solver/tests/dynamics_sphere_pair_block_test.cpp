// The sphere pairs' block passes (dynamics/sphere_pair_block.hpp) against the
// per-contact reference, evaluate_contact (dynamics/contact_response.hpp, what the LawTester runs),
// for every way a batch can end inside a block. The gather takes contacts four at a time and runs
// the last m % 4 of a block through the same four-lane body, padded with the last contact; blocks
// hold 64 contacts. A lane that took another contact's values, or a tail that lost a contact, gives
// some particle a force of the wrong contact: off by O(1).
//
// Scene: m pairs of spheres far apart, each sphere in exactly one contact, so a particle's force
// and torque are its contact's alone (no sum whose order could differ). Random radii, pair axes,
// overlaps, velocities and spins (seeded). Three steps first, so that every frame has been
// transported and the tangential state is not zero; then the batch's contacts (frame, state,
// physics) and the particles' poses and velocities are copied, contact_step runs, and each contact
// is evaluated from the copies by evaluate_contact and mapped to global axes the plain way: force
// R f on particle 1 and -R f on particle 2, torques (c - x1) x R f + R t and (c - x2) x (-R f) - R t
// (R: the frame at t_n, c: the contact point).
//
// Tolerance 1e-12 of the force's (torque's) scale: both spell the same formulas, the block
// regrouped (1/|d| as |d| (1/|d|^2), the relative velocity with the normal entering last,
// sphere_pair_rel; the torque as a1 n x F since c lies on the line of centres), so each result
// moves by a few roundings of its terms, amplified where a difference cancels:
// - the overlap uN = |d| - (r1 + r2): a rounding of |d| (1.1e-16 relative) is |d|/|uN| <= 240
//   times larger relative to uN (overlaps >= 1e-2 r0, |d| <= 2.4 r0): ~3e-14 of the normal force;
// - the reference's lever arm c - x1, a difference of positions up to 1.3 m (131 pairs 10 r0
//   apart): a rounding of each (1.4e-16 m) tilts the 1e-2 m arm by ~1.4e-14 rad, times the normal
//   force in the torque.
// Measured worst: 8.6e-14 of the scale (a torque at 130 contacts); a wrong lane is off by O(1).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "dynamics/contact_response.hpp"
#include "dynamics/simulation.hpp"
#include "geometry/contact_point.hpp"
#include "laws/linear_coulomb_law.hpp"
#include "laws/linel6_law.hpp"

namespace lawcheck::dynamics_sphere_pair_block_test {
namespace {

constexpr double r0 = 0.01, dt = 1e-6;  // [m], [s]: far below the contact estimate (~1e-4 s)

// m pairs, pair p at x = 10 r0 p (no other pair within reach), three steps taken.
template <class Law>
Simulation<Law> pairs(const Law& law, std::size_t m) {
  Simulation<Law> sim(law);
  sim.add_material(FrictMat{1e7, 0.3, 0.5, 2600});
  sim.set_gravity(Vec3d::Zero());
  std::mt19937_64 rng(0x5eed + m);
  std::uniform_real_distribution<double> unit(0, 1), sym(-1, 1);
  const auto random_vec = [&](double scale) -> Vec3d { return Vec3d(sym(rng), sym(rng), sym(rng)) * scale; };
  for (std::size_t p = 0; p < m; ++p) {
    const double r1 = r0 * (0.8 + 0.4 * unit(rng)), r2 = r0 * (0.8 + 0.4 * unit(rng));
    const Vec3d axis = random_vec(1).normalized();
    const double overlap = r0 * (1e-2 + 4e-2 * unit(rng));
    const Vec3d x1(10 * r0 * static_cast<double>(p), 0, 0);
    sim.add_particle({Sphere{r1}, {x1}, {random_vec(0.01), random_vec(5)}});
    sim.add_particle({Sphere{r2}, {x1 + (r1 + r2 - overlap) * axis}, {random_vec(0.01), random_vec(5)}});
  }
  sim.set_dt(dt);
  sim.step(3);
  return sim;
}

template <class Law>
void expect_block_matches_reference(const Law& law, std::size_t m) {
  Simulation<Law> sim = pairs(law, m);
  const auto& batch = sim.sphere_contacts();
  ASSERT_EQ(batch.size(), m) << "every pair in contact, no other contact";
  const Particles before = sim.particles();
  struct Contact {
    std::uint32_t i, j;
    Quatd ori;
    typename Law::State state;
    typename Law::Phys phys;
  };
  std::vector<Contact> contacts;
  for (std::size_t k = 0; k < m; ++k)
    contacts.push_back({batch.id1[k], batch.id2[k], batch.frame[k], batch.state[k], batch.phys[k]});

  sim.contact_step();

  const Particles& P = sim.particles();
  for (const Contact& c : contacts) {
    const BodyPose p1{before.pos[c.i], before.ori[c.i]}, p2{before.pos[c.j], before.ori[c.j]};
    const BodyVelocity v1{before.vel[c.i], before.ang_vel[c.i]}, v2{before.vel[c.j], before.ang_vel[c.j]};
    const auto cp = sphere_sphere_contact(before.radius[c.i], p1.pos, before.radius[c.j], p2.pos,
                                          std::numeric_limits<double>::max());
    ASSERT_TRUE(cp.has_value());
    ContactFrame frame;
    frame.ori = c.ori;
    typename Law::State state = c.state;
    const auto ev = evaluate_contact<false>(law, frame, true, *cp, p1, v1, p2, v2, c.phys, state, dt, true);
    ASSERT_FALSE(ev.response.broken);
    const Mat3d R = unit_rotation_matrix(frame.ori);
    const Vec3d f = R * ev.response.force, t = R * ev.response.torque;
    const Vec3d expected[4] = {f, -f, (cp->point - p1.pos).cross(f) + t, (cp->point - p2.pos).cross(-f) - t};
    const Vec3d got[4] = {P.force[c.i], P.force[c.j], P.torque[c.i], P.torque[c.j]};
    const double force_scale = f.norm(), torque_scale = r0 * f.norm() + t.norm();
    for (int q = 0; q < 4; ++q) {
      const double tolerance = 1e-12 * (q < 2 ? force_scale : torque_scale);
      EXPECT_LE((got[q] - expected[q]).norm(), tolerance)
          << (q < 2 ? "force" : "torque") << " on particle " << (q % 2 == 0 ? c.i : c.j) << " (pair of " << c.i
          << ", " << c.j << "), " << m << " contacts: got " << got[q].transpose() << ", expected "
          << expected[q].transpose();
    }
  }
}

// Ends of a block's four-lane groups (m % 4 = 0..3) in the first block, at the first block's end,
// and in a later block.
const std::size_t counts[] = {1, 2, 3, 4, 5, 6, 7, 63, 64, 65, 66, 67, 130, 131};

TEST(SpherePairBlock, EveryContactCountGivesTheLinearLawsForcesOfEachContactAsEvaluatedAlone) {
  for (std::size_t m : counts) expect_block_matches_reference(LinearCoulombLaw<double>{}, m);
}

// LinEl6 reads the normal velocity and the spin and returns a torque (LawNeeds: every lane value).
TEST(SpherePairBlock, EveryContactCountGivesLinEl6sForcesAndTorquesOfEachContactAsEvaluatedAlone) {
  LinEl6Law<double> law;
  law.no_break = true;
  for (std::size_t m : counts) expect_block_matches_reference(law, m);
}

}  // namespace
}  // namespace lawcheck::dynamics_sphere_pair_block_test
