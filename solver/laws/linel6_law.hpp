#pragma once
// LinEl6: purely elastic contact in all six local DoFs (seed 000 "Purely elastic model 6-DoF
// model"; Woo's Law2_L6Geom_FrictPhys_LinEl6). A testing law: no slip, no
// plasticity, every sense a linear spring.
//
//   Fn = kn uN                      uN < 0 in compression (geometry/local_geom.hpp), not incremental
//   Ft = kt ut,   ut += dt vel_t    tangential displacement, local y-z, summed from v_{n-1/2}
//   Tn = kw rx,   rx += dt angVel_x twist: relative rotation about the normal
//   Tb = kb r_b,  r_b += dt angVel_b bending: relative rotation about the tangents y, z
//   E_elastic = (kn uN^2 + kt |ut|^2 + kw rx^2 + kb |r_b|^2) / 2
// Force and torque act on particle 1 (laws/local_response.hpp): a relative displacement or
// rotation of particle 2 pulls particle 1 along, as Ft = kt ut does in the linear law.
// The rotations are summed from the relative angular velocity w2 - w1 in the contact's
// transported local frame, like the tangential displacement; for finite relative rotations this
// sum is not a rotation vector, but the stored energy is exactly conserved by the continuous
// motion all the same (d/dt of E_elastic equals the power of the contact's forces and torques
// for any frame motion), which is what the law has to get right.
//
// Stiffnesses (make_phys): kn, kt from FrictPhys (seed 000 eqs. (3), (4); Woo's
// Cp2_FrictMat_FrictPhys; tanPhi ignored) and, with the characteristic length l = char_len,
//   squared (default)  kw = kn l^2,  kb = kt l^2
//   seed               kw = kn l,    kb = kt l       the seed's text
//   woo                kw = kn / l,  kb = kt / l     Woo's published code (kntt / charLen)
// Why squared, by dimensions. kn = E A / l_connector is a force per displacement: Pa m^2 / m =
// N/m (the seed calls it "N/m^2", the unit of a stress: wrong). A twist or bending stiffness is a
// torque per radian, N m. Out of kn and one length, kn l^p has N m only for p = 2. The seed's
// l kn is in N (the seed calls it "N/m": neither is a torque per radian); Woo's kn / l is in N/m^2.
// Physically, l is the radius of gyration of the connector's section: an elastic beam of axial
// stiffness k = E A / L has bending stiffness E I / L = k I / A = k r_g^2. And only p = 2 keeps
// the law invariant under a change of scale: scaling a scene by lambda (l with it, materials
// fixed) scales kn by lambda, m by lambda^3, I by lambda^5, so the ratio of the rotational to
// the translational eigenfrequency^2, (kw/I) / (kn/m) ~ l^p / lambda^2, is scale-free iff p = 2
// (linel6_law_test.cpp checks it for the three rules). The seed's and Woo's rules stay as named
// options, to reproduce their numbers.
// The pairing kw ~ kn, kb ~ kt (so kb/kw = kt/kn) is the seed's, kept: "acceptable since the
// model is used for testing only". (A beam would pair bending with E, i.e. kn, and twist with G.)
// Energy: the seed writes T_n/k_w without a square; T_n / k_w = rx is an angle, not an energy.
// The term is T_n^2 / (2 k_w) = kw rx^2 / 2, as Woo's code has it (torque.pow(2) / ktbb).
//
// State: the displacement ut and rotation r rather than Woo's incrementally summed force and
// torque. The physics is fixed at creation, so k sum(dt v) = sum(dt k v) in exact arithmetic;
// keeping the kinematic sums makes E = k u^2 / 2 free of any division -- a zero stiffness
// (ktDivKn = 0 gives kt = kb = 0) holds zero force and zero energy with no 0/0 to guard (the
// seed's "careful handling of zero stiffnesses") -- and makes torque / rotation = kw to one
// rounding (the LawTester sums the same increments).
//
// Departures from Woo, on purpose:
// - rotational stiffness kn l^2, kt l^2 by default (above); `woo` gives Woo's numbers;
// - l must be positive and finite (validate(): InputError naming law.charLen). Woo rejects only
//   l < 0, so l = 0 gives it infinite rotational stiffnesses;
// - the contact breaks at uN > 0 like the linear law unless no_break (Woo's LinEl6 never breaks:
//   set no_break to have its behaviour). A break books as EnergyKind::released what the
//   tangential and rotational springs lose in the breaking step (laws/energy_kind.hpp): their
//   energy at t_{n-1} plus the step's work on them, E_{n-1} + 1/2 F_{n-1} . dq =
//   k q_{n-1} . (q_{n-1} + dq) / 2 per spring (q = ut, rx, r_b), which closes the step's ledger
//   exactly; the normal spring has no bond, goes slack as uN crosses 0 and stays out of it, as in
//   laws/linear_coulomb_law.hpp (its energy returns through the work of the last step, up to the
//   leapfrog's contact-release error).
//
// Solver side (laws/contact_law.hpp): material FrictMat, physics LinEl6Phys, zero initial state,
// all four stiffnesses for the stable time step (dynamics/time_step.hpp counts kw, kb).

#include <array>
#include <cmath>
#include <string_view>

#include "core/input_error.hpp"
#include "laws/contact_law.hpp"
#include "physics/frict_phys.hpp"

namespace lawcheck {

enum class RotationalStiffness { squared, seed, woo };

inline constexpr RotationalStiffness all_rotational_stiffnesses[] = {
    RotationalStiffness::squared, RotationalStiffness::seed, RotationalStiffness::woo};

// The dimensionally consistent rule (header comment) and the law's default.
inline constexpr RotationalStiffness decided_rotational_stiffness = RotationalStiffness::squared;

constexpr std::string_view name_of(RotationalStiffness r) {
  switch (r) {
    case RotationalStiffness::squared: return "squared";
    case RotationalStiffness::seed: return "seed";
    case RotationalStiffness::woo: return "woo";
  }
  return "?";
}

inline RotationalStiffness parse_rotational_stiffness(std::string_view name) {
  for (auto r : all_rotational_stiffnesses)
    if (name == name_of(r)) return r;
  throw InputError("rotationalStiffness", name,
                   "unknown rule (expected squared: kn l^2, seed: kn l, or woo: kn/l)");
}

// kw / kn = kb / kt for characteristic length l > 0.
constexpr double rotational_factor(RotationalStiffness r, double l) {
  switch (r) {
    case RotationalStiffness::squared: return l * l;
    case RotationalStiffness::seed: return l;
    case RotationalStiffness::woo: return 1 / l;
  }
  return 0;
}

template <class R>
struct LinEl6Phys {
  R kn{0};  // normal [N/m]
  R kt{0};  // tangential [N/m]
  R kw{0};  // twist [N m/rad]   (squared rule; see the header for the others' units)
  R kb{0};  // bending [N m/rad]

  template <class S>
  LinEl6Phys<S> cast() const {
    return {S(kn), S(kt), S(kw), S(kb)};
  }
};

template <class R>
struct LinEl6Law {
  using Scalar = R;
  using Phys = LinEl6Phys<R>;
  using Material = FrictMat;
  template <class S> using rebind = LinEl6Law<S>;

  static constexpr std::string_view name = "linel6";
  static constexpr std::array energy_kinds = {EnergyKind::released};

  struct State {
    Vec2<R> ut = Vec2<R>::Zero();   // tangential displacement, local y-z [m]
    Vec3<R> rot = Vec3<R>::Zero();  // relative rotation: x twist, y-z bending [rad]
  };

  // Characteristic length l [m]. The default is the scale of the house's examples (1 cm
  // spheres); a scene of another scale should set it.
  double char_len = 0.01;
  bool no_break = false;
  RotationalStiffness rotational_stiffness = decided_rotational_stiffness;

  template <class S>
  rebind<S> cast() const {
    return {char_len, no_break, rotational_stiffness};
  }

  void validate() const { require_positive("law.charLen", char_len); }

  Phys make_phys(const FrictMat& m1, const FrictMat& m2, const ContactCreation& c) const {
    const FrictPhys<double> f = frict_phys(m1, m2, c.lengths);
    const double k = rotational_factor(rotational_stiffness, char_len);
    return LinEl6Phys<double>{f.kn, f.kt, f.kn * k, f.kt * k}.template cast<R>();
  }
  State initial_state(const ContactCreation&, const Phys&) const { return {}; }
  ContactStiffness stiffness(const Phys& ph) const {
    return {static_cast<double>(ph.kn), static_cast<double>(ph.kt), static_cast<double>(ph.kw),
            static_cast<double>(ph.kb), 0.0};  // no damper
  }

  template <bool TrackEnergy>
  LocalResponse<R> step(const LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) const {
    LocalResponse<R> out;
    if (g.uN > 0 && !no_break) {
      if constexpr (TrackEnergy) {  // k q_{n-1} . (q_{n-1} + dq) / 2 per spring (header)
        const Vec2<R> ut = s.ut + dt * g.vel.template tail<2>();
        const Vec3<R> rot = s.rot + dt * g.ang_vel;
        out.dissipated[EnergyKind::released] = (ph.kt * s.ut.dot(ut) + ph.kw * s.rot.x() * rot.x() +
                                                ph.kb * s.rot.template tail<2>().dot(rot.template tail<2>())) / 2;
      }
      s = State{};
      out.broken = true;
      return out;
    }
    s.ut += dt * g.vel.template tail<2>();
    s.rot += dt * g.ang_vel;
    out.force = Vec3<R>(ph.kn * g.uN, ph.kt * s.ut.x(), ph.kt * s.ut.y());
    out.torque = Vec3<R>(ph.kw * s.rot.x(), ph.kb * s.rot.y(), ph.kb * s.rot.z());
    return out;
  }

  R elastic_energy(const LocalGeom<R>& g, const Phys& ph, const State& s) const {
    return (ph.kn * g.uN * g.uN) / 2 + held_energy(ph, s);
  }

private:
  // Tangential, twist and bending springs.
  static R held_energy(const Phys& ph, const State& s) {
    return (ph.kt * s.ut.squaredNorm() + ph.kw * s.rot.x() * s.rot.x() +
            ph.kb * s.rot.template tail<2>().squaredNorm()) / 2;
  }
};

static_assert(SolverLaw<LinEl6Law<double>>);

}  // namespace lawcheck
