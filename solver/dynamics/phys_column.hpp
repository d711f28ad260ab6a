#pragma once
// The physics column of a ContactBatch: what each contact keeps of its law's Phys.
// - Any law: the whole Phys per contact.
// - A PairSplitLaw (laws/contact_law.hpp): only Phys::PerContact and the index of the contact's
//   ordered material pair (material of id1 x count + material of id2); the materials' part sits
//   once per pair in a table the solver fills (set_pairs) whenever the materials or the law table
//   change. The linear law keeps 8 + 4 bytes instead of 24 (a contact's record is held to <= 80 bytes).
// Either way, phys[k] is the contact's Phys as make_phys built it, bit for bit.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "dynamics/column_permutation.hpp"
#include "dynamics/contact_block.hpp"
#include "laws/contact_law.hpp"

namespace lawcheck {

template <SolverLaw Law>
class PhysColumn {
public:
  using Phys = typename Law::Phys;
  static constexpr std::size_t bytes_per_contact = sizeof(Phys);

  const Phys& operator[](std::size_t k) const { return whole_[k]; }
  // Contacts k0 .. k0 + m - 1 for the law pass (dynamics/contact_block.hpp): here the column
  // itself, no copy.
  ArrayPhysLanes<Phys> lanes(std::size_t k0, std::size_t /*m*/, ContactBlock& /*block*/) const {
    return {whole_.data() + k0};
  }
  void reserve(std::size_t n) { whole_.reserve(n); }
  void push_back(const Phys& ph, std::uint32_t /*pair*/) { whole_.push_back(ph); }
  void pop_back() { whole_.pop_back(); }
  void move(std::size_t to, std::size_t from) { whole_[to] = whole_[from]; }
  template <class From>
  void permute(const From& from) {
    permute_column(whole_, from);
  }

private:
  std::vector<Phys> whole_;
};

template <PairSplitLaw Law>
class PhysColumn<Law> {
public:
  using Phys = typename Law::Phys;
  using PerPair = typename Phys::PerPair;
  using PerContact = typename Phys::PerContact;
  static constexpr std::size_t bytes_per_contact = sizeof(PerContact) + sizeof(std::uint32_t);

  Phys operator[](std::size_t k) const { return Phys::joined(pairs_[pair_[k]], rest_[k]); }
  // Contacts k0 .. k0 + m - 1 joined into the block's physics words (ContactBlock::phys), for the
  // law pass (dynamics/contact_block.hpp, BlockPhysLanes): a short loop before it. Joined inside
  // the law's own loop, GCC 12 vectorises that loop no more (tried: the 4-byte index sizes the
  // vectors for 16 lanes, which no double vector has).
  BlockPhysLanes<Phys> lanes(std::size_t k0, std::size_t m, ContactBlock& block) const {
    for (std::size_t l = 0; l < m; ++l) BlockPhysLanes<Phys>::store(block, l, (*this)[k0 + l]);
    return {};
  }
  void reserve(std::size_t n) {
    rest_.reserve(n);
    pair_.reserve(n);
  }
  void push_back(const Phys& ph, std::uint32_t pair) {
    rest_.push_back(ph.per_contact());
    pair_.push_back(pair);
  }
  void pop_back() {
    rest_.pop_back();
    pair_.pop_back();
  }
  void move(std::size_t to, std::size_t from) {
    rest_[to] = rest_[from];
    pair_[to] = pair_[from];
  }
  template <class From>
  void permute(const From& from) {
    permute_column(rest_, from);
    permute_column(pair_, from);
  }

  // The materials' part per ordered pair, and each contact's pair index again (the material count,
  // hence the indexing, may have changed): pair_of(k) gives contact k's index in `pairs`.
  template <class PairOf>
  void set_pairs(std::vector<PerPair> pairs, PairOf pair_of) {
    pairs_ = std::move(pairs);
    for (std::size_t k = 0; k < pair_.size(); ++k) pair_[k] = pair_of(k);
  }

private:
  std::vector<PerContact> rest_;
  std::vector<std::uint32_t> pair_;
  std::vector<PerPair> pairs_;
};

}  // namespace lawcheck
