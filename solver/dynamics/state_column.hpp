#pragma once
// A law's per-contact State as a structure of arrays: the State's bytes cut into 8-byte
// words (dynamics/words.hpp), one array per word, so that the law pass (dynamics/contact_block.hpp)
// loads and stores lane after lane of each word with whole vector loads and stores. Kept as an
// array of States, the linear law's 24-byte records (ft.y, ft.z, fy) cost the vectorised pass
// permutes and blends to take every record apart into lanes and put it back.
//
// column[k] gives contact k's State by value; the law pass writes through lanes(k0).

#include <array>
#include <cstddef>
#include <cstring>
#include <vector>

#include "dynamics/column_permutation.hpp"
#include "dynamics/words.hpp"

namespace lawcheck {

template <class State>
class StateColumn {
  using W = Words<State>;

public:
  static constexpr std::size_t words = W::count;
  static constexpr std::size_t bytes_per_contact = words * sizeof(double);

  // The columns from contact k0 on, for a pass over lanes l = 0, 1, ... (contact k0 + l).
  class Lanes {
  public:
    [[gnu::always_inline]] State load(std::size_t l) const { return W::gather(col_, l); }
    [[gnu::always_inline]] void store(std::size_t l, const State& s) const {
      for (std::size_t c = 0; c < words; ++c) col_[c][l] = W::get(s, c);
    }

  private:
    friend class StateColumn;
    std::array<double*, words> col_;
  };

  std::size_t size() const { return col_[0].size(); }
  void reserve(std::size_t n) {
    for (auto& c : col_) c.reserve(n);
  }
  State operator[](std::size_t k) const { return W::gather(col_, k); }
  void push_back(const State& s) {
    for (std::size_t c = 0; c < words; ++c) col_[c].push_back(W::get(s, c));
  }
  void pop_back() {
    for (auto& c : col_) c.pop_back();
  }
  void move(std::size_t to, std::size_t from) {
    for (auto& c : col_) c[to] = c[from];
  }
  template <class From>
  void permute(const From& from) {
    for (auto& c : col_) permute_column(c, from);
  }
  // Bit for bit the same contacts' states: the words' bytes, not their values as doubles (a NaN
  // word equals itself, -0 and +0 differ).
  friend bool operator==(const StateColumn& a, const StateColumn& b) {
    for (std::size_t c = 0; c < words; ++c)
      if (a.col_[c].size() != b.col_[c].size() ||
          (!a.col_[c].empty() &&
           std::memcmp(a.col_[c].data(), b.col_[c].data(), a.col_[c].size() * sizeof(double)) != 0))
        return false;
    return true;
  }
  Lanes lanes(std::size_t k0) {
    Lanes v;
    for (std::size_t c = 0; c < words; ++c) v.col_[c] = col_[c].data() + k0;
    return v;
  }

private:
  std::array<std::vector<double>, words> col_;
};

}  // namespace lawcheck
