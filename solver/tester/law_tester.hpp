#pragma once
// LawTester (seed 001 "Testing contact laws"; Woo's LawTester): prescribe the relative motion of
// a two-sphere contact in contact-local coordinates, in stages, and record the local response.
//
// Each stage sets the six local DoFs (ux, uy, uz, rx, ry, rz: normal, two tangents, twist, two
// bendings) to a prescribed velocity ('v') or leaves them free ('.'), and ends when its
// UntilCondition holds. The contact goes through the solver's own pipeline: sphere_sphere_contact,
// contact_lengths + the law's make_phys at creation, evaluate_contact (frame transport, local_geom, law).
// The tester only chooses the particles' velocities so that local_geom measures the prescribed
// local velocities. Any law (laws/contact_law.hpp, SolverLaw) runs here: the contact is created
// when uN <= the law's reach, with the law's make_phys and initial_state from the two materials
// (the law's Material type); the response's energy is kept per kind (laws/energy_kind.hpp).
// With particle 1 at rest in translation, branch lengths a1 = r1 + uN/2 and
// a2 = r2 + uN/2 (contact point in the middle of the overlap), normal n and tangents of the frame:
//   v1 = 0,  v2 = vN n                            normal motion moves centre 2 along n;
//   w1 = s - wr/2,  w2 = s + wr/2                  wr = prescribed relative rotation (global);
//   s  = n x b,  b = -(vt + (a2 - a1)/2 wr x n)/(a1 + a2)
// so that the relative velocity at the contact point, -(a1 w1 + a2 w2) x n + vN n, equals
// vN n + vt. The centres only move along n, hence the normal and the frame stay fixed and the
// mean spin s has no twist. a1, a2 are taken at the predicted uN_{n+1} = uN_n + dt vN, where
// local_geom will evaluate them, so the measured velocities equal the prescribed ones exactly.
// Free DoFs: relative two-body dynamics along that DoF, v <- v - dt F_k (1/m1 + 1/m2) (rotations:
// T_k (1/I1 + 1/I2)), the coupling of the force to the spins through the lever arms neglected.
// A stage with a free DoF requires dt below the p-wave estimate (dynamics/time_step.hpp).

#include <array>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/math/constants/constants.hpp>
#include <fmt/format.h>

#include "dynamics/contact_response.hpp"
#include "laws/law_rules.hpp"
#include "tester/law_tester_record.hpp"
#include "dynamics/state_error.hpp"
#include "tester/until_condition.hpp"
#include "physics/contact_creation.hpp"
#include "physics/stiffness_rules.hpp"

namespace lawcheck {

struct LawTesterStage {
  std::string name;
  std::array<double, 6> values{};  // ux uy uz [m/s], rx ry rz [rad/s]; ignored where free
  std::string whats = "vvvvvv";    // per DoF: 'v' prescribed velocity, '.' free
  UntilCondition until;
  std::uint64_t max_steps = 10'000'000;  // reaching it without `until` is an error

  // Every DoF prescribed ('v') at `values`, ending when `until` holds (tester/until_condition.hpp).
  static LawTesterStage prescribed(std::string name, const std::array<double, 6>& values, std::string_view until) {
    LawTesterStage s;
    s.name = std::move(name);
    s.values = values;
    s.until = UntilCondition::parse(until, "until");
    return s;
  }
};

template <class Material>
struct LawTesterSetup {
  std::array<double, 2> radii{0.01, 0.01};
  std::array<Material, 2> materials{};
  StiffnessRules rules{};
  double dt = 1e-5;
  double initial_uN = 0;  // <= 0: the contact exists from the first step
};

struct StageSummary {
  std::string name;
  LawTesterRecord last;  // the record that ended the stage
};

// Field names follow the lawtest JSON (radii[0], stages[2].whats, ...). p_wave_limit: the stable
// dt of free DoFs, r sqrt(rho/E) (dynamics/time_step.hpp), inf if the materials have no modulus.
void validate_stages(const std::vector<LawTesterStage>& stages, double dt, double p_wave_limit);

template <class Material>
void validate(const LawTesterSetup<Material>& setup, const std::vector<LawTesterStage>& stages) {
  double dt_limit = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < 2; ++k) {
    require_positive(fmt::format("radii[{}]", k), setup.radii[k]);
    const Material& m = setup.materials[k];
    m.validate(fmt::format("materials[{}]", k));
    if constexpr (requires { m.young; })
      dt_limit = std::min(dt_limit, setup.radii[k] * std::sqrt(m.density / m.young));
  }
  require_positive("dt", setup.dt);
  require_finite("initialUN", setup.initial_uN);
  const double rmin = std::min(setup.radii[0], setup.radii[1]);
  if (setup.initial_uN > 0 || setup.initial_uN <= -rmin)
    throw InputError("initialUN", setup.initial_uN, "must be in (-min radius, 0]: the contact exists at the start");
  validate_stages(stages, setup.dt, dt_limit);
}

template <class Law>
  requires(check_law_rules<Law>())
class LawTester {
public:
  using Setup = LawTesterSetup<typename Law::Material>;

  LawTester(Law law, Setup setup, std::vector<LawTesterStage> stages)
      : law_(law), setup_(std::move(setup)), stages_(std::move(stages)) {
    law_.validate();
    validate(setup_, stages_);
  }

  // Runs every stage; the full history is in records(), one summary per stage in summaries().
  void run() {
    const double pi = boost::math::constants::pi<double>();
    const double r1 = setup_.radii[0], r2 = setup_.radii[1], dt = setup_.dt;
    double mass[2], inertia[2];
    for (int k = 0; k < 2; ++k) {
      const double r = setup_.radii[static_cast<std::size_t>(k)];
      mass[k] = 4.0 / 3.0 * pi * r * r * r * setup_.materials[static_cast<std::size_t>(k)].density;
      inertia[k] = 0.4 * mass[k] * r * r;
    }
    const double m_eff = 1 / (1 / mass[0] + 1 / mass[1]);
    const double i_eff = 1 / (1 / inertia[0] + 1 / inertia[1]);

    BodyPose p1, p2;
    p2.pos = Vec3d(r1 + r2 + setup_.initial_uN, 0, 0);
    BodyVelocity v1, v2;
    bool in_contact = false;
    ContactFrame frame = initial_frame(Vec3d::UnitX());
    typename Law::State state{};
    typename Law::Phys phys{};
    const double reach = reach_of(law_, setup_.materials[0], setup_.materials[1]);

    records_.clear();
    summaries_.clear();
    LawTesterRecord prev;
    EnergySplit<double> dissipated;
    double work = 0;
    std::uint64_t n = 0;
    for (std::size_t si = 0; si < stages_.size(); ++si) {
      const LawTesterStage& stage = stages_[si];
      for (std::uint64_t ss = 1;; ++ss, ++n) {
        const auto cp = sphere_sphere_contact(r1, p1.pos, r2, p2.pos, std::numeric_limits<double>::max());
        if (!cp) throw StateError(fmt::format("law tester: coincident centres at step {}", n));
        bool fresh = false;
        if (!in_contact && cp->uN <= reach) {
          const ContactCreation creation = contact_creation({{ShapeKind::sphere, r1}, mass[0]},
                                                            {{ShapeKind::sphere, r2}, mass[1]}, cp->uN, setup_.rules);
          phys = law_.make_phys(setup_.materials[0], setup_.materials[1], creation);
          frame = initial_frame(cp->normal);
          state = law_.initial_state(creation, phys);
          in_contact = fresh = true;
        }
        LawTesterRecord rec;
        LocalGeom<double> g;
        if (in_contact) {
          const auto ev = evaluate_contact<true>(law_, frame, !fresh, *cp, p1, v1, p2, v2, phys, state, dt,
                                                  /*sphere_pair=*/true);
          g = ev.geom;
          dissipated += ev.response.dissipated;
          if (ev.response.broken) {
            in_contact = false;
          } else {
            rec.force = ev.response.force;
            rec.torque = ev.response.torque;
            rec.elastic = law_.elastic_energy(g, phys, state);
          }
        } else {
          transport(frame, cp->normal, (v1.ang_vel + v2.ang_vel) / 2, dt);
          g = local_geom(frame, *cp, p1, v1, p2, v2);
        }
        rec.in_contact = in_contact;
        rec.stage = si;
        rec.step = n;
        rec.stage_steps = ss;
        rec.time = static_cast<double>(n) * dt;
        rec.u = n == 0 ? Vec3d(g.uN, 0, 0) : Vec3d(g.uN, prev.u.y() + dt * g.vel.y(), prev.u.z() + dt * g.vel.z());
        rec.rot = n == 0 ? Vec3d::Zero() : Vec3d(prev.rot + dt * g.ang_vel);
        if (n == 0) {
          work = rec.elastic;  // energy stored by an initial overlap counts as given beforehand
        } else {
          const Vec3d du(g.uN - prev.u.x(), dt * g.vel.y(), dt * g.vel.z());
          work += (prev.force + rec.force).dot(du) / 2 + (prev.torque + rec.torque).dot(dt * g.ang_vel) / 2;
        }
        rec.dissipated = dissipated;
        rec.plastic = dissipated.plastic();
        rec.work = work;

        // Local velocities for t_{n+1/2}: prescribed, or free under the contact's response. A
        // stage that ends here hands the next half step to the following stage, so each stage's
        // first record already shows its own motion.
        const bool ended = stage.until.holds(rec);
        const LawTesterStage& drive = ended && si + 1 < stages_.size() ? stages_[si + 1] : stage;
        std::array<double, 6> target{};
        double kinetic = 0;
        for (std::size_t d = 0; d < 6; ++d) {
          if (drive.whats[d] == 'v') {
            target[d] = drive.values[d];
            continue;
          }
          const double now = d < 3 ? g.vel[static_cast<int>(d)] : g.ang_vel[static_cast<int>(d - 3)];
          const double load = d < 3 ? rec.force[static_cast<int>(d)] / m_eff : rec.torque[static_cast<int>(d - 3)] / i_eff;
          target[d] = now - dt * load;
          kinetic += (d < 3 ? m_eff : i_eff) * now * target[d] / 2;
        }
        rec.kinetic = kinetic;
        stop_if_not_finite(rec, stage.name);

        const Mat3d axes = frame.ori.toRotationMatrix();
        const Vec3d nrm = axes.col(0);
        const Vec3d vt = target[1] * axes.col(1) + target[2] * axes.col(2);
        const Vec3d wr = axes * Vec3d(target[3], target[4], target[5]);
        const double uN_next = cp->uN + dt * target[0];
        const double a1 = r1 + uN_next / 2, a2 = r2 + uN_next / 2;
        const Vec3d b = -(vt + (a2 - a1) / 2 * wr.cross(nrm)) / (a1 + a2);
        const Vec3d s = nrm.cross(b);
        v1 = {Vec3d::Zero(), s - wr / 2};
        v2 = {target[0] * nrm, s + wr / 2};
        p2.pos += dt * v2.vel;
        p1.ori = spun(p1.ori, v1.ang_vel, dt);
        p2.ori = spun(p2.ori, v2.ang_vel, dt);

        records_.push_back(rec);
        prev = rec;
        if (ended) {
          summaries_.push_back({stage.name, rec});
          ++n;
          break;
        }
        if (ss >= stage.max_steps)
          throw InputError(fmt::format("stages[{}].until", si), stage.until.text(),
                           fmt::format("not reached within max_steps = {}", stage.max_steps));
      }
    }
  }

  const std::vector<LawTesterRecord>& records() const { return records_; }
  const std::vector<StageSummary>& summaries() const { return summaries_; }
  const Law& law() const { return law_; }

private:
  // A NaN or inf stops the run at the step that produced it (StateError, exit 1 in the
  // CLI), before the record is stored or the particles move on; 16 comparisons a step, once per
  // record (not inside the law).
  static void stop_if_not_finite(const LawTesterRecord& r, const std::string& stage) {
    const std::pair<const char*, double> q[] = {
        {"uN", r.u.x()},        {"uy", r.u.y()},         {"uz", r.u.z()},         {"rx", r.rot.x()},
        {"ry", r.rot.y()},      {"rz", r.rot.z()},       {"Fn", r.force.x()},     {"Fy", r.force.y()},
        {"Fz", r.force.z()},    {"Tx", r.torque.x()},    {"Ty", r.torque.y()},    {"Tz", r.torque.z()},
        {"elastic", r.elastic}, {"dissipated", r.dissipated.total()}, {"kinetic", r.kinetic}, {"work", r.work}};
    for (const auto& [name, v] : q)
      if (!std::isfinite(v))
        throw StateError(fmt::format("the run blew up at step {} (stage {}): {} = {} (time step too large for the "
                                     "stiffness, or values out of range); the run stopped there",
                                     r.step, stage, name, v));
  }

  static Quatd spun(const Quatd& q, const Vec3d& w, double dt) {
    const double angle = w.norm() * dt;
    if (angle == 0) return q;
    return (Quatd(Eigen::AngleAxisd(angle, w.normalized())) * q).normalized();
  }

  Law law_;
  Setup setup_;
  std::vector<LawTesterStage> stages_;
  std::vector<LawTesterRecord> records_;
  std::vector<StageSummary> summaries_;
};

}  // namespace lawcheck
