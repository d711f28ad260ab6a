#pragma once
// Contacts of one law, stored together as arrays (DESIGN.md "Dispatch by type happens once per
// batch"). Everything a contact needs at every step sits here; physics (kn, kt, tanPhi) and the
// effective lengths are computed once at creation (the law's make_phys and initial_state) (seed 001 step 2). Removal swaps the last
// contact into the hole, so the arrays stay dense and no step allocates once capacity is reached.
// Only the frame's orientation at t_n is stored: ContactFrame::mid is recomputed by every
// transport and used within that step only, so it lives on the stack of the loop (32 B saved).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "geometry/contact_frame.hpp"
#include "laws/contact_law.hpp"
#include "geometry/contact_lengths.hpp"

namespace lawcheck {

template <SolverLaw Law>
struct ContactBatch {
  using State = typename Law::State;
  using Phys = typename Law::Phys;

  std::vector<std::uint32_t> id1, id2;
  std::vector<Quatd> frame;  // ContactFrame::ori at t_n
  std::vector<State> state;
  std::vector<Phys> phys;
  std::vector<ContactLengths> lengths;
  // Contacts at index >= fresh_from were created in the current step (their frame is not
  // transported in it); set by the contact loop before detection.
  std::size_t fresh_from = 0;

  // Bytes of per-contact storage (ids, frame, law state, physics, lengths).
  static constexpr std::size_t bytes_per_contact = 2 * sizeof(std::uint32_t) + sizeof(Quatd) +
                                                   sizeof(State) + sizeof(Phys) + sizeof(ContactLengths);

  std::size_t size() const { return id1.size(); }

  void reserve(std::size_t n) {
    id1.reserve(n);
    id2.reserve(n);
    frame.reserve(n);
    state.reserve(n);
    phys.reserve(n);
    lengths.reserve(n);
  }

  void add(std::uint32_t i, std::uint32_t j, const Quatd& f, const Phys& ph, const State& s, const ContactLengths& l) {
    id1.push_back(i);
    id2.push_back(j);
    frame.push_back(f);
    state.push_back(s);
    phys.push_back(ph);
    lengths.push_back(l);
  }

  void remove(std::size_t k) {
    const std::size_t last = size() - 1;
    if (k != last) {
      id1[k] = id1[last];
      id2[k] = id2[last];
      frame[k] = frame[last];
      state[k] = state[last];
      phys[k] = phys[last];
      lengths[k] = lengths[last];
    }
    id1.pop_back();
    id2.pop_back();
    frame.pop_back();
    state.pop_back();
    phys.pop_back();
    lengths.pop_back();
  }
};

}  // namespace lawcheck
