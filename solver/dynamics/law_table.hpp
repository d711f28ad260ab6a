#pragma once
// Which law governs a contact, chosen per pair of materials when the contact is created
// (Woo's dispatch by material types, LAMMPS's per-type-pair pair_coeff). Default: law 0 for every
// pair; set() overrides one unordered pair.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace lawcheck {

class LawTable {
public:
  void set(std::size_t m1, std::size_t m2, std::uint8_t law) {
    for (auto& o : overrides_)
      if ((o.m1 == m1 && o.m2 == m2) || (o.m1 == m2 && o.m2 == m1)) {
        o.law = law;
        return;
      }
    overrides_.push_back({m1, m2, law});
  }

  // Dense table for `materials` materials; call after materials or overrides changed.
  void build(std::size_t materials) {
    n_ = materials;
    table_.assign(n_ * n_, 0);
    for (const auto& o : overrides_)
      if (o.m1 < n_ && o.m2 < n_) table_[o.m1 * n_ + o.m2] = table_[o.m2 * n_ + o.m1] = o.law;
  }
  std::size_t materials() const { return n_; }

  std::uint8_t operator()(std::size_t m1, std::size_t m2) const { return table_[m1 * n_ + m2]; }

private:
  struct Override {
    std::size_t m1, m2;
    std::uint8_t law;
  };
  std::vector<Override> overrides_;
  std::vector<std::uint8_t> table_;
  std::size_t n_ = 0;
};

}  // namespace lawcheck
