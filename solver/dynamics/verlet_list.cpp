#include "dynamics/verlet_list.hpp"

#include <algorithm>

#include "geometry/contact_point.hpp"

namespace lawcheck {

// find_pairs lists each particle's pairs together, particles in ascending order (finite_ is): the
// finite part is sorted by sorting each particle's few pairs, then merged with the sorted pairs
// of the infinite shapes. A std::sort of all of them took ~25 ms of a Verlet rebuild of the 1e5
// packing (286 000 pairs; benchmarks/README.md "The Verlet rebuild"). If find_pairs ever lists
// otherwise, the check below sorts the whole finite part.
void VerletList::sort_candidates(std::size_t finite_end) {
  const auto begin = candidates_.begin(), mid = begin + static_cast<std::ptrdiff_t>(finite_end);
  for (auto run = begin; run != mid;) {
    const auto next = std::find_if(run, mid, [&](const IndexPair& c) { return c.first != run->first; });
    std::sort(run, next);
    run = next;
  }
  if (!std::is_sorted(begin, mid)) std::sort(begin, mid);
  std::sort(mid, candidates_.end());
  std::inplace_merge(begin, mid, candidates_.end());
}

bool VerletList::needs_rebuild(const Particles& p) const {
  if (rebuild_ || ref_pos_.size() != p.size()) return true;
  const double half = margin_ / 2;
  for (std::size_t i = 0; i < p.size(); ++i)
    if ((p.pos[i] - ref_pos_[i]).squaredNorm() > half * half) return true;
  return false;
}

void VerletList::build_candidates(const Particles& p, double margin, double reach) {
  margin_ = margin;
  const double distance = margin + reach;
  candidates_.clear();
  finite_.clear();
  infinite_.clear();
  for (std::uint32_t i = 0; i < p.size(); ++i) (p.is_infinite(i) ? infinite_ : finite_).push_back(i);
  grid_.find_pairs(p.pos, p.radius, finite_, distance, candidates_);
  const std::size_t finite_end = candidates_.size();
  for (auto w : infinite_)
    for (std::uint32_t i = 0; i < p.size(); ++i) {
      if (i == w || (p.is_static(i) && p.is_static(w))) continue;
      const auto a = std::min(i, w), b = std::max(i, w);
      if (contact_point(p.shape[a], {p.pos[a], p.ori[a]}, p.shape[b], {p.pos[b], p.ori[b]}, distance))
        candidates_.emplace_back(a, b);
    }
  sort_candidates(finite_end);
  // Static pairs never interact (erase_if keeps the order).
  std::erase_if(candidates_, [&](const IndexPair& c) { return p.is_static(c.first) && p.is_static(c.second); });
  in_contact_.assign(candidates_.size(), 0);
  ref_pos_ = p.pos;
  rebuild_ = false;
}

}  // namespace lawcheck
