#pragma once
// A compact DEM simulation (issue 2): particles, one contact law, broad phase, contact loop and
// leapfrog, with energy tracking switched per call.
//
// One step n (Woo's engine order, seed 001): positions x_n, velocities v_{n-1/2} in hand.
//   1. broad phase (Verlet list, rebuilt when some particle moved more than margin/2 since the
//      last build: two particles then approach by at most `margin`, so no pair is missed);
//   2. new contacts where shapes overlap (uN <= 0): geometry -> physics once (contact_lengths
//      with the StiffnessRules, frict_phys), initial frame;
//   3. contact loop: the sphere-sphere batch through sphere_sphere_contact (no variant dispatch),
//      every other pair through contact_point; each contact through evaluate_contact (geometry,
//      law); forces and torques accumulated; contacts the law breaks are removed;
//   4. leapfrog to v_{n+1/2}, x_{n+1}.
// The hot loop makes no virtual call, allocation or shared_ptr (arrays are reserved and reused).
// Threads (set_threads, OpenMP): each thread takes a contiguous slice of each batch; thread 0
// accumulates into the particles' force arrays, thread t > 0 into its own scratch arrays, summed
// afterwards (no atomics, no races: a contact writes only its own slots and its thread's sums).
// Summation order then depends on the thread count, so results agree to rounding only.
// The time step is checked against the stable estimates of dynamics/time_step.hpp before the
// first step and every `dt_check_period` steps; a dt above the limit is an InputError naming
// "dt", the requested value and the limit.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <exception>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "dynamics/broad_phase.hpp"
#include "dynamics/contact_batch.hpp"
#include "dynamics/contact_response.hpp"
#include "dynamics/leapfrog.hpp"
#include "dynamics/particles.hpp"
#include "dynamics/state_error.hpp"
#include "dynamics/time_step.hpp"
#include "geometry/contact_point.hpp"
#include "physics/frict_phys.hpp"

#ifdef _OPENMP
#include <omp.h>
#define LAWCHECK_OMP(directive) _Pragma(directive)
#else
#define LAWCHECK_OMP(directive)
#endif

namespace lawcheck {

template <ContactLaw Law>
  requires std::same_as<typename Law::Phys, FrictPhys<double>>
class Simulation {
public:
  explicit Simulation(Law law = {}) : law_(law) {}

  std::size_t add_material(const FrictMat& m) {
    m.validate(fmt::format("material[{}]", materials_.size()));
    materials_.push_back(m);
    return materials_.size() - 1;
  }
  std::size_t add_particle(const ParticleSpec& spec) {
    dt_checked_ = false;
    return particles_.add(spec, materials_);
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
    rebuild_ = true;
  }
  void set_rules(const StiffnessRules& r) { rules_ = r; }
  void reserve(std::size_t particles, std::size_t contacts) {
    particles_.reserve(particles);
    spheres_.reserve(contacts);
    others_.reserve(contacts / 8 + 16);
    candidates_.reserve(contacts * 2);
  }

  // n steps; energy terms are computed only when track_energy is set.
  void step(std::size_t n = 1, bool track_energy = false) {
    for (std::size_t s = 0; s < n; ++s) track_energy ? step_impl<true>() : step_impl<false>();
  }

  // Forces and torques at t_n of the existing contacts (frame transport, local geometry, law,
  // accumulation; broken contacts removed) without broad phase, detection or integration: the
  // hot contact loop on its own, as step() runs it.
  void contact_step(bool track_energy = false) {
    track_energy ? contact_forces<true>(spheres_.size(), others_.size())
                 : contact_forces<false>(spheres_.size(), others_.size());
  }

  // Threads of the contact loop (1 = serial). Without OpenMP the loop is serial whatever is set.
  void set_threads(int threads) {
    if (threads < 1) throw InputError("threads", threads, "must be at least 1");
    threads_ = threads;
  }
  int threads() const { return threads_; }

  // The smaller of the p-wave and the contact estimate (dynamics/time_step.hpp).
  DtLimit stable_dt() {
    DtLimit lim = p_wave_dt(particles_, materials_);
    stiffness_.assign(particles_.size(), 0.0);
    auto add = [&](const auto& batch) {
      for (std::size_t k = 0; k < batch.size(); ++k) {
        const double kk = batch.phys[k].kn + 3.5 * batch.phys[k].kt;
        stiffness_[batch.id1[k]] += kk;
        stiffness_[batch.id2[k]] += kk;
      }
    };
    add(spheres_);
    add(others_);
    const DtLimit c = contact_dt(particles_, stiffness_);
    return c.dt < lim.dt ? c : lim;
  }

  const Particles& particles() const { return particles_; }
  // Direct access for prescribed edits (e.g. reversing velocities). Values written here bypass
  // the input checks: keep them finite (a non-finite one stops the next step with a StateError,
  // but contact state computed from it in that step may already be spoiled).
  Particles& particles() { return particles_; }
  const std::vector<FrictMat>& materials() const { return materials_; }
  const ContactBatch<Law>& sphere_contacts() const { return spheres_; }
  const ContactBatch<Law>& other_contacts() const { return others_; }
  std::size_t contact_count() const { return spheres_.size() + others_.size(); }
  const EnergyLedger& energy() const { return energy_; }
  const Law& law() const { return law_; }
  double time() const { return time_; }
  std::uint64_t steps() const { return steps_; }
  double dt() const { return dt_; }

  std::uint64_t dt_check_period = 1000;

private:
  using Batch = ContactBatch<Law>;
  static constexpr double inf = std::numeric_limits<double>::infinity();

  // Index of the candidate pair (i, j) in the sorted Verlet list, or npos.
  static constexpr std::size_t npos = std::numeric_limits<std::size_t>::max();
  std::size_t candidate_index(std::uint32_t i, std::uint32_t j) const {
    const IndexPair pair{i, j};
    const auto it = std::lower_bound(candidates_.begin(), candidates_.end(), pair);
    return it != candidates_.end() && *it == pair ? static_cast<std::size_t>(it - candidates_.begin()) : npos;
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

  bool needs_rebuild() const {
    if (rebuild_ || ref_pos_.size() != particles_.size()) return true;
    const double half = margin_used_ / 2;
    for (std::size_t i = 0; i < particles_.size(); ++i)
      if ((particles_.pos[i] - ref_pos_[i]).squaredNorm() > half * half) return true;
    return false;
  }

  void rebuild() {
    const Particles& P = particles_;
    margin_used_ = margin();
    candidates_.clear();
    finite_.clear();
    infinite_.clear();
    for (std::uint32_t i = 0; i < P.size(); ++i) (P.is_infinite(i) ? infinite_ : finite_).push_back(i);
    grid_.find_pairs(P.pos, P.radius, finite_, margin_used_, candidates_);
    for (auto w : infinite_)
      for (std::uint32_t i = 0; i < P.size(); ++i) {
        if (i == w || (P.is_static(i) && P.is_static(w))) continue;
        const auto a = std::min(i, w), b = std::max(i, w);
        if (contact_point(P.shape[a], pose(a), P.shape[b], pose(b), margin_used_)) candidates_.emplace_back(a, b);
      }
    // Static pairs never interact. The rest is sorted so that a contact finds its candidate by
    // binary search: each candidate carries an in-contact flag, which keeps detection from
    // creating a contact twice without a hash lookup per candidate and step.
    std::erase_if(candidates_, [&](const IndexPair& c) { return P.is_static(c.first) && P.is_static(c.second); });
    std::sort(candidates_.begin(), candidates_.end());
    in_contact_.assign(candidates_.size(), 0);
    for (const Batch* b : {&spheres_, &others_})
      for (std::size_t k = 0; k < b->size(); ++k)
        if (const std::size_t c = candidate_index(b->id1[k], b->id2[k]); c != npos) in_contact_[c] = 1;
    ref_pos_ = P.pos;
    rebuild_ = false;
  }

  BodyPose pose(std::uint32_t i) const { return {particles_.pos[i], particles_.ori[i]}; }
  BodyVelocity velocity(std::uint32_t i) const { return {particles_.vel[i], particles_.ang_vel[i]}; }

  void create(std::size_t c, std::uint32_t i, std::uint32_t j, const ContactPoint& cp, Batch& batch) {
    const Particles& P = particles_;
    const ContactLengths l = contact_lengths({P.kind[i], size_of(P.shape[i])}, {P.kind[j], size_of(P.shape[j])},
                                             cp.uN, rules_);
    batch.add(i, j, initial_frame(cp.normal).ori,
              frict_phys(materials_[P.material[i]], materials_[P.material[j]], l), l);
    in_contact_[c] = 1;
  }

  void detect() {
    const Particles& P = particles_;
    for (std::size_t c = 0; c < candidates_.size(); ++c) {
      if (in_contact_[c]) continue;
      const auto [i, j] = candidates_[c];
      if (P.kind[i] == ShapeKind::sphere && P.kind[j] == ShapeKind::sphere) {
        const double reach = P.radius[i] + P.radius[j];
        if ((P.pos[j] - P.pos[i]).squaredNorm() > reach * reach) continue;  // no sqrt for the misses
        if (auto cp = sphere_sphere_contact(P.radius[i], P.pos[i], P.radius[j], P.pos[j], 0)) create(c, i, j, *cp, spheres_);
      } else if (auto cp = contact_point(P.shape[i], pose(i), P.shape[j], pose(j), 0)) {
        create(c, i, j, *cp, others_);
      }
    }
  }

  // What one thread accumulates besides the forces of thread 0 (which go to the particles).
  struct ThreadScratch {
    std::vector<Vec3d> force, torque;
    std::vector<std::size_t> broken_spheres, broken_others;
    double elastic = 0, plastic = 0;
    std::exception_ptr error;
  };

  template <bool TrackEnergy>
  void apply(Batch& b, std::size_t k, const ContactPoint& cp, bool fresh, Vec3d* force, Vec3d* torque,
             ThreadScratch& s, std::vector<std::size_t>& broken) {
    const Particles& P = particles_;
    const std::uint32_t i = b.id1[k], j = b.id2[k];
    ContactFrame frame{b.frame[k], b.frame[k]};
    const auto ev = evaluate_contact<TrackEnergy>(law_, frame, !fresh, cp, pose(i), velocity(i), pose(j),
                                                  velocity(j), b.lengths[k], b.phys[k], b.state[k], dt_);
    b.frame[k] = frame.ori;
    if constexpr (TrackEnergy) s.plastic += ev.response.dissipation;
    if (ev.response.broken) {
      broken.push_back(k);
      return;
    }
    const GlobalContactForce f = global_force(frame, cp.point, P.pos[i], P.pos[j], ev.response);
    force[i] += f.force1;
    force[j] -= f.force1;
    torque[i] += f.torque1;
    torque[j] += f.torque2;
    if constexpr (TrackEnergy) s.elastic += law_.elastic_energy(ev.geom, b.phys[k], b.state[k]);
  }

  // Contacts [begin, end) of both batches for one thread; index >= fresh_*: created this step.
  template <bool TrackEnergy>
  void run_slice(int t, int nt, std::size_t fresh_spheres, std::size_t fresh_others) {
    Particles& P = particles_;
    ThreadScratch& s = scratch_[static_cast<std::size_t>(t)];
    s.broken_spheres.clear();
    s.broken_others.clear();
    s.elastic = s.plastic = 0;
    s.error = nullptr;
    Vec3d* force = P.force.data();
    Vec3d* torque = P.torque.data();
    if (t > 0) {
      s.force.assign(P.size(), Vec3d::Zero());
      s.torque.assign(P.size(), Vec3d::Zero());
      force = s.force.data();
      torque = s.torque.data();
    }
    auto slice = [&](std::size_t n) {
      return std::pair{n * static_cast<std::size_t>(t) / static_cast<std::size_t>(nt),
                       n * static_cast<std::size_t>(t + 1) / static_cast<std::size_t>(nt)};
    };
    try {
      const auto [sb, se] = slice(spheres_.size());
      for (std::size_t k = sb; k < se; ++k) {
        const std::uint32_t i = spheres_.id1[k], j = spheres_.id2[k];
        const auto cp = sphere_sphere_contact(P.radius[i], P.pos[i], P.radius[j], P.pos[j], inf);
        if (!cp)
          throw StateError(fmt::format("particle[{}] and particle[{}] have coincident centres at step {}", i, j, steps_));
        apply<TrackEnergy>(spheres_, k, *cp, k >= fresh_spheres, force, torque, s, s.broken_spheres);
      }
      const auto [ob, oe] = slice(others_.size());
      for (std::size_t k = ob; k < oe; ++k) {
        const std::uint32_t i = others_.id1[k], j = others_.id2[k];
        // An existing contact is kept at any distance: the law decides when it breaks.
        const auto cp = contact_point(P.shape[i], pose(i), P.shape[j], pose(j), std::numeric_limits<double>::max());
        if (!cp) {
          s.broken_others.push_back(k);  // the shapes no longer face each other (e.g. past a facet's edge)
          continue;
        }
        apply<TrackEnergy>(others_, k, *cp, k >= fresh_others, force, torque, s, s.broken_others);
      }
    } catch (...) {
      s.error = std::current_exception();
    }
  }

  template <bool TrackEnergy>
  void contact_forces(std::size_t fresh_spheres, std::size_t fresh_others) {
    Particles& P = particles_;
    const std::size_t n = P.size();
    std::fill(P.force.begin(), P.force.end(), Vec3d::Zero());
    std::fill(P.torque.begin(), P.torque.end(), Vec3d::Zero());
    int nt = 1;
#ifdef _OPENMP
    nt = threads_;
#endif
    if (scratch_.size() < static_cast<std::size_t>(nt)) scratch_.resize(static_cast<std::size_t>(nt));
    if (nt == 1) {
      run_slice<TrackEnergy>(0, 1, fresh_spheres, fresh_others);
    } else {
      LAWCHECK_OMP("omp parallel num_threads(nt)")
      {
#ifdef _OPENMP
        run_slice<TrackEnergy>(omp_get_thread_num(), nt, fresh_spheres, fresh_others);
#endif
      }
      const auto signed_n = static_cast<std::int64_t>(n);
      LAWCHECK_OMP("omp parallel for num_threads(nt)")
      for (std::int64_t i = 0; i < signed_n; ++i)
        for (std::size_t t = 1; t < static_cast<std::size_t>(nt); ++t) {
          P.force[static_cast<std::size_t>(i)] += scratch_[t].force[static_cast<std::size_t>(i)];
          P.torque[static_cast<std::size_t>(i)] += scratch_[t].torque[static_cast<std::size_t>(i)];
        }
    }
    for (int t = 0; t < nt; ++t)
      if (scratch_[static_cast<std::size_t>(t)].error) std::rethrow_exception(scratch_[static_cast<std::size_t>(t)].error);
    if constexpr (TrackEnergy) {
      energy_.elastic = 0;
      for (int t = 0; t < nt; ++t) {
        energy_.elastic += scratch_[static_cast<std::size_t>(t)].elastic;
        energy_.plastic += scratch_[static_cast<std::size_t>(t)].plastic;
      }
    }
    // Slices are contiguous and in thread order, so the lists concatenate in ascending order;
    // removing from the back keeps the indices still to remove valid.
    auto drop = [&](Batch& b, auto member) {
      for (int t = nt - 1; t >= 0; --t) {
        const auto& list = scratch_[static_cast<std::size_t>(t)].*member;
        for (auto it = list.rbegin(); it != list.rend(); ++it) {
          if (const std::size_t c = candidate_index(b.id1[*it], b.id2[*it]); c != npos) in_contact_[c] = 0;
          b.remove(*it);
        }
      }
    };
    drop(spheres_, &ThreadScratch::broken_spheres);
    drop(others_, &ThreadScratch::broken_others);
  }

  template <bool TrackEnergy>
  void step_impl() {
    if (!dt_checked_ || (dt_check_period > 0 && steps_ % dt_check_period == 0)) check_dt();
    if (needs_rebuild()) rebuild();
    const std::size_t fresh_spheres = spheres_.size(), fresh_others = others_.size();
    detect();
    contact_forces<TrackEnergy>(fresh_spheres, fresh_others);
    leapfrog_step<TrackEnergy>(particles_, LeapfrogParams{gravity_, damping_, dt_}, energy_, steps_);
    if constexpr (TrackEnergy) energy_.close_step();
    ++steps_;
    time_ += dt_;
  }

  Law law_;
  Particles particles_;
  std::vector<FrictMat> materials_;
  StiffnessRules rules_{};
  Vec3d gravity_ = Vec3d::Zero();
  double damping_ = 0;
  double dt_ = 0;
  bool dt_checked_ = false;
  double margin_ = 0;
  double margin_used_ = 0;
  bool rebuild_ = true;

  Batch spheres_, others_;
  int threads_ = 1;
  std::vector<ThreadScratch> scratch_;
  std::vector<std::uint8_t> in_contact_;  // per candidate
  CellGrid grid_;
  std::vector<IndexPair> candidates_;
  std::vector<std::uint32_t> finite_, infinite_;
  std::vector<Vec3d> ref_pos_;
  std::vector<double> stiffness_;
  EnergyLedger energy_;
  double time_ = 0;
  std::uint64_t steps_ = 0;
};

}  // namespace lawcheck
