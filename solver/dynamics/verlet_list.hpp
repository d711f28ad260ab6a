#pragma once
// Verlet list of candidate pairs: the simulation's broad phase.
// The list holds every pair whose bounding shapes are within `reach + margin` of touching, where
// reach is the largest distance at which any law of the simulation forms a contact. It is rebuilt
// when some particle moved more than margin/2 since the last build: two particles then approach
// by at most `margin`, so no pair that may form a contact before the next rebuild is missed.
// Each candidate carries an in-contact flag, which keeps detection from creating a contact twice
// without a hash lookup per candidate and step; candidates are sorted so that a contact finds its
// own by binary search.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "dynamics/broad_phase.hpp"
#include "dynamics/particles.hpp"

namespace lawcheck {

class VerletList {
public:
  static constexpr std::size_t npos = std::numeric_limits<std::size_t>::max();

  void invalidate() { rebuild_ = true; }
  bool needs_rebuild(const Particles& p) const;

  // Rebuilds the list for pairs within `reach + margin`; then `for_each_batch(mark)` must call
  // mark(id1, id2) with the particle ids of every existing contact, one batch at a time, each
  // batch in ascending (id1, id2) order (ContactBatch::sort_by_particles), so that their
  // candidates are flagged: one walk along the candidates per batch (a binary search per contact
  // took ~12 ms of a rebuild of the 1e5 packing). On up to `threads` OpenMP threads; the same list
  // on any number.
  template <class ForEachBatch>
  void rebuild(const Particles& p, double margin, double reach, int threads, ForEachBatch&& for_each_batch) {
    build_candidates(p, margin, reach, threads);
    for_each_batch([&](std::span<const std::uint32_t> id1, std::span<const std::uint32_t> id2) {
      set_in_contact_sorted(id1, id2);
    });
  }

  std::size_t size() const { return candidates_.size(); }
  const IndexPair& operator[](std::size_t c) const { return candidates_[c]; }
  bool in_contact(std::size_t c) const { return in_contact_[c] != 0; }
  void set_in_contact(std::size_t c, bool value) { in_contact_[c] = value ? 1 : 0; }
  // By particle ids; a pair that is not a candidate (it came closer than the list foresaw) is
  // ignored, the next rebuild finds it.
  void set_in_contact(std::uint32_t i, std::uint32_t j, bool value) {
    if (const std::size_t c = index_of(i, j); c != npos) set_in_contact(c, value);
  }
  // Flags the candidates (id1[k], id2[k]), given in ascending order, by one walk along the
  // candidates; a pair that is not a candidate is ignored, as by set_in_contact. Throws
  // std::logic_error if the pairs are not in ascending order.
  void set_in_contact_sorted(std::span<const std::uint32_t> id1, std::span<const std::uint32_t> id2);
  std::size_t index_of(std::uint32_t i, std::uint32_t j) const {
    const IndexPair pair{i, j};
    const auto it = std::lower_bound(candidates_.begin(), candidates_.end(), pair);
    return it != candidates_.end() && *it == pair ? static_cast<std::size_t>(it - candidates_.begin()) : npos;
  }
  void reserve(std::size_t n) { candidates_.reserve(n); }

private:
  void build_candidates(const Particles& p, double margin, double reach, int threads);
  void sort_candidates(std::size_t finite_end);  // finite_end: where the infinite shapes' pairs start

  CellGrid grid_;
  std::vector<IndexPair> candidates_;
  std::vector<std::uint8_t> in_contact_;
  std::vector<std::uint32_t> finite_, infinite_;
  TeamLists<IndexPair> runs_;  // per member of the team: its run's infinite-shape pairs
  std::vector<Vec3d> ref_pos_;
  double margin_ = 0;
  bool rebuild_ = true;
};

}  // namespace lawcheck
