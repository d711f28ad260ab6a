#pragma once
// Exudyn's sphere-sphere contact (seed 003, ObjectContactSphereSphere), law "exudyn".
//
// Mapping onto lawcheck's local geometry (geometry/local_geom.hpp). Exudyn's marker 0 is particle
// 1, marker 1 is particle 2; its normal n (marker 0 -> 1) is local x. Then
//   gap g = uN,  overlap delta = -uN,  normal gap velocity v_dn = vel.x(),
//   tangential gap velocity v_dt = vel.tail<2>() (relative velocity of 2 w.r.t. 1 at the contact
//   point; the contact point is mid-overlap, so the lever arms are r_i - delta/2: seed eq.
//   "v_a0 = v_m0 + w_m0 x n (r0 - delta/2)", "v_a1 = v_m1 + w_m1 x (-n (r1 - delta/2))").
// The seed's forces act on marker 1 (= particle 2); a LocalResponse acts on particle 1, so
//   force.x = -(f_c + f_d),   force.yz = -f_1t = +v_dt mu_d f_1n / max(v_rel, v_reg).
// Torques: the law returns none; the contact loop adds (c - x_i) x F_i with c - x_1 = (r1 - d/2) n
// and c - x_2 = -(r2 - d/2) n, which is the seed's tau_m0 and tau_m1 term for term. Hence
// tau_m1 = tau_m0 * (r1 - d/2)/(r0 - d/2) = tau_m0 * (r1 + g/2)/(r0 + g/2): the seed's output note
// is right (g < 0 in contact), and "the torque is the same for both spheres iff r0 = r1" is right
// as equality of vectors (same sign, not opposite), whenever the friction force is non-zero
// (solver/tests/dynamics_exudyn_test.cpp).
//
// Normal force f_1n = f_c + f_d, f_d = -d_c v_dn in every model; f_c by impactModel:
//  1 Hunt-Crossley:  f_c = k d^n + lambda d^n v_dn,  lambda = -chi k / v_-,  chi = 3(1 - e)/2
//  2 Exudyn mixed:   chi = 3(1-e)(11-e)/(2(1+9e)) (Carvalho-Martins) for e > 1/3,
//                    chi = (1 - e^2)/e (Gonthier et al.) for 0 < e <= 1/3.
//    Departure from the seed's text: its second case reads "if e_res > 0" with an undefined e_rep;
//    read as 0 < e_res <= 1/3 with e_res (oracles/README.md sec. 6: only then are the branches
//    "identical at e = 1/3", both chi = 8/3 -- exudyn_law_test.cpp checks it).
//    v_- ("the initial relative velocity") is max(v_min, -v_dn) with v_dn REMEMBERED at the first
//    step of the contact (Exudyn's data[2], "impact velocity"). Read as the current gap velocity,
//    v_- collapses to v_min as the spheres stop approaching (division by zero for v_min = 0) and
//    the achieved restitution is far from the oracle's (dynamics_exudyn_test.cpp measures both;
//    ImpactVelocity::current keeps the literal reading for that study). If v_- = 0 (a contact
//    created at rest with v_min = 0) the hysteresis term is off: lambda would be infinite.
//  0 Edinburgh adhesive elasto-plastic (Thakur et al. 2014, Granular Matter 16:383; Exudyn
//    data[3] "plastic overlap"), k2 = k_c/(1 - lambda_P):
//      f_c = -f_adh + clamp(k2 (d^n - d_p^n),  -k_adh d^n_adh,  k_c d^n)
//    (the seed's three cases, written as one clamp). The seed's d_p = lambda_P^{1/n} d with d the
//    CURRENT overlap makes k2 (d^n - d_p^n) = k_c d^n identically: branch 2 is never taken and a
//    load-unload cycle dissipates nothing (exudyn_law_test.cpp). The Edinburgh model takes the
//    history maximum: d_p = lambda_P^{1/n} d_max, d_max the largest overlap of this contact
//    (reset when the spheres separate, as Exudyn resets data[3]); then branch 1 is virgin loading
//    (d >= d_max), branch 2 unloading/reloading, branch 3 the adhesive branch.
// Friction (regularised, seed): f_1t = -v_dt mu_d f_1n / v_reg if v_rel < v_reg, else / v_rel.
//    Departure: f_1n is taken as max(f_1n, 0). With adhesion or damping f_1n can be tensile, and
//    the seed's formula would then push along the slip, i.e. create energy.
// Reach 0: as in Exudyn, forces act only while the gap is negative; the pull-off force is the
//    largest tension on the adhesive branch (f_adh + k_adh d*^n_adh, d* where branches 2 and 3
//    meet), reached before the gap opens. The contact breaks at uN > 0 and its state resets.
//
// Energy (laws/energy_kind.hpp; time levels as dynamics/energy_ledger.hpp). The solver's force
// at t_n uses uN at t_n and the velocity at t_{n-1/2} (the only one it has), and the ledger's
// kinetic identity books the work of a force over [t_{n-1}, t_n] as the trapezoid
// 1/2 (F_{n-1} + F_n) . dt vel_{n-1/2}. So each dissipative force k (viscous d_c, hysteresis
// lambda d^n v of models 1/2, friction) books exactly that trapezoid of its own component
// (previous components kept in the State; at the break step F_n = 0 and the last half is
// booked). The conservative part is the elastic energy:
//   models 1/2:  E = k d^(n+1)/(n+1);   model 0:  E(d; d_p) = int_0^d f_c(s; d_p) ds
// (f_c is a function of d for fixed d_p, piecewise integrable in closed form). Model 0's plastic
// dissipation is what an increase of d_p takes out of E at the current overlap,
//   D_plastic = E(d_n; d_p,old) - E(d_n; d_p,new) >= 0,
// which telescopes to the hysteresis area between loading and unloading curves at d_max exactly.
// The ledger then closes up to the trapezoid error of the conservative force: zero for n = 1
// within a branch, O(k dx^2) at kinks, O(dt^2) overall for n != 1.
//
// Stable time step (stiffness; dynamics/time_step.hpp). Every term of the normal force counts:
//  - the spring's tangent k n d^(n-1) at the largest overlap expected, for n >= 1 (for n < 1 the
//    secant k d^(n-1): the tangent is unbounded at d = 0); model 0 unloads with k2 = k/(1 - lambda_P),
//    the steeper slope, and its adhesive branch with k_adh n_adh d^(n_adh - 1);
//  - the contact damping d_c, a viscous term;
//  - models 1 and 2 (e < 1): the hysteresis f_h = chi k d^n |v_dn|/v_- is a damper
//    c_h = chi k d^n / v_-. Its damping ratio zeta_h = c_h / (2 sqrt(k_t m)) grows with d as
//    d^((n+1)/2) and d stays below the undamped impact's x_max, where
//    m v_-^2 / 2 = k x_max^(n+1)/(n+1); there
//      zeta_h = chi/2 sqrt((n+1)/(2n))   (independent of the mass and the speed),
//    so it is a property of the law alone. The damped limit (2/omega)(sqrt(1 + zeta^2) - zeta) of
//    a spring K with ratio zeta_h is the undamped limit of K s^2, s = sqrt(1 + zeta_h^2) + zeta_h;
//    scaling both the stiffness and d_c by s^2 keeps that limit and, with d_c too, stays
//    conservative: the limit it gives is 2/(omega s g(zeta_c)) with g(z) = sqrt(1 + z^2) + z =
//    exp(asinh z), and g(zeta_h) g(zeta_c) >= g(zeta_h + zeta_c) since asinh is subadditive on
//    [0, inf). (The Gonthier branch's chi = (1 - e^2)/e grows without bound as e -> 0: so does
//    the stiffness it reports.) Its slope in d, chi k n d^(n-1) |v_dn|/v_-, is not counted: it
//    vanishes at the largest overlap (v_dn = 0), where the spring's slope and zeta_h peak, and
//    reaches chi k_t only at the onset (|v_dn| = v_-), for the contact's first steps, where for
//    n > 1 the spring's slope is near 0; a transient, not a growing mode (models 1, 2 at
//    e = 0.2...0.9 converge from t_c/25, dynamics_exudyn_test.cpp; impact at 0.999 of the limit,
//    reports/cli/tests/impact_stable_limit_cli_test.sh).
// The largest overlap: stiffness(ph) takes length/10 (length = min(l1, l2), the radii), the
// overlap beyond which a sphere contact leaves the small-overlap regime the law is written for;
// `lawcheck impact` asks stiffness_at(x_max) with its own impact's estimate. The regularised
// friction (mu f_n / v_reg) is a damper too, but it saturates at Coulomb's mu f_n once
// |v_dt| > v_reg: above its explicit limit the tangential velocity chatters within
// +-mu f_n dt / m instead of growing, so it does not bound dt (tangential 0).

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string_view>

#include "core/input_error.hpp"
#include "laws/contact_law.hpp"
#include "physics/exudyn_mat.hpp"

namespace lawcheck {

enum class ImpactVelocity { remembered, current };
// Model 0's d in d_p = lambda_P^{1/n} d: the history maximum (Edinburgh, Exudyn data[3]) or the
// current overlap (the seed's text, kept to show that it dissipates nothing).
enum class PlasticOverlap { history, current };

inline PlasticOverlap parse_plastic_overlap(std::string_view name) {
  if (name == "history") return PlasticOverlap::history;
  if (name == "current") return PlasticOverlap::current;
  throw InputError("plasticOverlap", name, "unknown rule (expected history or current)");
}
constexpr std::string_view name_of(PlasticOverlap v) {
  return v == PlasticOverlap::history ? "history" : "current";
}

inline ImpactVelocity parse_impact_velocity(std::string_view name) {
  if (name == "remembered") return ImpactVelocity::remembered;
  if (name == "current") return ImpactVelocity::current;
  throw InputError("impactVelocity", name, "unknown rule (expected remembered or current)");
}
constexpr std::string_view name_of(ImpactVelocity v) {
  return v == ImpactVelocity::remembered ? "remembered" : "current";
}

template <class R>
struct ExudynPhys {
  R length{0};  // min(l1, l2): the scale of the time-step bound

  template <class S>
  ExudynPhys<S> cast() const {
    return {S(length)};
  }
};

// chi of seed 003 models 1 and 2 (oracles/hunt_crossley.hpp names the same maps).
template <class R>
R exudyn_chi(int impact_model, const R& e) {
  if (impact_model == 1) return R(3) * (1 - e) / 2;
  if (e > R(1) / 3) return R(3) * (1 - e) * (11 - e) / (2 * (1 + 9 * e));
  return (1 - e * e) / e;
}

template <class R>
struct ExudynLaw {
  using Scalar = R;
  using Phys = ExudynPhys<R>;
  using Material = ExudynMat;
  template <class S> using rebind = ExudynLaw<S>;

  static constexpr std::string_view name = "exudyn";
  static constexpr std::array energy_kinds = {EnergyKind::viscous, EnergyKind::hysteresis,
                                              EnergyKind::plastic_normal, EnergyKind::friction};
  // Reads the whole relative velocity, never the spin; returns a force only (laws/contact_law.hpp).
  static constexpr LawNeeds needs{.normal_velocity = true, .spin = false, .torque = false};

  struct State {
    R impact_velocity{-1};  // -v_dn at the contact's first step (Exudyn data[2]); < 0: not yet
    R delta_max{0};         // largest overlap so far; d_p = lambda_P^{1/n} d_max (Exudyn data[3])
    R f_visc{0};            // components at the previous step (trapezoid bookkeeping), seed signs
    R f_hyst{0};
    Vec2<R> f_fric = Vec2<R>::Zero();  // local tangential force on particle 1
  };

  // Seed 003 parameter names in comments; defaults as Exudyn's except k_c (0 there).
  double contact_stiffness = 1e5;       // k_c [N/m^n]
  double contact_damping = 0;           // d_c [N s/m]
  double stiffness_exponent = 1;        // n
  double dynamic_friction = 0;          // mu_d
  double friction_zone = 1e-3;          // v_reg [m/s] (frictionProportionalZone)
  double pull_off_force = 0;            // f_adh [N] (constantPullOffForce)
  double plasticity_ratio = 0;          // lambda_P (contactPlasticityRatio)
  double adhesion_coefficient = 0;      // k_adh [N/m^n_adh]
  double adhesion_exponent = 1;         // n_adh
  double restitution = 1;               // e_res (restitutionCoefficient)
  double minimum_impact_velocity = 0;   // v_min [m/s]
  int impact_model = 0;                 // 0 Edinburgh, 1 Hunt-Crossley, 2 CM/Gonthier
  ImpactVelocity impact_velocity = ImpactVelocity::remembered;
  PlasticOverlap plastic_overlap = PlasticOverlap::history;

  template <class S>
  rebind<S> cast() const {
    rebind<S> o;
    o.contact_stiffness = contact_stiffness;
    o.contact_damping = contact_damping;
    o.stiffness_exponent = stiffness_exponent;
    o.dynamic_friction = dynamic_friction;
    o.friction_zone = friction_zone;
    o.pull_off_force = pull_off_force;
    o.plasticity_ratio = plasticity_ratio;
    o.adhesion_coefficient = adhesion_coefficient;
    o.adhesion_exponent = adhesion_exponent;
    o.restitution = restitution;
    o.minimum_impact_velocity = minimum_impact_velocity;
    o.impact_model = impact_model;
    o.impact_velocity = impact_velocity;
    o.plastic_overlap = plastic_overlap;
    return o;
  }

  void validate() const {
    require_non_negative("law.contactStiffness", contact_stiffness);
    require_non_negative("law.contactDamping", contact_damping);
    require_positive("law.contactStiffnessExponent", stiffness_exponent);
    require_non_negative("law.dynamicFriction", dynamic_friction);
    // The seed allows 0 (UReal), but the formula divides by it.
    require_positive("law.frictionProportionalZone", friction_zone);
    require_non_negative("law.constantPullOffForce", pull_off_force);
    require_non_negative("law.contactPlasticityRatio", plasticity_ratio);
    if (!(plasticity_ratio < 1))
      throw InputError("law.contactPlasticityRatio", plasticity_ratio, "must be in [0, 1): k2 = k_c/(1 - lambda_P)");
    require_non_negative("law.adhesionCoefficient", adhesion_coefficient);
    require_positive("law.adhesionExponent", adhesion_exponent);
    require_positive("law.restitutionCoefficient", restitution);
    if (!(restitution <= 1))
      throw InputError("law.restitutionCoefficient", restitution, "must be in (0, 1]");
    require_non_negative("law.minimumImpactVelocity", minimum_impact_velocity);
    if (impact_model < 0 || impact_model > 2)
      throw InputError("law.impactModel", impact_model,
                       "unknown impact model (0 Edinburgh elasto-plastic, 1 Hunt-Crossley, 2 Carvalho-Martins/Gonthier)");
  }

  Phys make_phys(const ExudynMat&, const ExudynMat&, const ContactCreation& c) const {
    return Phys{R(std::min(c.lengths.l1, c.lengths.l2))};
  }
  State initial_state(const ContactCreation&, const Phys&) const { return {}; }

  ContactStiffness stiffness(const Phys& ph) const { return stiffness_at(static_cast<double>(ph.length) / 10); }

  // The stiffness and damping of the header at the largest overlap d.
  ContactStiffness stiffness_at(double d) const {
    const auto slope = [d](double k, double n) { return n >= 1 ? k * n * std::pow(d, n - 1) : k * std::pow(d, n - 1); };
    const double n = stiffness_exponent;
    const double k = impact_model == 0 ? contact_stiffness / (1 - plasticity_ratio) : contact_stiffness;
    double normal = slope(k, n), damping = contact_damping;
    if (impact_model == 0 && adhesion_coefficient > 0) normal = std::max(normal, slope(adhesion_coefficient, adhesion_exponent));
    if (impact_model != 0 && restitution < 1) {
      const double chi = exudyn_chi(impact_model, restitution);
      const double zeta = chi / 2 * std::sqrt((n + 1) / (2 * n));
      const double s = std::sqrt(1 + zeta * zeta) + zeta;
      normal *= s * s;
      damping *= s * s;
    }
    return {normal, 0, 0, 0, damping};
  }

  // Normal elastic(-plastic) force f_c of the seed (on marker 1, + pushes apart) without the
  // velocity-dependent hysteresis term; model 0 with history d_max.
  R spring_force(const R& d, const R& d_max) const {
    using std::pow;
    const R n(stiffness_exponent), k(contact_stiffness);
    if (impact_model != 0) return k * pow(d, n);
    const R k2 = k / (1 - R(plasticity_ratio));
    const R dpn = R(plasticity_ratio) * pow(d_max, n);  // d_p^n = lambda_P d_max^n
    const R upper = k * pow(d, n);
    const R lower = -R(adhesion_coefficient) * pow(d, R(adhesion_exponent));
    const R mid = k2 * (pow(d, n) - dpn);
    return -R(pull_off_force) + std::min(upper, std::max(lower, mid));
  }

  // Elastic energy int_0^d f_c(s) ds for a fixed history d_max (header).
  R spring_energy(const R& d, const R& d_max) const {
    using std::pow;
    if (!(d > 0)) return R(0);
    const R n(stiffness_exponent), k(contact_stiffness);
    const R np1 = n + 1;
    if (impact_model != 0) return k * pow(d, np1) / np1;
    const R lp(plasticity_ratio), ka(adhesion_coefficient), na(adhesion_exponent);
    const R k2 = k / (1 - lp);
    const R dpn = lp * pow(d_max, n);
    const R dp = pow(dpn, 1 / n);
    // Where branch 2 meets branch 3: k2 (s^n - d_p^n) + k_adh s^n_adh = 0 on [0, d_p].
    R s = dp;
    if (ka > 0 && dp > 0) {
      if (na == n) {
        s = dp * pow(k2 / (k2 + ka), 1 / n);
      } else {
        R lo(0), hi = dp;
        for (int it = 0; it < 400 && hi - lo > dp * std::numeric_limits<R>::epsilon(); ++it) {
          const R m = (lo + hi) / 2;
          (k2 * (pow(m, n) - dpn) + ka * pow(m, na) < 0 ? lo : hi) = m;
        }
        s = (lo + hi) / 2;
      }
    }
    auto adhesive = [&](const R& a, const R& b) { return -ka * (pow(b, na + 1) - pow(a, na + 1)) / (na + 1); };
    auto unloading = [&](const R& a, const R& b) { return k2 * ((pow(b, np1) - pow(a, np1)) / np1 - dpn * (b - a)); };
    auto loading = [&](const R& a, const R& b) { return k * (pow(b, np1) - pow(a, np1)) / np1; };
    R e = -R(pull_off_force) * d;
    e += adhesive(R(0), std::min(d, s));
    if (d > s) e += unloading(s, std::min(d, d_max));
    if (d > d_max) e += loading(d_max, d);
    return e;
  }

  template <bool TrackEnergy>
  LocalResponse<R> step(const LocalGeom<R>& g, const Phys&, State& s, const R& dt) const {
    using std::pow;
    LocalResponse<R> out;
    const R v_dn = g.vel.x();
    const Vec2<R> v_dt = g.vel.template tail<2>();
    if (g.uN > 0) {
      if constexpr (TrackEnergy) book_trapezoid(out, s, R(0), R(0), Vec2<R>::Zero(), dt * g.vel);
      s = State{};
      out.broken = true;
      return out;
    }
    const R d = -g.uN;
    if (s.impact_velocity < 0) s.impact_velocity = std::max(R(0), -v_dn);
    R f_c = 0, f_h = 0;
    if (impact_model == 0) {
      const R d_max_old = s.delta_max;
      s.delta_max = plastic_overlap == PlasticOverlap::history ? std::max(s.delta_max, d) : d;
      f_c = spring_force(d, s.delta_max);
      if constexpr (TrackEnergy)
        if (plastic_overlap == PlasticOverlap::history && s.delta_max > d_max_old)
          out.dissipated[EnergyKind::plastic_normal] = spring_energy(d, d_max_old) - spring_energy(d, s.delta_max);
    } else {
      f_c = spring_force(d, d);
      const R v_seen = impact_velocity == ImpactVelocity::remembered ? s.impact_velocity : -v_dn;
      const R v_minus = std::max(R(minimum_impact_velocity), v_seen);
      if (v_minus > 0 && restitution < 1) {
        const R lambda = -exudyn_chi(impact_model, R(restitution)) * R(contact_stiffness) / v_minus;
        f_h = lambda * pow(d, R(stiffness_exponent)) * v_dn;
      }
    }
    const R f_d = -R(contact_damping) * v_dn;
    const R f_n = f_c + f_h + f_d;
    Vec2<R> f_t = Vec2<R>::Zero();
    if (dynamic_friction > 0) {
      const R v_rel = v_dt.norm();
      f_t = v_dt * (R(dynamic_friction) * std::max(f_n, R(0)) / std::max(v_rel, R(friction_zone)));
    }
    out.force = Vec3<R>(-f_n, f_t.x(), f_t.y());
    if constexpr (TrackEnergy) book_trapezoid(out, s, f_d, f_h, f_t, dt * g.vel);
    s.f_visc = f_d;
    s.f_hyst = f_h;
    s.f_fric = f_t;
    return out;
  }

  R elastic_energy(const LocalGeom<R>& g, const Phys&, const State& s) const {
    const R d = -g.uN;
    if (impact_model != 0) return spring_energy(d, d);
    // The literal reading (d_p from the current overlap) stays on the virgin curve: its
    // potential is that curve's, i.e. the history form with d_max = 0.
    return spring_energy(d, plastic_overlap == PlasticOverlap::history ? s.delta_max : R(0));
  }

private:
  // Dissipation = minus the work of each dissipative component on the particles over the step,
  // trapezoid as the ledger (header). The seed's normal components act on particle 2 along +x,
  // so their work is f du_x; the friction force acts on particle 1, work -f_t . du_t.
  static void book_trapezoid(LocalResponse<R>& out, const State& s, const R& f_d, const R& f_h, const Vec2<R>& f_t,
                             const Vec3<R>& du) {
    out.dissipated[EnergyKind::viscous] = -(s.f_visc + f_d) / 2 * du.x();
    out.dissipated[EnergyKind::hysteresis] = -(s.f_hyst + f_h) / 2 * du.x();
    out.dissipated[EnergyKind::friction] = (s.f_fric + f_t).dot(du.template tail<2>()) / 2;
  }
};

static_assert(SolverLaw<ExudynLaw<double>>);

}  // namespace lawcheck
