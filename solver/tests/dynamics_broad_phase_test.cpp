// The cell-grid broad phase finds exactly the pairs an O(N^2) search finds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

#include "dynamics/broad_phase.hpp"

namespace lawcheck::dynamics_broad_phase_test {
namespace {

struct Packing {
  std::vector<Vec3d> centers;
  std::vector<double> radii;
  std::vector<std::uint32_t> ids;
};

// N spheres with radii in [r/2, 3r/2], uniform in a box sized for a solid fraction of ~0.5
// (many overlaps and near misses around the margin).
Packing random_packing(std::size_t n, double r, unsigned seed) {
  std::mt19937_64 rng(seed);
  const double side = std::cbrt(static_cast<double>(n) * 4.19 * r * r * r / 0.5);
  std::uniform_real_distribution<double> pos(0, side), rad(r / 2, 1.5 * r);
  Packing p;
  for (std::uint32_t i = 0; i < n; ++i) {
    p.centers.emplace_back(pos(rng), pos(rng), pos(rng));
    p.radii.push_back(rad(rng));
    p.ids.push_back(i);
  }
  return p;
}

void expect_same_pairs(const Packing& p, double margin, const char* label) {
  CellGrid grid;
  std::vector<IndexPair> found;
  grid.find_pairs(p.centers, p.radii, p.ids, margin, found);
  std::vector<IndexPair> reference = brute_force_pairs(p.centers, p.radii, p.ids, margin);
  std::sort(found.begin(), found.end());
  std::sort(reference.begin(), reference.end());
  const auto dup = std::adjacent_find(found.begin(), found.end());
  std::printf("%-28s N = %zu, margin %.3g: grid %zu pairs, brute force %zu pairs, duplicates %s\n", label,
              p.ids.size(), margin, found.size(), reference.size(), dup == found.end() ? "none" : "FOUND");
  EXPECT_EQ(dup, found.end());
  EXPECT_EQ(found, reference);
}

TEST(BroadPhase, CellGridFindsExactlyTheBruteForcePairsOnARandomPacking) {
  for (unsigned seed : {1u, 2u}) {
    const Packing p = random_packing(2000, 0.01, seed);
    expect_same_pairs(p, 0.0, "dense, no margin");
    expect_same_pairs(p, 0.002, "dense, margin r/5");
  }
}

TEST(BroadPhase, CellGridStaysExactWhenAnOutlierStretchesTheGrid) {
  // One particle far away makes the grid coarsen (cell cap); pairs must not be lost.
  Packing p = random_packing(2000, 0.01, 7);
  p.centers[5] = Vec3d(1e6, -1e6, 3e5);
  expect_same_pairs(p, 0.001, "outlier at 1e6");
}

TEST(BroadPhase, CellGridHandlesASubsetOfParticles) {
  Packing p = random_packing(1500, 0.01, 11);
  std::vector<std::uint32_t> odd;
  for (std::uint32_t i = 1; i < p.ids.size(); i += 2) odd.push_back(i);
  p.ids = odd;
  expect_same_pairs(p, 0.001, "odd ids only");
}

// On a team the particles are split into runs whose pairs are appended in run order: the list
// must be the serial one, element for element (each particle's pairs together, particles in the
// order of ids), which the Verlet list's sort relies on for its fast path.
TEST(BroadPhase, CellGridListsTheSamePairsInTheSameOrderOnOneAndTwoThreads) {
  const Packing p = random_packing(4 * CellGrid::threaded_from, 0.01, 3);
  CellGrid grid;
  std::vector<IndexPair> serial, threaded;
  grid.find_pairs(p.centers, p.radii, p.ids, 0.002, serial, 1);
  grid.find_pairs(p.centers, p.radii, p.ids, 0.002, threaded, 2);
  std::printf("N = %zu: %zu pairs on one thread, %zu on two\n", p.ids.size(), serial.size(), threaded.size());
  ASSERT_GT(serial.size(), p.ids.size());
  EXPECT_EQ(threaded, serial);
}

}  // namespace
}  // namespace lawcheck::dynamics_broad_phase_test
