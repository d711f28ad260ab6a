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
//      with the default StiffnessRules, law.make_phys, law.initial_state), initial frame;
//   3. contact loop (dynamics/contact_loop.hpp): per law, both batches in blocks of 64, kinematics
//      and force mapping vectorised, the law contact by contact; forces and torques accumulated in
//      contact order (dynamics/force_accumulation.hpp); contacts the law breaks are removed; the
//      batches are re-sorted by particle at each Verlet rebuild;
//   4. leapfrog to v_{n+1/2}, x_{n+1} (on the same threads, dynamics/leapfrog.hpp).
// This file is the scene (materials, particles, laws and their table, settings), detection and the
// order of a step; the contact loop, the accumulation and the threads' plan have files of their own.
// The hot loop makes no virtual call, allocation or shared_ptr (arrays are reserved and reused).
// Threads (set_threads, OpenMP): each thread takes a contiguous slice of whole 256-contact blocks
// of each batch; results are the serial ones bit for bit whatever the thread count
// (dynamics/serial_order_sums.hpp says how; solver/tests/dynamics_threads_test.cpp), and the
// energies are summed per block, then block by block. The broad phase's pair search and
// detection's checks run on the same threads, in contiguous runs whose results are used in run
// order (dynamics/team_runs.hpp): the same candidates and contacts, in the same order, as on one
// thread; the contacts are created serially.
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
#include "dynamics/contact_loop.hpp"
#include "dynamics/contact_response.hpp"
#include "dynamics/law_table.hpp"
#include "dynamics/leapfrog.hpp"
#include "dynamics/material_set.hpp"
#include "dynamics/particles.hpp"
#include "dynamics/pass_clock.hpp"
#include "dynamics/serial_order_sums.hpp"
#include "dynamics/state_error.hpp"
#include "dynamics/team_runs.hpp"
#include "dynamics/time_step.hpp"
#include "dynamics/verlet_list.hpp"
#include "geometry/contact_point.hpp"
#include "laws/law_rules.hpp"
#include "physics/contact_creation.hpp"
#include "physics/stiffness_rules.hpp"


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
  // Forces from outside the contacts (e.g. springs to fixed anchors), at t_n: the caller sets them
  // from the positions in hand before each step; the step adds them to the contact forces before
  // the leapfrog, in list order. Their energy is the caller's to book (the ledger knows contacts,
  // gravity and damping only).
  struct ExternalForce {
    std::uint32_t particle;
    Vec3d force;
  };
  std::vector<ExternalForce>& external_forces() { return external_forces_; }
  // Ticks per block pass of the contact loop (dynamics/pass_clock.hpp), summed over threads and
  // laws since the last reset_pass_ticks: [0] every other pair, [1] sphere pairs. All zero unless
  // built with LAWCHECK_PASS_TIMES.
  std::array<PassTicks, 2> pass_ticks() const {
    std::array<PassTicks, 2> sum{};
    for (const Scratch& s : scratch_)
      for (std::size_t kind = 0; kind < 2; ++kind) sum[kind] += s.pass_ticks[kind];
    return sum;
  }
  void reset_pass_ticks() {
    for (Scratch& s : scratch_) s.pass_ticks = {};
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

  // Broad-phase margin: a tenth of the smallest finite radius.
  double margin() const {
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
    // A body that does not move enters a contact's mechanics with infinite mass (contact_creation.hpp).
    const auto body = [&](std::uint32_t k, ShapeSize s) {
      return P.is_static(k) ? fixed_body(s) : ContactBody{s, P.mass[k]};
    };
    const ContactCreation creation = contact_creation(body(i, si), body(j, sj), cp.uN, StiffnessRules{});
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

  static constexpr std::size_t batch_count = 2 * law_count;  // for_each_batch's numbering
  using Scratch = ThreadScratch<batch_count>;

  // The batches' contacts as the threads' plan reads them (dynamics/serial_order_sums.hpp).
  std::array<BatchIds, batch_count> batch_ids() const {
    std::array<BatchIds, batch_count> ids{};
    std::size_t number = 0;
    for_each_batch([&](auto, const auto& b) { ids[number++] = {b.id1.data(), b.id2.data(), b.size(), b.revision}; });
    return ids;
  }

  // Thread t of nt: with threads, plan the deferred terms when the contacts or the thread count
  // changed (replan), and clear the particles' forces before any thread adds to them; then the
  // contact loop (dynamics/contact_loop.hpp) on the thread's slice of every batch.
  template <bool TrackEnergy, bool Threaded>
  void run_batches(int t, int nt, [[maybe_unused]] bool replan,
                   [[maybe_unused]] const std::array<BatchIds, batch_count>& ids) {
    Scratch& s = scratch_[static_cast<std::size_t>(t)];
    for (auto& list : s.broken) list.clear();
    if constexpr (Threaded) {
      // Each thread clears its share of the particles' forces (before the barrier below, so before
      // any accumulation): 48 bytes per particle, a serial ~5 % of the step at 1e5 spheres otherwise.
      zero_forces(particles_, particles_.size() * static_cast<std::size_t>(t) / static_cast<std::size_t>(nt),
                  particles_.size() * static_cast<std::size_t>(t + 1) / static_cast<std::size_t>(nt));
      for (auto& list : s.deferred) list.clear();
      if (replan) plan_.plan(t, nt, particles_.size(), ids, s.deferred_ends);
      LAWCHECK_OMP("omp barrier")
    }
    const ContactLoopContext ctx{particles_, dt_, steps_, energy_.has_reference};
    for_each_law([&](auto I) {
      auto& batches = std::get<I>(batches_);
      const auto& law = std::get<I>(laws_);
      run_batch<TrackEnergy, Threaded, true>(law, batches.spheres, 2 * I, t, nt, s, energy_blocks_[2 * I], ctx);
      run_batch<TrackEnergy, Threaded, false>(law, batches.others, 2 * I + 1, t, nt, s, energy_blocks_[2 * I + 1],
                                              ctx);
    });
  }

  // Every contact now in the batches counts as existing (not created in this step).
  void mark_all_existing() {
    for_each_batch([](auto, auto& b) { b.fresh_from = b.size(); });
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
    if constexpr (TrackEnergy) {
      std::size_t number = 0;
      for_each_batch([&](auto, const auto& b) {
        energy_blocks_[number++].assign((b.size() + energy_block - 1) / energy_block, BlockEnergy{});
      });
    }
    const std::array<BatchIds, batch_count> ids = batch_ids();
    if (nt == 1) {
      zero_forces(P, 0, P.size());
      run_batches<TrackEnergy, false>(0, 1, false, ids);
    } else {
      const bool replan = plan_.stale(nt, P.size(), ids);
      if (replan) plan_.prepare(nt, P.size());
      // OpenMP may grant fewer threads than asked (a region nested in another parallel region,
      // OMP_THREAD_LIMIT, OMP_DYNAMIC); the slices are cut for nt threads, so a smaller team
      // would skip contacts. It then does nothing, and the loop runs serially below.
      int granted = nt;
      LAWCHECK_OMP("omp parallel num_threads(nt)")
      {
#ifdef _OPENMP
        if (omp_get_num_threads() == nt) {
          run_batches<TrackEnergy, true>(omp_get_thread_num(), nt, replan, ids);
          LAWCHECK_OMP("omp barrier")
          replay_deferred(P, omp_get_thread_num(), nt, batch_count, [&](int u, std::size_t batch) -> const auto& {
            return scratch_[static_cast<std::size_t>(u)].deferred[batch];
          });
        } else if (omp_get_thread_num() == 0)
          granted = omp_get_num_threads();
#endif
      }
      if (granted != nt) {
        nt = 1;
        for (auto& list : scratch_[0].deferred) list.clear();  // an earlier threaded step's
        zero_forces(P, 0, P.size());
        run_batches<TrackEnergy, false>(0, 1, false, ids);
      } else if (replan) {
        plan_.made(nt, P.size(), ids);
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
    for (const ExternalForce& f : external_forces_) {
      if (f.particle >= particles_.size())
        throw InputError("external force particle", f.particle, fmt::format("no such particle ({})", particles_.size()));
      particles_.force[f.particle] += f.force;
    }
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
  Vec3d gravity_ = Vec3d::Zero();
  double damping_ = 0;
  double dt_ = 0;
  bool dt_checked_ = false;

  VerletList verlet_;
  std::vector<Detection> detected_;  // detection's finds, in candidate order
  TeamLists<Detection> detect_lists_;
  int threads_ = 1;
  std::vector<Scratch> scratch_;
  SerialOrderPlan<batch_count> plan_;  // which terms each thread defers (dynamics/serial_order_sums.hpp)
  std::array<std::vector<BlockEnergy>, batch_count> energy_blocks_;
  std::vector<double> slowness_;
  std::vector<ParticleStiffness> load_;
  LeapfrogScratch leapfrog_;
  EnergyLedger energy_;
  std::vector<ExternalForce> external_forces_;
  double initial_elastic_ = 0;
  double time_ = 0;
  std::uint64_t steps_ = 0;
};

}  // namespace lawcheck
