// dynamics/contact_batch.hpp: sort_by_particles puts the contacts in ascending (id1, id2) and
// carries every column with them -- ids, frame, law state, physics (a PairSplitLaw's per-contact
// part and pair index, or a whole Phys) -- on one thread and on two, where the columns are shared
// among the threads; a batch already in order is left alone (its revision unchanged).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

#include "dynamics/contact_batch.hpp"
#include "laws/linear_coulomb_law.hpp"
#include "laws/linel6_law.hpp"

namespace lawcheck::dynamics_contact_batch_test {
namespace {

template <class T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// The same doubles bit for bit, member by member: a State may have padding (LinEl6's: 40 bytes of
// values in 48), whose bytes are no value's.
template <class Vec>
bool same_doubles(const Vec& a, const Vec& b) {
  return std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<std::size_t>(a.size())) == 0;
}

// n contacts between distinct particle pairs (i < j), added in a shuffled order, each with values
// of its own in every column (made from its number k by `contact`), then sorted on `threads`.
template <class Law, class Contact>
void expect_sort_keeps_contacts_whole(int threads, Contact contact) {
  constexpr std::size_t n = 3000;
  std::mt19937_64 rng(17 + static_cast<unsigned>(threads));
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (std::uint32_t i = 0; pairs.size() < n; ++i)
    for (std::uint32_t j = i + 1; j < i + 4; ++j) pairs.emplace_back(i, j);
  pairs.resize(n);
  std::shuffle(pairs.begin(), pairs.end(), rng);

  ContactBatch<Law> batch;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> number_of;
  for (std::size_t k = 0; k < n; ++k) {
    const auto [frame, phys, state, pair] = contact(k);
    batch.add(pairs[k].first, pairs[k].second, frame, phys, state, pair);
    number_of[pairs[k]] = k;
  }
  if constexpr (PairSplitLaw<Law>) batch.phys.set_pairs(contact.pairs(), [&](std::size_t k) { return std::get<3>(contact(k)); });

  batch.sort_by_particles(threads);
  ASSERT_EQ(batch.size(), n);
  std::size_t wrong = 0;
  for (std::size_t k = 0; k < n; ++k) {
    if (k > 0) {
      ASSERT_LT(std::pair(batch.id1[k - 1], batch.id2[k - 1]), std::pair(batch.id1[k], batch.id2[k]));
    }
    const auto [frame, phys, state, pair] = contact(number_of.at({batch.id1[k], batch.id2[k]}));
    wrong += !(same_bits(batch.frame[k].coeffs(), frame.coeffs()) && same_bits(batch.phys[k], phys) &&
               contact.same_state(batch.state[k], state));
  }
  EXPECT_EQ(wrong, 0u) << "contacts whose columns came apart, of " << n;

  const std::uint64_t revision = batch.revision;
  batch.sort_by_particles(threads);
  EXPECT_EQ(batch.revision, revision) << "an ordered batch was moved";
}

// The linear law: FrictPhys split into kn per contact and (kt/kn, tanPhi) per material pair.
struct LinearContact {
  std::vector<FrictPhys<double>::PerPair> pairs() const { return {{0.2, 0.5}, {1.0 / 3, 0.7}}; }
  auto operator()(std::size_t k) const {
    const double x = static_cast<double>(k);
    const auto pair = static_cast<std::uint32_t>(k % 2);
    LinearCoulombLaw<double>::State s;
    s.ft = Vec2d(x, -x);
    s.fy = x + 0.5;
    return std::tuple{Quatd(x, 1, 2, 3), FrictPhys<double>::joined(pairs()[pair], {1e5 + x}), s, pair};
  }
  static bool same_state(const LinearCoulombLaw<double>::State& a, const LinearCoulombLaw<double>::State& b) {
    return same_doubles(a.ft, b.ft) && same_bits(a.fy, b.fy);
  }
};

// LinEl6: a whole Phys per contact.
struct LinEl6Contact {
  auto operator()(std::size_t k) const {
    const double x = static_cast<double>(k);
    LinEl6Law<double>::State s;
    s.ut = Vec2d(x, 2 * x);
    s.rot = Vec3d(-x, x / 3, 1 / (x + 1));
    return std::tuple{Quatd(1, x, 2, 3), LinEl6Phys<double>{1e5 + x, 2e4 + x, 3 + x, 4 + x}, s, std::uint32_t{0}};
  }
  static bool same_state(const LinEl6Law<double>::State& a, const LinEl6Law<double>::State& b) {
    return same_doubles(a.ut, b.ut) && same_doubles(a.rot, b.rot);
  }
};

TEST(ContactBatch, SortByParticlesCarriesEveryColumnOfTheLinearLawOnOneAndTwoThreads) {
  for (int threads : {1, 2}) expect_sort_keeps_contacts_whole<LinearCoulombLaw<double>>(threads, LinearContact{});
}

TEST(ContactBatch, SortByParticlesCarriesEveryColumnOfLinEl6OnOneAndTwoThreads) {
  for (int threads : {1, 2}) expect_sort_keeps_contacts_whole<LinEl6Law<double>>(threads, LinEl6Contact{});
}

}  // namespace
}  // namespace lawcheck::dynamics_contact_batch_test
