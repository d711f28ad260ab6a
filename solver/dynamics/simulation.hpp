#pragma once
// A compact DEM simulation: particles, one or several contact laws, broad phase,
// contact loop and leapfrog, with energy tracking switched per call.
//
// Laws: Simulation<LawA, LawB, ...> holds one value of each law (laws/contact_law.hpp,
// SolverLaw). The law of a contact is chosen per pair of materials when the contact is created
// (set_pair_law; default: the first law for every pair). The law builds the contact's physics
// from the two materials (its Material type) and its initial state; the solver assumes nothing
// about either. Contacts of one law live together in arrays (ContactBatch), two batches per law
// (sphere-sphere, every other pair): the loop dispatches once per batch, never per contact.
//
// One step n (Woo's engine order, seed 001): positions x_n, velocities v_{n-1/2} in hand.
//   1. broad phase (dynamics/verlet_list.hpp);
//   2. new contacts where uN <= reach of the pair's law: geometry -> physics once (contact_lengths
//      with the StiffnessRules, law.make_phys, law.initial_state), initial frame;
//   3. contact loop: per law, both batches in blocks of 64 (block_step, dynamics/contact_block.hpp:
//      kinematics and force mapping vectorised, the law contact by contact), the sphere-sphere
//      batch from the centres (dynamics/sphere_pair_block.hpp), the other batch from each pair's
//      contact point (dynamics/other_pair_block.hpp); forces and torques accumulated in contact
//      order; contacts the law breaks are removed; the batches are re-sorted by particle at each
//      Verlet rebuild;
//   4. leapfrog to v_{n+1/2}, x_{n+1} (on the same threads, dynamics/leapfrog.hpp).
// The hot loop makes no virtual call, allocation or shared_ptr (arrays are reserved and reused).
// Threads (set_threads, OpenMP): each thread takes a contiguous slice of whole 256-contact blocks
// of each batch. Results are the serial ones bit for bit whatever the thread count
// (solver/tests/dynamics_threads_test.cpp): every particle's force and torque is summed in the
// serial order (add_to: the slice that touches a particle first adds straight into it, later
// slices defer their terms to a replay in slice order; no atomics, no races; which terms defer is
// planned again only when the contacts or the thread count change), and the energies are summed
// per block, then block by block. The serial loop pays nothing for this. The broad phase's pair
// search and detection's checks run on the same threads, in contiguous runs whose results are
// used in run order (dynamics/team_runs.hpp): the same candidates and contacts, in the same order,
// as on one thread; the contacts are created serially.
// Energy (EnergyLedger): the reference is the energy before the first step -- kinetic and
// gravity of the initial state plus the elastic energy of the contacts as created, before their
// first increment -- so the first step's slip is checked like any other.
// The time step is checked against the stable estimates of dynamics/time_step.hpp (every
// stiffness and damping each law exposes) before the first step and every `dt_check_period`
// steps; a dt above the limit is an InputError naming "dt", the requested value and the limit.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "dynamics/contact_batch.hpp"
#include "dynamics/contact_response.hpp"
#include "dynamics/law_table.hpp"
#include "dynamics/leapfrog.hpp"
#include "dynamics/material_set.hpp"
#include "dynamics/particles.hpp"
#include "dynamics/pass_clock.hpp"
#include "dynamics/other_pair_block.hpp"
#include "dynamics/sphere_pair_block.hpp"
#include "dynamics/state_error.hpp"
#include "dynamics/team_runs.hpp"
#include "dynamics/time_step.hpp"
#include "dynamics/verlet_list.hpp"
#include "geometry/contact_point.hpp"
#include "laws/law_rules.hpp"
#include "physics/stiffness_rules.hpp"

#ifdef _OPENMP
#include <omp.h>
#define LAWCHECK_OMP(directive) _Pragma(directive)
#else
#define LAWCHECK_OMP(directive)
#endif

namespace lawcheck {

// Each law is checked against every rule of laws/law_rules.hpp first, with the rule named.
template <class... Laws>
  requires(sizeof...(Laws) >= 1 && sizeof...(Laws) < 256 && (check_law_rules<Laws>() && ...))
class Simulation {
public:
  static constexpr std::size_t law_count = sizeof...(Laws);
  using Materials = MaterialSet<typename Laws::Material...>;
  template <std::size_t I> using LawAt = std::tuple_element_t<I, std::tuple<Laws...>>;

  Simulation() : Simulation(Laws{}...) {}
  explicit Simulation(Laws... laws) : laws_(laws...) { (laws.validate(), ...); }

  template <class M>
  std::size_t add_material(const M& m) {
    table_dirty_ = true;
    return materials_.add(m);
  }
  std::size_t add_particle(const ParticleSpec& spec) {
    dt_checked_ = false;
    const std::size_t n = materials_.size();
    return particles_.add(spec, n, spec.material < n ? materials_.density(spec.material) : 0.0);
  }
  // Contacts between materials m1 and m2 (either order) use law number `law` (0-based, in the
  // order of the Simulation's template arguments).
  void set_pair_law(std::size_t m1, std::size_t m2, std::size_t law) {
    for (std::size_t m : {m1, m2})
      if (m >= materials_.size())
        throw InputError("material", m, fmt::format("no such material ({} defined)", materials_.size()));
    if (law >= law_count)
      throw InputError("law", law, fmt::format("no such law ({} in this simulation)", law_count));
    table_.set(m1, m2, static_cast<std::uint8_t>(law));
    table_dirty_ = true;
  }

  void set_dt(double dt) {
    require_positive("dt", dt);
    dt_ = dt;
    dt_checked_ = false;
  }
  void set_gravity(const Vec3d& g) {
    for (int k = 0; k < 3; ++k) require_finite(fmt::format("gravity[{}]", k), g[k]);
    gravity_ = g;
  }
  void set_damping(double d) {
    require_non_negative("damping", d);
    if (!(d < 1)) throw InputError("damping", d, "must be below 1");
    damping_ = d;
  }
  // Broad-phase margin; 0 (the default) means a tenth of the smallest finite radius.
  void set_verlet_margin(double margin) {
    require_non_negative("margin", margin);
    margin_ = margin;
    verlet_.invalidate();
  }
  void set_rules(const StiffnessRules& r) { rules_ = r; }
  void reserve(std::size_t particles, std::size_t contacts) {
    particles_.reserve(particles);
    for_each_law([&](auto I) {
      auto& b = std::get<I>(batches_);
      b.spheres.reserve(contacts);
      b.others.reserve(contacts / 8 + 16);
    });
    verlet_.reserve(contacts * 2);
  }

  // n steps; energy terms are computed only when track_energy is set.
  void step(std::size_t n = 1, bool track_energy = false) {
    for (std::size_t s = 0; s < n; ++s) track_energy ? step_impl<true>() : step_impl<false>();
  }

  // Forces and torques at t_n of the existing contacts (frame transport, local geometry, law,
  // accumulation; broken contacts removed) without broad phase, detection or integration: the
  // hot contact loop on its own, as step() runs it.
  void contact_step(bool track_energy = false) {
    mark_all_existing();
    track_energy ? contact_forces<true>() : contact_forces<false>();
  }

  // Threads of the contact loop (1 = serial). Without OpenMP the loop is serial whatever is set.
  void set_threads(int threads) {
    if (threads < 1) throw InputError("threads", threads, "must be at least 1");
    threads_ = threads;
  }
  int threads() const { return threads_; }
  // Below this many candidate pairs detection runs on one thread: a team would cost more than it
  // saves.
  static constexpr std::size_t detect_threaded_from = 16384;
  // The Verlet list's candidate pairs, which detection checks.
  std::size_t candidate_count() const { return verlet_.size(); }

  // The smaller of the p-wave and the contact estimate (dynamics/time_step.hpp).
  DtLimit stable_dt() {
    slowness_.resize(materials_.size());
    for (std::size_t m = 0; m < materials_.size(); ++m) slowness_[m] = materials_.slowness(m);
    DtLimit lim = p_wave_dt(particles_, slowness_);
    load_.assign(particles_.size(), ParticleStiffness{});
    for_each_batch([&](auto I, auto& batch) {
      const auto& law = std::get<I>(laws_);
      for (std::size_t k = 0; k < batch.size(); ++k) {
        const ContactStiffness s = law.stiffness(batch.phys[k]);
        for (std::uint32_t i : {batch.id1[k], batch.id2[k]}) load_[i].add(s);
      }
    });
    const DtLimit c = contact_dt(particles_, load_);
    return c.dt < lim.dt ? c : lim;
  }

  const Particles& particles() const { return particles_; }
  // Direct access for prescribed edits (e.g. reversing velocities). Values written here bypass
  // the input checks: keep them finite (a non-finite one stops the next step with a StateError,
  // but contact state computed from it in that step may already be spoiled).
  Particles& particles() { return particles_; }
  const Materials& materials() const { return materials_; }
  // Contacts of law I (default: the first law).
  template <std::size_t I = 0>
  const ContactBatch<LawAt<I>>& sphere_contacts() const { return std::get<I>(batches_).spheres; }
  template <std::size_t I = 0>
  const ContactBatch<LawAt<I>>& other_contacts() const { return std::get<I>(batches_).others; }
  std::size_t contact_count() const {
    std::size_t n = 0;
    for_each_batch([&](auto, const auto& b) { n += b.size(); });
    return n;
  }
  const EnergyLedger& energy() const { return energy_; }
  // Ticks per block pass of the contact loop (dynamics/pass_clock.hpp), summed over threads and
  // laws since the last reset_pass_ticks: [0] every other pair, [1] sphere pairs. All zero unless
  // built with LAWCHECK_PASS_TIMES.
  std::array<PassTicks, 2> pass_ticks() const {
    std::array<PassTicks, 2> sum{};
    for (const ThreadScratch& s : scratch_)
      for (std::size_t kind = 0; kind < 2; ++kind) sum[kind] += s.pass_ticks[kind];
    return sum;
  }
  void reset_pass_ticks() {
    for (ThreadScratch& s : scratch_) s.pass_ticks = {};
  }
  template <std::size_t I = 0>
  const LawAt<I>& law() const { return std::get<I>(laws_); }
  double time() const { return time_; }
  std::uint64_t steps() const { return steps_; }
  double dt() const { return dt_; }

  std::uint64_t dt_check_period = 1000;

private:
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::size_t npos = VerletList::npos;

  template <class L>
  struct LawBatches {
    ContactBatch<L> spheres, others;
  };

  // f(integral_constant<I>) for every law.
  template <class F>
  static void for_each_law(F&& f) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (f(std::integral_constant<std::size_t, I>{}), ...);
    }(std::index_sequence_for<Laws...>{});
  }
  // f(integral_constant<I>, batch) for both batches of every law; batch number 2 I (spheres)
  // and 2 I + 1 (others) index the per-batch lists below.
  template <class F>
  void for_each_batch(F&& f) {
    for_each_law([&](auto I) {
      f(I, std::get<I>(batches_).spheres);
      f(I, std::get<I>(batches_).others);
    });
  }
  template <class F>
  void for_each_batch(F&& f) const {
    for_each_law([&](auto I) {
      f(I, std::get<I>(batches_).spheres);
      f(I, std::get<I>(batches_).others);
    });
  }
  // f(integral_constant<I>) for the law whose number is `law`.
  template <class F>
  static void with_law(std::size_t law, F&& f) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((law == I ? (f(std::integral_constant<std::size_t, I>{}), true) : false) || ...);
    }(std::index_sequence_for<Laws...>{});
  }

  // The dense law table, and per material pair the reach of its law; each pair's materials are
  // checked to be readable by its law (an InputError naming the materials and the law).
  void build_law_table() {
    const std::size_t n = materials_.size();
    table_.build(n);
    pair_reach_.assign(n * n, 0.0);
    max_reach_ = 0;
    for (std::size_t a = 0; a < n; ++a)
      for (std::size_t b = a; b < n; ++b)
        with_law(table_(a, b), [&](auto I) {
          using L = LawAt<I>;
          using M = typename L::Material;
          const M* ma = materials_.template as<M>(a);
          const M* mb = materials_.template as<M>(b);
          for (auto [m, p] : {std::pair{a, ma}, std::pair{b, mb}})
            if (!p)
              throw InputError(fmt::format("material[{}]", m), materials_.type_name(m),
                               fmt::format("law '{}' (used for materials {} and {}) needs a {}", L::name, a, b,
                                           M::type_name));
          const double r = reach_of(std::get<I>(laws_), *ma, *mb);
          require_non_negative(fmt::format("reach of law '{}' for materials {} and {}", L::name, a, b), r);
          pair_reach_[a * n + b] = pair_reach_[b * n + a] = r;
          max_reach_ = std::max(max_reach_, r);
        });
    for_each_law([&](auto I) { set_pair_phys<I>(); });
    table_dirty_ = false;
    verlet_.invalidate();  // the candidates' distance depends on the largest reach
  }

  // Index of the ordered material pair of particles i, j (dynamics/phys_column.hpp).
  std::uint32_t material_pair(std::uint32_t i, std::uint32_t j) const {
    return static_cast<std::uint32_t>(particles_.material[i] * materials_.size() + particles_.material[j]);
  }

  // A PairSplitLaw's materials' part for every ordered pair of materials it can read -- not only the
  // pairs now assigned to it: a contact made under an earlier law table keeps its law -- and each
  // contact's pair index for the current material count.
  template <std::size_t I>
  void set_pair_phys() {
    using L = LawAt<I>;
    if constexpr (PairSplitLaw<L>) {
      using M = typename L::Material;
      const std::size_t n = materials_.size();
      if (n > std::numeric_limits<std::uint16_t>::max() + std::size_t{1})
        throw InputError("materials", n, "at most 65536 materials with the law '" + std::string(L::name) + "'");
      std::vector<typename L::Phys::PerPair> pairs(n * n);
      for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b) {
          const M* ma = materials_.template as<M>(a);
          const M* mb = materials_.template as<M>(b);
          if (ma && mb) pairs[a * n + b] = std::get<I>(laws_).make_pair_phys(*ma, *mb);
        }
      for (ContactBatch<L>* batch : {&std::get<I>(batches_).spheres, &std::get<I>(batches_).others})
        batch->phys.set_pairs(pairs, [&](std::size_t k) { return material_pair(batch->id1[k], batch->id2[k]); });
    }
  }

  void check_dt() {
    if (!(dt_ > 0)) throw InputError("dt", dt_, "must be positive (set it before stepping)");
    const DtLimit lim = stable_dt();
    if (dt_ > lim.dt)
      throw InputError("dt", dt_,
                       fmt::format("above the stable limit {} (estimate at particle[{}], "
                                   "dynamics/time_step.hpp)",
                                   lim.dt, lim.particle));
    dt_checked_ = true;
  }

  double margin() const {
    if (margin_ > 0) return margin_;
    double rmin = inf;
    for (std::size_t i = 0; i < particles_.size(); ++i)
      if (!particles_.is_infinite(i) && particles_.radius[i] > 0) rmin = std::min(rmin, particles_.radius[i]);
    return rmin < inf ? rmin / 10 : 0.0;
  }

  void rebuild() {
    for_each_batch([&](auto, auto& b) { b.sort_by_particles(threads_); });
    verlet_.rebuild(particles_, margin(), max_reach_, threads_,
                    [&](auto mark) { for_each_batch([&](auto, const auto& b) { mark(b.id1, b.id2); }); });
  }

  BodyPose pose(std::uint32_t i) const { return {particles_.pos[i], particles_.ori[i]}; }
  BodyVelocity velocity(std::uint32_t i) const { return {particles_.vel[i], particles_.ang_vel[i]}; }

  template <std::size_t I>
  void create(std::size_t c, std::uint32_t i, std::uint32_t j, const ContactPoint& cp, bool sphere_pair) {
    using L = LawAt<I>;
    using M = typename L::Material;
    const Particles& P = particles_;
    const L& law = std::get<I>(laws_);
    const ShapeSize si{P.kind[i], size_of(P.shape[i])}, sj{P.kind[j], size_of(P.shape[j])};
    const ContactLengths l = contact_lengths(si, sj, cp.uN, rules_);
    // A body that does not move enters a contact's mechanics with infinite mass (contact_lengths.hpp).
    const auto moving_mass = [&](std::uint32_t k) {
      return P.is_static(k) ? std::numeric_limits<double>::infinity() : P.mass[k];
    };
    const ContactCreation creation{cp.uN, l, moving_mass(i), moving_mass(j), curvature_radius(si), curvature_radius(sj)};
    const auto phys = law.make_phys(*materials_.template as<M>(P.material[i]),
                                    *materials_.template as<M>(P.material[j]), creation);
    auto& batches = std::get<I>(batches_);
    (sphere_pair ? batches.spheres : batches.others)
        .add(i, j, initial_frame(cp.normal).ori, phys, law.initial_state(creation, phys), material_pair(i, j));
    verlet_.set_in_contact(c, true);
  }

  // A candidate found in contact by detection: created after the check (detect).
  struct Detection {
    std::size_t candidate;
    ContactPoint cp;
    bool sphere_pair;
  };

  // Candidates c0 .. c1 - 1 not yet in contact whose shapes now touch (within the law's reach),
  // in candidate order. Reads only: the threads check their runs of candidates side by side.
  void find_new_contacts(std::size_t c0, std::size_t c1, std::vector<Detection>& found) const {
    const Particles& P = particles_;
    const std::size_t nm = materials_.size();
    for (std::size_t c = c0; c < c1; ++c) {
      if (verlet_.in_contact(c)) continue;
      const auto [i, j] = verlet_[c];
      const double reach = pair_reach_[P.material[i] * nm + P.material[j]];
      if (P.kind[i] == ShapeKind::sphere && P.kind[j] == ShapeKind::sphere) {
        const double d = P.radius[i] + P.radius[j] + reach;
        if ((P.pos[j] - P.pos[i]).squaredNorm() > d * d) continue;  // no sqrt for the misses
        if (auto cp = sphere_sphere_contact(P.radius[i], P.pos[i], P.radius[j], P.pos[j], reach))
          found.push_back({c, *cp, true});
      } else if (auto cp = contact_point(P.shape[i], pose(i), P.shape[j], pose(j), reach)) {
        found.push_back({c, *cp, false});
      }
    }
  }

  // Detection: the candidates are checked on the simulation's threads, each member a contiguous
  // run (dynamics/team_runs.hpp), and the contacts are then created one by one in candidate
  // order, so the batches come out in the serial loop's order whatever the thread count. The
  // contacts found before the first error (a contact point that throws) are created before it is
  // rethrown, as the serial loop would have.
  void detect() {
    const std::size_t n = verlet_.size();
    detected_.clear();
    const std::exception_ptr error = collect_on_team(
        n < detect_threaded_from ? 1 : threads_, n, detect_lists_, detected_,
        [&](std::size_t c0, std::size_t c1, std::vector<Detection>& found) { find_new_contacts(c0, c1, found); });
    const Particles& P = particles_;
    for (const Detection& d : detected_) {
      const auto [i, j] = verlet_[d.candidate];
      with_law(table_(P.material[i], P.material[j]), [&](auto I) { create<I>(d.candidate, i, j, d.cp, d.sphere_pair); });
    }
    if (error) std::rethrow_exception(error);
  }

  // Contacts per energy block: a batch's energies are summed block by block, then the blocks in
  // order, so the sums do not depend on how the blocks are shared among threads.
  static constexpr std::size_t energy_block = 256;

  struct BlockEnergy {
    double elastic = 0;
    double initial_elastic = 0;  // of contacts created before the first tracked step's increment
    EnergySplit<double> dissipated;
  };

  // One contact's force and torque on a particle that an earlier slice also touches.
  struct Deferred {
    std::uint32_t particle;
    Vec3d force, torque;
  };

  // Written by its own thread only, and cache-line aligned: when thread 1's deferred list shared a
  // line with the header of its first-touch records, which the other thread reads at every
  // add_to, the two cores passed that line back and forth (contact_step_threads/spheres:100000).
  struct alignas(64) ThreadScratch {
    std::array<std::vector<std::size_t>, 2 * law_count> broken;     // per batch (for_each_batch)
    std::array<std::vector<Deferred>, 2 * law_count> deferred;      // per batch, in contact order
    // The plan (plan_deferrals): per batch, the ends 2 k + s (s = 0: id1, 1: id2) of this thread's
    // contacts whose terms are deferred, ascending, closed by no_end; next_deferred walks it.
    std::array<std::vector<std::size_t>, 2 * law_count> deferred_ends;
    const std::size_t* next_deferred = nullptr;
    std::exception_ptr error;
    ContactBlock block;  // the block passes' intermediate values (dynamics/contact_block.hpp)
    std::array<PassTicks, 2> pass_ticks{};  // [SpherePair] (pass_ticks())
    SpherePairInputs sphere_inputs;
    OtherPairInputs other_inputs;
  };

  // Thread t's share of a batch of n contacts: whole energy blocks, contiguous, in thread order.
  static std::pair<std::size_t, std::size_t> block_slice(std::size_t n, int t, int nt) {
    const std::size_t blocks = (n + energy_block - 1) / energy_block;
    const auto at = [&](int u) {
      return std::min(n, blocks * static_cast<std::size_t>(u) / static_cast<std::size_t>(nt) * energy_block);
    };
    return {at(t), at(t + 1)};
  }

  // Determinism: each particle's force and torque are summed in the serial loop's order -- batch
  // by batch, contact by contact -- whatever the thread count. The slices in that order are
  // (batch, thread). The slice that touches particle i first adds straight into the particle
  // arrays (no other thread writes i meanwhile); any later slice that touches i defers its terms,
  // which are replayed in slice order once every slice is done (replay_deferred). x - f and
  // x + (-f) round alike, so every sum is the serial one bit for bit. Which terms a slice defers
  // depends only on the batches' contacts and the thread count, so it is planned when either
  // changes (plan_deferrals), not at every step: a contact set that stands still (a settled
  // packing) costs the loop one comparison per term.
  static constexpr std::size_t no_end = std::numeric_limits<std::size_t>::max();

  // Is thread t's slice of batch number `batch` the first slice in serial order to touch particle
  // i? Reads every thread's first-touch records (first_), complete after the planning barrier.
  bool touches_first(std::uint32_t i, int t, std::size_t batch) const {
    const std::uint32_t key = pass_ + static_cast<std::uint32_t>(batch);
    const std::size_t n = particles_.size();
    const std::uint32_t* records = first_.data() + i;
    if (records[static_cast<std::size_t>(t) * n] != key) return false;
    for (std::size_t u = 0; u < static_cast<std::size_t>(team_); ++u) {
      const std::uint32_t k = records[u * n];
      if (u != static_cast<std::size_t>(t) && k >= pass_ && (k < key || (k == key && u < static_cast<std::size_t>(t))))
        return false;
    }
    return true;
  }

  // The accumulation of contacts kb .. kb + m - 1 of a batch from their block (block_step): each
  // contact's force and torques added to both its particles, in contact order; a contact the law
  // broke is listed in `broken` instead. With threads, the ends the plan defers go to the thread's
  // deferred list (ThreadScratch::next_deferred walks the plan's ascending ends; those of broken
  // contacts are skipped). A function of its own, with its arrays in locals: inlined into the
  // block loop, its pointers did not fit the registers left there and were reloaded at every
  // contact.
  template <bool Threaded>
  [[gnu::noinline]] void accumulate(const ContactBlock& blk, const std::uint32_t* id1, const std::uint32_t* id2,
                                    std::size_t kb, std::size_t m, ThreadScratch& s,
                                    std::vector<std::size_t>& broken, [[maybe_unused]] std::size_t batch) {
    Vec3d* const force = particles_.force.data();
    Vec3d* const torque = particles_.torque.data();
    [[maybe_unused]] const std::size_t* next = s.next_deferred;
    const auto add_to = [&](std::uint32_t i, [[maybe_unused]] std::size_t end, const Vec3d& f, const Vec3d& t) {
      if constexpr (Threaded) {
        while (*next < end) ++next;
        if (*next == end) {
          ++next;
          s.deferred[batch].push_back({i, f, t});
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
    if constexpr (Threaded) s.next_deferred = next;
  }

  // Contacts kb .. kb + m - 1 of a batch in one block (dynamics/contact_block.hpp): kinematics
  // and force mapping vectorised over the block, the law lane by lane, then the accumulation
  // contact by contact. SpherePair: the sphere-sphere batch (dynamics/sphere_pair_block.hpp);
  // otherwise every other pair (dynamics/other_pair_block.hpp), whose contacts also end where the
  // pair has no contact point any more (existing_contact_point: the cores' closest points
  // coincide, so no normal; a sphere past a facet's edge is not such a case, its contact wraps
  // the edge and the law breaks it; solver/tests/dynamics_other_pair_block_test.cpp).
  template <bool TrackEnergy, bool Threaded, std::size_t I, bool SpherePair>
  void block_step(ContactBatch<LawAt<I>>& b, std::size_t kb, std::size_t m, ThreadScratch& s, BlockEnergy& e,
                  std::vector<std::size_t>& broken, std::size_t batch) {
    const Particles& P = particles_;
    const auto& law = std::get<I>(laws_);
    constexpr LawNeeds needs = law_needs<LawAt<I>>();  // what the passes compute for the law
    ContactBlock& blk = s.block;
    const BodyArrays bodies{P.pos.data()->data(),     P.vel.data()->data(),   P.ang_vel.data()->data(),
                            P.radius.data(),          P.force.data()->data(), P.torque.data()->data()};
    double* frames = b.frame.data()->coeffs().data();
    std::size_t gone = 0;
    PassClock clock(s.pass_ticks[SpherePair], m);
    if constexpr (SpherePair) {
      const std::size_t bad = sphere_pair_kinematics<needs>(blk, s.sphere_inputs, b.id1.data(), b.id2.data(), frames,
                                                            kb, m, b.size(), b.fresh_from, bodies, dt_);
      if (bad < m) [[unlikely]]
        throw StateError(fmt::format("particle[{}] and particle[{}] have coincident centres at step {}",
                                     b.id1[kb + bad], b.id2[kb + bad], steps_));
    } else {
      gone = other_pair_geometry(blk, s.other_inputs, b.id1.data(), b.id2.data(), kb, m, bodies,
                                 [&](std::uint32_t i, std::uint32_t j) { return existing_contact_point(i, j); });
      other_pair_kinematics<needs>(blk, s.other_inputs, frames, kb, m, b.fresh_from, dt_);
    }
    const auto is_gone = [&](std::size_t l) {
      if constexpr (SpherePair) return false;
      else return s.other_inputs.gone[l] != 0;
    };
    if constexpr (TrackEnergy)  // contacts created in this step, before their first increment
      if (!energy_.has_reference)
        for (std::size_t l = b.fresh_from > kb ? b.fresh_from - kb : 0; l < m; ++l)
          if (!is_gone(l))
            e.initial_elastic += law.elastic_energy(lane_geom<needs>(blk, l), b.phys[kb + l], b.state[kb + l]);
    clock.lap(BlockPass::kinematics);
    const auto phys = b.phys.lanes(kb, m, blk);
    const auto state = b.state.lanes(kb);
    clock.lap(BlockPass::physics);
    EnergySplit<double> dissipated;
    if (gone == 0) [[likely]] {
      dissipated = law_pass<TrackEnergy>(law, blk, phys, state, 0, m, dt_);
    } else {  // the law on the runs between gone lanes; a gone lane ends like a broken one
      std::size_t l0 = 0;
      for (std::size_t l = 0; l <= m; ++l)
        if (l == m || is_gone(l)) {
          dissipated += law_pass<TrackEnergy>(law, blk, phys, state, l0, l, dt_);
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
    accumulate<Threaded>(blk, b.id1.data(), b.id2.data(), kb, m, s, broken, batch);
    clock.lap(BlockPass::accumulation);
  }

  // An existing contact's geometry, kept at any distance (the law decides when it breaks); its
  // shapes and their pair were checked when the particles were added and the contact created.
  // Sphere-wall pairs, the common kind here, inline (wall_sphere_contact); others dispatch.
  std::optional<ContactPoint> existing_contact_point(std::uint32_t i, std::uint32_t j) const {
    const Particles& P = particles_;
    constexpr double any = std::numeric_limits<double>::max();
    if (P.kind[i] == ShapeKind::wall && P.kind[j] == ShapeKind::sphere)
      return wall_sphere_contact(*std::get_if<Wall>(&P.shape[i]), P.pos[i], P.radius[j], P.pos[j], any);
    if (P.kind[i] == ShapeKind::sphere && P.kind[j] == ShapeKind::wall)
      return flipped(wall_sphere_contact(*std::get_if<Wall>(&P.shape[j]), P.pos[j], P.radius[i], P.pos[i], any));
    return contact_point_unchecked(P.shape[i], pose(i), P.shape[j], pose(j), any);
  }

  // Thread t's slice of batch number `batch` (for_each_batch order).
  template <bool TrackEnergy, bool Threaded, std::size_t I, bool SpherePair>
  void run_batch(ContactBatch<LawAt<I>>& b, std::size_t batch, int t, int nt) {
    ThreadScratch& s = scratch_[static_cast<std::size_t>(t)];
    const auto [begin, end] = block_slice(b.size(), t, nt);
    auto& blocks = energy_blocks_[batch];
    s.next_deferred = s.deferred_ends[batch].data();
    try {
      for (std::size_t k0 = begin; k0 < end; k0 += energy_block) {
        BlockEnergy e;
        const std::size_t k1 = std::min(end, k0 + energy_block);
        for (std::size_t kb = k0; kb < k1; kb += contact_block)
          block_step<TrackEnergy, Threaded, I, SpherePair>(b, kb, std::min(contact_block, k1 - kb), s, e,
                                                           s.broken[batch], batch);
        if constexpr (TrackEnergy) blocks[k0 / energy_block] = e;
      }
    } catch (...) {
      if (!s.error) s.error = std::current_exception();
    }
  }

  // Thread t's part of the plan (add_to): record which particles each of its slices touches first
  // (first_), wait for the other threads' records, then list the ends of its slices whose slice is
  // not the first to touch their particle.
  void plan_deferrals(int t, int nt) {
    ThreadScratch& s = scratch_[static_cast<std::size_t>(t)];
    std::uint32_t* first = first_.data() + static_cast<std::size_t>(t) * particles_.size();
    const std::uint32_t pass = pass_;  // a local: the stores below could alias the member
    std::size_t batch = 0;
    for_each_batch([&](auto, const auto& b) {
      const auto [begin, end] = block_slice(b.size(), t, nt);
      const std::uint32_t key = pass + static_cast<std::uint32_t>(batch++);
      for (std::size_t k = begin; k < end; ++k)
        for (const std::uint32_t i : {b.id1[k], b.id2[k]})
          if (first[i] < pass) first[i] = key;
    });
    LAWCHECK_OMP("omp barrier")
    batch = 0;
    for_each_batch([&](auto, const auto& b) {
      const auto [begin, end] = block_slice(b.size(), t, nt);
      std::vector<std::size_t>& ends = s.deferred_ends[batch];
      ends.clear();
      for (std::size_t k = begin; k < end; ++k) {
        if (!touches_first(b.id1[k], t, batch)) ends.push_back(2 * k);
        if (!touches_first(b.id2[k], t, batch)) ends.push_back(2 * k + 1);
      }
      ends.push_back(no_end);
      ++batch;
    });
  }

  // Thread t of nt replays the deferred terms of particles t N / nt .. (t + 1) N / nt - 1, after
  // every thread's slices: each reads all the lists in slice order and keeps its own particles,
  // so a particle's terms still come in slice order, and the threads write disjoint particles.
  // Replayed by one thread after the join, the terms' misses on the particles (~14 000 per step
  // of the 1e5 packing, mostly the wall contacts' spheres) were a serial ~3 % of the two-thread
  // step (perf).
  void replay_deferred(int t, int nt) {
    Particles& P = particles_;
    const std::size_t n = P.size();
    const std::size_t begin = n * static_cast<std::size_t>(t) / static_cast<std::size_t>(nt);
    const std::size_t end = n * static_cast<std::size_t>(t + 1) / static_cast<std::size_t>(nt);
    for (std::size_t batch = 0; batch < 2 * law_count; ++batch)
      for (int u = 0; u < nt; ++u)
        for (const Deferred& x : scratch_[static_cast<std::size_t>(u)].deferred[batch])
          if (x.particle >= begin && x.particle < end) {
            P.force[x.particle] += x.force;
            P.torque[x.particle] += x.torque;
          }
  }

  // Thread t of nt: with threads, plan the deferred terms when the contacts or the thread count
  // changed (replan), and clear the particles' forces before any thread adds to them.
  template <bool TrackEnergy, bool Threaded>
  void run_batches(int t, int nt, [[maybe_unused]] bool replan) {
    ThreadScratch& s = scratch_[static_cast<std::size_t>(t)];
    for (auto& list : s.broken) list.clear();
    if constexpr (Threaded) {
      // Each thread clears its share of the particles' forces (before the barrier below, so before
      // any add_to): 48 bytes per particle, a serial ~5 % of the step at 1e5 spheres otherwise.
      zero_forces(particles_.size() * static_cast<std::size_t>(t) / static_cast<std::size_t>(nt),
                  particles_.size() * static_cast<std::size_t>(t + 1) / static_cast<std::size_t>(nt));
      for (auto& list : s.deferred) list.clear();
      if (replan) plan_deferrals(t, nt);
      LAWCHECK_OMP("omp barrier")
    }
    for_each_law([&](auto I) {
      auto& batches = std::get<I>(batches_);
      run_batch<TrackEnergy, Threaded, I, true>(batches.spheres, 2 * I, t, nt);
      run_batch<TrackEnergy, Threaded, I, false>(batches.others, 2 * I + 1, t, nt);
    });
  }

  // Every contact now in the batches counts as existing (not created in this step).
  void mark_all_existing() {
    for_each_batch([](auto, auto& b) { b.fresh_from = b.size(); });
  }

  void zero_forces(std::size_t begin, std::size_t end) {
    std::fill(particles_.force.begin() + static_cast<std::ptrdiff_t>(begin),
              particles_.force.begin() + static_cast<std::ptrdiff_t>(end), Vec3d::Zero());
    std::fill(particles_.torque.begin() + static_cast<std::ptrdiff_t>(begin),
              particles_.torque.begin() + static_cast<std::ptrdiff_t>(end), Vec3d::Zero());
  }

  template <bool TrackEnergy>
  void contact_forces() {
    Particles& P = particles_;
    int nt = 1;
#ifdef _OPENMP
    nt = threads_;
#endif
    if (scratch_.size() < static_cast<std::size_t>(nt)) scratch_.resize(static_cast<std::size_t>(nt));
    for (auto& s : scratch_) s.error = nullptr;
    team_ = nt;
    if constexpr (TrackEnergy) {
      std::size_t number = 0;
      for_each_batch([&](auto, const auto& b) {
        energy_blocks_[number++].assign((b.size() + energy_block - 1) / energy_block, BlockEnergy{});
      });
    }
    if (nt == 1) {
      zero_forces(0, P.size());
      run_batches<TrackEnergy, false>(0, 1, false);
    } else {
      bool replan = planned_threads_ != nt || planned_particles_ != P.size();
      std::size_t number = 0;
      for_each_batch([&](auto, const auto& b) { replan |= b.revision != planned_revisions_[number++]; });
      if (replan) {
        if (first_.size() != static_cast<std::size_t>(nt) * P.size()) first_.assign(static_cast<std::size_t>(nt) * P.size(), 0);
        // Each plan has keys of its own (pass_ + batch), so the records are never cleared.
        if (pass_ > std::numeric_limits<std::uint32_t>::max() - 2 * pass_keys) {
          std::fill(first_.begin(), first_.end(), 0u);
          pass_ = pass_keys;
        }
      }
      // OpenMP may grant fewer threads than asked (a region nested in another parallel region,
      // OMP_THREAD_LIMIT, OMP_DYNAMIC); the slices are cut for nt threads, so a smaller team
      // would skip contacts. It then does nothing, and the loop runs serially below.
      int granted = nt;
      LAWCHECK_OMP("omp parallel num_threads(nt)")
      {
#ifdef _OPENMP
        if (omp_get_num_threads() == nt) {
          run_batches<TrackEnergy, true>(omp_get_thread_num(), nt, replan);
          LAWCHECK_OMP("omp barrier")
          replay_deferred(omp_get_thread_num(), nt);
        } else if (omp_get_thread_num() == 0)
          granted = omp_get_num_threads();
#endif
      }
      if (granted != nt) {
        team_ = nt = 1;
        for (auto& list : scratch_[0].deferred) list.clear();  // an earlier threaded step's
        zero_forces(0, P.size());
        run_batches<TrackEnergy, false>(0, 1, false);
      } else if (replan) {
        pass_ += pass_keys;
        planned_threads_ = nt;
        planned_particles_ = P.size();
        number = 0;
        for_each_batch([&](auto, const auto& b) { planned_revisions_[number++] = b.revision; });
      }
    }
    for (int t = 0; t < nt; ++t)
      if (scratch_[static_cast<std::size_t>(t)].error) std::rethrow_exception(scratch_[static_cast<std::size_t>(t)].error);
    if constexpr (TrackEnergy) {
      energy_.elastic = 0;
      for (const auto& blocks : energy_blocks_)
        for (const BlockEnergy& e : blocks) {
          energy_.elastic += e.elastic;
          energy_.dissipated += e.dissipated;
          initial_elastic_ += e.initial_elastic;
        }
    }
    // Slices are contiguous and in thread order, so the lists concatenate in ascending order;
    // removing from the back keeps the indices still to remove valid.
    std::size_t batch_number = 0;
    for_each_batch([&](auto, auto& b) {
      for (int t = nt - 1; t >= 0; --t) {
        const auto& list = scratch_[static_cast<std::size_t>(t)].broken[batch_number];
        for (auto it = list.rbegin(); it != list.rend(); ++it) {
          verlet_.set_in_contact(b.id1[*it], b.id2[*it], false);
          b.remove(*it);
        }
      }
      ++batch_number;
    });
  }

  template <bool TrackEnergy>
  void step_impl() {
    if (table_dirty_ || table_.materials() != materials_.size()) build_law_table();
    if (verlet_.needs_rebuild(particles_)) rebuild();
    mark_all_existing();
    detect();
    // After detection, so that contacts created in this step (a scene that starts in contact)
    // count in the estimate before their first force.
    if (!dt_checked_ || (dt_check_period > 0 && steps_ % dt_check_period == 0)) check_dt();
    const bool first_tracked = TrackEnergy && steps_ == 0 && !energy_.has_reference;
    const double before = first_tracked ? mechanical_energy_before_step(particles_, gravity_) : 0.0;
    initial_elastic_ = 0;
    contact_forces<TrackEnergy>();
    if (first_tracked) energy_.set_reference(before + initial_elastic_);
    leapfrog_.threads = threads_;
    leapfrog_step<TrackEnergy>(particles_, LeapfrogParams{gravity_, damping_, dt_}, energy_, steps_, leapfrog_);
    if constexpr (TrackEnergy) energy_.close_step();
    ++steps_;
    time_ += dt_;
  }

  std::tuple<Laws...> laws_;
  std::tuple<LawBatches<Laws>...> batches_;
  Materials materials_;
  LawTable table_;
  bool table_dirty_ = true;
  std::vector<double> pair_reach_;
  double max_reach_ = 0;
  Particles particles_;
  StiffnessRules rules_{};
  Vec3d gravity_ = Vec3d::Zero();
  double damping_ = 0;
  double dt_ = 0;
  bool dt_checked_ = false;
  double margin_ = 0;

  VerletList verlet_;
  std::vector<Detection> detected_;  // detection's finds, in candidate order
  TeamLists<Detection> detect_lists_;
  int threads_ = 1;
  std::vector<ThreadScratch> scratch_;
  // Thread t's first-touch records, first_[t * particles + i]: pass_ + the first batch whose slice
  // of thread t touches particle i. Written in the first-touch pass, read by every thread after
  // the barrier: kept apart from the scratch that the threads write during the loop.
  std::vector<std::uint32_t> first_;
  std::array<std::vector<BlockEnergy>, 2 * law_count> energy_blocks_;
  static constexpr std::uint32_t pass_keys = 2 * law_count;  // keys per pass: one per batch
  std::uint32_t pass_ = pass_keys;
  int team_ = 1;  // threads of the current contact loop
  // What the plan of deferred terms (ThreadScratch::deferred_ends) was made for.
  int planned_threads_ = 0;
  std::size_t planned_particles_ = 0;
  std::array<std::uint64_t, 2 * law_count> planned_revisions_{};
  std::vector<double> slowness_;
  std::vector<ParticleStiffness> load_;
  LeapfrogScratch leapfrog_;
  EnergyLedger energy_;
  double initial_elastic_ = 0;
  double time_ = 0;
  std::uint64_t steps_ = 0;
};

}  // namespace lawcheck
