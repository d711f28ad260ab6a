#pragma once
// A law's per-contact State as a structure of arrays (issue 12): the State's bytes cut into 8-byte
// words, one array per word, so that the law pass (dynamics/contact_block.hpp) loads and stores
// lane after lane of each word with whole vector loads and stores. Kept as an array of States,
// the linear law's 24-byte records (ft.y, ft.z, fy) cost the vectorised pass ~20 permutes and
// blends per 4 contacts to take apart and put back. On an AVX2 host: the law pass alone 5.2 ->
// 3.2-3.6 ns per contact, law_kernel 5.1-5.3 -> 4.3 ns, contact_step -16..-20 % (benchmarks/README.md,
// "The law's state as columns").
//
// A lane is copied into a State and back with std::memcpy (the compiler keeps the words in
// registers), whatever the members; padding travels as it is.
// column[k] gives contact k's State by value; the law pass writes through lanes(k0).

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace lawcheck {

template <class State>
class StateColumn {
  // A lane is its State's bytes: the State must be values whose copy is a copy of their bytes.
  // Eigen's fixed-size vectors (the laws' states hold some) are such values, a plain array inside,
  // but not trivially copyable by the letter (Eigen declares their copy constructor), so the check
  // is the part the compiler can make: standard layout, nothing to destroy.
  static_assert(std::is_standard_layout_v<State> && std::is_trivially_destructible_v<State>,
                "a State is copied byte for byte");

public:
  static constexpr std::size_t words = (sizeof(State) + 7) / 8;
  static constexpr std::size_t bytes_per_contact = words * sizeof(std::uint64_t);

  // The columns from contact k0 on, for a pass over lanes l = 0, 1, ... (contact k0 + l).
  class Lanes {
  public:
    [[gnu::always_inline]] State load(std::size_t l) const { return gather(col_, l); }
    [[gnu::always_inline]] void store(std::size_t l, const State& s) const {
      for (std::size_t c = 0; c < words; ++c) col_[c][l] = word(s, c);
    }

  private:
    friend class StateColumn;
    std::array<std::uint64_t*, words> col_;
  };

  std::size_t size() const { return col_[0].size(); }
  void reserve(std::size_t n) {
    for (auto& c : col_) c.reserve(n);
  }
  State operator[](std::size_t k) const { return gather(col_, k); }
  void push_back(const State& s) {
    for (std::size_t c = 0; c < words; ++c) col_[c].push_back(word(s, c));
  }
  void pop_back() {
    for (auto& c : col_) c.pop_back();
  }
  void move(std::size_t to, std::size_t from) {
    for (auto& c : col_) c[to] = c[from];
  }
  // Bit for bit the same contacts' states (NaN-safe: the words, not the values).
  friend bool operator==(const StateColumn& a, const StateColumn& b) { return a.col_ == b.col_; }
  Lanes lanes(std::size_t k0) {
    Lanes v;
    for (std::size_t c = 0; c < words; ++c) v.col_[c] = col_[c].data() + k0;
    return v;
  }

private:
  // Word c of a State: its bytes 8 c .. 8 c + 7 (the last word's bytes past sizeof(State) zero).
  static constexpr std::size_t word_bytes(std::size_t c) {
    return c + 1 < words ? sizeof(std::uint64_t) : sizeof(State) - c * sizeof(std::uint64_t);
  }
  [[gnu::always_inline]] static std::uint64_t word(const State& s, std::size_t c) {
    std::uint64_t w = 0;
    std::memcpy(&w, reinterpret_cast<const unsigned char*>(&s) + c * sizeof(std::uint64_t), word_bytes(c));
    return w;
  }
  [[gnu::always_inline]] static void put_word(State& s, std::size_t c, std::uint64_t w) {
    std::memcpy(reinterpret_cast<unsigned char*>(&s) + c * sizeof(std::uint64_t), &w, word_bytes(c));
  }
  // Contact k's State from columns col[c] (the stored vectors, or a pass's pointers).
  template <class Columns>
  [[gnu::always_inline]] static State gather(const Columns& col, std::size_t k) {
    State s;
    for (std::size_t c = 0; c < words; ++c) put_word(s, c, col[c][k]);
    return s;
  }

  std::array<std::vector<std::uint64_t>, words> col_;
};

}  // namespace lawcheck
