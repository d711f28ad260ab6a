#pragma once
// The contact loop per law, for one thread's slice of a batch: blocks of up to `contact_block`
// contacts (dynamics/contact_block.hpp) through the kinematics -- the sphere-sphere batch from
// the centres (dynamics/sphere_pair_block.hpp), the other batch from each pair's contact point
// (dynamics/other_pair_block.hpp) --, the law, the force mapping and the accumulation
// (dynamics/force_accumulation.hpp); energies summed per energy block. Simulation::contact_forces
// runs it on one thread or several (dynamics/serial_order_sums.hpp).

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <optional>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "dynamics/contact_batch.hpp"
#include "dynamics/contact_block.hpp"
#include "dynamics/force_accumulation.hpp"
#include "dynamics/other_pair_block.hpp"
#include "dynamics/particles.hpp"
#include "dynamics/pass_clock.hpp"
#include "dynamics/serial_order_sums.hpp"
#include "dynamics/sphere_pair_block.hpp"
#include "dynamics/state_error.hpp"
#include "geometry/contact_point.hpp"
#include "laws/contact_law.hpp"

namespace lawcheck {

// One energy block's sums (energy_block, dynamics/serial_order_sums.hpp).
struct BlockEnergy {
  double elastic = 0;
  double initial_elastic = 0;  // of contacts created before the first tracked step's increment
  EnergySplit<double> dissipated;
};

// One thread's scratch for `Batches` batches. Written by its own thread only, and cache-line
// aligned: when thread 1's deferred list shared a line with the header of its first-touch records,
// which the other thread reads at every accumulation, the two cores passed that line back and forth
// (contact_step_threads/spheres:100000).
template <std::size_t Batches>
struct alignas(64) ThreadScratch {
  std::array<std::vector<std::size_t>, Batches> broken;     // per batch
  std::array<std::vector<DeferredTerm>, Batches> deferred;  // per batch, in contact order
  // The plan (SerialOrderPlan::plan): per batch, the ends 2 k + s (s = 0: id1, 1: id2) of this
  // thread's contacts whose terms are deferred, ascending, closed by no_end; next_deferred walks it.
  typename SerialOrderPlan<Batches>::Ends deferred_ends;
  const std::size_t* next_deferred = nullptr;
  std::exception_ptr error;
  ContactBlock block;  // the block passes' intermediate values (dynamics/contact_block.hpp)
  std::array<PassTicks, 2> pass_ticks{};  // [SpherePair] (Simulation::pass_ticks)
  SpherePairInputs sphere_inputs;
  OtherPairInputs other_inputs;
};

// What the loop reads of its simulation besides the law and the batch.
struct ContactLoopContext {
  Particles& particles;
  double dt;
  std::uint64_t step;     // the step's number, for errors
  bool energy_reference;  // the energy ledger has its reference (EnergyLedger::has_reference)
};

// An existing contact's geometry, kept at any distance (the law decides when it breaks); its
// shapes and their pair were checked when the particles were added and the contact created.
// Sphere-wall pairs, the common kind here, inline (wall_sphere_contact); others dispatch.
inline std::optional<ContactPoint> existing_contact_point(const Particles& P, std::uint32_t i, std::uint32_t j) {
  constexpr double any = std::numeric_limits<double>::max();
  if (P.kind[i] == ShapeKind::wall && P.kind[j] == ShapeKind::sphere)
    return wall_sphere_contact(*std::get_if<Wall>(&P.shape[i]), P.pos[i], P.radius[j], P.pos[j], any);
  if (P.kind[i] == ShapeKind::sphere && P.kind[j] == ShapeKind::wall)
    return flipped(wall_sphere_contact(*std::get_if<Wall>(&P.shape[j]), P.pos[j], P.radius[i], P.pos[i], any));
  return contact_point_unchecked(P.shape[i], BodyPose{P.pos[i], P.ori[i]}, P.shape[j], BodyPose{P.pos[j], P.ori[j]},
                                 any);
}

// Contacts kb .. kb + m - 1 of a batch in one block (dynamics/contact_block.hpp): kinematics
// and force mapping vectorised over the block, the law lane by lane, then the accumulation
// contact by contact. SpherePair: the sphere-sphere batch (dynamics/sphere_pair_block.hpp);
// otherwise every other pair (dynamics/other_pair_block.hpp), whose contacts also end where the
// pair has no contact point any more (existing_contact_point: the cores' closest points
// coincide, so no normal; a sphere past a facet's edge is not such a case, its contact wraps
// the edge and the law breaks it; solver/tests/dynamics_other_pair_block_test.cpp).
template <bool TrackEnergy, bool Threaded, bool SpherePair, class Law, std::size_t Batches>
void block_step(const Law& law, ContactBatch<Law>& b, std::size_t kb, std::size_t m, ThreadScratch<Batches>& s,
                BlockEnergy& e, std::vector<std::size_t>& broken, std::size_t batch, const ContactLoopContext& ctx) {
  const Particles& P = ctx.particles;
  constexpr LawNeeds needs = law_needs<Law>();  // what the passes compute for the law
  ContactBlock& blk = s.block;
  const BodyArrays bodies{P.pos.data()->data(),     P.vel.data()->data(),   P.ang_vel.data()->data(),
                          P.radius.data(),          P.force.data()->data(), P.torque.data()->data()};
  double* frames = b.frame.data()->coeffs().data();
  std::size_t gone = 0;
  PassClock clock(s.pass_ticks[SpherePair], m);
  if constexpr (SpherePair) {
    const std::size_t bad = sphere_pair_kinematics<needs>(blk, s.sphere_inputs, b.id1.data(), b.id2.data(), frames,
                                                          kb, m, b.size(), b.fresh_from, bodies, ctx.dt);
    if (bad < m) [[unlikely]]
      throw StateError(fmt::format("particle[{}] and particle[{}] have coincident centres at step {}",
                                   b.id1[kb + bad], b.id2[kb + bad], ctx.step));
  } else {
    gone = other_pair_geometry(blk, s.other_inputs, b.id1.data(), b.id2.data(), kb, m, bodies,
                               [&](std::uint32_t i, std::uint32_t j) { return existing_contact_point(P, i, j); });
    other_pair_kinematics<needs>(blk, s.other_inputs, frames, kb, m, b.fresh_from, ctx.dt);
  }
  const auto is_gone = [&](std::size_t l) {
    if constexpr (SpherePair) return false;
    else return s.other_inputs.gone[l] != 0;
  };
  if constexpr (TrackEnergy)  // contacts created in this step, before their first increment
    if (!ctx.energy_reference)
      for (std::size_t l = b.fresh_from > kb ? b.fresh_from - kb : 0; l < m; ++l)
        if (!is_gone(l))
          e.initial_elastic += law.elastic_energy(lane_geom<needs>(blk, l), b.phys[kb + l], b.state[kb + l]);
  clock.lap(BlockPass::kinematics);
  const auto phys = b.phys.lanes(kb, m, blk);
  const auto state = b.state.lanes(kb);
  clock.lap(BlockPass::physics);
  EnergySplit<double> dissipated;
  if (gone == 0) [[likely]] {
    dissipated = law_pass<TrackEnergy>(law, blk, phys, state, 0, m, ctx.dt);
  } else {  // the law on the runs between gone lanes; a gone lane ends like a broken one
    std::size_t l0 = 0;
    for (std::size_t l = 0; l <= m; ++l)
      if (l == m || is_gone(l)) {
        dissipated += law_pass<TrackEnergy>(law, blk, phys, state, l0, l, ctx.dt);
        if (l < m) blk.broken[l] = 1;
        l0 = l + 1;
      }
  }
  if constexpr (TrackEnergy) e.dissipated += dissipated;
  if constexpr (TrackEnergy)
    for (std::size_t l = 0; l < m; ++l)
      if (!blk.broken[l]) e.elastic += law.elastic_energy(lane_geom<needs>(blk, l), b.phys[kb + l], b.state[kb + l]);
  clock.lap(BlockPass::law);  // with energy tracking, its bookkeeping too
  if constexpr (SpherePair)
    sphere_pair_forces<needs>(blk, frames, kb, m);
  else
    other_pair_forces<needs>(blk, s.other_inputs, frames, kb, m);
  clock.lap(BlockPass::forces);
  accumulate<Threaded>(blk, b.id1.data(), b.id2.data(), kb, m, ctx.particles.force.data(), ctx.particles.torque.data(),
                       s.next_deferred, s.deferred[batch], broken);
  clock.lap(BlockPass::accumulation);
}

// Thread t's slice of batch number `batch` (Simulation::for_each_batch order), its energy blocks'
// sums into `blocks`; an exception is kept in the thread's scratch.
template <bool TrackEnergy, bool Threaded, bool SpherePair, class Law, std::size_t Batches>
void run_batch(const Law& law, ContactBatch<Law>& b, std::size_t batch, int t, int nt, ThreadScratch<Batches>& s,
               std::vector<BlockEnergy>& blocks, const ContactLoopContext& ctx) {
  const auto [begin, end] = block_slice(b.size(), t, nt);
  s.next_deferred = s.deferred_ends[batch].data();
  try {
    for (std::size_t k0 = begin; k0 < end; k0 += energy_block) {
      BlockEnergy e;
      const std::size_t k1 = std::min(end, k0 + energy_block);
      for (std::size_t kb = k0; kb < k1; kb += contact_block)
        block_step<TrackEnergy, Threaded, SpherePair>(law, b, kb, std::min(contact_block, k1 - kb), s, e,
                                                      s.broken[batch], batch, ctx);
      if constexpr (TrackEnergy) blocks[k0 / energy_block] = e;
    }
  } catch (...) {
    if (!s.error) s.error = std::current_exception();
  }
}

}  // namespace lawcheck
