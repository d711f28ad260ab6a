// `lawcheck run SCENE.json [--json] [--csv FILE] [--threads N]`: the full solver on a scene file
// (cli/scene.hpp; the format: docs/formats.md).
//
// Time levels (dynamics/energy_ledger.hpp): the run takes N steps, t_n = n dt, and reports the
// state at t_0 ... t_N as step n of the solver sees it: positions x_n, the velocity
// v_n = (v_{n-1/2} + v_{n+1/2}) / 2 (and the spin likewise), and the ledger at t_n, which step n
// closes. So the run calls the solver N + 1 times; the last call only completes t_N. The given
// velocities and spins are v_{-1/2}, the leapfrog's starting values.
// Energy at t_n: kinetic, gravity, elastic and the dissipated kinds from the solver's ledger, the
// springs' energy V_n (cli/anchor_springs.hpp), and the work done on the scene by the fixed bodies'
// prescribed motion, W_n = W_{n-1} - dt/2 (F_{n-1} + F_n) . v - dt/2 (T_{n-1} + T_n) . w with
// F, T the contact force and torque on a fixed body moving at v, w (the trapezoid over
// [t_{n-1}, t_n], the ledger's own rule for the contacts' work). The balance error is
//   (S_n - S_0) / scale_n,   S_n = K_n + G_n + E_n + D_n + V_n - W_n,
// scale_n the largest sum of the terms' magnitudes so far (the ledger's rule, with V and W). The
// reference is S_0, the total at t_0, not the ledger's energy before the first step: the ledger's
// K_0 = 1/2 m v_{-1/2} . v_{1/2} differs from 1/2 m v_{-1/2}^2 by dt/2 F_0 . v_{-1/2} whenever a
// force acts from the start (gravity, a spring), a first-order offset that K_n + V_n, conserved to
// rounding for linear forces, never makes up.
// Guards: a non-finite state stops the run at its step naming the body and the quantity (the
// solver's StateError, its particle index given as the body's id; a spring's own check), and so
// does a sphere that moves farther than its radius in one step (it could cross a wall or a sphere
// unseen); a sphere whose centre crosses a wall or enters another sphere within a step
// (cli/passage_guard.hpp, a swept test) likewise, naming both bodies; a non-finite energy term likewise; the largest |balance error| of the run above
// max_balance_error (cli/balance_guard.hpp) ends it with exit 1 before any result is printed.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <limits>
#include <memory>
#include <numbers>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/core.h>

#include "cli/anchor_springs.hpp"
#include "cli/balance_guard.hpp"
#include "cli/command.hpp"
#include "cli/input.hpp"
#include "cli/json_vector.hpp"
#include "cli/passage_guard.hpp"
#include "cli/scene.hpp"
#include "cli/scene_time_step.hpp"
#include "dynamics/state_error.hpp"

namespace lawcheck::cli {

namespace {

// The energy terms at t_n, the run's names for them.
struct SceneEnergy {
  double kinetic = 0, gravity = 0, springs = 0, elastic = 0, work = 0;
  EnergySplit<double> dissipated;
  double balance_error = 0;
};

// The solver's messages name particles by index; a scene's reader knows its bodies by id.
// Every "particle[i]" becomes body "<id>" (a plain scan: std::regex trips GCC 12's
// -Wmaybe-uninitialized inside libstdc++ at the sanitizer build's -O1).
std::string with_body_ids(const std::string& what, const Scene& s) {
  static constexpr std::string_view tag = "particle[";
  std::string out;
  std::size_t last = 0;
  for (std::size_t at = what.find(tag); at != std::string::npos; at = what.find(tag, last)) {
    std::size_t end = at + tag.size();
    while (end < what.size() && std::isdigit(static_cast<unsigned char>(what[end]))) ++end;
    if (end == at + tag.size() || end - at - tag.size() > 18 || end >= what.size() || what[end] != ']') {
      out += what.substr(last, end - last);
      last = end;
      continue;
    }
    const std::size_t i = std::stoul(what.substr(at + tag.size(), end - at - tag.size()));
    out += what.substr(last, at - last);
    out += i < s.bodies.size() ? fmt::format("body \"{}\"", s.bodies[i].id) : what.substr(at, end + 1 - at);
    last = end + 1;
  }
  return out + what.substr(last);
}

class SceneRun {
public:
  SceneRun(const Scene& s, int threads)
      : s_(s), sim_(std::apply([](const auto&... law) { return SceneSimulation(law...); }, s.laws)), passage_(s) {
    sim_.set_threads(threads);
    for (const SceneMaterial& m : s.materials) sim_.add_material(m);
    const std::size_t n = s.materials.size();
    for (std::size_t a = 0; a < n; ++a)
      for (std::size_t b = a; b < n; ++b)
        if (const std::size_t kind = s.kind_of_pair(a, b); kind != 0) sim_.set_pair_law(a, b, kind);
    sim_.set_gravity(s.gravity);
    sim_.reserve(s.bodies.size(), 8 * s.bodies.size());
    for (std::size_t i = 0; i < s.bodies.size(); ++i) add_body(i);
    scene_detail::check_initial_placement(s);  // after the masses: a bad radius is named as such first
    for (EnergyKind k : all_energy_kinds)
      for (std::size_t kind = 0; kind < scene_law_kinds; ++kind)
        if (s.law_used[kind])
          scene_detail::with_kind(kind, [&](auto I) {
            for (EnergyKind own : std::tuple_element_t<I, RegisteredLaws>::energy_kinds)
              if (own == k && std::find(kinds_.begin(), kinds_.end(), k) == kinds_.end()) kinds_.push_back(k);
          });
    step_ = scene_time_step(s, sim_);
    sim_.set_dt(step_.dt);
    if (s.steps) {
      steps_ = *s.steps;
    } else {
      const double q = *s.duration / step_.dt;
      const double whole = std::round(q);
      const double n_steps = std::abs(q - whole) <= 1e-9 * q ? whole : std::ceil(q);
      if (!(n_steps <= static_cast<double>(max_scene_steps)))
        throw InputError("duration", *s.duration,
                         fmt::format("takes {:.3g} steps of dt = {:.6g} s, above the limit {}", n_steps, step_.dt,
                                     max_scene_steps));
      steps_ = static_cast<std::uint64_t>(std::max(1.0, n_steps));
    }
    const double body_steps = static_cast<double>(s.bodies.size()) * static_cast<double>(steps_ + 1);
    if (!(body_steps <= max_scene_body_steps))
      throw InputError(s.steps ? "steps" : "duration", steps_,
                       fmt::format("{} bodies x {} steps = {:.3g} body-steps, above the limit {:g}", s.bodies.size(),
                                   steps_, body_steps, max_scene_body_steps));
  }

  std::uint64_t steps() const { return steps_; }
  const SceneStep& time_step() const { return step_; }
  const std::vector<EnergyKind>& kinds() const { return kinds_; }
  const SceneEnergy& energy() const { return energy_; }
  const std::vector<Vec3d>& positions() const { return x_; }
  const std::vector<Vec3d>& velocities() const { return v_; }
  const std::vector<Vec3d>& spins() const { return w_; }
  double worst_balance() const { return worst_; }
  std::uint64_t worst_step() const { return worst_step_; }

  // Step n: fills positions, velocities, spins and energy at t_n.
  void advance(std::uint64_t n) {
    const Particles& P = sim_.particles();
    x_ = P.pos;  // the copies reuse their storage from step to step
    v_before_ = P.vel;
    w_before_ = P.ang_vel;
    const double springs = anchor_spring_forces(s_.springs, P.pos, s_.bodies, n, sim_.external_forces());
    try {
      sim_.step(1, true);
    } catch (const StateError& e) {
      throw StateError(with_body_ids(e.what(), s_));
    }
    // A sphere that moves farther than its radius in one step can pass through a wall or another
    // sphere between two steps unseen: the run no longer resolves its contacts.
    for (std::size_t i = 0; i < P.size(); ++i)
      if (!s_.bodies[i].fixed && !(P.vel[i].norm() * step_.dt < P.radius[i]))
        throw StateError(fmt::format("body \"{}\": velocity ({:.6g}, {:.6g}, {:.6g}) m/s after step {} moves it {:.6g} m "
                                     "in one step of {:.6g} s, farther than its radius {:.6g} m: contacts would be missed",
                                     s_.bodies[i].id, P.vel[i].x(), P.vel[i].y(), P.vel[i].z(), n,
                                     P.vel[i].stableNorm() * step_.dt, step_.dt, P.radius[i]));
    passage_.check(sim_, x_, P.pos, n, step_.dt);
    v_.resize(P.size());
    w_.resize(P.size());
    for (std::size_t i = 0; i < P.size(); ++i) {
      v_[i] = (v_before_[i] + P.vel[i]) / 2;
      w_[i] = (w_before_[i] + P.ang_vel[i]) / 2;
    }
    // The fixed bodies' work over [t_{n-1}, t_n] (header).
    if (force_prev_.empty()) {
      force_prev_.assign(P.size(), Vec3d::Zero());
      torque_prev_.assign(P.size(), Vec3d::Zero());
    }
    const double dt = step_.dt;
    for (std::size_t i = 0; i < P.size(); ++i) {
      if (!s_.bodies[i].fixed) continue;
      if (n > 0)
        work_ -= dt / 2 * ((force_prev_[i] + P.force[i]).dot(P.vel[i]) + (torque_prev_[i] + P.torque[i]).dot(P.ang_vel[i]));
      force_prev_[i] = P.force[i];
      torque_prev_[i] = P.torque[i];
    }
    const EnergyLedger& L = sim_.energy();
    SceneEnergy e;
    e.kinetic = L.kinetic();
    e.gravity = L.gravity_potential;
    e.springs = springs;
    e.elastic = L.elastic;
    e.work = work_;
    e.dissipated = L.dissipated;
    double magnitude = std::abs(L.kinetic_translational) + std::abs(L.kinetic_rotational) + std::abs(e.gravity) +
                       std::abs(e.elastic) + std::abs(e.springs) + std::abs(e.work);
    for (double d : L.dissipated.by_kind) magnitude += std::abs(d);
    const double total = L.total() + e.springs - e.work;
    if (n == 0) reference_ = total;
    scale_ = std::max(scale_, magnitude);
    e.balance_error = scale_ > 0 ? (total - reference_) / scale_ : 0.0;
    const std::pair<const char*, double> terms[] = {{"kinetic", e.kinetic}, {"gravity", e.gravity},
                                                    {"springs", e.springs}, {"elastic", e.elastic},
                                                    {"work", e.work},       {"balance_error", e.balance_error}};
    for (const auto& [name, value] : terms)
      if (!std::isfinite(value))
        throw StateError(fmt::format("energy.{} = {} at step {}: the run blew up", name, value, n));
    for (EnergyKind k : kinds_)
      if (!std::isfinite(e.dissipated[k]))
        throw StateError(fmt::format("energy.{} = {} at step {}: the run blew up", name_of(k), e.dissipated[k], n));
    if (std::abs(e.balance_error) > std::abs(worst_)) {
      worst_ = e.balance_error;
      worst_step_ = n;
    }
    energy_ = e;
  }

private:
  void add_body(std::size_t i) {
    const SceneBody& b = s_.bodies[i];
    const std::string p = fmt::format("bodies[{}]", i);
    if (const auto* sphere = std::get_if<Sphere>(&b.shape)) {
      const std::string inputs = fmt::format("{}.sphere.radius, materials.{}.density", p, s_.material_names[b.material]);
      const double r = sphere->radius, m = 4.0 / 3.0 * std::numbers::pi * r * r * r * s_.materials[b.material].density;
      derived_positive(inputs, "mass 4/3 pi r^3 density", m);
      derived_positive(inputs, "inertia 2/5 m r^2", 0.4 * m * r * r);
    }
    BodyVelocity v;
    v.vel = b.velocity;
    v.ang_vel = b.spin;
    sim_.add_particle({b.shape, {b.position}, v, b.material, b.fixed ? dof::all : dof::none});
    const Particles& P = sim_.particles();
    if (std::holds_alternative<Sphere>(b.shape)) {
      if (b.fixed) return;
      const double e = P.mass[i] / 2 * b.velocity.squaredNorm() + P.inertia[i][0] / 2 * b.spin.squaredNorm() +
                       P.mass[i] * s_.gravity.cwiseAbs().sum() * b.position.cwiseAbs().sum();  // >= |m g . x|, no g^2 to overflow
      if (!std::isfinite(e))
        throw InputError(p + ".velocity, " + p + ".spin, " + p + ".position, gravity", fmt::format("energy = {}", e),
                         "input out of range: the body's kinetic and gravity energy is not a finite double");
    }
  }

  const Scene& s_;
  SceneSimulation sim_;
  PassageGuard passage_;  // cli/passage_guard.hpp: bodies through walls or each other end the run
  SceneStep step_{};
  std::uint64_t steps_ = 0;
  std::vector<EnergyKind> kinds_;
  std::vector<Vec3d> x_, v_, w_, v_before_, w_before_, force_prev_, torque_prev_;
  double work_ = 0, reference_ = 0, scale_ = 0, worst_ = 0;
  std::uint64_t worst_step_ = 0;
  SceneEnergy energy_;
};

json energy_json(const SceneEnergy& e, const std::vector<EnergyKind>& kinds) {
  json out = {{"kinetic", e.kinetic}, {"gravity", e.gravity}, {"springs", e.springs},
              {"elastic", e.elastic}, {"work", e.work}};
  for (EnergyKind k : kinds) out[std::string(name_of(k))] = e.dissipated[k];
  out["balance_error"] = e.balance_error;
  return out;
}

void run_scene(const json& j, bool as_json, const std::string& csv_path, int threads) {
  const Scene s = parse_scene_file(j);
  SceneRun run(s, threads);
  std::vector<std::size_t> free;
  for (std::size_t i = 0; i < s.bodies.size(); ++i)
    if (!s.bodies[i].fixed) free.push_back(i);
  std::ofstream csv;
  if (!csv_path.empty()) {
    const double rows = std::floor(static_cast<double>(run.steps()) / static_cast<double>(s.record_every)) + 2;
    const double values = rows * static_cast<double>(1 + 9 * free.size() + 6 + run.kinds().size());
    if (!(values <= max_scene_csv_values))
      throw InputError("record.every", s.record_every,
                       fmt::format("the CSV would hold {:.3g} values, above the limit {:g}: record less often",
                                   values, max_scene_csv_values));
    csv = open_output_file("--csv", csv_path);
    csv << "t";
    for (std::size_t i : free)
      for (const char* q : {"x", "y", "z", "vx", "vy", "vz", "wx", "wy", "wz"}) csv << ',' << s.bodies[i].id << '.' << q;
    csv << ",kinetic,gravity,springs,elastic,work";
    for (EnergyKind k : run.kinds()) csv << ',' << name_of(k);
    csv << ",balance_error\n";
  }
  const double dt = run.time_step().dt;
  for (std::uint64_t n = 0; n <= run.steps(); ++n) {
    run.advance(n);
    if (csv.is_open() && (n % s.record_every == 0 || n == run.steps())) {
      csv << fmt::format("{}", static_cast<double>(n) * dt);
      for (std::size_t i : free)
        for (const Vec3d* v : {&run.positions()[i], &run.velocities()[i], &run.spins()[i]})
          csv << fmt::format(",{},{},{}", v->x(), v->y(), v->z());
      const SceneEnergy& e = run.energy();
      csv << fmt::format(",{},{},{},{},{}", e.kinetic, e.gravity, e.springs, e.elastic, e.work);
      for (EnergyKind k : run.kinds()) csv << fmt::format(",{}", e.dissipated[k]);
      csv << fmt::format(",{}\n", e.balance_error);
    }
  }
  if (std::abs(run.worst_balance()) > max_balance_error)
    throw StateError(fmt::format("the energy balance error reached {:.3g} of the largest energy term at step {}, "
                                 "above the threshold {:g}: the run did not resolve its contacts (dt = {:.6g} s too "
                                 "large for these laws); no results reported",
                                 run.worst_balance(), run.worst_step(), max_balance_error, dt));
  if (csv.is_open()) close_output_file("--csv", csv_path, csv);
  const double t = static_cast<double>(run.steps()) * dt;
  if (as_json) {
    json bodies = json::array();
    for (std::size_t i = 0; i < s.bodies.size(); ++i)
      bodies.push_back({{"id", s.bodies[i].id}, {"position", vec_json(run.positions()[i])},
                        {"velocity", vec_json(run.velocities()[i])}, {"spin", vec_json(run.spins()[i])}});
    const json out = {{"time", t},
                      {"steps", run.steps()},
                      {"dt", dt},
                      {"dt_rule", run.time_step().automatic ? "auto" : "given"},
                      {"stable_dt", run.time_step().limit},
                      {"bodies", bodies},
                      {"energy", energy_json(run.energy(), run.kinds())}};
    fmt::print("{}\n", out.dump(2));
    return;
  }
  fmt::print("run: {} bodies, {} steps of dt = {:.6e} s ({}; stable limit {:.6e} s), t = {:.6e} s\n", s.bodies.size(),
             run.steps(), dt, run.time_step().automatic ? "auto" : "given", run.time_step().limit, t);
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    const Vec3d &x = run.positions()[i], &v = run.velocities()[i], &w = run.spins()[i];
    fmt::print("{:<16} x ({:+.6e}, {:+.6e}, {:+.6e})  v ({:+.6e}, {:+.6e}, {:+.6e})  w ({:+.6e}, {:+.6e}, {:+.6e})\n",
               s.bodies[i].id, x.x(), x.y(), x.z(), v.x(), v.y(), v.z(), w.x(), w.y(), w.z());
  }
  const SceneEnergy& e = run.energy();
  std::string kinds;
  for (EnergyKind k : run.kinds()) kinds += fmt::format(", {} {:.6e}", name_of(k), e.dissipated[k]);
  fmt::print("energy [J]: kinetic {:.6e}, gravity {:.6e}, springs {:.6e}, elastic {:.6e}, work {:.6e}{}\n", e.kinetic,
             e.gravity, e.springs, e.elastic, e.work, kinds);
  fmt::print("balance error {:.3e} of the largest energy term (largest over the run {:.3e}, threshold {:g})\n",
             e.balance_error, run.worst_balance(), max_balance_error);
}

}  // namespace

void add_run_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("run", "a scene of spheres, walls and springs through the full solver, any registered "
                                        "laws per pair of materials (format: docs/formats.md)");
  auto path = std::make_shared<std::string>();
  auto csv = std::make_shared<std::string>();
  auto as_json = std::make_shared<bool>(false);
  auto threads = std::make_shared<int>(1);
  cmd->add_option("scene", *path, "scene file (JSON, docs/formats.md)")->required();
  cmd->add_flag("--json", *as_json, "machine-readable output: the final state and energy");
  cmd->add_option("--csv", *csv, "write t, every free body's state and the energy terms every record.every steps")
      ->check(non_empty("--csv"));
  cmd->add_option("--threads", *threads, "threads of the contact loop (results are the same bits on any number)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd->callback([path, csv, as_json, threads] {
    const json j = load_json_file("scene", *path);
    if (!csv->empty()) open_output_file("--csv", *csv);  // checked before any work
    run_scene(j, *as_json, *csv, *threads);
  });
}

}  // namespace lawcheck::cli
