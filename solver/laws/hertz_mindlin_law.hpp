#pragma once
// Hertz-Mindlin: Hertz's elastic normal contact, Mindlin's no-slip tangential stiffness with a
// Coulomb limit, and the restitution-calibrated dashpots of LIGGGHTS/EDEM; law "hertz_mindlin",
// material HertzMindlinMat, physics HertzMindlinPhys (physics/hertz_mindlin_phys.hpp: E*, G*, R*,
// m*, mu).
//
// Normal (Hertz 1882; Johnson, Contact Mechanics, 1985, eq. 4.23). Two elastic bodies of radii of
// curvature rho1, rho2 pressed by delta = -uN > 0 carry
//   F_H = 4/3 E* sqrt(R*) delta^(3/2),   its tangent S_n = dF_H/d delta = 2 E* sqrt(R* delta),
// stored energy int_0^delta F_H = 8/15 E* sqrt(R*) delta^(5/2) = 2/5 F_H delta.
// Damping (Tsuji, Tanaka & Ishida 1992, Powder Technol. 71:239, in the form of LIGGGHTS's
// `model hertz` and EDEM's Hertz-Mindlin; LAMMPS `damping coeff_restitution`):
//   F_d = eta_n v_n,  eta_n = 2 sqrt(5/6) beta sqrt(S_n m*),  beta = -ln e / sqrt(ln^2 e + pi^2) >= 0,
// e the `restitution` requested (1: no dashpot). For a linear spring k the dashpot 2 beta sqrt(k m*)
// gives back e exactly (e = exp(-pi beta / sqrt(1 - beta^2))); this form puts Hertz's tangent S_n
// for k and a factor sqrt(5/6). In a Hertz impact it gives back e exactly as well, whatever the
// mass, the moduli, the radii and the speed: oracles/hertz_damped_impact.hpp reduces the impact to
// X'' = -5/4 X^(3/2) - 5/2 beta X^(1/4) X' and integrates it to 50 digits; the achieved e* equals
// the requested e to the integration's tolerance (|e* - e| < 4e-25 for e = 0.01 .. 0.99), and the
// solver's impacts converge to it (solver/tests/dynamics_hertz_mindlin_test.cpp).
//
// Tangential (Mindlin 1949, J. Appl. Mech. 16:259; Di Renzo & Di Maio 2004, Chem. Eng. Sci.
// 59:525): the no-slip tangential stiffness of the Hertz contact is
//   k_t = 8 G* sqrt(R* delta)   (8 G* a, a = sqrt(R* delta) the contact radius).
// The tangential FORCE is accumulated, not the displacement (LAMMPS `tangential mindlin/force`):
//   F_t^trial = F_t,n + k_t(delta_{n+1}) dt vel_t(n+1/2)       (on particle 1, local y-z)
// kept in the contact frame, which the solver transports with the pair (geometry/local_geom.hpp),
// so a rigid rotation of the pair rotates F_t with it. Why not the displacement (LAMMPS
// `mindlin`, F_t = k_t(delta) xi): at fixed xi the force follows k_t(delta), so unloading the
// normal spring drops F_t and with it the stored tangential energy k_t xi^2/2 without any
// tangential motion, and re-loading raises it again for free: a normal load cycle at constant
// tangential displacement then creates or destroys tangential energy at will.
// Departure (Walton & Braun 1986, J. Rheol. 30:949; LAMMPS `mindlin/rescale/force`): the force
// form alone is not passive either. At fixed F_t the stored energy |F_t|^2 / (2 k_t) grows as k_t
// falls, so "shear at large delta, unload the normal spring, unshear at small delta" returns
// |F_t|^2/2 (1/k_t,small - 1/k_t,large) more than it took. So when delta falls, F_t is first
// scaled by k_t(delta_{n+1}) / k_t(delta_n) = sqrt(delta_{n+1}/delta_n) (the contact radius
// shrinks): the stored energy then falls by |F_t|^2/(2 k_t,n) (1 - k_t,n+1/k_t,n) >= 0. When delta
// grows at fixed F_t, |F_t|^2/(2 k_t) falls as well. Both drops are booked as plastic_shear (below):
// with them the tangential spring is passive on every path (the kit's passivity suite).
// Tangential dashpot: F_td = eta_t vel_t, eta_t = tangentialDamping * eta_n (LAMMPS
// `tangential mindlin/force NULL 1.0 mu`: damping of the normal coefficient times 1.0).
// Coulomb limit on the whole tangential force (LAMMPS's critical force, Fncrit = |F_n total|):
//   if |F_t^trial + F_td| > mu |F_n|: the contact slides, F_t = mu |F_n| T/|T|, T = F_t^trial +
//   F_td, and the dashpot is idle (the sliding force is Coulomb's, all of it held by the spring);
//   else the spring keeps F_t^trial and the dashpot adds F_td.
// F_n is the whole normal force, Hertz plus dashpot (it can pull at the end of an impact, where
// the dashpot ~ delta^(1/4) outlasts the spring ~ delta^(3/2); as in LAMMPS without
// limit_damping, and as the oracle's equation of motion). The stored force is capped in every
// step, loading or unloading: as the normal force falls the spring's force falls with it.
// The contact breaks when uN > 0 (reach 0) and its state resets.
//
// Signs (laws/local_response.hpp): force on particle 1; vel the velocity of 2 relative to 1; the
// work the particles do on the contact in a step is F . du, du = dt vel. So
//   force = (-F_H + eta_n vel.x,  F_t (+ F_td while sticking)).
//
// Energy (laws/energy_kind.hpp; the ledger's trapezoid 1/2 (F_{n-1} + F_n) . du):
//   elastic      8/15 E* sqrt(R*) delta^(5/2) + |F_t|^2 / (2 k_t(delta))
//   viscous      1/2 (F_d,{n-1} + F_d,n) . du of the normal and tangential dashpots (previous
//                components kept in the State)
//   plastic_shear  the tangential spring's share of the step's work minus the change of its
//                energy: |F_t,n-1|^2/(2 k_t,n-1) + 1/2 (F_t,n-1 + F_t,n) . du_t - |F_t,n|^2/(2 k_t,n):
//                Coulomb slip and the drops at a change of delta (above); zero while sticking at
//                fixed delta (the incremental spring's trapezoid is its energy change exactly).
//   released     at the break: what the tangential spring held, product form
//                F_t,n-1 . F_t^T / (2 k_t) (energy_kind.hpp, one convention for all laws).
// The normal spring is booked by its exact potential: the ledger closes to the trapezoid error
// of F_H (second order in dt).
//
// Stable time step (dynamics/time_step.hpp): the tangents S_n and k_t and the dashpot eta_n at the
// largest overlap expected, length/10 (length = min(rho1, rho2); as the exudyn law: beyond it a
// sphere contact leaves the small-overlap regime Hertz is written for). The tangential dashpot
// acts through the contact point's mobility 3.5/m (time_step.hpp) like a normal one of 3.5
// eta_t: the reported damping is eta_n (1 + 3.5 tangentialDamping).

#include <array>
#include <cmath>
#include <numbers>
#include <string_view>

#include "core/input_error.hpp"
#include "laws/contact_law.hpp"
#include "physics/hertz_mindlin_mat.hpp"
#include "physics/hertz_mindlin_phys.hpp"

namespace lawcheck {

// beta of the header from the requested restitution e in (0, 1]: -ln e / sqrt(ln^2 e + pi^2).
inline double hertz_mindlin_beta(double restitution) {
  const double l = std::log(restitution);
  return -l / std::sqrt(l * l + std::numbers::pi * std::numbers::pi);
}

template <class R>
struct HertzMindlinLaw {
  using Scalar = R;
  using Phys = HertzMindlinPhys<R>;
  using Material = HertzMindlinMat;
  template <class S> using rebind = HertzMindlinLaw<S>;

  static constexpr std::string_view name = "hertz_mindlin";
  static constexpr std::array energy_kinds = {EnergyKind::plastic_shear, EnergyKind::viscous, EnergyKind::released};
  // Reads the whole relative velocity (dashpots), never the spin; returns a force only.
  static constexpr LawNeeds needs{.normal_velocity = true, .spin = false, .torque = false};

  struct State {
    Eigen::Matrix<R, 2, 1, Eigen::DontAlign> ft = Vec2<R>::Zero();  // the spring's F_t, local y-z
    R delta{0};                                                     // the overlap of the previous step
    Eigen::Matrix<R, 3, 1, Eigen::DontAlign> fd = Vec3<R>::Zero();  // the dashpots' force, previous step
  };

  double restitution = 1;         // e in (0, 1]: the requested restitution of a normal impact
  double tangential_damping = 1;  // eta_t / eta_n [-]

  template <class S>
  rebind<S> cast() const {
    return {restitution, tangential_damping};
  }

  void validate() const {
    require_positive("law.restitution", restitution);
    if (!(restitution <= 1)) throw InputError("law.restitution", restitution, "must be in (0, 1]");
    require_non_negative("law.tangentialDamping", tangential_damping);
  }

  // 2 sqrt(5/6) beta (header).
  double damping_coefficient() const { return 2 * std::sqrt(5.0 / 6.0) * hertz_mindlin_beta(restitution); }

  Phys make_phys(const HertzMindlinMat& m1, const HertzMindlinMat& m2, const ContactCreation& c) const {
    return hertz_mindlin_phys(m1, m2, c, damping_coefficient()).template cast<R>();
  }
  State initial_state(const ContactCreation& c, const Phys&) const {
    State s;
    s.delta = R(c.uN < 0 ? -c.uN : 0.0);
    return s;
  }

  ContactStiffness stiffness(const Phys& ph) const {
    const double d = static_cast<double>(ph.length) / 10;
    const double a = std::sqrt(static_cast<double>(ph.r_eff) * d);
    const double s_n = 2 * static_cast<double>(ph.e_eff) * a;
    const double eta_n = static_cast<double>(ph.damping_scale) * std::sqrt(s_n);
    return {s_n, 8 * static_cast<double>(ph.g_eff) * a, 0, 0, eta_n * (1 + 3.5 * tangential_damping)};
  }

  template <bool TrackEnergy>
  LocalResponse<R> step(const LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) const {
    using std::sqrt;
    LocalResponse<R> out;
    const Vec3<R> du = dt * g.vel;
    const Vec2<R> du_t = du.template tail<2>();
    const R kt_old = 8 * ph.g_eff * sqrt(ph.r_eff * s.delta);
    if (g.uN > 0) {
      if constexpr (TrackEnergy) {
        out.dissipated[EnergyKind::viscous] = Vec3<R>(s.fd).dot(du) / 2;
        if (kt_old > 0) out.dissipated[EnergyKind::released] = Vec2<R>(s.ft).dot(Vec2<R>(s.ft) + kt_old * du_t) / (2 * kt_old);
      }
      s = State{};
      out.broken = true;
      return out;
    }
    const R delta = -g.uN;
    const R a = sqrt(ph.r_eff * delta);  // contact radius
    const R s_n = 2 * ph.e_eff * a;
    const R f_hertz = s_n * delta * 2 / 3;
    const R eta_n = ph.damping_scale * sqrt(s_n);
    const R f_nd = eta_n * g.vel.x();
    const R f_n = -f_hertz + f_nd;  // force.x on particle 1
    const R kt = 8 * ph.g_eff * a;
    const Vec2<R> ft_old = s.ft;
    // Walton-Braun rescale on unloading (header): F_t k_t,n+1 / k_t,n.
    Vec2<R> ft = delta < s.delta && kt_old > 0 ? Vec2<R>(ft_old * (kt / kt_old)) : ft_old;
    ft += kt * du_t;
    const Vec2<R> f_td = R(tangential_damping) * eta_n * g.vel.template tail<2>();
    const Vec2<R> total = ft + f_td;
    const R cap = R(ph.friction) * abs_of(f_n);
    Vec2<R> damper = f_td;
    if (total.squaredNorm() > cap * cap) {
      ft = total * (cap / total.norm());
      damper.setZero();
    }
    if constexpr (TrackEnergy) {
      const Vec3<R> fd_now(f_nd, damper.x(), damper.y());
      out.dissipated[EnergyKind::viscous] = (Vec3<R>(s.fd) + fd_now).dot(du) / 2;
      const R held = kt_old > 0 ? R(ft_old.squaredNorm() / (2 * kt_old)) : R(0);
      const R holds = kt > 0 ? R(ft.squaredNorm() / (2 * kt)) : R(0);
      out.dissipated[EnergyKind::plastic_shear] = held + (ft_old + ft).dot(du_t) / 2 - holds;
    }
    s.ft = ft;
    s.delta = delta;
    s.fd = Vec3<R>(f_nd, damper.x(), damper.y());
    out.force = Vec3<R>(f_n, ft.x() + damper.x(), ft.y() + damper.y());
    return out;
  }

  R elastic_energy(const LocalGeom<R>& g, const Phys& ph, const State& s) const {
    using std::sqrt;
    if (!(g.uN < 0)) return R(0);
    const R delta = -g.uN;
    const R a = sqrt(ph.r_eff * delta);
    const R kt = 8 * ph.g_eff * a;
    const R normal = R(8) / 15 * ph.e_eff * a * delta * delta;
    return kt > 0 ? R(normal + Vec2<R>(s.ft).squaredNorm() / (2 * kt)) : normal;
  }

private:
  static R abs_of(const R& x) { return x < 0 ? R(-x) : x; }
};

static_assert(SolverLaw<HertzMindlinLaw<double>>);
static_assert(sizeof(HertzMindlinLaw<double>::State) == 6 * sizeof(double));  // no padding

}  // namespace lawcheck
