// The full step on a many-sphere system: the Verlet-list broad phase never misses a contact (the
// threads are dynamics_threads_test.cpp's business).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <utility>
#include <vector>

#include "dynamics/simulation.hpp"
#include "gas_scene.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::dynamics_packing_test {
namespace {

using Sim = Simulation<LinearCoulombLaw<double>>;

// Pairs whose shapes overlap (uN <= 0) at the given positions, by brute force.
std::set<std::pair<std::uint32_t, std::uint32_t>> overlapping(const Particles& P, const std::vector<Vec3d>& pos) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> out;
  for (std::uint32_t i = 0; i < P.size(); ++i)
    for (std::uint32_t j = i + 1; j < P.size(); ++j) {
      if (P.is_static(i) && P.is_static(j)) continue;
      const auto cp = contact_point(P.shape[i], {pos[i], P.ori[i]}, P.shape[j], {pos[j], P.ori[j]}, 0);
      if (cp) out.emplace(i, j);
    }
  return out;
}

std::set<std::pair<std::uint32_t, std::uint32_t>> contacts(const Sim& sim) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> out;
  for (const auto* b : {&sim.sphere_contacts(), &sim.other_contacts()})
    for (std::size_t k = 0; k < b->size(); ++k) out.emplace(b->id1[k], b->id2[k]);
  return out;
}

TEST(Simulation, ContactsAfterEveryStepAreExactlyThePairsThatOverlappedAtItsStart) {
  Sim sim = test_scenes::collapsing_gas(300, 3, 9.81);
  std::size_t worst_missing = 0, worst_extra = 0, max_contacts = 0, checked = 0;
  for (int s = 0; s < 1500; ++s) {
    if (s % 50 != 0) {
      sim.step();
      continue;
    }
    const std::vector<Vec3d> before = sim.particles().pos;
    sim.step();
    // A contact exists after step n iff its shapes overlapped at x_n (created at uN <= 0 there, or
    // kept because the law saw uN <= 0): compare with an O(N^2) search at x_n.
    const auto expected = overlapping(sim.particles(), before);
    const auto found = contacts(sim);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> missing, extra;
    std::set_difference(expected.begin(), expected.end(), found.begin(), found.end(), std::back_inserter(missing));
    std::set_difference(found.begin(), found.end(), expected.begin(), expected.end(), std::back_inserter(extra));
    worst_missing = std::max(worst_missing, missing.size());
    worst_extra = std::max(worst_extra, extra.size());
    max_contacts = std::max(max_contacts, found.size());
    ++checked;
  }
  std::printf("%zu checks over %llu steps (dt %.3e s): up to %zu contacts; worst missing %zu, worst extra %zu; "
              "per-contact state %zu B\n",
              checked, static_cast<unsigned long long>(sim.steps()), sim.dt(), max_contacts, worst_missing,
              worst_extra, ContactBatch<LinearCoulombLaw<double>>::bytes_per_contact);
  EXPECT_GT(max_contacts, 100u);
  EXPECT_EQ(worst_missing, 0u);
  EXPECT_EQ(worst_extra, 0u);
}

}  // namespace
}  // namespace lawcheck::dynamics_packing_test
