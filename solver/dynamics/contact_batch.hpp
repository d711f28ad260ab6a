#pragma once
// Contacts of one law, stored together as arrays (DESIGN.md "Dispatch by type happens once per
// batch"). Everything a contact needs at every step sits here; the physics (kn, kt, tanPhi) is
// computed once at creation from the two materials and the effective lengths (the law's make_phys
// and initial_state, seed 001 step 2) and kept as dynamics/phys_column.hpp says (a PairSplitLaw's
// materials' part once per material pair); the lengths themselves are not kept, no law's step
// reads them (24 bytes per contact saved); the law's State is kept one array per 8-byte
// word (dynamics/state_column.hpp), which the vectorised law pass loads whole. Removal swaps the last
// contact into the hole, so the arrays stay dense and no step allocates once capacity is reached.
// Only the frame's orientation at t_n is stored: ContactFrame::mid is recomputed by every
// transport and used within that step only, so it lives on the stack of the loop (32 B saved).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <vector>

#include "dynamics/column_permutation.hpp"
#include "dynamics/phys_column.hpp"
#include "dynamics/state_column.hpp"
#include "dynamics/team_runs.hpp"
#include "geometry/contact_frame.hpp"
#include "laws/contact_law.hpp"

namespace lawcheck {

template <SolverLaw Law>
struct ContactBatch {
  using State = typename Law::State;
  using Phys = typename Law::Phys;

  std::vector<std::uint32_t> id1, id2;
  std::vector<Quatd> frame;  // ContactFrame::ori at t_n
  StateColumn<State> state;  // state[k]: contact k's State (by value; dynamics/state_column.hpp)
  PhysColumn<Law> phys;  // phys[k]: contact k's Phys
  // Contacts at index >= fresh_from were created in the current step (their frame is not
  // transported in it); set by the contact loop before detection.
  std::size_t fresh_from = 0;
  // Changes whenever a contact is added, removed or moved: what the threaded loop's plan of
  // deferred terms (accumulate, dynamics/force_accumulation.hpp) was computed for.
  std::uint64_t revision = 0;

  // Bytes of per-contact storage (ids, frame, law state, physics): 76 for the linear law
  // (8 + 32 + 24 + 12: kn and the material pair's index).
  static constexpr std::size_t bytes_per_contact =
      2 * sizeof(std::uint32_t) + sizeof(Quatd) + StateColumn<State>::bytes_per_contact +
      PhysColumn<Law>::bytes_per_contact;

  std::size_t size() const { return id1.size(); }

  void reserve(std::size_t n) {
    id1.reserve(n);
    id2.reserve(n);
    frame.reserve(n);
    state.reserve(n);
    phys.reserve(n);
  }

  // pair: the ordered material pair's index (dynamics/phys_column.hpp).
  void add(std::uint32_t i, std::uint32_t j, const Quatd& f, const Phys& ph, const State& s, std::uint32_t pair) {
    ++revision;
    id1.push_back(i);
    id2.push_back(j);
    frame.push_back(f);
    state.push_back(s);
    phys.push_back(ph, pair);
  }

  void remove(std::size_t k) {
    ++revision;
    const std::size_t last = size() - 1;
    if (k != last) move(k, last);
    id1.pop_back();
    id2.pop_back();
    frame.pop_back();
    state.pop_back();
    phys.pop_back();
  }

  // Contacts in ascending (id1, id2) (the contact loop calls it at every Verlet rebuild): the loop
  // then walks the particles in storage order, and each thread's slice of the batch touches a
  // compact range of particles, so few of its terms are deferred (dynamics/serial_order_sums.hpp). Contacts
  // created during a run are appended at the end, and without it a thread's slice touches
  // particles everywhere (1e5-sphere packing after 1e3 steps: half of thread 1's terms deferred,
  // two threads slower than one). The pairs are unique, so the order is deterministic.
  // The sort runs on (id1, id2) packed into one 64-bit key next to the contact's index: a sort of
  // indices comparing through id1 and id2 missed the cache at every comparison, which on a large
  // packing made the sort the dearest part of a Verlet rebuild. The
  // permutation is then applied column by column (dynamics/column_permutation.hpp), the columns
  // shared among up to `threads` OpenMP threads: independent arrays, so the same result on any
  // number.
  void sort_by_particles(int threads = 1) {
    const std::size_t n = size();
    keys_.resize(n);
    for (std::size_t k = 0; k < n; ++k) keys_[k] = {(std::uint64_t{id1[k]} << 32) | id2[k], k};
    std::sort(keys_.begin(), keys_.end(), [](const SortKey& a, const SortKey& b) { return a.pair < b.pair; });
    std::size_t first_moved = 0;
    while (first_moved < n && keys_[first_moved].index == first_moved) ++first_moved;
    if (first_moved == n) return;  // already in order: nothing moves
    ++revision;
    const auto from = [this](std::size_t k) { return keys_[k].index; };
    // The frame (32 bytes per contact) and id1 on one side, the rest (~40) on the other.
    run_on_team(threads, 5, errors_, [&](std::size_t, std::size_t c0, std::size_t c1) {
      for (std::size_t c = c0; c < c1; ++c) switch (c) {
          case 0: permute_column(frame, from); break;
          case 1: permute_column(id1, from); break;
          case 2: permute_column(id2, from); break;
          case 3: state.permute(from); break;
          default: phys.permute(from); break;
        }
    });
    rethrow_first(errors_);
  }

private:
  void move(std::size_t to, std::size_t from) {
    id1[to] = id1[from];
    id2[to] = id2[from];
    frame[to] = frame[from];
    state.move(to, from);
    phys.move(to, from);
  }

  struct SortKey {
    std::uint64_t pair;  // id1 in the high 32 bits, id2 in the low
    std::size_t index;
  };
  std::vector<SortKey> keys_;  // sort_by_particles' keys and permutation, kept for their capacity
  std::vector<std::exception_ptr> errors_;  // sort_by_particles' team (run_on_team)
};

}  // namespace lawcheck
