// dynamics/phys_column.hpp: what the law pass reads of a contact's Phys (PhysColumn::lanes) is
// the column's Phys bit for bit -- for a PairSplitLaw joined into the block's words
// (ContactBlock::phys, dynamics/words.hpp), for any other law the column's own entry -- and lane l
// is contact k0 + l.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include "dynamics/contact_block.hpp"
#include "dynamics/phys_column.hpp"
#include "laws/linear_coulomb_law.hpp"
#include "laws/linel6_law.hpp"

namespace lawcheck::dynamics_phys_column_test {
namespace {

template <class Phys>
bool same_bits(const Phys& a, const Phys& b) {
  return std::memcmp(&a, &b, sizeof(Phys)) == 0;
}

TEST(PhysColumn, ThePairSplitLawsLanesAreEachContactsJoinedPhysBitForBit) {
  using Phys = FrictPhys<double>;
  // Two material pairs; kt/kn and tanPhi whose products with kn round (not exact binary fractions).
  const std::vector<Phys::PerPair> pairs = {{0.2, 0.5}, {1.0 / 3, std::nextafter(0.7, 1.0)}};
  PhysColumn<LinearCoulombLaw<double>> column;
  std::vector<Phys> made;
  for (int k = 0; k < 100; ++k) {
    const auto pair = static_cast<std::uint32_t>(k % 2);
    made.push_back(Phys::joined(pairs[pair], {1e5 * (1 + k / 7.0)}));
    column.push_back(made.back(), pair);
  }
  column.set_pairs(pairs, [](std::size_t k) { return static_cast<std::uint32_t>(k % 2); });

  auto block = std::make_unique<ContactBlock>();  // ~22 KiB: not on the stack
  const std::size_t k0 = 30, m = contact_block;
  const auto lanes = column.lanes(k0, m, *block);
  for (std::size_t l = 0; l < m; ++l) {
    EXPECT_TRUE(same_bits(lanes.load(*block, l), made[k0 + l])) << "lane " << l;
    EXPECT_TRUE(same_bits(lanes.load(*block, l), column[k0 + l])) << "lane " << l;
  }
  // A shorter run refills only its own lanes: lane 0 is now contact 0.
  const auto first = column.lanes(0, 5, *block);
  for (std::size_t l = 0; l < 5; ++l) EXPECT_TRUE(same_bits(first.load(*block, l), made[l])) << "lane " << l;
  EXPECT_TRUE(same_bits(first.load(*block, 5), made[k0 + 5]));  // left as the first run wrote it
}

TEST(PhysColumn, AWholePhysLawsLanesAreTheColumnsOwnEntries) {
  PhysColumn<LinEl6Law<double>> column;
  for (int k = 0; k < 10; ++k) column.push_back(LinEl6Phys<double>{1e5 + k, 2e4 + k, 3.0 + k, 4.0 + k}, 0);
  auto block = std::make_unique<ContactBlock>();
  const auto lanes = column.lanes(3, 7, *block);
  for (std::size_t l = 0; l < 7; ++l) EXPECT_EQ(&lanes.load(*block, l), &column[3 + l]) << "lane " << l;
}

}  // namespace
}  // namespace lawcheck::dynamics_phys_column_test
