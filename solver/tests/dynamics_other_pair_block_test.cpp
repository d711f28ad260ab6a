// The contact loop's block of "other" pairs (dynamics/other_pair_block.hpp) when one of
// its lanes ends while the others go on. Two ways a lane ends there (Simulation::block_step):
// - gone: pass 0 finds no contact point (existing_contact_point returns nothing), so the law must
//   not run on the lane (law_pass runs on the runs of lanes between gone lanes) and the lane is
//   flagged broken and removed;
// - broken by the law (the linear law: uN > 0), the lane having run like the others.
// Either way the other lanes of the block must not notice: each stayer below has a single contact,
// so its force, torque and motion must be the bits of a run without the leaver (one force term,
// nothing to reorder). Run A has the leaver, run B not; both step side by side with energy on.
//
// Which pairs can be gone: existing contacts are kept at any distance (margin = max()), so
// contact_point returns nothing only where the normal is undefined -- the cores' closest points
// coincide (geometry/contact_point.hpp). A sphere sliding off a facet's edge is *not* gone: past
// the edge its contact turns round the edge with a finite normal and the law breaks it at uN > 0.
// Hence two scenes: a bead threaded onto a rod's axis (its centre lands exactly on the capsule's
// segment: gone, and it stays gone while it slides along the shaft), and a sphere sliding off the
// facet's edge (broken by the law).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <numbers>
#include <optional>
#include <vector>

#include "dynamics/simulation.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::dynamics_other_pair_block_test {
namespace {

using Sim = Simulation<LinearCoulombLaw<double>>;

constexpr double r = 0.01, rho = 2600, young = 1e7, g = 9.81;
// A power of two, as are the bead's speed and its distances along the rod: its prescribed positions
// x0 - n dt |v| are then exact, so its centre lands on the rod's end point to the last bit.
constexpr double dt = 0x1p-15;  // ~3.05e-5 s, ~0.15 of the contact estimate (~2e-4 s)
constexpr double rod_radius = 0.005, rod_shaft = 0x1p-4;
const Vec3d rod_centre(0, 0, 0.125);  // well above the square: no sphere on it reaches the rod

enum class Leaver { none, bead, edge_slider };

constexpr std::uint32_t leaver_index = 11;  // added last, so the stayers keep their indices in B

// A square 20 cm wide in z = 0 (normal +z) made of two facets that meet on its diagonal y = x;
// particle 0 the lower-right facet, 1 a fixed rod along x (a capsule), 2 the upper-left facet,
// 3 .. 10 the stayers, four on each facet, more than 2.5 r apart and from the diagonal, so that each
// touches its own facet only: three resting at the equilibrium overlap, one sliding slowly (it
// slips for ~10 ms, then sticks). Under gravity, so that the resting ones stay in contact.
// The contacts sort as (0, 3..6), (0, 11) or (1, 11), (2, 7..10): the leaver's lane is in the middle
// of the block, with stayers' lanes on both sides of it.
Sim scene(Leaver leaver) {
  Sim sim;
  sim.add_material(FrictMat{young, 0.2, 0.5, rho});
  const double h = 0.1;
  sim.add_particle({Facet{{Vec3d(-h, -h, 0), Vec3d(h, -h, 0), Vec3d(h, h, 0)}}, {}, {}, 0, dof::all});
  sim.add_particle({Capsule{rod_radius, rod_shaft}, {rod_centre}, {}, 0, dof::all});
  sim.add_particle({Facet{{Vec3d(-h, -h, 0), Vec3d(h, h, 0), Vec3d(-h, h, 0)}}, {}, {}, 0, dof::all});
  // A sphere on a flat facet: l1 = l2 = r, A = pi r^2 (physics/stiffness_rules.hpp, default
  // rules), so kn = pi E r / 2 and the resting overlap is m g / kn (~6.8e-7 m).
  const double mass = 4.0 / 3 * std::numbers::pi * r * r * r * rho;
  const double z = r - mass * g / (std::numbers::pi * young * r / 2);
  const auto sphere = [&](double x, double y, const Vec3d& v) { sim.add_particle({Sphere{r}, {Vec3d(x, y, z)}, {v}}); };
  sphere(0.06, -0.06, Vec3d::Zero());
  sphere(0.02, -0.07, Vec3d::Zero());
  sphere(0.07, -0.02, Vec3d::Zero());
  sphere(0.04, -0.03, Vec3d(0, -0.05, 0));
  sphere(-0.06, 0.06, Vec3d::Zero());
  sphere(-0.02, 0.07, Vec3d::Zero());
  sphere(-0.07, 0.02, Vec3d::Zero());
  sphere(-0.04, 0.03, Vec3d(-0.05, 0, 0));
  if (leaver == Leaver::bead) {
    // Translations prescribed (kept velocity), spin free: 2^-7 m beyond the rod's end on its axis,
    // in contact with its cap (uN = 2^-7 - r - rod_radius < 0), moving onto the shaft at 1 m/s: its
    // centre reaches the end point after 2^-7 / (1 m/s dt) = 256 steps. The spin shears the
    // contact, so that the lane holds a tangential force when it goes (the law would slip it
    // if it ran on the lane's placeholder uN = 0).
    ParticleSpec bead{Sphere{r}, {rod_centre + Vec3d(rod_shaft / 2 + 0x1p-7, 0, 0)}, {Vec3d(-1, 0, 0), Vec3d(0, 0, 10)}};
    bead.blocked = dof::translations;
    sim.add_particle(bead);
  } else if (leaver == Leaver::edge_slider) {
    // 1 cm from the lower-right facet's edge x = 0.1, sliding towards it at 1 m/s (friction takes
    // ~5 % of that before the edge).
    sphere(0.09, -0.04, Vec3d(1, 0, 0));
  }
  sim.set_gravity(Vec3d(0, 0, -g));
  sim.set_dt(dt);
  return sim;
}

bool same_bits(const Vec3d& a, const Vec3d& b) { return std::memcmp(a.data(), b.data(), sizeof(double) * 3) == 0; }
bool same_bits(const Quatd& a, const Quatd& b) {
  return std::memcmp(a.coeffs().data(), b.coeffs().data(), sizeof(double) * 4) == 0;
}

bool ledger_finite(const EnergyLedger& e) {
  bool ok = std::isfinite(e.kinetic_translational) && std::isfinite(e.kinetic_rotational) &&
            std::isfinite(e.gravity_potential) && std::isfinite(e.elastic) && std::isfinite(e.damping) &&
            std::isfinite(e.relative_error());
  for (double d : e.dissipated.by_kind) ok = ok && std::isfinite(d);
  return ok;
}

bool particles_finite(const Particles& p) {
  for (std::size_t i = 0; i < p.size(); ++i)
    if (!p.pos[i].allFinite() || !p.vel[i].allFinite() || !p.ang_vel[i].allFinite() || !p.force[i].allFinite() ||
        !p.torque[i].allFinite() || !p.ori[i].coeffs().allFinite())
      return false;
  return true;
}

std::optional<std::size_t> contact_of_leaver(const Sim& sim) {
  const auto& b = sim.other_contacts();
  for (std::size_t k = 0; k < b.size(); ++k)
    if (b.id1[k] == leaver_index || b.id2[k] == leaver_index) return k;
  return std::nullopt;
}

struct SideBySide {
  std::optional<std::uint64_t> ended;      // the step whose contact loop removed the leaver's contact
  std::size_t lane_before_end = 0;         // its index in the batch the step before
  std::size_t contacts_before = 0, contacts_after = 0;  // run A's other contacts around that step
  double ft_before_end = 0;                // |Ft| it held then
  Vec3d leaver_pos_at_end = Vec3d::Zero();
  std::size_t count_mismatches = 0;        // steps where A's contacts != B's + (leaver in contact)
  std::size_t returns = 0;                 // steps after the end with the leaver in contact again
  std::size_t bit_mismatches = 0;          // (step, stayer) pairs with any differing bit
  std::optional<std::uint64_t> first_bit_mismatch;
  std::size_t non_finite = 0;              // steps with a NaN or inf in either run
  double worst_energy = 0;                 // from the end on: largest |dA - dB| / tolerance over the kinds
  double worst_elastic = 0;                // from the end on: |E_A - E_B| / tolerance
  EnergySplit<double> end_step_difference; // dA - dB per kind in the end step
  Vec3d stayer_force = Vec3d::Zero();      // a resting stayer's contact force at the last step
};

// Steps A (scene with `leaver`) and B (without) side by side, comparing every stayer bit for bit
// after every step. Energies: the dissipation increments of A and B per kind, dX = D_X(n) - D_X(n-1),
// must agree from the end step on (from the step after it for a lane the law broke, since that
// lane ran and booked its release). Not bit for bit: the increment is recovered from the running
// sum to half an ulp of it, and the same lanes' terms are summed in another order in A (the
// removal swaps the last contact into the hole; the runs on both sides of a gone lane are summed
// apart), which moves the sum of 8 terms by at most 7 eps of it. Tolerance 16 eps (|D_A| + |D_B|)
// covers both; the elastic sums likewise, 16 eps (E_A + E_B).
SideBySide side_by_side(Leaver leaver, std::uint64_t steps) {
  Sim a = scene(leaver), b = scene(Leaver::none);
  constexpr double eps = std::numeric_limits<double>::epsilon();
  SideBySide out;
  EnergySplit<double> prev_a, prev_b;
  bool in_contact = true;
  std::size_t contacts_a = 0;
  double ft = 0;
  for (std::uint64_t n = 0; n < steps; ++n) {
    a.step(1, true);
    b.step(1, true);
    const std::optional<std::size_t> k = contact_of_leaver(a);
    if (n == 0) {
      EXPECT_TRUE(k.has_value()) << "the leaver starts in contact";
    }
    if (in_contact && !k) {
      out.ended = n;
      out.contacts_before = contacts_a;
      out.contacts_after = a.other_contacts().size();
      out.ft_before_end = ft;
      out.leaver_pos_at_end = a.particles().pos[leaver_index];
    } else if (!in_contact && k) {
      ++out.returns;
    }
    if (k) {
      out.lane_before_end = *k;
      ft = a.other_contacts().state[*k].ft.norm();
    }
    in_contact = k.has_value();
    contacts_a = a.other_contacts().size();
    if (contacts_a != b.other_contacts().size() + (k ? 1 : 0) || a.sphere_contacts().size() + b.sphere_contacts().size() != 0)
      ++out.count_mismatches;

    const Particles &pa = a.particles(), &pb = b.particles();
    for (std::uint32_t i = 3; i < leaver_index; ++i)
      if (!same_bits(pa.pos[i], pb.pos[i]) || !same_bits(pa.vel[i], pb.vel[i]) ||
          !same_bits(pa.ang_vel[i], pb.ang_vel[i]) || !same_bits(pa.force[i], pb.force[i]) ||
          !same_bits(pa.torque[i], pb.torque[i]) || !same_bits(pa.ori[i], pb.ori[i])) {
        ++out.bit_mismatches;
        if (!out.first_bit_mismatch) out.first_bit_mismatch = n;
      }
    if (!particles_finite(pa) || !particles_finite(pb) || !ledger_finite(a.energy()) || !ledger_finite(b.energy()))
      ++out.non_finite;

    const EnergySplit<double>&da = a.energy().dissipated, &db = b.energy().dissipated;
    if (out.ended && n == *out.ended)
      for (EnergyKind kind : all_energy_kinds)
        out.end_step_difference[kind] = (da[kind] - prev_a[kind]) - (db[kind] - prev_b[kind]);
    const bool gone_lane = leaver == Leaver::bead;
    if (out.ended && (n > *out.ended || (gone_lane && n == *out.ended))) {
      for (EnergyKind kind : all_energy_kinds) {
        if (kind == EnergyKind::released && n == *out.ended) continue;  // printed: see the bead test
        const double tol = 16 * eps * (std::abs(da[kind]) + std::abs(db[kind]));
        const double diff = std::abs((da[kind] - prev_a[kind]) - (db[kind] - prev_b[kind]));
        out.worst_energy = std::max(out.worst_energy, diff == 0 ? 0.0 : tol > 0 ? diff / tol : 1e300);
      }
      const double ea = a.energy().elastic, eb = b.energy().elastic;
      const double tol = 16 * eps * (std::abs(ea) + std::abs(eb));
      out.worst_elastic = std::max(out.worst_elastic, ea == eb ? 0.0 : tol > 0 ? std::abs(ea - eb) / tol : 1e300);
    }
    prev_a = da;
    prev_b = db;
  }
  out.stayer_force = a.particles().force[3];
  std::printf("energy at the last step: A relative error %.3e, plastic_shear %.6e J, released %.6e J; "
              "B relative error %.3e, plastic_shear %.6e J\n",
              a.energy().relative_error(), a.energy().dissipated[EnergyKind::plastic_shear],
              a.energy().dissipated[EnergyKind::released], b.energy().relative_error(),
              b.energy().dissipated[EnergyKind::plastic_shear]);
  return out;
}

void print(const char* what, const SideBySide& s) {
  if (s.ended)
    std::printf("%s: contact ended at step %llu (lane %zu of %zu, other contacts %zu -> %zu), leaver at (%.9f, %.3f, "
                "%.6f), |Ft| before %.4e N\n",
                what, static_cast<unsigned long long>(*s.ended), s.lane_before_end, s.contacts_before,
                s.contacts_before, s.contacts_after, s.leaver_pos_at_end.x(), s.leaver_pos_at_end.y(),
                s.leaver_pos_at_end.z(), s.ft_before_end);
  else
    std::printf("%s: contact never ended\n", what);
  std::printf("  count mismatches %zu, returns %zu, stayer bit mismatches %zu (first at step %lld), non-finite steps %zu\n",
              s.count_mismatches, s.returns, s.bit_mismatches,
              s.first_bit_mismatch ? static_cast<long long>(*s.first_bit_mismatch) : -1LL, s.non_finite);
  std::printf("  end step, A - B dissipation: plastic_shear %.3e J, released %.3e J; from then on worst energy "
              "%.3g, elastic %.3g of tolerance\n",
              s.end_step_difference[EnergyKind::plastic_shear], s.end_step_difference[EnergyKind::released],
              s.worst_energy, s.worst_elastic);
  std::printf("  resting stayer's contact force (%.3e, %.3e, %.9e) N, m g = %.9e N\n", s.stayer_force.x(),
              s.stayer_force.y(), s.stayer_force.z(), 4.0 / 3 * std::numbers::pi * r * r * r * rho * g);
}

// What both ways of ending must leave alone: the contact does not come back, A has one contact
// more than B until it ends, the stayers are B's bits, nothing is non-finite, and the energies
// after the end step are B's to the tolerance of side_by_side.
void expect_the_stayers_untouched(const SideBySide& s) {
  EXPECT_EQ(s.returns, 0u);
  EXPECT_EQ(s.count_mismatches, 0u);
  EXPECT_EQ(s.bit_mismatches, 0u);
  EXPECT_EQ(s.non_finite, 0u);
  EXPECT_LE(s.worst_energy, 1.0);
  EXPECT_LE(s.worst_elastic, 1.0);
}

// The bead's centre lands on the rod's end point at step 256 (exact dyadic positions, above): the
// pair has no normal, the lane is gone, and it stays gone as the bead slides along the shaft.
// The law must not run on it -- it would read the placeholder uN = 0, find no yield force and slip
// the whole tangential force, booking plastic_shear -- so A's plastic dissipation in the end step
// is B's. Today a gone contact books nothing at all: its tangential spring's energy
// (Ft^2 / (2 kt)) leaves the ledger unbooked, where laws/energy_kind.hpp says a removed contact's
// spring is "released"; the released difference is printed, not asserted, for that reason.
// A's ledger does not balance in this scene (relative error ~ -0.23 printed): the bead's prescribed
// translation works against its contact, and no ledger term books that work; it must stay finite.
TEST(OtherPairBlock, AContactWhoseShapesLoseTheirNormalEndsWithoutTheLawAndLeavesTheOtherContactsOfItsBlockBitIdentical) {
  const SideBySide s = side_by_side(Leaver::bead, 400);
  print("bead onto the rod", s);
  ASSERT_TRUE(s.ended.has_value()) << "the bead's contact never ended";
  EXPECT_EQ(*s.ended, 256u);
  EXPECT_EQ(s.contacts_after + 1, s.contacts_before);
  EXPECT_GT(s.lane_before_end, 0u) << "the gone lane should have stayers' lanes on both sides";
  EXPECT_LT(s.lane_before_end + 1, s.contacts_before);
  EXPECT_GT(s.ft_before_end, 0.0) << "the lane should hold a tangential force when it goes";
  expect_the_stayers_untouched(s);
}

// A sphere sliding off a facet looks like a gone lane but is one the law breaks: the slider's
// centre passes the edge x = 0.1 after ~330 steps, its contact turns round the edge and opens
// (uN > 0) a few steps later. The law ran on the lane and books its tangential spring as released
// in the end step (laws/linear_coulomb_law.hpp); the stayers do not notice.
TEST(OtherPairBlock, ASphereSlidingOffAFacetsEdgeIsBrokenByTheLawAndLeavesTheOtherContactsOfItsBlockBitIdentical) {
  const SideBySide s = side_by_side(Leaver::edge_slider, 400);
  print("slider off the edge", s);
  ASSERT_TRUE(s.ended.has_value()) << "the slider's contact never ended";
  EXPECT_GT(s.leaver_pos_at_end.x(), 0.1) << "it should end past the edge";
  EXPECT_EQ(s.contacts_after + 1, s.contacts_before);
  EXPECT_GT(s.lane_before_end, 0u);
  EXPECT_LT(s.lane_before_end + 1, s.contacts_before);
  EXPECT_GT(s.end_step_difference[EnergyKind::released], 0.0);
  expect_the_stayers_untouched(s);
}

}  // namespace
}  // namespace lawcheck::dynamics_other_pair_block_test
