#pragma once
// Broad phase: which pairs of bounding spheres are within `margin` of touching,
//   |c_i - c_j| - r_i - r_j <= margin.
// A uniform cell grid with cell size h >= max(2 r) + margin: any such pair lies in the same or
// adjacent cells, so each particle checks the 27 cells around its own. Particles are bucketed by
// a counting sort (no per-cell allocation); the grid is capped at ~2 cells per particle (h grows
// when the packing is sparse), which keeps memory O(N) and the work O(N) for a packing of
// similar sizes (the case of ~1e5 spheres). Infinite shapes (walls, infinite cylinders) are not
// in the grid: the caller pairs them with everything (they are few).

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "core/vector_types.hpp"
#include "dynamics/team_runs.hpp"

namespace lawcheck {

using IndexPair = std::pair<std::uint32_t, std::uint32_t>;  // first < second

class CellGrid {
public:
  // Appends to `out` every pair (i < j) of the listed particles whose bounding spheres are within
  // `margin`, each particle's pairs together, particles in the order of `ids`. `ids` selects the
  // particles taking part (finite shapes); centers/radii are indexed by particle id. On up to
  // `threads` OpenMP threads from `threaded_from` particles on; the same list on any number.
  // Buffers are reused between calls.
  void find_pairs(std::span<const Vec3d> centers, std::span<const double> radii,
                  std::span<const std::uint32_t> ids, double margin, std::vector<IndexPair>& out,
                  int threads = 1);

  // Below this many particles the pairs are listed on one thread: a team would cost more than it saves.
  static constexpr std::size_t threaded_from = 4096;

private:
  std::vector<std::uint32_t> cell_of_;  // per entry of ids
  std::vector<std::uint32_t> start_;    // counting-sort offsets, one per cell + 1
  std::vector<std::uint32_t> cursor_;   // fill position per cell during the sort
  std::vector<std::uint32_t> sorted_;   // entries of ids, grouped by cell
  TeamLists<IndexPair> runs_;           // per member of the team: its run's pairs
};

// O(N^2) reference with the same criterion, for tests.
std::vector<IndexPair> brute_force_pairs(std::span<const Vec3d> centers, std::span<const double> radii,
                                         std::span<const std::uint32_t> ids, double margin);

}  // namespace lawcheck
