// dynamics/state_column.hpp: a law's States stored one array per 8-byte word come back bit for
// bit, whatever their members (doubles, a signalling NaN's bits, an Eigen vector, a byte and the
// padding after it, or a State shorter than a word), through every way the solver writes them:
// push_back, the law pass's lanes, move and pop_back.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>

#include "core/vector_types.hpp"
#include "dynamics/state_column.hpp"

namespace lawcheck::dynamics_state_column_test {
namespace {

struct OddState {  // 40 bytes: 4 doubles' worth, a byte, then padding
  Eigen::Matrix<double, 2, 1, Eigen::DontAlign> ft = Vec2<double>::Zero();
  double fy = -1;
  double spare = 0;
  std::uint8_t bits = 0;
};
static_assert(StateColumn<OddState>::words == 5);

bool same(const OddState& a, const OddState& b) {
  return std::memcmp(&a.ft, &b.ft, sizeof a.ft) == 0 && std::memcmp(&a.fy, &b.fy, sizeof a.fy) == 0 &&
         std::memcmp(&a.spare, &b.spare, sizeof a.spare) == 0 && a.bits == b.bits;
}

OddState make(int k) {
  OddState s;
  s.ft = Vec2<double>(0.1 * k, -1e300 / (k + 1));
  s.fy = k % 3 == 0 ? std::numeric_limits<double>::quiet_NaN() : 1.0 / (k + 1);
  // a signalling NaN's bits in every other State: the words are held in doubles
  // (dynamics/words.hpp), whose moves must not quieten it
  const std::uint64_t signalling_nan = 0x7ff0000000000001;
  if (k % 2)
    std::memcpy(&s.spare, &signalling_nan, sizeof s.spare);
  else
    s.spare = -0.0;
  s.bits = static_cast<std::uint8_t>(k * 37);
  return s;
}

TEST(StateColumn, KeepsEachStateBitForBitThroughPushLanesMoveAndPop) {
  StateColumn<OddState> c;
  for (int k = 0; k < 10; ++k) c.push_back(make(k));
  ASSERT_EQ(c.size(), 10u);
  for (int k = 0; k < 10; ++k) EXPECT_TRUE(same(c[static_cast<std::size_t>(k)], make(k))) << k;

  // The law pass: lanes from contact 4 on, lane l is contact 4 + l.
  const auto lanes = c.lanes(4);
  for (std::size_t l = 0; l < 3; ++l) {
    EXPECT_TRUE(same(lanes.load(l), make(static_cast<int>(4 + l))));
    lanes.store(l, make(100 + static_cast<int>(l)));
  }
  for (int k = 0; k < 10; ++k)
    EXPECT_TRUE(same(c[static_cast<std::size_t>(k)], make(k >= 4 && k < 7 ? 96 + k : k))) << k;

  // Removal as ContactBatch does it: the last contact into the hole, then pop.
  c.move(2, 9);
  c.pop_back();
  ASSERT_EQ(c.size(), 9u);
  EXPECT_TRUE(same(c[2], make(9)));
  EXPECT_TRUE(same(c[8], make(8)));

  // == compares the words, padding included: storing back what was loaded changes no bit, a +0
  // for a -0 does.
  StateColumn<OddState> d = c;
  EXPECT_TRUE(d == c);
  d.lanes(8).store(0, c[8]);
  EXPECT_TRUE(d == c);
  OddState flipped = c[8];
  flipped.spare = 0.0;  // +0 instead of -0: equal as a value, not as bits
  d.lanes(8).store(0, flipped);
  EXPECT_FALSE(d == c);
}

// A State shorter than a word: its bytes, and zeros past them.
struct TinyState {
  std::uint8_t b[3];
};
static_assert(StateColumn<TinyState>::words == 1);

TEST(StateColumn, AStateShorterThanAWordKeepsItsBytesAndZerosPastThem) {
  StateColumn<TinyState> a, b;
  for (std::uint8_t k = 0; k < 5; ++k) {
    a.push_back({{k, static_cast<std::uint8_t>(k + 100), 255}});
    b.push_back({{k, static_cast<std::uint8_t>(k + 100), 255}});
  }
  EXPECT_TRUE(a == b);
  const TinyState t = a[3];
  EXPECT_EQ(t.b[0], 3);
  EXPECT_EQ(t.b[1], 103);
  EXPECT_EQ(t.b[2], 255);
  a.lanes(3).store(0, TinyState{{3, 103, 254}});
  EXPECT_FALSE(a == b);
}

}  // namespace
}  // namespace lawcheck::dynamics_state_column_test
