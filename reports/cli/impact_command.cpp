// `lawcheck impact SCENE.json [--json]`: one impact through the full solver
// (Simulation<Law>) for any registered law, beside the oracle's values where one exists.
//   {
//     "law": {"name": "exudyn", ...},        the law and its parameters (`lawcheck laws`); default linear
//     "materials": [{...}, {...}],           the law's material; one entry = both particles
//     "radii": [r1, r2] | [r, "wall"],       two spheres, or a sphere on a static wall
//     "speed": 1.0,                          relative approach speed [m/s], required, > 0
//     "angle": 0,                            angle [deg] of the relative velocity to the normal, in [0, 90)
//     "spins": [[wx, wy, wz], [wx, wy, wz]], angular velocities [rad/s] (the wall has none)
//     "dt": 1e-6                             default: min(t_c,est / 200, dt_stable / 2) (stated)
//   }
// t_c,est: exudyn: the undamped power-law impact 2 (x_max/v_n) B(1/(n+1), 1/2)/(n+1), x_max from
// m* v_n^2/2 = k_c x_max^(n+1)/(n+1); a law whose LawSpec has impact() (cli/law_spec.hpp,
// ImpactEstimate; hertz_mindlin): its own estimate, oracle and stiffness at x_max,est; other laws:
// pi sqrt(m*/kn) with kn of the contact as the law builds it. Oracles: exudyn models 1, 2 and 0 (no adhesion, v_min <= v_n): restitution, duration
// and max overlap from the 50-digit integration of study/restitution_study.hpp (closed forms of
// oracles/hunt_crossley.hpp for 1, 2 undamped); peak force from oracles::hertz_impact (n = 3/2) or
// linear_impact (n = 1) when the impact is elastic (e = 1 or lambda_P = 0) and undamped; the
// linear laws (linear, linel6, ice): oracles::linear_impact with the contact's kn.
// The time step's limit: dt_limit = min(dt_stable, t_c,est / min_steps_per_contact).
//   dt_stable is the solver's own estimate for these two bodies and this contact
//   (dynamics/time_step.hpp: every spring the law has and its damping, with the law's stiffness at
//   the largest overlap it expects and, for the exudyn law, at x_max,est too; and the p-wave
//   estimate the solver checks before the first step): above it the run blows up.
//   t_c,est / 20: below dt_stable a run is stable but may not resolve the contact -- the ledger
//   errs at the force's kinks by up to (omega dt)^2 / 4 of the energy each (cli/balance_guard.hpp),
//   and at dt_stable the contact lasts a few steps (the linear law's elastic impact of two
//   spheres at 0.999 dt_stable: balance error 0.09, restitution 0.906); 20 steps keep each kink
//   below (pi/20)^2 / 4 = 6e-3.
// A given dt must be below dt_limit (InputError naming dt, the limit and what sets it); the
// default is t_c,est/200, or dt_limit/2 where a stiffer spring than the normal one (twist,
// bending, tangential) or the damping sets a lower limit.
// After the impact (--json "after"; text: the last lines): each body's position, velocity and spin
// at the step that ended the contact (the wall's are zero), and, with n the unit normal from body 1
// to body 2 at separation, g = v1 - v2 the relative velocity of the centres, and t the unit
// tangent of g before the impact (of the contact points' relative velocity if the centres move
// head-on), the quantities of Chung & Ooi (2011), tests 4-8:
//   normal_velocity             -g.n (> 0: the bodies separate); achieved_restitution is its ratio to v_n
//   tangential_velocity         g.t after [m/s]
//   tangential_restitution      (g.t after) / (g.t before): 1 kept, 0 stopped, < 0 reversed; null
//                               for a head-on impact (no tangential motion of the centres)
//   contact_point_velocity      g_c = g + (r1 w1 + r2 w2) x n, the relative velocity of the two material
//                               points at the contact (the wall: r2 w2 = 0), before and after
//   rebound_angle               atan2(g_c.t, -g.n) after, in degrees from the normal, signed (< 0:
//                               the contact point rebounds backwards), beside the incident angle
// --json also echoes the inputs ("inputs": radii, speed, angle, spins, dt as given or null, the
// law's parameters and both materials with every key at its value or default).
// Runtime guard (cli/balance_guard.hpp): an energy balance error above max_balance_error of the
// largest energy term ends the run with exit 1 and the figure instead of its results.
// Limits: the derived m*, v_n, t_c,est and dt must be finite positive doubles, the
// estimated largest overlap x_max,est below the smaller radius (else the bodies pass through each
// other) and above 1e6 roundings of the centre distance (else it is not resolved), and the run
// at most max_impact_steps steps (InputError, exit 2); a NaN or inf in the state stops the run
// at that step (the solver's leapfrog_step, StateError naming particle and step: exit 1), as does a
// NaN or inf result. Bodies that never touch during the run: exit 0, "no contact during the run"
// (print_no_contact; JSON "contact": false); a contact that does not end within 50 t_c,est: exit 1.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <numbers>
#include <optional>
#include <string>

#include <boost/math/special_functions/beta.hpp>
#include <fmt/core.h>

#include "cli/balance_guard.hpp"
#include "cli/command.hpp"
#include "cli/input.hpp"
#include "cli/json_vector.hpp"
#include "cli/law_registry.hpp"
#include "dynamics/simulation.hpp"
#include "dynamics/state_error.hpp"
#include "dynamics/time_step.hpp"
#include "oracles/bad_parameter.hpp"
#include "oracles/normal_impact.hpp"
#include "physics/contact_creation.hpp"
#include "physics/stiffness_rules.hpp"
#include "study/restitution_study.hpp"

namespace lawcheck::cli {

// Declared in cli/command.hpp once wired (repeated here so that this file builds on its own).
void add_impact_command(CLI::App& app);

namespace {

// The longest run `impact` does: 0.7 us a step for two particles with energy tracked (Release,
// measured on 3.4e5 steps), so 2e6 steps stay near 1.5 s, within the 5 s any command may take.
// A run needs about t_c,est/dt steps to separate; the bound applies to the 50 t_c,est a
// contact that does not end may run.
constexpr double max_impact_steps = 2e6;
// The fewest steps over the estimated contact duration a given dt may leave (header).
constexpr double min_steps_per_contact = 20;

template <class Law>
struct ImpactScene {
  Law law{};
  std::array<typename Law::Material, 2> materials{};
  double r1 = 0.01, r2 = 0.01;
  bool wall = false;
  double speed = 0, angle = 0;
  std::array<Vec3d, 2> spins{Vec3d::Zero(), Vec3d::Zero()};
  std::optional<double> dt;
};

template <class Law>
ImpactScene<Law> parse_scene(const json& j) {
  only_keys(j, "", {"law", "materials", "radii", "speed", "angle", "spins", "dt"});
  ImpactScene<Law> s;
  if (j.contains("law")) s.law = parse_law<Law>(j["law"]);
  if (j.contains("materials")) s.materials = parse_material_pair<typename Law::Material>(j["materials"]);
  if (!j.contains("radii")) throw InputError("radii", "(missing)", "[r1, r2] or [r, \"wall\"] is required");
  const json& r = j["radii"];
  if (!r.is_array() || r.size() != 2) throw InputError("radii", r.dump(), "must be [r1, r2] or [r, \"wall\"]");
  s.r1 = number(r[0], "radii[0]");
  require_positive("radii[0]", s.r1);
  if (r[1].is_string()) {
    if (r[1].get<std::string>() != "wall") throw InputError("radii[1]", r[1].dump(), "must be a number or \"wall\"");
    s.wall = true;
  } else {
    s.r2 = number(r[1], "radii[1]");
    require_positive("radii[1]", s.r2);
  }
  if (!j.contains("speed")) throw InputError("speed", "(missing)", "the approach speed is required");
  s.speed = number(j["speed"], "speed");
  require_positive("speed", s.speed);
  if (j.contains("angle")) {
    s.angle = number(j["angle"], "angle");
    if (!(s.angle >= 0 && s.angle < 90)) throw InputError("angle", s.angle, "must be in [0, 90) degrees");
  }
  if (j.contains("spins")) {
    const json& w = j["spins"];
    if (!w.is_array() || w.empty() || w.size() > 2) throw InputError("spins", w.dump(), "must be one or two [wx, wy, wz]");
    for (std::size_t k = 0; k < w.size(); ++k) {
      const std::string f = fmt::format("spins[{}]", k);
      if (!w[k].is_array() || w[k].size() != 3) throw InputError(f, w[k].dump(), "must be [wx, wy, wz]");
      for (int d = 0; d < 3; ++d) {
        s.spins[k][d] = number(w[k][static_cast<std::size_t>(d)], fmt::format("{}[{}]", f, d));
        require_finite(fmt::format("{}[{}]", f, d), s.spins[k][d]);
      }
    }
    if (s.wall && w.size() > 1 && s.spins[1].norm() > 0) throw InputError("spins[1]", w[1].dump(), "the wall cannot spin");
  }
  if (j.contains("dt")) {
    s.dt = number(j["dt"], "dt");
    require_positive("dt", *s.dt);
  }
  return s;
}

double sphere_mass(double r, double density) { return 4.0 / 3.0 * std::numbers::pi * r * r * r * density; }

struct Oracle {
  std::optional<double> restitution, duration, peak_force, max_overlap;
  std::string source;
};

// The contact's physics as the solver will build it: lengths, masses (the wall's infinite) and
// radii of curvature (the wall flat).
template <class Law>
typename Law::Phys contact_phys(const ImpactScene<Law>& s) {
  const ContactCreation c = contact_creation(sphere_body(s.r1, s.materials[0].density),
                                             s.wall ? wall_body() : sphere_body(s.r2, s.materials[1].density), 0);
  return s.law.make_phys(s.materials[0], s.materials[1], c);
}

// The contact's stiffnesses and damping as the solver will build them (ContactStiffness).
template <class Law>
ContactStiffness contact_stiffness(const ImpactScene<Law>& s) {
  return s.law.stiffness(contact_phys(s));
}

template <class Law>
double contact_kn(const ImpactScene<Law>& s) {
  return contact_stiffness(s).normal;
}

// The largest of the contact's stiffnesses and damping for the stable step: the law's own
// estimate and, for the exudyn law, its springs at this impact's x_max,est (larger than the
// law's length/10 bound for a fast impact on a stiff power law), sense by sense.
template <class Law>
ContactStiffness step_stiffness(const ImpactScene<Law>& s, double x_max_est) {
  ContactStiffness k = contact_stiffness(s);
  auto take = [&k](const ContactStiffness& at) {
    k.normal = std::max(k.normal, at.normal);
    k.tangential = std::max(k.tangential, at.tangential);
    k.damping = std::max(k.damping, at.damping);
  };
  if constexpr (std::is_same_v<Law, ExudynLaw<double>>) take(s.law.stiffness_at(x_max_est));
  if constexpr (ImpactEstimatingLaw<Law>) {
    const double m1 = sphere_mass(s.r1, s.materials[0].density);
    const double m_eff = s.wall ? m1 : 1 / (1 / m1 + 1 / sphere_mass(s.r2, s.materials[1].density));
    const double vn = s.speed * std::cos(s.angle * std::numbers::pi / 180);
    take(LawSpec<Law>::impact(s.law, contact_phys(s), m_eff, vn, false).at_max_overlap);
  }
  return k;
}

// The stable limit of this scene: the solver's estimate for the two bodies and the contact
// (dynamics/time_step.hpp, particle_dt), and the smallest of the limits each sense alone sets, to
// name the inputs that set it.
struct StableStep {
  double dt;
  std::size_t sense;  // 0 normal, 1 tangential, 2 twist, 3 bending, 4 damping: the one alone lowest
};

StableStep stable_step(const ContactStiffness& k, double m1, double i1, double m2, double i2, bool wall) {
  auto limit = [&](const ContactStiffness& c) {
    ParticleStiffness load;
    load.add(c);
    const double dt1 = particle_dt(m1, i1, load);
    return wall ? dt1 : std::min(dt1, particle_dt(m2, i2, load));
  };
  const ContactStiffness alone[5] = {{k.normal, 0, 0, 0, 0}, {0, k.tangential, 0, 0, 0}, {0, 0, k.twist, 0, 0},
                                     {0, 0, 0, k.bending, 0}, {k.normal, 0, 0, 0, k.damping}};
  std::size_t sense = 0;
  double lowest = std::numeric_limits<double>::infinity();
  for (std::size_t d = 0; d < 5; ++d)
    if (const double dt = limit(alone[d]); dt < lowest) {
      lowest = dt;
      sense = d;
    }
  return {limit(k), sense};
}

// The undamped impact's duration t_c,est and largest overlap x_max,est, and the oracle's values.
struct Estimate {
  double duration, max_overlap;
  Oracle oracle;
};

template <class Law>
Estimate estimate(const ImpactScene<Law>& s, double m_eff, double vn, bool with_oracle) {
  using oracles::Real;
  Oracle o;
  if constexpr (std::is_same_v<Law, ExudynLaw<double>>) {
    const auto& L = s.law;
    const double k = L.contact_stiffness, n = L.stiffness_exponent;
    const double x_max = std::pow((n + 1) * m_eff * vn * vn / (2 * k), 1 / (n + 1));
    const double tc = 2 * x_max / vn * boost::math::beta(1 / (n + 1), 0.5) / (n + 1);
    const bool adhesive = L.pull_off_force > 0 || L.adhesion_coefficient > 0;
    if (with_oracle && !adhesive && L.minimum_impact_velocity <= vn) {
      const double lambda = L.impact_model == 0 ? L.plasticity_ratio : 0.0;
      reports::ImpactOracle r;
      try {
        r = reports::impact_oracle(L.impact_model, n, k, m_eff, vn, L.restitution, lambda, L.contact_damping, 1e-12);
      } catch (const oracles::BadParameter&) {
        throw;
      } catch (const std::exception& e) {
        // The 50-digit integration gave up (a step-size or bracket failure): name the law's
        // parameters that drive it, which the integrator's own message cannot.
        throw std::runtime_error(fmt::format(
            "the impact oracle failed for law.impactModel = {}, law.contactStiffness = {}, "
            "law.contactStiffnessExponent = {}, law.restitutionCoefficient = {}, law.contactPlasticityRatio = {}, "
            "law.contactDamping = {} (m* = {:.6g} kg, v_n = {:.6g} m/s): {}",
            L.impact_model, k, n, L.restitution, L.plasticity_ratio, L.contact_damping, m_eff, vn,
            input_excerpt(e.what(), 200)));
      }
      o.restitution = r.restitution;
      o.duration = r.duration;
      o.max_overlap = r.max_overlap;
      o.source = "50-digit integration (study/restitution_study.hpp)";
      const bool elastic = L.impact_model == 0 ? lambda == 0 : L.restitution == 1;
      if (elastic && L.contact_damping == 0 && (n == 1 || n == 1.5)) {
        if (n == 1.5)
          o.peak_force = static_cast<double>(
              oracles::hertz_impact({Real(3) / 4 * Real(k), Real(1), Real(m_eff), Real(vn)}).max_force);
        else
          o.peak_force = static_cast<double>(oracles::linear_impact({Real(m_eff), Real(k), 0, Real(vn)}).max_force);
        o.source += n == 1.5 ? "; peak force: hertz_impact" : "; peak force: linear_impact";
      }
    }
    return {tc, x_max, o};
  } else if constexpr (ImpactEstimatingLaw<Law>) {
    check_contact_stiffness(s.law, contact_stiffness(s));
    const ImpactEstimate e = LawSpec<Law>::impact(s.law, contact_phys(s), m_eff, vn, with_oracle);
    o.restitution = e.restitution;
    o.duration = e.contact_time;
    o.peak_force = e.peak_force;
    o.max_overlap = e.oracle_max_overlap;
    o.source = e.source;
    return {e.duration, e.max_overlap, o};
  } else {
    check_contact_stiffness(s.law, contact_stiffness(s));
    const double kn = derived_positive("materials, radii", "the contact's kn", contact_kn(s));
    if (!with_oracle) return {std::numbers::pi * std::sqrt(m_eff / kn), vn * std::sqrt(m_eff / kn), o};
    // A law with a linear normal dashpot says so in its LawSpec (normal_damping): the oracle is
    // then the damped linear oscillator's impact (zeta = c / (2 sqrt(m* kn)) < 1).
    double c = 0;
    if constexpr (requires { { LawSpec<Law>::normal_damping(s.law) } -> std::convertible_to<double>; })
      c = LawSpec<Law>::normal_damping(s.law);
    if (!(c < 2 * std::sqrt(kn * m_eff)))
      throw InputError(LawSpec<Law>::stiffness_inputs(s.law, 4), c,
                       "the normal dashpot is at or above critical damping 2 sqrt(m* kn): no rebound");
    const oracles::ImpactResult r = oracles::linear_impact({Real(m_eff), Real(kn), Real(c), Real(vn)});
    o.restitution = static_cast<double>(r.restitution);
    o.duration = static_cast<double>(r.contact_time);
    o.peak_force = static_cast<double>(r.max_force);
    o.max_overlap = static_cast<double>(r.max_overlap);
    o.source = fmt::format("linear_impact with the contact's kn = {:.6e} N/m", kn);
    // Undamped linear spring: x_max = v_n / omega, omega = sqrt(kn/m*), t_c = pi/omega.
    return {std::numbers::pi * std::sqrt(m_eff / kn), vn * std::sqrt(m_eff / kn), o};
  }
}

// A valid scene whose bodies never touch during the run (a grazing angle: the overlap window
// 2 (r1 + r2) cos(angle)/speed, 7e-8 s at 89.9999 deg for 1 cm spheres at 1 m/s, falls between two
// steps of 2.9e-6 s) is a result,
// not a failure (exit 0): one clear line, no contact quantities, nothing to compare with an oracle.
// It is not rejected at parse time because whether a step lands in the window depends on the step
// grid, i.e. on running it.
template <class Law>
json json_header(const ImpactScene<Law>& s, double dt, double stable, double limit, double tc_est) {
  return {{"law", std::string(Law::name)}, {"dt", dt}, {"dt_rule", s.dt ? "given" : "default"},
          {"stable_dt", stable}, {"dt_limit", limit}, {"estimated_contact_duration", tc_est}};
}

template <class Law>
void print_no_contact(const ImpactScene<Law>& s, double dt, double stable, double limit, double tc_est,
                      std::size_t steps, bool as_json) {
  const double t = static_cast<double>(steps) * dt;
  if (as_json) {
    json out = json_header(s, dt, stable, limit, tc_est);
    out["contact"] = false;
    out["steps"] = steps;
    out["note"] = "no contact during the run";
    fmt::print("{}\n", out.dump(2));
    return;
  }
  fmt::print("impact: law {}, {}, speed {} m/s at {} deg\n", Law::name, s.wall ? "sphere-wall" : "sphere-sphere",
             s.speed, s.angle);
  fmt::print("dt = {:.6e} s ({}; limit {:.6e} s, stable limit {:.6e} s; estimated contact duration {:.6e} s)\n",
             dt, s.dt ? "given" : "default", limit, stable, tc_est);
  fmt::print("no contact during the run: {} steps ({:.6e} s), the bodies never touched at a step (grazing "
             "incidence); no restitution, duration or peak force to report\n",
             steps, t);
}

// The two bodies, sphere 1 `back` metres before touch along the relative velocity.
template <class Law>
void add_bodies(Simulation<Law>& sim, const ImpactScene<Law>& s, double back) {
  sim.add_material(s.materials[0]);
  sim.add_material(s.materials[1]);
  const double a = s.angle * std::numbers::pi / 180;
  const Vec3d u(std::cos(a), std::sin(a), 0);
  BodyVelocity v1;
  v1.vel = s.speed * u;
  v1.ang_vel = s.spins[0];
  sim.add_particle({Sphere{s.r1}, {Vec3d(-back * u)}, v1, 0});
  if (s.wall) {
    sim.add_particle({Wall{0, -1}, {Vec3d(s.r1, 0, 0)}, {}, 1, dof::all});
  } else {
    BodyVelocity v2;
    v2.ang_vel = s.spins[1];
    sim.add_particle({Sphere{s.r2}, {Vec3d(s.r1 + s.r2, 0, 0)}, v2, 1});
  }
}

// The bodies' state after the impact and the relative quantities of the header.
struct AfterImpact {
  std::array<Vec3d, 2> position, velocity, spin;
  Vec3d contact_point_before, contact_point_after;
  double normal_velocity, tangential_velocity, rebound_angle;
  std::optional<double> tangential_restitution;
};

// g_c = g + (r1 w1 + r2 w2) x n: the relative velocity of the material points of bodies 1 and 2
// at the contact, each at its radius along n (body 1) and -n (body 2) from its centre.
inline Vec3d contact_point_velocity(const Vec3d& g, const Vec3d& w1, double r1, const Vec3d& w2, double r2,
                                    const Vec3d& n) {
  return g + (r1 * w1 + r2 * w2).cross(n);
}

template <class Law>
AfterImpact after_impact(const ImpactScene<Law>& s, const Simulation<Law>& sim, const Vec3d& n, double vn) {
  const auto& P = sim.particles();
  AfterImpact a;
  const std::size_t bodies = s.wall ? 1 : 2;
  for (std::size_t b = 0; b < 2; ++b) {
    a.position[b] = b < bodies ? P.pos[b] : Vec3d::Zero();
    a.velocity[b] = b < bodies ? P.vel[b] : Vec3d::Zero();
    a.spin[b] = b < bodies ? P.ang_vel[b] : Vec3d::Zero();
  }
  const double r2 = s.wall ? 0.0 : s.r2;
  // Before: body 1 at speed along u = (cos a, sin a, 0), body 2 at rest, n = x.
  const double angle = s.angle * std::numbers::pi / 180;
  const Vec3d g0 = s.speed * Vec3d(std::cos(angle), std::sin(angle), 0);
  a.contact_point_before = contact_point_velocity(g0, s.spins[0], s.r1, s.wall ? Vec3d::Zero() : s.spins[1], r2,
                                                  Vec3d::UnitX());
  const Vec3d g = a.velocity[0] - a.velocity[1];
  a.contact_point_after = contact_point_velocity(g, a.spin[0], s.r1, a.spin[1], r2, n);
  a.normal_velocity = -g.dot(n);
  // A tangential speed below 1e-12 of the approach speed is rounding of a head-on impact.
  const Vec3d gt0 = g0 - g0.x() * Vec3d::UnitX();
  const Vec3d ct0 = a.contact_point_before - a.contact_point_before.x() * Vec3d::UnitX();
  const bool sliding_centres = gt0.norm() > 1e-12 * vn;
  const Vec3d t = sliding_centres ? gt0.normalized() : ct0.norm() > 1e-12 * vn ? ct0.normalized() : Vec3d::Zero();
  a.tangential_velocity = g.dot(t);
  if (sliding_centres) a.tangential_restitution = a.tangential_velocity / gt0.norm();
  a.rebound_angle = std::atan2(a.contact_point_after.dot(t), a.normal_velocity) * 180 / std::numbers::pi;
  for (std::size_t b = 0; b < 2; ++b) {
    finite_result("after.velocity", a.velocity[b].norm());
    finite_result("after.spin", a.spin[b].norm());
  }
  finite_result("after.rebound_angle", a.rebound_angle);
  return a;
}

inline json after_json(const AfterImpact& a, bool wall) {
  json bodies = json::array();
  for (std::size_t b = 0; b < (wall ? 1u : 2u); ++b)
    bodies.push_back({{"position", vec_json(a.position[b])}, {"velocity", vec_json(a.velocity[b])},
                      {"spin", vec_json(a.spin[b])}});
  return {{"bodies", bodies},
          {"normal_velocity", a.normal_velocity},
          {"tangential_velocity", a.tangential_velocity},
          {"contact_point_velocity", {{"before", vec_json(a.contact_point_before)},
                                      {"after", vec_json(a.contact_point_after)}}},
          {"tangential_restitution", a.tangential_restitution ? json(*a.tangential_restitution) : json(nullptr)},
          {"rebound_angle", a.rebound_angle}};
}

// The scene as run: every key of the law and of both materials at its given value or its default.
template <class Law>
json echo_inputs(const ImpactScene<Law>& s, const json& j) {
  const json none = json::object();
  json law = with_defaults(j.contains("law") ? j["law"] : none, LawSpec<Law>::parameters());
  law["name"] = std::string(Law::name);
  json materials = json::array();
  for (std::size_t k = 0; k < 2; ++k) {
    const json& given = j.contains("materials") ? j["materials"][std::min<std::size_t>(k, j["materials"].size() - 1)]
                                                : none;
    materials.push_back(with_defaults(given, MaterialSpec<typename Law::Material>::fields()));
  }
  json radii = s.wall ? json::array({s.r1, "wall"}) : json::array({s.r1, s.r2});
  json spins = json::array({vec_json(s.spins[0])});
  if (!s.wall) spins.push_back(vec_json(s.spins[1]));
  return {{"law", law}, {"materials", materials}, {"radii", radii}, {"speed", s.speed}, {"angle", s.angle},
          {"spins", spins}, {"dt", s.dt ? json(*s.dt) : json(nullptr)}};
}

template <class Law>
void run_impact(const json& j, bool as_json) {
  const ImpactScene<Law> s = parse_scene<Law>(j);
  const double m1 = sphere_mass(s.r1, s.materials[0].density);
  const double m2 = s.wall ? 0.0 : sphere_mass(s.r2, s.materials[1].density);
  const double m_eff = s.wall ? m1 : m1 * m2 / (m1 + m2);
  const double a = s.angle * std::numbers::pi / 180;
  const double vn = s.speed * std::cos(a);
  const std::string sizes = s.wall ? "radii[0], materials[0].density" : "radii, materials[].density";
  derived_positive(sizes, "m*", m_eff);
  derived_positive("speed, angle", "normal speed v_n", vn);
  const double tc_est = estimate(s, m_eff, vn, false).duration;
  const double x_max_est = estimate(s, m_eff, vn, false).max_overlap;
  derived_positive(sizes + ", speed, law", "estimated contact duration t_c,est", tc_est);
  // Bodies that would pass through each other (speed 1e300 m/s: x_max,est ~ 2e296 m) are bad
  // input, known before the run; the run itself would jump across the contact in one step and
  // report no contact.
  if (const double r_min = s.wall ? s.r1 : std::min(s.r1, s.r2); !(x_max_est < r_min))
    throw InputError(sizes + ", speed, angle, law", fmt::format("x_max,est = {:.6g} m", x_max_est),
                     fmt::format("the estimated largest overlap is not below the smaller radius {:.6g} m: the bodies "
                                 "would pass through each other (approach too fast for the contact's stiffness)",
                                 r_min));
  // The overlap is |x2 - x1| - (r1 + r2), rounded to ~eps (r1 + r2): an impact whose largest
  // overlap is below 1e6 of those roundings is not resolved to 1e-6 (speed 1e-300 m/s never
  // separated and ended in exit 1).
  if (const double floor = 1e6 * std::numeric_limits<double>::epsilon() * (s.r1 + (s.wall ? 0.0 : s.r2));
      !(x_max_est >= floor))
    throw InputError(sizes + ", speed, angle, law", fmt::format("x_max,est = {:.6g} m", x_max_est),
                     fmt::format("the estimated largest overlap is below {:.3g} m, 1e6 roundings of the centre "
                                 "distance: the impact cannot be resolved (approach too slow for the contact's "
                                 "stiffness)",
                                 floor));

  // The stable step (header): the contact's own limit and the solver's estimate before the first
  // step (the p-wave one, for materials with a modulus), asked of the same scene.
  const ContactStiffness k = step_stiffness(s, x_max_est);
  check_contact_stiffness(s.law, k);
  const double i1 = 0.4 * m1 * s.r1 * s.r1, i2 = s.wall ? 0.0 : 0.4 * m2 * s.r2 * s.r2;
  const StableStep contact_limit = stable_step(k, m1, i1, m2, i2, s.wall);
  const double solver_limit = [&] {
    Simulation<Law> probe(s.law);
    add_bodies(probe, s, 0);
    return probe.stable_dt().dt;
  }();
  const double stable = std::min(contact_limit.dt, solver_limit);
  const std::string_view set_by = contact_limit.dt <= solver_limit ? LawSpec<Law>::stiffness_inputs(s.law, contact_limit.sense)
                                                                     : std::string_view("materials[].young, radii");
  const std::string inputs = set_by.empty() ? std::string("law, materials, radii") : std::string(set_by);
  static constexpr const char* sense_name[5] = {"normal spring", "tangential spring", "twist spring",
                                                "bending spring", "normal damping"};
  const std::string why = contact_limit.dt <= solver_limit
                              ? fmt::format("the contact's {} ({})", sense_name[contact_limit.sense], inputs)
                              : std::string("the p-wave estimate r sqrt(rho/E) the solver checks first");
  derived_positive(inputs, "the stable time step", stable);
  const double resolved = tc_est / min_steps_per_contact;
  const double limit = std::min(stable, resolved);
  if (s.dt && !(*s.dt < limit)) {
    if (stable <= resolved)
      throw InputError("dt", *s.dt,
                       fmt::format("above the stable limit {:.6g} s of this impact, set by {} (leapfrog with the "
                                   "law's springs and damping: dynamics/time_step.hpp)",
                                   limit, why));
    throw InputError("dt", *s.dt,
                     fmt::format("above the limit {:.6g} s of this impact, t_c,est/{:g}: fewer steps over the estimated "
                                 "contact duration {:.6g} s do not resolve the contact (stable limit {:.6g} s)",
                                 limit, min_steps_per_contact, tc_est, stable));
  }
  const double dt = s.dt ? *s.dt : std::min(tc_est / 200, limit / 2);
  derived_positive("dt", "dt", dt);
  // Bounded work: the run may take up to (3.5 dt + 50 t_c,est)/dt steps.
  if (const double n = (3.5 * dt + 50 * tc_est) / dt; !(n <= max_impact_steps)) {
    if (s.dt)
      throw InputError("dt", dt,
                       fmt::format("too small for the estimated contact duration {:.6g} s: the run would take {:.3g} "
                                   "steps (limit {})",
                                   tc_est, n, max_impact_steps));
    throw InputError(inputs, fmt::format("stable time step {:.6g} s", stable),
                     fmt::format("the default dt, half the stable limit set by {}, would take {:.3g} steps over the "
                                 "estimated contact duration {:.6g} s (limit {}): that spring or damper is too stiff "
                                 "for this impact",
                                 why, n, tc_est, max_impact_steps));
  }
  const Oracle oracle = estimate(s, m_eff, vn, true).oracle;
  Simulation<Law> sim(s.law);
  add_bodies(sim, s, s.speed * dt * 3.5);  // contact onset mid-step, 3.5 steps in
  sim.set_dt(dt);
  auto overlap = [&]() {
    const auto& P = sim.particles();
    return s.wall ? s.r1 - (P.pos[1].x() - P.pos[0].x()) : s.r1 + s.r2 - (P.pos[1] - P.pos[0]).norm();
  };
  const double t_touch = 3.5 * dt;
  const auto max_steps = static_cast<std::size_t>(std::ceil((t_touch + 50 * tc_est) / dt)) + 10;
  double peak = 0, max_overlap = 0, prev = overlap(), t_end = -1;
  bool touched = false;
  std::size_t steps_run = 0;
  for (std::size_t step = 1; step <= max_steps; ++step) {
    sim.step(1, true);  // the solver stops a non-finite state at this step (StateError, exit 1)
    steps_run = step;
    peak = std::max(peak, sim.particles().force[0].norm());
    const double d = overlap();
    max_overlap = std::max(max_overlap, d);
    if (sim.contact_count() > 0) touched = true;
    if (touched && sim.contact_count() == 0) {
      t_end = static_cast<double>(step - 1) * dt + (prev > d ? dt * prev / (prev - d) : dt);
      break;
    }
    prev = d;
  }
  if (!touched) {
    print_no_contact<Law>(s, dt, stable, limit, tc_est, steps_run, as_json);
    return;
  }
  if (t_end < 0)
    throw std::runtime_error(fmt::format("no separation within {} steps ({} estimated contact durations)", max_steps, 50));
  const auto& P = sim.particles();
  const Vec3d nrm = s.wall ? Vec3d(1, 0, 0) : Vec3d((P.pos[1] - P.pos[0]).normalized());
  const Vec3d rel = s.wall ? Vec3d(-P.vel[0]) : Vec3d(P.vel[1] - P.vel[0]);
  const double e = rel.dot(nrm) / vn;
  const double duration = t_end - t_touch;
  finite_result("achieved_restitution", e);
  finite_result("contact_duration", duration);
  finite_result("peak_force", peak);
  finite_result("max_overlap", max_overlap);
  for (const auto* o : {&oracle.restitution, &oracle.duration, &oracle.peak_force, &oracle.max_overlap})
    if (*o) finite_result("an oracle value", **o);
  const auto& E = sim.energy();
  finite_result("the energy ledger's relative error", E.relative_error());
  require_closed_balance(fmt::format("impact of law {} at dt = {:.6g} s", Law::name, dt), E.relative_error());

  const AfterImpact after = after_impact(s, sim, nrm, vn);
  auto opt = [](const std::optional<double>& x) { return x ? json(*x) : json(nullptr); };
  if (as_json) {
    json out = json_header(s, dt, stable, limit, tc_est);
    out["achieved_restitution"] = e;
    out["contact_duration"] = duration;
    out["peak_force"] = peak;
    out["max_overlap"] = max_overlap;
    out["contact"] = true;
    out["steps"] = steps_run;
    out["oracle"] = {{"achieved_restitution", opt(oracle.restitution)}, {"contact_duration", opt(oracle.duration)},
                     {"peak_force", opt(oracle.peak_force)}, {"max_overlap", opt(oracle.max_overlap)},
                     {"source", oracle.source}};
    json ledger = {{"kinetic", E.kinetic()}, {"elastic", E.elastic}, {"damping", E.damping},
                   {"relative_error", E.relative_error()}};
    for (EnergyKind k : Law::energy_kinds) ledger["dissipated"][std::string(name_of(k))] = E.dissipated[k];
    out["energy"] = ledger;
    out["after"] = after_json(after, s.wall);
    out["inputs"] = echo_inputs(s, j);
    fmt::print("{}\n", out.dump(2));
    return;
  }
  fmt::print("impact: law {}, {}, speed {} m/s at {} deg, m* = {:.6e} kg\n", Law::name,
             s.wall ? "sphere-wall" : "sphere-sphere", s.speed, s.angle, m_eff);
  fmt::print("dt = {:.6e} s ({}; limit {:.6e} s, stable limit {:.6e} s; estimated contact duration {:.6e} s)\n",
             dt, s.dt ? "given" : "default", limit, stable, tc_est);
  auto row = [](const char* name, double solver, const std::optional<double>& o) {
    if (o)
      fmt::print("{:<22} {:>15.8e}   oracle {:>15.8e}   rel. diff {:+.2e}\n", name, solver, *o,
                 *o != 0 ? solver / *o - 1 : solver);
    else
      fmt::print("{:<22} {:>15.8e}   oracle -\n", name, solver);
  };
  row("achieved_restitution", e, oracle.restitution);
  row("contact_duration", duration, oracle.duration);
  row("peak_force", peak, oracle.peak_force);
  row("max_overlap", max_overlap, oracle.max_overlap);
  fmt::print("oracle: {}\n", oracle.source.empty() ? "none for these parameters" : oracle.source);
  std::string kinds;
  for (EnergyKind k : Law::energy_kinds) kinds += fmt::format(" {} {:.6e} J", name_of(k), E.dissipated[k]);
  fmt::print("energy at separation: kinetic {:.6e} J, elastic {:.6e} J, dissipated:{}, ledger relative error {:.3e}\n",
             E.kinetic(), E.elastic, kinds.empty() ? " none" : kinds, E.relative_error());
  fmt::print("after: normal velocity {:.8e} m/s, tangential velocity {:.8e} m/s, contact point's rebound angle "
             "{:.6f} deg (incident {} deg), tangential restitution {}\n",
             after.normal_velocity, after.tangential_velocity, after.rebound_angle, s.angle,
             after.tangential_restitution ? fmt::format("{:.8e}", *after.tangential_restitution) : "- (head-on)");
  for (std::size_t b = 0; b < (s.wall ? 1u : 2u); ++b)
    fmt::print("body {}: velocity [{:.8e}, {:.8e}, {:.8e}] m/s, spin [{:.8e}, {:.8e}, {:.8e}] rad/s\n", b + 1,
               after.velocity[b].x(), after.velocity[b].y(), after.velocity[b].z(), after.spin[b].x(),
               after.spin[b].y(), after.spin[b].z());
}

std::string scene_law_name(const json& j) {
  if (!j.is_object()) throw InputError("scene", j.dump(), "must be a JSON object");
  if (!j.contains("law")) return std::string(default_law_name);
  const json& l = j["law"];
  if (!l.is_object()) throw InputError("law", l.dump(), "must be a JSON object");
  return l.contains("name") ? text(l["name"], "law.name") : std::string(default_law_name);
}

}  // namespace

void add_impact_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("impact", "one impact (two spheres or sphere-wall) through the full solver for any "
                                           "registered law, beside the oracles");
  auto path = std::make_shared<std::string>();
  auto as_json = std::make_shared<bool>(false);
  cmd->add_option("scene", *path, "scene file (JSON; format: docs/formats.md, impact scene)")->required();
  cmd->add_flag("--json", *as_json, "machine-readable output");
  cmd->callback([path, as_json] {
    const json j = load_json_file("scene", *path);
    try {
      with_registered_law(scene_law_name(j), "law.name", [&](auto law) { run_impact<decltype(law)>(j, *as_json); });
    } catch (const oracles::BadParameter& e) {  // the oracle's own range check on derived values
      throw InputError("scene (derived oracle input " + e.field() + ")", e.value(), e.reason());
    }
  });
}

}  // namespace lawcheck::cli
