#include "dynamics/verlet_list.hpp"

#include "geometry/contact_point.hpp"

namespace lawcheck {

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
  for (auto w : infinite_)
    for (std::uint32_t i = 0; i < p.size(); ++i) {
      if (i == w || (p.is_static(i) && p.is_static(w))) continue;
      const auto a = std::min(i, w), b = std::max(i, w);
      if (contact_point(p.shape[a], {p.pos[a], p.ori[a]}, p.shape[b], {p.pos[b], p.ori[b]}, distance))
        candidates_.emplace_back(a, b);
    }
  // Static pairs never interact.
  std::erase_if(candidates_, [&](const IndexPair& c) { return p.is_static(c.first) && p.is_static(c.second); });
  std::sort(candidates_.begin(), candidates_.end());
  in_contact_.assign(candidates_.size(), 0);
  ref_pos_ = p.pos;
  rebuild_ = false;
}

}  // namespace lawcheck
