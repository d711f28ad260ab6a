#include "dynamics/verlet_list.hpp"

#include <algorithm>
#include <stdexcept>

#include "geometry/contact_point.hpp"

namespace lawcheck {

// find_pairs lists each particle's pairs together, particles in ascending order (finite_ is): the
// finite part is sorted by sorting each particle's few pairs, then merged with the sorted pairs
// of the infinite shapes, which costs a rebuild far less than a std::sort of all of them. If
// find_pairs ever lists
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

void VerletList::set_in_contact_sorted(std::span<const std::uint32_t> id1, std::span<const std::uint32_t> id2) {
  std::size_t c = 0;
  IndexPair previous{0, 0};
  for (std::size_t k = 0; k < id1.size(); ++k) {
    const IndexPair pair{id1[k], id2[k]};
    if (pair < previous) throw std::logic_error("VerletList::set_in_contact_sorted: contacts not in ascending order");
    previous = pair;
    while (c < candidates_.size() && candidates_[c] < pair) ++c;
    if (c < candidates_.size() && candidates_[c] == pair) in_contact_[c] = 1;
  }
}

bool VerletList::needs_rebuild(const Particles& p) const {
  if (rebuild_ || ref_pos_.size() != p.size()) return true;
  const double half = margin_ / 2;
  for (std::size_t i = 0; i < p.size(); ++i)
    if ((p.pos[i] - ref_pos_[i]).squaredNorm() > half * half) return true;
  return false;
}

void VerletList::build_candidates(const Particles& p, double margin, double reach, int threads) {
  margin_ = margin;
  const double distance = margin + reach;
  candidates_.clear();
  finite_.clear();
  infinite_.clear();
  for (std::uint32_t i = 0; i < p.size(); ++i) (p.is_infinite(i) ? infinite_ : finite_).push_back(i);
  grid_.find_pairs(p.pos, p.radius, finite_, distance, candidates_, threads);
  const std::size_t finite_end = candidates_.size();
  // Each infinite shape w against every particle i, item q = w's index * N + i: the team's runs
  // in member order are the serial loop's order (dynamics/team_runs.hpp).
  const std::size_t n = p.size(), items = infinite_.size() * n;
  const auto pairs_of = [&](std::size_t q0, std::size_t q1, std::vector<IndexPair>& found) {
    for (std::size_t q = q0; q < q1;) {
      const std::size_t k = q / n, end = std::min(q1, (k + 1) * n);  // one division per shape
      const std::uint32_t w = infinite_[k];
      for (; q < end; ++q) {
        const auto i = static_cast<std::uint32_t>(q - k * n);
        if (i == w || (p.is_static(i) && p.is_static(w))) continue;
        const auto a = std::min(i, w), b = std::max(i, w);
        if (contact_point(p.shape[a], {p.pos[a], p.ori[a]}, p.shape[b], {p.pos[b], p.ori[b]}, distance))
          found.emplace_back(a, b);
      }
    }
  };
  if (const auto error = collect_on_team(items < CellGrid::threaded_from ? 1 : threads, items, runs_, candidates_, pairs_of))
    std::rethrow_exception(error);
  sort_candidates(finite_end);
  // Static pairs never interact (erase_if keeps the order).
  std::erase_if(candidates_, [&](const IndexPair& c) { return p.is_static(c.first) && p.is_static(c.second); });
  in_contact_.assign(candidates_.size(), 0);
  ref_pos_ = p.pos;
  rebuild_ = false;
}

}  // namespace lawcheck
