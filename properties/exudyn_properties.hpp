#pragma once
// What Exudyn's law (solver/laws/exudyn_law.hpp) claims beyond the kit's capabilities, as
// properties: its dissipative forces never create energy, and a contact
// made again after a separation starts afresh.
//
// Driver (run_exudyn). The kit's driver makes a contact with zero velocity (path_driver.hpp); the
// solver makes it with the velocity of the step in which uN first reaches 0, which is the impact
// velocity models 1 and 2 remember. So these properties drive the law along normal-and-tangential
// paths that start apart (uN > 0) and hand the law vel = du/dt at every step, the first included.
// A step with `broken` ends the contact; the next step with uN <= 0 makes it again from the state
// the law left (laws/local_response.hpp: broken means "its state has been reset"), or from
// law.initial_state (Remake::fresh, as the solver does).
//
// The dissipation of a damper-like force (exudyn_law.hpp, "Energy"). Each dissipative force of
// the law is f_n = alpha_n v_n, alpha_n >= 0, against the velocity v_n of its step (viscous
// -d_c v_dn: alpha = d_c; hysteresis (models 1/2) lambda d^n v_dn: alpha = chi k_c d^n / v_-;
// friction mu_d max(f_1n,0) v_t / max(|v_t|, v_reg)), and the law books the trapezoid the
// solver's ledger sees, b_n = 1/2 (alpha_{n-1} v_{n-1} + alpha_n v_n) . v_n dt (alpha_{m-1} = 0 at
// the step m that makes the contact, alpha = 0 at the break step). This is not >= 0 step by step:
// when v turns back (v_{n-1} . v_n < 0) the first half can outweigh the second. What does hold,
// exactly in real arithmetic:
//  (1) a step that does not turn back (v_{n-1} . v_n >= 0) books b_n >= 0;
//  (2) at one speed (|v_n| = V at every step, any turns), the sum over a contact's life from its
//      making to step K is S_K = dt/2 sum (alpha_{n-1} v_{n-1}.v_n + alpha_n V^2)
//      >= dt V^2/2 (sum_{n=m}^K alpha_n - sum_{n=m}^K alpha_{n-1}) = dt V^2 alpha_K / 2 >= 0,
//      and the break step adds 1/2 alpha_K v_K.v_{K+1} dt >= -dt V^2 alpha_K / 2: never below 0;
//  (3) viscous (alpha = d_c constant), any speeds: sum_n (v_{n-1} v_n + v_n^2) >= 1/2 v_K^2 (with
//      v_{n-1} v_n >= -(v_{n-1}^2 + v_n^2)/2, telescoping), so S_K >= d_c dt v_K^2 / 4 while the
//      contact holds; at its break S >= d_c dt (v_m^2 - v_last^2) / 4, which can be negative: a
//      contact that breaks in the step right after being pressed in (v reversed within one step,
//      e.g. a grazing contact) books a negative viscous total of at most a quarter step's worth.
// Hysteresis over a closed load-unload cycle at two different speeds (slow in, fast out) can be
// negative in the same way (n > 1, e.g. in 2 steps of delta/2, out in 1 step of delta from d = 0:
// S ~ (2^-(n+1) - 1/4) delta^n < 0), so (2), load-unload cycles at one gap speed, is the exact form
// of "the hysteresis dissipation of a cycle is never negative"; at resolved steps the discrepancy
// is O(dt) of the cycle's dissipation.
//
// Rounding. In (1) no tolerance for the normal kinds: the two terms of b_n have one sign, the sum
// of two numbers of one sign and a product keep their sign in floating point. Friction sums over
// two components whose signs may differ: |error| <= 4 eps (|f_{n-1}| + |f_n|) |du_t|. In (2) and
// (3) each force carries <= 12 roundings of itself (pow ~2 ulps, chi and lambda ~6, the products),
// the trapezoid 3 more and the running sum one per step: |error| <= 16 eps sum_n (|f_{n-1}| +
// |f_n|) |du_n| / 2, each |f| bounded independently of the law's code: viscous d_c |v|, friction
// the response's |f_t|, hysteresis (chi_max k_c d^n |v| / v_-) with chi <= (1 - e^2)/e + 3 for
// every model (Hunt-Crossley 3(1-e)/2 <= 3/2, Carvalho-Martins <= 8/3, Gonthier (1-e^2)/e), and
// v_- as the law defines it (max(v_min, speed remembered or current); 0 switches the term off).
// Constant-speed paths move on a power-of-two grid, so positions and increments are exact and
// +-du/dt round to the same magnitude: |v_n| = V exactly.

#include <algorithm>
#include <cmath>
#include <vector>

#include <rapidcheck.h>

#include "exudyn_subject.hpp"
#include "law_case.hpp"
#include "path_driver.hpp"
#include "property_runner.hpp"

namespace lawcheck::properties {

struct ExudynRun {
  std::vector<LocalResponse<double>> response;  // [k]: after step k (zero without contact)
  std::vector<Contact> contact;
  std::vector<Vec3d> vel;    // the step's du/dt, handed to the law when in contact
  std::vector<Vec3d> du;
  std::vector<double> d;     // overlap -uN at step k
  std::vector<double> v_minus;  // the law's v_- of the step (models 1/2), for the tolerance only
  std::size_t steps() const { return response.size(); }
};

// u[0] must be apart (uN > 0). L: ExudynLaw<double> or a wrapper with the same step.
template <class L>
ExudynRun run_exudyn(const L& law, const ExudynLaw<double>& params, const std::vector<Vec3d>& u, double dt,
                     double radius, Remake remake) {
  RC_ASSERT(u.front().x() > 0);
  const ContactLengths lengths{radius, radius, boost::math::constants::pi<double>() * radius * radius};
  LocalGeom<double> g;
  const auto phys = params.make_phys(ExudynMat{}, ExudynMat{}, ContactCreation{0, lengths});
  typename ExudynLaw<double>::State state{};
  ExudynRun run;
  bool in_contact = false;
  double impact = 0;
  for (std::size_t k = 0; k < u.size(); ++k) {
    const Vec3d du = k == 0 ? Vec3d::Zero() : Vec3d(u[k] - u[k - 1]);
    g.uN = u[k].x();
    g.vel = du / dt;
    g.ang_vel.setZero();
    LocalResponse<double> r;
    Contact what = Contact::none;
    if (!in_contact && k > 0 && g.uN <= 0) {
      if (remake == Remake::fresh) state = params.initial_state(ContactCreation{g.uN, lengths}, phys);
      impact = std::max(0.0, -g.vel.x());
      what = Contact::made;
      in_contact = true;
    } else if (in_contact) {
      what = Contact::held;
    }
    if (in_contact) {
      r = law.template step<true>(g, phys, state, dt);
      if (r.broken) {
        what = Contact::broke;
        in_contact = false;
      }
    }
    const double seen = params.impact_velocity == ImpactVelocity::remembered ? impact : -g.vel.x();
    run.v_minus.push_back(std::max(params.minimum_impact_velocity, seen));
    run.response.push_back(r);
    run.contact.push_back(what);
    run.vel.push_back(g.vel);
    run.du.push_back(du);
    run.d.push_back(-g.uN);
  }
  return run;
}

namespace gen {

// A path that starts apart and then follows corners (n = normal grid units pressed in, y, z
// tangential; steps per segment) on a grid of `unit` metres: u = (-n, y, z) unit. The first
// corner is the approach (whatever its n), so the contact is made on the way in.
struct ExudynPathSpec {
  int start = 1;                // apart by start units
  std::vector<Corner> corners;  // kit corners; rotations ignored
};

inline std::vector<Vec3d> points(const ExudynPathSpec& spec, double unit) {
  std::vector<Vec3d> u{Vec3d(spec.start * unit, 0, 0)};
  for (const Corner& c : spec.corners) {
    const Vec3d from = u.back();
    const Vec3d to(-c.n * unit, c.y * unit, c.z * unit);
    for (int j = 1; j <= c.steps; ++j) u.push_back(j == c.steps ? to : Vec3d(from + (to - from) * (double(j) / c.steps)));
  }
  return u;
}

inline rc::Gen<ExudynPathSpec> exudyn_path() {
  return rc::gen::build<ExudynPathSpec>(rc::gen::set(&ExudynPathSpec::start, rc::gen::inRange(1, 5)),
                                        rc::gen::set(&ExudynPathSpec::corners,
                                                     rc::gen::map(corners_of(corner_6d(-4), 1, 8),
                                                                  [](PiecewiseSpec s) { return s.corners; })));
}

// One speed: every step moves the normal by +-1 grid unit and, unless `slide` is off, the
// tangential position by one unit along +-y or +-z; signs and directions drawn per step.
struct OneSpeedSpec {
  int start = 1;
  std::vector<int> normal;    // +1 press in, -1 pull out
  std::vector<int> direction; // 0 +y, 1 +z, 2 -y, 3 -z
  bool slide = true;
};

inline std::vector<Vec3d> points(const OneSpeedSpec& spec, double unit) {
  std::vector<Vec3d> u{Vec3d(spec.start * unit, 0, 0)};
  int n = -spec.start, y = 0, z = 0;
  for (std::size_t k = 0; k < spec.normal.size(); ++k) {
    n += spec.normal[k];
    if (spec.slide) {
      const int dir = spec.direction[k % spec.direction.size()];
      y += dir == 0 ? 1 : dir == 2 ? -1 : 0;
      z += dir == 1 ? 1 : dir == 3 ? -1 : 0;
    }
    u.push_back(Vec3d(-n * unit, y * unit, z * unit));  // integers times a power of two: exact
  }
  return u;
}

// Load-unload cycles: press in `in` steps, pull out `out` steps (out == in: a closed cycle, back
// to where it began; out > in: through tension, a break and a new contact on the next cycle).
inline rc::Gen<OneSpeedSpec> one_speed_path() {
  const auto cycle = rc::gen::pair(rc::gen::inRange(1, 13), rc::gen::inRange(0, 4));
  return rc::gen::apply(
      [](int start, std::vector<std::pair<int, int>> cycles, bool closed, std::vector<int> dirs, bool slide) {
        OneSpeedSpec s;
        s.start = start;
        for (const auto& [in, extra] : cycles) {
          const int out = closed ? in : in + extra;
          for (int i = 0; i < in; ++i) s.normal.push_back(+1);
          for (int i = 0; i < out; ++i) s.normal.push_back(-1);
        }
        s.direction = dirs;
        s.slide = slide;
        return s;
      },
      rc::gen::inRange(1, 4), rc::gen::mapcat(rc::gen::inRange(1, 6),
                      [cycle](int count) {
                        return rc::gen::container<std::vector<std::pair<int, int>>>(std::size_t(count), cycle);
                      }),
      rc::gen::arbitrary<bool>(), rc::gen::nonEmpty(rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 4))),
      rc::gen::arbitrary<bool>());
}

// A power of two near the overlap scale of the kit's contacts (radius 1 mm .. 1 m, overlap
// 1e-4 .. 1e-1 of it): 2^-30 .. 2^-4 m.
inline rc::Gen<double> grid_unit() {
  return rc::gen::map(rc::gen::inRange(-30, -3), [](int e) { return std::ldexp(1.0, e); });
}

}  // namespace gen

// Independent bounds of each damper's force magnitude at step k (header: rounding).
inline double viscous_bound(const ExudynLaw<double>& l, const ExudynRun& run, std::size_t k) {
  return run.contact[k] == Contact::none || run.contact[k] == Contact::broke ? 0.0
                                                                             : l.contact_damping * std::abs(run.vel[k].x());
}
inline double hysteresis_bound(const ExudynLaw<double>& l, const ExudynRun& run, std::size_t k) {
  if (l.impact_model == 0 || run.contact[k] == Contact::none || run.contact[k] == Contact::broke) return 0.0;
  if (!(run.v_minus[k] > 0) || l.restitution == 1) return 0.0;
  const double e = l.restitution;
  const double chi_max = (1 - e * e) / e + 3;
  return chi_max * l.contact_stiffness * std::pow(run.d[k], l.stiffness_exponent) * std::abs(run.vel[k].x()) /
         run.v_minus[k];
}
inline double friction_bound(const ExudynRun& run, std::size_t k) {
  return run.response[k].force.tail<2>().norm();
}

// 16 eps sum (|f_{k-1}| + |f_k|) |du_k| / 2 over steps 1..K: the rounding of a booked sum.
template <class Bound>
double booked_rounding(const ExudynRun& run, std::size_t last, bool tangential, Bound&& bound) {
  double s = 0;
  for (std::size_t k = 1; k <= last; ++k) {
    const double du = tangential ? run.du[k].tail<2>().norm() : std::abs(run.du[k].x());
    s += (bound(k - 1) + bound(k)) * du / 2;
  }
  return 16 * eps * s;
}

struct DamperKind {
  EnergyKind kind;
  const char* name;
};
inline constexpr DamperKind damper_kinds[] = {{EnergyKind::viscous, "viscous"},
                                              {EnergyKind::hysteresis, "hysteresis"},
                                              {EnergyKind::friction, "friction"}};

inline double bound_of(EnergyKind kind, const ExudynLaw<double>& l, const ExudynRun& run, std::size_t k) {
  switch (kind) {
    case EnergyKind::viscous: return viscous_bound(l, run, k);
    case EnergyKind::hysteresis: return hysteresis_bound(l, run, k);
    default: return friction_bound(run, k);
  }
}

// (2): at one speed, the column of each damper never goes below zero, through breaks and remakes.
inline void check_one_speed(const ExudynLaw<double>& l, const ExudynRun& run, EnergyKind kind, const char* what) {
  const bool tangential = kind == EnergyKind::friction;
  double column = 0;
  double worst = 0;
  for (std::size_t k = 0; k < run.steps(); ++k) {
    column += run.response[k].dissipated[kind];
    const double tol = booked_rounding(run, k, tangential, [&](std::size_t i) { return bound_of(kind, l, run, i); });
    RC_ASSERT(column >= -tol);
    if (column < 0) worst = std::max(worst, -column / tol);
  }
  measure(std::string(what) + ": -column / rounding bound (one speed)", worst);
}

// (1): a step that does not turn back books >= 0.
inline void check_steps_not_turning_back(const ExudynRun& run, EnergyKind kind) {
  const bool tangential = kind == EnergyKind::friction;
  for (std::size_t k = 1; k < run.steps(); ++k) {
    if (run.contact[k] == Contact::none) continue;
    const bool first = run.contact[k] == Contact::made;
    const double turn = tangential ? run.vel[k - 1].tail<2>().dot(run.vel[k].tail<2>())
                                   : run.vel[k - 1].x() * run.vel[k].x();
    if (!first && turn < 0) continue;
    const double booked = run.response[k].dissipated[kind];
    const double tol = tangential ? 4 * eps * (friction_bound(run, k - 1) + friction_bound(run, k)) *
                                        run.du[k].tail<2>().norm()
                                  : 0.0;
    RC_ASSERT(booked >= -tol);
  }
}

struct ExudynDraw {
  ExudynLaw<double> law;
  double unit = 0;  // grid unit [m]
  double dt = 0;
  double radius = 0;
};

inline ExudynDraw draw_exudyn() {
  ExudynDraw d;
  d.law = *gen::exudyn_law();
  d.unit = *gen::grid_unit();
  d.dt = *gen::time_step();
  d.radius = std::max(*gen::decimal(-3, 0), 64 * d.unit);
  return d;
}

// The three damper kinds (viscous, hysteresis of models 1/2, friction) on both families: any path
// (1) and one-speed paths (2); kind selects the column.
inline void a_damper_never_creates_energy(EnergyKind kind, const char* what) {
  const auto c = draw_exudyn();
  const auto any = run_exudyn(c.law, c.law, gen::points(*gen::exudyn_path(), c.unit), c.dt, c.radius, Remake::reuse_state);
  check_steps_not_turning_back(any, kind);
  const auto one = run_exudyn(c.law, c.law, gen::points(*gen::one_speed_path(), c.unit), c.dt, c.radius,
                              Remake::reuse_state);
  check_one_speed(c.law, one, kind, what);
  double total = 0;
  for (const auto& r : one.response) total += r.dissipated[kind];
  RC_CLASSIFY(total > 0, "dissipated");
  RC_CLASSIFY(c.law.impact_model != 0, "models 1/2");
}

// (3) for the viscous column on any path, per contact life: >= d_c dt v_K^2 / 4 while it holds;
// at its break >= d_c dt (v_m^2 - v_last^2) / 4.
inline void viscous_dissipation_is_never_negative() {
  a_damper_never_creates_energy(EnergyKind::viscous, "viscous");
  const auto c = draw_exudyn();
  const auto run = run_exudyn(c.law, c.law, gen::points(*gen::exudyn_path(), c.unit), c.dt, c.radius, Remake::reuse_state);
  const double dc = c.law.contact_damping;
  double life = 0;
  double v_made = 0;
  std::size_t made = 0;
  double worst = 0;
  for (std::size_t k = 0; k < run.steps(); ++k) {
    if (run.contact[k] == Contact::none) continue;
    if (run.contact[k] == Contact::made) life = 0, v_made = run.vel[k].x(), made = k;
    life += run.response[k].dissipated[EnergyKind::viscous];
    // rounding of the sum since the making: the bounds of steps made..k (the step before the
    // making carries no force)
    double s = 0;
    for (std::size_t i = made; i <= k; ++i)
      s += dc * ((i > made ? std::abs(run.vel[i - 1].x()) : 0.0) + std::abs(run.vel[i].x())) * std::abs(run.du[i].x()) / 2;
    const double tol = 16 * eps * s;
    const double v = run.vel[k].x();
    const double lower = run.contact[k] == Contact::broke ? dc * c.dt * (v_made * v_made - v * v) / 4
                                                          : dc * c.dt * v * v / 4;
    RC_ASSERT(life >= lower - tol);
    if (tol > 0) worst = std::max(worst, (lower - life) / tol);
  }
  measure("viscous: (lower bound - life total) / rounding bound", worst);
}

inline void hysteresis_dissipation_is_never_negative() {
  a_damper_never_creates_energy(EnergyKind::hysteresis, "hysteresis");
}
inline void friction_dissipation_is_never_negative() {
  a_damper_never_creates_energy(EnergyKind::friction, "friction");
}

// A contact that separates (uN > 0: the law breaks it) and touches again behaves as a fresh
// contact made at the same instant: its forces and dissipation, step for step, equal those of a
// contact made there from law.initial_state, bit for bit (the same operations on the same
// numbers). The law's state keeps the first step's gap velocity (v_- of models 1/2) and the
// largest overlap (d_p of model 0); a law that kept either across the separation would give the
// new contact the old impact velocity or the old plastic history. Paths: approach at one speed,
// press in, pull out into tension, approach again at another speed, press in.
template <class L>
void a_remade_contact_behaves_as_a_fresh_one() {
  const auto c = draw_exudyn();
  const L law{c.law};
  // first contact: in at speed a1 units/step, down to depth p1, out to +q apart
  const int a1 = *rc::gen::inRange(1, 9);
  const int a2 = *rc::gen::inRange(1, 9);
  const int p1 = *rc::gen::inRange(1, 17);
  const int p2 = *rc::gen::inRange(1, 17);
  const int q = *rc::gen::inRange(1, 5);
  // positions in grid units (uN = n unit): in at a1 per step from a1 apart to depth <= p1, out one
  // unit per step to q apart (the break), in again at a2 per step to depth <= p2, back 3 units
  std::vector<int> n{a1};
  while (n.back() - a1 >= -p1) n.push_back(n.back() - a1);
  while (n.back() < q) n.push_back(n.back() + 1);
  const std::size_t from = n.size() - 1;  // apart, before the second approach
  while (n.back() - a2 >= -p2 || n.back() > 0) n.push_back(n.back() - a2);
  for (int i = 0; i < 3; ++i) n.push_back(n.back() + 1);
  std::vector<Vec3d> u;
  for (int x : n) u.push_back(Vec3d(x * c.unit, 0, 0));
  const std::size_t second = from + 1;

  const auto run = run_exudyn(law, c.law, u, c.dt, c.radius, Remake::reuse_state);
  const std::vector<Vec3d> tail(u.begin() + std::ptrdiff_t(from), u.end());
  const auto fresh = run_exudyn(law, c.law, tail, c.dt, c.radius, Remake::fresh);
  bool broke = false;
  for (std::size_t k = 0; k < second; ++k) broke = broke || run.contact[k] == Contact::broke;
  RC_ASSERT(broke);  // the first contact ended before the second approach
  // step 0 of the fresh run is its start, apart; the long run may break there (q = 1)
  for (std::size_t k = 1; k < fresh.steps(); ++k) {
    const auto& a = run.response[from + k];
    const auto& b = fresh.response[k];
    RC_ASSERT(run.contact[from + k] == fresh.contact[k]);
    RC_ASSERT(a.force == b.force);
    for (std::size_t i = 0; i < energy_kind_count; ++i)
      RC_ASSERT(a.dissipated[EnergyKind(i)] == b.dissipated[EnergyKind(i)]);
  }
  RC_CLASSIFY(a1 != a2, "impact speeds differ");
  RC_CLASSIFY(p1 > p2, "second contact shallower");
}

// The generator draws only parameter sets the law accepts.
inline void every_drawn_parameter_set_passes_validation() {
  const auto law = *ExudynSubject::law();
  try {
    law.validate();
  } catch (const std::exception& e) {
    RC_FAIL(e.what());
  }
  RC_CLASSIFY(law.exudyn.impact_model == 0, "model 0");
  RC_CLASSIFY(law.exudyn.impact_model == 2 && law.exudyn.restitution <= 1.0 / 3, "model 2, Gonthier branch");
}

}  // namespace lawcheck::properties
