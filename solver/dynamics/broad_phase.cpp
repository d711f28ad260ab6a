#include "dynamics/broad_phase.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "dynamics/state_error.hpp"

namespace lawcheck {

namespace {

bool near(const Vec3d& ci, double ri, const Vec3d& cj, double rj, double margin) {
  const double reach = ri + rj + margin;
  return (cj - ci).squaredNorm() <= reach * reach;
}

// The grid's placement: cell (x, y, z) covers lo + h [x, x + 1) x [y, y + 1) x [z, z + 1).
struct Grid {
  Vec3d lo;
  double h;
  std::array<std::int64_t, 3> dims;

  std::int64_t coord(const Vec3d& c, int k) const {
    const double q = std::floor((c[k] - lo[k]) / h);
    return std::clamp(static_cast<std::int64_t>(q), std::int64_t{0}, dims[static_cast<std::size_t>(k)] - 1);
  }
  std::uint32_t flat(std::int64_t x, std::int64_t y, std::int64_t z) const {
    return static_cast<std::uint32_t>((z * dims[1] + y) * dims[0] + x);
  }
};

// The pairs (i, j > i) of entries e0 .. e1 - 1 of ids, particle by particle: the 27 cells around
// each one's own (start/sorted: the entries grouped by cell). The grid comes by value, so that its
// numbers stay in registers across the appends.
void append_pairs(const Grid g, std::span<const Vec3d> centers, std::span<const double> radii,
                  std::span<const std::uint32_t> ids, const std::uint32_t* start, const std::uint32_t* sorted,
                  double margin, std::size_t e0, std::size_t e1, std::vector<IndexPair>& found) {
  for (std::size_t e = e0; e < e1; ++e) {
    const std::uint32_t i = ids[e];
    const Vec3d& ci = centers[i];
    const std::int64_t cx = g.coord(ci, 0), cy = g.coord(ci, 1), cz = g.coord(ci, 2);
    for (std::int64_t z = std::max<std::int64_t>(cz - 1, 0); z <= std::min(cz + 1, g.dims[2] - 1); ++z)
      for (std::int64_t y = std::max<std::int64_t>(cy - 1, 0); y <= std::min(cy + 1, g.dims[1] - 1); ++y)
        for (std::int64_t x = std::max<std::int64_t>(cx - 1, 0); x <= std::min(cx + 1, g.dims[0] - 1); ++x) {
          const std::uint32_t cell = g.flat(x, y, z);
          for (std::uint32_t s = start[cell]; s < start[cell + 1]; ++s) {
            const std::uint32_t j = sorted[s];
            if (j > i && near(ci, radii[i], centers[j], radii[j], margin)) found.emplace_back(i, j);
          }
        }
  }
}

}  // namespace

void CellGrid::find_pairs(std::span<const Vec3d> centers, std::span<const double> radii,
                          std::span<const std::uint32_t> ids, double margin, std::vector<IndexPair>& out,
                          int threads) {
  const std::size_t n = ids.size();
  if (n < 2) return;
  Vec3d lo = centers[ids[0]], hi = lo;
  double max_r = 0;
  for (auto id : ids) {
    lo = lo.cwiseMin(centers[id]);
    hi = hi.cwiseMax(centers[id]);
    max_r = std::max(max_r, radii[id]);
  }
  // Cell size: at least the largest interaction reach, and large enough that the grid has at most
  // ~2n cells (computed in double so that a huge extent cannot overflow an integer).
  double h = 2 * max_r + margin;
  const Vec3d extent = hi - lo;
  if (!extent.allFinite())
    throw StateError("broad phase: particle positions span more than the range of double");
  const double max_cells = 2.0 * static_cast<double>(n) + 8;
  auto cells_for = [&](double hh) {
    double c = 1;
    for (int k = 0; k < 3; ++k) c *= std::floor(extent[k] / hh) + 1;
    return c;
  };
  if (!(h > 0)) h = 1;
  while (cells_for(h) > max_cells) h *= 1.26;  // ~cube root of 2: the count halves per turn
  Grid g{lo, h, {}};
  for (int k = 0; k < 3; ++k)
    g.dims[static_cast<std::size_t>(k)] = static_cast<std::int64_t>(std::floor(extent[k] / h)) + 1;
  const std::int64_t ncells = g.dims[0] * g.dims[1] * g.dims[2];

  cell_of_.resize(n);
  start_.assign(static_cast<std::size_t>(ncells) + 1, 0);
  for (std::size_t e = 0; e < n; ++e) {
    const Vec3d& c = centers[ids[e]];
    cell_of_[e] = g.flat(g.coord(c, 0), g.coord(c, 1), g.coord(c, 2));
    ++start_[cell_of_[e] + 1];
  }
  for (std::size_t c = 0; c < static_cast<std::size_t>(ncells); ++c) start_[c + 1] += start_[c];
  sorted_.resize(n);
  cursor_.assign(start_.begin(), start_.end() - 1);
  for (std::size_t e = 0; e < n; ++e) sorted_[cursor_[cell_of_[e]]++] = ids[e];

  // On a team, each member lists a contiguous run of particles (dynamics/team_runs.hpp).
  const auto error = collect_on_team(n < threaded_from ? 1 : threads, n, runs_, out,
                                     [&](std::size_t e0, std::size_t e1, std::vector<IndexPair>& found) {
                                       append_pairs(g, centers, radii, ids, start_.data(), sorted_.data(), margin,
                                                    e0, e1, found);
                                     });
  if (error) std::rethrow_exception(error);
}

std::vector<IndexPair> brute_force_pairs(std::span<const Vec3d> centers, std::span<const double> radii,
                                         std::span<const std::uint32_t> ids, double margin) {
  std::vector<IndexPair> out;
  for (std::size_t a = 0; a < ids.size(); ++a)
    for (std::size_t b = 0; b < ids.size(); ++b) {
      const auto i = ids[a], j = ids[b];
      if (i < j && near(centers[i], radii[i], centers[j], radii[j], margin)) out.emplace_back(i, j);
    }
  return out;
}

}  // namespace lawcheck
