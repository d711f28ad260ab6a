#pragma once
// Linear elastic - perfectly plastic (Cundall) law: seed 000 "Contact response" and "Energy
// balance"; Woo's Law2_L6Geom_FrictPhys_IdealElPl (simplified code in seed 001).
//
//   Fn          = kn uN                                   (uN < 0 in compression)
//   Ft^T        = Ft_n + kt dt vel_t(n-1/2)               incremental trial force
//   Ft_{n+1}    = Ft^T                 if |Ft^T| <= fy,   fy = |Fn| tanPhi
//               = fy Ft^T / |Ft^T|     otherwise          (radial return)
//   E_elastic   = (Fn^2/kn + |Ft|^2/kt) / 2
//   dE_plastic  = laws/plastic_dissipation.hpp, formula chosen by `dissipation`; the default,
//                 mean_yield_times_slip, needs fy_n, the yield force of the previous step: the
//                 state keeps it (8 bytes per contact; -1 on a fresh or reset contact, whose first
//                 slipping step then books fy_{n+1} s, as yield_times_slip does)
//
// Departures from the seed, on purpose:
// - the seed keeps the trial force when |Ft^T| < fy and returns it otherwise; at equality we
//   keep it (no slip), so that fy = 0 and Ft^T = 0 keep Ft = 0 instead of returning 0/0.
// - Woo compares with Fn tanPhi, negative in compression; we use |Fn| tanPhi, so that a
//   noBreak contact in tension is bounded the same way.
// - a zero kt (ktDivKn = 0) stores no tangential energy instead of 0/0.
// The contact breaks when uN > 0 unless noBreak; noSlip disables the Coulomb limit.
//
// Energy kinds: plastic_shear (the slip above) and released. A contact that breaks takes its
// tangential spring with it, and books as released what that spring loses in the breaking step
// (laws/energy_kind.hpp, one convention for all laws): its energy at t_{n-1} plus the work of the
// step on it, E_{n-1} + 1/2 Ft_{n-1} . dq_t = Ft_{n-1} . Ft^T / (2 kt), Ft^T = Ft_{n-1} + kt dq_t
// the trial force (the product form of |Ft|^2/(2 kt)), so that the step's work (the trapezoid of
// the leapfrog and the LawTester) closes the ledger exactly. The normal spring stays out: it has
// no bond to lose, it only goes slack as uN crosses 0 inside the step, and the continuous motion
// returns all its energy as work. The trapezoid's 1/2 Fn_{n-1} duN misses the kink at uN = 0 by
// 1/2 kn uN_{n-1} uN_n <= 0, the contact-release error of the leapfrog (energy_ledger.hpp,
// O(kn (v dt)^2), the twin of the onset error, which has no law event to book it either); booked
// as released, it would make the released energy negative at every plain separation.
//
// Written without branches (so that the law pass vectorises; benchmarks/README.md): the step
// computes the stick and the slip outcome, kept and broken, and selects one per contact:
// Ft = c Ft^T with c = fy/|Ft^T| if |Ft^T|^2 > fy^2, else c = 1 (Ft^T * 1 is Ft^T: the same bits
// as the branchy form), and zeros for a broken contact.
// With LAWCHECK_NATIVE GCC 12 turns a loop over contacts into vector code, so a block of contacts
// costs the same whatever its mix (no mispredicted branch): with AVX-512 the selects become
// blends and the slip's sqrt and division masked vector operations (a sticking lane computes no
// 0/0); with AVX2 (no masks) the sqrt and division run on every lane and the blend discards the
// sticking lanes' quotient (harmless under -fno-trapping-math). The SSE2 baseline keeps a branch. The conditional operator evaluates the
// quotient only when the contact slips, so a 50-digit scalar pays nothing more. The energy
// bookkeeping is written the same way (each kind computed and selected, slip_dissipation's
// formula picked by weights), and the law pass books it per lane and sums after the loop
// (law_pass), so a loop with energy on vectorises too; a tracked 50-digit step therefore computes
// the slip's dissipation even when the contact sticks. The loop shape and the flags that vectorise
// it: dynamics/contact_block.hpp (law_pass) and the root CMakeLists.txt.
//
// Solver side (laws/contact_law.hpp): material FrictMat, physics FrictPhys from frict_phys (Woo's
// Cp2_FrictMat_FrictPhys), an empty initial state, stiffnesses kn and kt for the time step.

#include <array>
#include <string_view>

#include "laws/contact_law.hpp"
#include "laws/plastic_dissipation.hpp"
#include "physics/frict_phys.hpp"

namespace lawcheck {

template <class R>
struct LinearCoulombLaw {
  using Scalar = R;
  using Phys = FrictPhys<R>;
  using Material = FrictMat;
  template <class S> using rebind = LinearCoulombLaw<S>;

  static constexpr std::string_view name = "linear";
  static constexpr std::array energy_kinds = {EnergyKind::plastic_shear, EnergyKind::released};
  // Reads uN and the tangential velocity only; returns a force only (laws/contact_law.hpp).
  static constexpr LawNeeds needs{.normal_velocity = false, .spin = false, .torque = false};

  // 24 bytes in double: ft unaligned (Eigen's 16-byte alignment would pad the struct to 32).
  struct State {
    Eigen::Matrix<R, 2, 1, Eigen::DontAlign> ft = Vec2<R>::Zero();  // tangential force, local y-z
    R fy = -1;  // yield force at the end of the previous step (mean_yield_times_slip); < 0: none yet
  };

  bool no_break = false;
  bool no_slip = false;
  PlasticDissipation dissipation = decided_plastic_dissipation;

  template <class S>
  rebind<S> cast() const {
    return {no_break, no_slip, dissipation};
  }

  void validate() const {}
  Phys make_phys(const FrictMat& m1, const FrictMat& m2, const ContactCreation& c) const {
    return frict_phys(m1, m2, c.lengths).template cast<R>();
  }
  typename Phys::PerPair make_pair_phys(const FrictMat& m1, const FrictMat& m2) const {
    const auto p = frict_pair_phys(m1, m2);
    return {R(p.kt_div_kn), R(p.tan_phi)};
  }
  State initial_state(const ContactCreation&, const Phys&) const { return {}; }
  ContactStiffness stiffness(const Phys& ph) const {
    return {static_cast<double>(ph.kn), static_cast<double>(ph.kt), 0.0, 0.0, 0.0};  // no damper
  }

  // Without branches (header, "Written without branches").
  template <bool TrackEnergy>
  LocalResponse<R> step(const LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) const {
    using std::abs;
    using std::sqrt;
    // The same value spelled two ways for GCC 12: with energy on, `&` keeps the bookkeeping's
    // selects on a vector mask (with `&&` the tracked law pass stays scalar); with it off, `&&`
    // gives the shorter loop.
    const bool broken = TrackEnergy ? (g.uN > 0) & !no_break : g.uN > 0 && !no_break;
    const R fn = ph.kn * g.uN;
    const R kt_dt = dt * ph.kt;
    const R ty = s.ft.x() + kt_dt * g.vel.y(), tz = s.ft.y() + kt_dt * g.vel.z();  // Ft^T
    const R fy = abs(fn) * ph.tan_phi;
    const R ft2 = ty * ty + tz * tz;
    const bool slips = !no_slip && ft2 > fy * fy;  // at equality the trial force is kept
    const R scale = slips ? R(fy / sqrt(ft2)) : R(1);  // radial return, or the trial force itself
    LocalResponse<R> out;
    if constexpr (TrackEnergy) {
      // released: Ft_{n-1} . Ft^T / (2 kt) ("Energy kinds")
      const R released = ph.kt != 0 ? R((s.ft.x() * ty + s.ft.y() * tz) / (2 * ph.kt)) : R(0);
      out.dissipated[EnergyKind::released] = broken ? released : R(0);
      const R plastic = slip_dissipation(dissipation, R(sqrt(ft2)), fy, s.fy < 0 ? fy : s.fy, ph.kt);
      const R slipped = slips ? plastic : R(0);
      out.dissipated[EnergyKind::plastic_shear] = broken ? R(0) : slipped;
    }
    const R fty = broken ? R(0) : R(scale * ty), ftz = broken ? R(0) : R(scale * tz);
    s.ft.x() = fty;
    s.ft.y() = ftz;
    s.fy = broken ? R(-1) : no_slip ? s.fy : fy;  // also with energy off: a later tracked step needs fy_n
    out.force = Vec3<R>(broken ? R(0) : fn, fty, ftz);
    out.broken = broken;
    return out;
  }

  R elastic_energy(const LocalGeom<R>& g, const Phys& ph, const State& s) const {
    const R normal = ph.kn * g.uN * g.uN / 2;
    if (ph.kt == 0) return normal;
    return normal + s.ft.squaredNorm() / (2 * ph.kt);
  }
};

static_assert(SolverLaw<LinearCoulombLaw<double>>);
static_assert(PairSplitLaw<LinearCoulombLaw<double>>);
static_assert(sizeof(LinearCoulombLaw<double>::State) == 3 * sizeof(double));  // no padding

}  // namespace lawcheck
