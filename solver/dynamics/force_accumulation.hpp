#pragma once
// Force accumulation: a block's contact forces and torques (global axes, dynamics/contact_block.hpp)
// added to both particles of each contact, in contact order. On one thread every term goes
// straight into the particle arrays; on several, the terms a thread's slice may not add yet (an
// earlier slice in serial order touches the same particle) go to the thread's deferred list,
// which dynamics/serial_order_sums.hpp plans and replays, so that every sum is the serial one bit
// for bit.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/vector_types.hpp"
#include "dynamics/contact_block.hpp"
#include "dynamics/particles.hpp"

namespace lawcheck {

// One contact's force and torque on a particle that an earlier slice also touches.
struct DeferredTerm {
  std::uint32_t particle;
  Vec3d force, torque;
};

// Contacts kb .. kb + m - 1 of a batch (ids id1, id2) from their block: each contact's force and
// torques added to both its particles, in contact order; a contact the law broke is listed in
// `broken` instead. Threaded: the ends the plan defers (next_deferred walks its ascending ends
// 2 k + s, s = 0 for id1 and 1 for id2; those of broken contacts are skipped) go to `deferred`.
// A function of its own, with its arrays in locals: inlined into the block loop, its pointers did
// not fit the registers left there and were reloaded at every contact.
template <bool Threaded>
[[gnu::noinline]] void accumulate(const ContactBlock& blk, const std::uint32_t* id1, const std::uint32_t* id2,
                                  std::size_t kb, std::size_t m, Vec3d* const force, Vec3d* const torque,
                                  [[maybe_unused]] const std::size_t*& next_deferred,
                                  [[maybe_unused]] std::vector<DeferredTerm>& deferred,
                                  std::vector<std::size_t>& broken) {
  [[maybe_unused]] const std::size_t* next = next_deferred;
  const auto add_to = [&](std::uint32_t i, [[maybe_unused]] std::size_t end, const Vec3d& f, const Vec3d& t) {
    if constexpr (Threaded) {
      while (*next < end) ++next;
      if (*next == end) {
        ++next;
        deferred.push_back({i, f, t});
        return;
      }
    }
    force[i] += f;
    torque[i] += t;
  };
  for (std::size_t l = 0; l < m; ++l) {
    const std::size_t k = kb + l;
    if (blk.broken[l]) {
      broken.push_back(k);
      continue;
    }
    const Vec3d f(blk.force1[0][l], blk.force1[1][l], blk.force1[2][l]);
    add_to(id1[k], 2 * k, f, Vec3d(blk.torque1[0][l], blk.torque1[1][l], blk.torque1[2][l]));
    add_to(id2[k], 2 * k + 1, -f, Vec3d(blk.torque2[0][l], blk.torque2[1][l], blk.torque2[2][l]));
  }
  if constexpr (Threaded) next_deferred = next;
}

// Particles begin .. end - 1 with no force and no torque, before a contact loop adds to them.
inline void zero_forces(Particles& p, std::size_t begin, std::size_t end) {
  std::fill(p.force.begin() + static_cast<std::ptrdiff_t>(begin), p.force.begin() + static_cast<std::ptrdiff_t>(end),
            Vec3d::Zero());
  std::fill(p.torque.begin() + static_cast<std::ptrdiff_t>(begin),
            p.torque.begin() + static_cast<std::ptrdiff_t>(end), Vec3d::Zero());
}

}  // namespace lawcheck
