#pragma once
// Threads of the contact loop, deterministic: each particle's force and torque are summed in the
// serial loop's order -- batch by batch, contact by contact -- whatever the thread count. Each
// thread takes a contiguous slice of whole energy blocks of every batch (block_slice); the slices
// in serial order are (batch, thread). The slice that touches particle i first adds straight into
// the particle arrays (no other thread writes i meanwhile); any later slice that touches i defers
// its terms (dynamics/force_accumulation.hpp), which are replayed in slice order once every slice
// is done (replay_deferred). x - f and x + (-f) round alike, so every sum is the serial one bit for
// bit (solver/tests/dynamics_threads_test.cpp). Which terms a slice defers depends only on the
// batches' contacts and the thread count, so it is planned when either changes (SerialOrderPlan),
// not at every step: a contact set that stands still (a settled packing) costs the loop one
// comparison per term. No atomics, no races; the serial loop pays nothing for any of it.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "dynamics/force_accumulation.hpp"
#include "dynamics/particles.hpp"

#ifdef _OPENMP
#include <omp.h>
#define LAWCHECK_OMP(directive) _Pragma(directive)
#else
#define LAWCHECK_OMP(directive)
#endif

namespace lawcheck {

// Contacts per energy block: a batch's energies are summed block by block, then the blocks in
// order, so the sums do not depend on how the blocks are shared among threads.
inline constexpr std::size_t energy_block = 256;

// Thread t's share of a batch of n contacts: whole energy blocks, contiguous, in thread order.
inline std::pair<std::size_t, std::size_t> block_slice(std::size_t n, int t, int nt) {
  const std::size_t blocks = (n + energy_block - 1) / energy_block;
  const auto at = [&](int u) {
    return std::min(n, blocks * static_cast<std::size_t>(u) / static_cast<std::size_t>(nt) * energy_block);
  };
  return {at(t), at(t + 1)};
}

// A batch's contacts as the plan reads them: the particle ids of each contact, and the batch's
// revision (ContactBatch::revision: it changes whenever its contacts do).
struct BatchIds {
  const std::uint32_t* id1;
  const std::uint32_t* id2;
  std::size_t size;
  std::uint64_t revision;
};

// Which terms each thread's slices defer, for `Batches` batches.
template <std::size_t Batches>
class SerialOrderPlan {
public:
  // Closes each slice's list of deferred ends.
  static constexpr std::size_t no_end = std::numeric_limits<std::size_t>::max();
  using Ends = std::array<std::vector<std::size_t>, Batches>;  // per batch, ascending, closed by no_end

  // Whether the plan must be made again before a loop of nt threads over these batches.
  bool stale(int nt, std::size_t particles, const std::array<BatchIds, Batches>& batches) const {
    bool replan = planned_threads_ != nt || planned_particles_ != particles;
    for (std::size_t b = 0; b < Batches; ++b) replan |= batches[b].revision != planned_revisions_[b];
    return replan;
  }
  // Before a team plans: the first-touch records sized for nt threads. Each plan has keys of its
  // own (pass_ + batch), so the records are never cleared, only when the keys wrap.
  void prepare(int nt, std::size_t particles) {
    if (first_.size() != static_cast<std::size_t>(nt) * particles)
      first_.assign(static_cast<std::size_t>(nt) * particles, 0);
    if (pass_ > std::numeric_limits<std::uint32_t>::max() - 2 * pass_keys) {
      std::fill(first_.begin(), first_.end(), 0u);
      pass_ = pass_keys;
    }
  }
  // Thread t of nt, inside the team: record which particles each of its slices touches first
  // (first_), wait for the other threads' records, then list in `ends` the ends of its slices
  // whose slice is not the first to touch their particle.
  void plan(int t, int nt, std::size_t particles, const std::array<BatchIds, Batches>& batches, Ends& ends) {
    std::uint32_t* first = first_.data() + static_cast<std::size_t>(t) * particles;
    const std::uint32_t pass = pass_;  // a local: the stores below could alias the member
    for (std::size_t batch = 0; batch < Batches; ++batch) {
      const BatchIds& b = batches[batch];
      const auto [begin, end] = block_slice(b.size, t, nt);
      const std::uint32_t key = pass + static_cast<std::uint32_t>(batch);
      for (std::size_t k = begin; k < end; ++k)
        for (const std::uint32_t i : {b.id1[k], b.id2[k]})
          if (first[i] < pass) first[i] = key;
    }
    LAWCHECK_OMP("omp barrier")
    for (std::size_t batch = 0; batch < Batches; ++batch) {
      const BatchIds& b = batches[batch];
      const auto [begin, end] = block_slice(b.size, t, nt);
      std::vector<std::size_t>& e = ends[batch];
      e.clear();
      for (std::size_t k = begin; k < end; ++k) {
        if (!touches_first(b.id1[k], t, nt, particles, batch)) e.push_back(2 * k);
        if (!touches_first(b.id2[k], t, nt, particles, batch)) e.push_back(2 * k + 1);
      }
      e.push_back(no_end);
    }
  }
  // After a loop whose team made the plan: what it was made for.
  void made(int nt, std::size_t particles, const std::array<BatchIds, Batches>& batches) {
    pass_ += pass_keys;
    planned_threads_ = nt;
    planned_particles_ = particles;
    for (std::size_t b = 0; b < Batches; ++b) planned_revisions_[b] = batches[b].revision;
  }

private:
  static constexpr std::uint32_t pass_keys = Batches;  // keys per plan: one per batch

  // Is thread t's slice of batch number `batch` the first slice in serial order to touch particle
  // i? Reads every thread's first-touch records, complete after the planning barrier.
  bool touches_first(std::uint32_t i, int t, int nt, std::size_t particles, std::size_t batch) const {
    const std::uint32_t key = pass_ + static_cast<std::uint32_t>(batch);
    const std::uint32_t* records = first_.data() + i;
    if (records[static_cast<std::size_t>(t) * particles] != key) return false;
    for (std::size_t u = 0; u < static_cast<std::size_t>(nt); ++u) {
      const std::uint32_t k = records[u * particles];
      if (u != static_cast<std::size_t>(t) && k >= pass_ && (k < key || (k == key && u < static_cast<std::size_t>(t))))
        return false;
    }
    return true;
  }

  // Thread t's first-touch records, first_[t * particles + i]: pass_ + the first batch whose slice
  // of thread t touches particle i. Written in the first-touch pass, read by every thread after
  // the barrier: kept apart from the scratch that the threads write during the loop.
  std::vector<std::uint32_t> first_;
  std::uint32_t pass_ = pass_keys;
  int planned_threads_ = 0;
  std::size_t planned_particles_ = 0;
  std::array<std::uint64_t, Batches> planned_revisions_{};
};

// Thread t of nt replays the deferred terms of particles t N / nt .. (t + 1) N / nt - 1, after
// every thread's slices: each reads all the lists (deferred(u, batch): thread u's of that batch) in
// slice order and keeps its own particles, so a particle's terms still come in slice order, and
// the threads write disjoint particles. Replayed by one thread after the join, the terms' misses
// on the particles (~14 000 per step of the 1e5 packing, mostly the wall contacts' spheres) were a
// serial ~3 % of the two-thread step (perf).
template <class DeferredLists>
void replay_deferred(Particles& p, int t, int nt, std::size_t batches, const DeferredLists& deferred) {
  const std::size_t n = p.size();
  const std::size_t begin = n * static_cast<std::size_t>(t) / static_cast<std::size_t>(nt);
  const std::size_t end = n * static_cast<std::size_t>(t + 1) / static_cast<std::size_t>(nt);
  for (std::size_t batch = 0; batch < batches; ++batch)
    for (int u = 0; u < nt; ++u)
      for (const DeferredTerm& x : deferred(u, batch))
        if (x.particle >= begin && x.particle < end) {
          p.force[x.particle] += x.force;
          p.torque[x.particle] += x.torque;
        }
}

}  // namespace lawcheck
