#pragma once
// A value as 8-byte words: the contact loop keeps a law's per-contact values as a
// structure of arrays, one array per word of the value's bytes -- its State (StateColumn) and a
// block's joined physics (ContactBlock::phys, PhysColumn::lanes) -- so that the vectorised law
// pass (dynamics/contact_block.hpp) loads and stores lane after lane of each word with whole
// vector loads and stores, whatever the members.
//
// A word is copied in and out with std::memcpy (the compiler keeps it in a register) and held in
// a double: no arithmetic touches a word, and moving a double copies its 64 bits as they are (NaN
// payloads, -0, denormals; x86-64 moves do not quieten or flush). Held as integers, the words cost
// the linear law's pass every select twice: GCC 12 formed the force's selects on doubles and the
// state's on integers, for the same values.
// The last word's bytes past sizeof(T) are zero.

#include <cstddef>
#include <cstring>
#include <type_traits>

namespace lawcheck {

template <class T>
struct Words {
  // A word is T's bytes: T must be values whose copy is a copy of their bytes. Eigen's fixed-size
  // vectors (the laws' states hold some) are such values, a plain array inside, but not trivially
  // copyable by the letter (Eigen declares their copy constructor), so the check is the part the
  // compiler can make: standard layout, nothing to destroy.
  static_assert(std::is_standard_layout_v<T> && std::is_trivially_destructible_v<T>, "T is copied byte for byte");

  static constexpr std::size_t count = (sizeof(T) + 7) / 8;

  // Word c of v: its bytes 8 c .. 8 c + 7.
  [[gnu::always_inline]] static double get(const T& v, std::size_t c) {
    double w = 0;
    std::memcpy(&w, reinterpret_cast<const unsigned char*>(&v) + 8 * c, bytes(c));
    return w;
  }
  [[gnu::always_inline]] static void put(T& v, std::size_t c, double w) {
    std::memcpy(reinterpret_cast<unsigned char*>(&v) + 8 * c, &w, bytes(c));
  }
  // The value whose word c is col[c][k] (arrays, vectors or pointers indexed by k).
  template <class Columns>
  [[gnu::always_inline]] static T gather(const Columns& col, std::size_t k) {
    T v;
    for (std::size_t c = 0; c < count; ++c) put(v, c, col[c][k]);
    return v;
  }

private:
  static constexpr std::size_t bytes(std::size_t c) { return c + 1 < count ? 8 : sizeof(T) - 8 * c; }
};

}  // namespace lawcheck
