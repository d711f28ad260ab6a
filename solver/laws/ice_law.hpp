#pragma once
// The Ice law: seed 002 (Woo's documentation, "Ice" model); Woo's Law2_L6Geom_IcePhys and
// Cp2_IceMat_IcePhys (pkg/dem/Ice.{hpp,cpp}) as the reference implementation.
// Material and physics: physics/ice_mat.hpp. Senses n, t, w, r: normal, shear, twist, rolling.
//
//   Fn   = kn uN                          total (uN < 0 in compression)
//   Ft  += kt dt vel_t                    incremental, local y-z
//   T_w += k_w dt angVel_x                twist
//   T_r += k_r dt angVel_yz               rolling (bending)
// Breakage (before plasticity, on the trial values, as Woo): a sense that is bonded and
// breakable breaks when Fn > F_nb (tension only), |Ft| > F_tb, |T_w| > T_wb, |T_r| > T_rb; any
// break clears all four bonds at once; nothing re-bonds. A contact unbonded in the normal sense
// with uN > 0 is removed (out.broken). Plasticity (unbonded senses only), radial return to
//   F_ty = |min(0,Fn)| tanPhi,  T_wy = a |min(0,Fn)| tanPhi,  T_ry = a |min(0,Fn)| mu,
// a = sqrt(A/pi), with the decided dissipation dE = y (|F^T| - y)/k per sense
// (laws/plastic_dissipation.hpp), booked as plastic_shear / plastic_twist / plastic_rolling.
//
// The seed's claims, decided (tests: solver/tests/ice_law_test.cpp):
// - k_w = alpha_w kn A, k_r = alpha_r kt A: the default (`pairing = seed`), as the seed writes
//   and as Woo's code does (Ice.cpp: kWR = contA * alpha.cwiseProduct((kn, kt))), so that a
//   user's alpha_w, alpha_r mean what they mean in Woo. Dimensions are fine: kn A is N/m m^2 =
//   N m, a torque per radian. The option `pairing = beam` (k_w = alpha_w kt A, k_r = alpha_r kn A)
//   is what the report recommends when alpha_w, alpha_r are read as an elastic connector's
//   geometric factors: a circular connector of radius a (A = pi a^2) and length L has
//   kn = E A/L, kt = G A/L, twist G J/L = kt A/(2 pi) and bending E I/L = kn A/(4 pi), so twist
//   follows kt (shear modulus) and rolling follows kn (Young's modulus). With beam,
//   alpha_w = 1/(2pi), alpha_r = 1/(4pi) reproduce the connector for every Poisson ratio; with
//   the seed's pairing alpha_w would have to be (G/E)/(2pi), i.e. depend on ktDivKn
//   (IceLaw.BeamPairingMatchesTheElasticConnectorForAnyKtDivKnButTheSeedPairingDoesNot; claims
//   ledger entry 002-03).
// - F_nb = c_n A, F_tb = c_t A: c in Pa (N/m^2 times m^2 = N). T_wb = c_w A^{3/2},
//   T_rb = c_r A^{3/2}: Pa m^3 = N m, so every c is a stress; the seed's c_b is c_r (typo).
//   Woo derives them from a strain: c_n = breakN E, c_t = beta_t c_n, and (a bug) tests the twist
//   against the rolling limit brkWR[1]; here each sense has its own limit.
// - F_ty = min(0, Fn tanPhi) is <= 0 in compression: a negative bound no |Ft| can meet. The
//   yield is its magnitude |min(0,Fn)| tanPhi (Woo: negFn = -min(0,Fn)). Same for T_wy, whose
//   "pi" is pi (sqrt(A/pi) is the connector radius a, a lever arm: N times m = N m).
// - |T_w| > T_wb and |T_w| > T_wy: Woo's slip test is Tw > Twy, so a negative twist is never
//   capped there; here both tests take the magnitude (the "twist -" cycle of
//   IceLaw.UnbondedShearTwistAndRollingCyclesDissipateWhatTheExact1dOracleGivesAtAnyStep).
// - Rolling friction (the seed's todo): a rolling-resistance torque at the contact, about the
//   tangent axes, opposing the relative rolling rotation through the elastic-plastic spring
//   T_r, with yield T_ry = a |min(0,Fn)| mu (Woo's): the friction force mu |Fn| at lever arm a,
//   zero in tension. Its loops are the 1D oracle's (the "rolling" cycle of the same test).
// - "Breakage in any sense breaks all senses": IceLaw.AnyBreakClearsAllFourBondsAtOnceAndNoneReforms.
//
// Energy. Elastic: (Fn^2/kn + |Ft|^2/kt + T_w^2/k_w + |T_r|^2/k_r)/2 (zero stiffness: zero).
// At a break the springs that lose their bond hand energy to EnergyKind::released, and the
// amount is what the discrete contact really loses in that step, so that work = elastic +
// dissipated closes exactly (the LawTester's trapezoid and the leapfrog's work are both
// 1/2 (F_{n-1} + F_n) dq): released = E_{n-1} + 1/2 (F_{n-1} + F_n) . dq - E_n over the senses,
// the convention of every law (laws/energy_kind.hpp). When the contact is removed (F_n = 0)
// that is E_{n-1} + 1/2 F_{n-1} . dq = F_{n-1} . F^T / (2k), the product form of the spring
// energy, over every spring the contact takes with it; the normal spring counts only if it was
// bonded at t_{n-1}: a bonded one is held in tension and snaps (kn uN_{n-1} uN_n / 2 > 0), an
// unbonded one merely goes slack as uN crosses 0 and has nothing to release (as in the linear
// law, its energy at t_{n-1} returns through the work of the last step, up to the leapfrog's
// contact-release error 1/2 kn uN_{n-1} uN_n <= 0, which is not the law's to book). A break
// under compression keeps the contact: the senses return to their yields and that drop is
// booked as released, not plastic (the slip is the bond's failure, not friction).
//
// Departures from Woo, on purpose: the per-sense limits above; magnitudes in the
// yields and the twist test; yield_times_slip instead of Woo's code_split dissipation; no uN0
// (Woo's iniEqlb): the normal spring is at rest at uN = 0; bond bits from the materials (every
// new contact of two bonded materials is bonded, also one made again after a break).

#include <array>
#include <cmath>
#include <cstdint>
#include <string_view>

#include "laws/contact_law.hpp"
#include "laws/plastic_dissipation.hpp"
#include "physics/ice_mat.hpp"

namespace lawcheck {

template <class R>
struct IceLaw {
  using Scalar = R;
  using Phys = IcePhys<R>;
  using Material = IceMat;
  template <class S> using rebind = IceLaw<S>;

  static constexpr std::string_view name = "ice";
  static constexpr std::array energy_kinds = {EnergyKind::plastic_shear, EnergyKind::plastic_twist,
                                              EnergyKind::plastic_rolling, EnergyKind::released};

  struct State {
    Vec2<R> ft = Vec2<R>::Zero();  // shear force, local y-z [N]
    R tw{0};                       // twist torque [N m]
    Vec2<R> tr = Vec2<R>::Zero();  // rolling torque, local y-z [N m]
    R uN_prev{0};                  // uN of the previous step (normal energy at a break)
    std::uint8_t bonded = 0;       // current bonds (they change at a break)
  };

  IcePairing pairing = IcePairing::seed;
  PlasticDissipation dissipation = decided_plastic_dissipation;

  template <class S>
  rebind<S> cast() const {
    return {pairing, dissipation};
  }

  void validate() const {}
  Phys make_phys(const IceMat& m1, const IceMat& m2, const ContactCreation& c) const {
    return ice_phys(m1, m2, c.lengths, pairing).template cast<R>();
  }
  State initial_state(const ContactCreation& c, const Phys& ph) const {
    State s;
    s.uN_prev = R(c.uN);
    s.bonded = ph.bonded;
    return s;
  }
  ContactStiffness stiffness(const Phys& ph) const {
    return {static_cast<double>(ph.kn), static_cast<double>(ph.kt), static_cast<double>(ph.k_w),
            static_cast<double>(ph.k_r), 0.0};  // no damper
  }

  template <bool TrackEnergy>
  LocalResponse<R> step(const LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) const {
    using std::abs;
    LocalResponse<R> out;
    const State old = s;
    const Vec2<R> dqt = dt * g.vel.template tail<2>();
    const R dqw = dt * g.ang_vel.x();
    const Vec2<R> dqr = dt * g.ang_vel.template tail<2>();
    const R fn = ph.kn * g.uN;
    s.ft += ph.kt * dqt;
    s.tw += ph.k_w * dqw;
    s.tr += ph.k_r * dqr;
    s.uN_prev = g.uN;

    const std::uint8_t fragile = s.bonded & ph.breakable;
    const bool breaks = ((fragile & ice_n) && fn > ph.f_nb) ||
                        ((fragile & ice_t) && s.ft.squaredNorm() > ph.f_tb * ph.f_tb) ||
                        ((fragile & ice_w) && abs(s.tw) > ph.t_wb) ||
                        ((fragile & ice_r) && s.tr.squaredNorm() > ph.t_rb * ph.t_rb);
    if (breaks) s.bonded = 0;

    if (!(s.bonded & ice_n) && g.uN > 0) {
      if constexpr (TrackEnergy) {
        // E_{n-1} + 1/2 F_{n-1} . dq per spring (header, "Energy").
        R e = held(ph, old) + (old.ft.dot(dqt) + old.tw * dqw + old.tr.dot(dqr)) / 2;
        if (old.bonded & ice_n) e += ph.kn * old.uN_prev * g.uN / 2;
        out.dissipated[EnergyKind::released] = e;
      }
      // Reset to what a new contact of these materials starts from (their bond bits), so that a
      // contact made again behaves as a fresh one (IceLawProperty.AContactMadeAgain*).
      s = State{};
      s.bonded = ph.bonded;
      out.broken = true;
      return out;
    }

    const R neg_fn = fn < 0 ? R(-fn) : R(0);
    const R fty = neg_fn * ph.tan_phi, twy = ph.lever * neg_fn * ph.tan_phi, try_ = ph.lever * neg_fn * ph.mu;
    R slip_t{0}, slip_w{0}, slip_r{0};
    if (!(s.bonded & ice_t)) slip_t = radial_return(s.ft, fty, ph.kt);
    if (!(s.bonded & ice_w)) slip_w = radial_return_1d(s.tw, twy, ph.k_w);
    if (!(s.bonded & ice_r)) slip_r = radial_return(s.tr, try_, ph.k_r);
    if constexpr (TrackEnergy) {
      if (breaks) {
        // The bond's failure: E_{n-1} + 1/2 (F_{n-1} + F_n) . dq - E_n (the normal's is zero).
        out.dissipated[EnergyKind::released] =
            held(ph, old) + ((old.ft + s.ft).dot(dqt) + (old.tw + s.tw) * dqw + (old.tr + s.tr).dot(dqr)) / 2 -
            held(ph, s);
      } else {
        out.dissipated[EnergyKind::plastic_shear] = slip_t;
        out.dissipated[EnergyKind::plastic_twist] = slip_w;
        out.dissipated[EnergyKind::plastic_rolling] = slip_r;
      }
    }
    out.force = Vec3<R>(fn, s.ft.x(), s.ft.y());
    out.torque = Vec3<R>(s.tw, s.tr.x(), s.tr.y());
    return out;
  }

  R elastic_energy(const LocalGeom<R>& g, const Phys& ph, const State& s) const {
    return ph.kn * g.uN * g.uN / 2 + held(ph, s);
  }

private:
  // Shear, twist and rolling springs (a zero stiffness holds nothing: its force stays 0).
  static R held(const Phys& ph, const State& s) {
    R e{0};
    if (ph.kt != 0) e += s.ft.squaredNorm() / (2 * ph.kt);
    if (ph.k_w != 0) e += s.tw * s.tw / (2 * ph.k_w);
    if (ph.k_r != 0) e += s.tr.squaredNorm() / (2 * ph.k_r);
    return e;
  }
  // Returns the slip's dissipation; keeps the trial value when |F| <= y (no 0/0 at F = y = 0).
  R radial_return(Vec2<R>& f, const R& y, const R& k) const {
    using std::sqrt;
    const R f2 = f.squaredNorm();
    if (!(f2 > y * y)) return R(0);
    const R norm = sqrt(f2);
    const R d = k != 0 ? slip_dissipation(dissipation, norm, y, k) : R(0);
    f *= y / norm;
    return d;
  }
  R radial_return_1d(R& f, const R& y, const R& k) const {
    using std::abs;
    const R norm = abs(f);
    if (!(norm > y)) return R(0);
    const R d = k != 0 ? slip_dissipation(dissipation, norm, y, k) : R(0);
    f = f < 0 ? R(-y) : R(y);
    return d;
  }
};

static_assert(SolverLaw<IceLaw<double>>);

}  // namespace lawcheck
