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
//   keep it (no slip), which also avoids 0/0 when fy = 0 and Ft^T = 0.
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
  State initial_state(const ContactCreation&, const Phys&) const { return {}; }
  ContactStiffness stiffness(const Phys& ph) const {
    return {static_cast<double>(ph.kn), static_cast<double>(ph.kt), 0.0, 0.0};
  }

  template <bool TrackEnergy>
  LocalResponse<R> step(const LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) const {
    using std::abs;
    using std::sqrt;
    LocalResponse<R> out;
    if (g.uN > 0 && !no_break) {
      if constexpr (TrackEnergy)  // Ft_{n-1} . Ft^T / (2 kt) (header, "Energy kinds")
        if (ph.kt != 0)
          out.dissipated[EnergyKind::released] =
              s.ft.dot(s.ft + (dt * ph.kt) * g.vel.template tail<2>()) / (2 * ph.kt);
      s = State{};
      out.broken = true;
      return out;
    }
    const R fn = ph.kn * g.uN;
    s.ft += (dt * ph.kt) * g.vel.template tail<2>();
    if (!no_slip) {
      const R fy = abs(fn) * ph.tan_phi;
      const R ft2 = s.ft.squaredNorm();
      if (ft2 > fy * fy) {
        const R ft = sqrt(ft2);
        if constexpr (TrackEnergy)
          out.dissipated[EnergyKind::plastic_shear] =
              slip_dissipation(dissipation, ft, fy, s.fy < 0 ? fy : s.fy, ph.kt);
        s.ft *= fy / ft;
      }
      s.fy = fy;  // stored with energy off too: a later tracked step must not see a stale fy_n
    }
    // Built in one go: the comma initializer's element-wise stores stalled store forwarding
    // (benchmarks: 7 -> 2.5 ns per contact, same instruction count).
    out.force = Vec3<R>(fn, s.ft.x(), s.ft.y());
    return out;
  }

  R elastic_energy(const LocalGeom<R>& g, const Phys& ph, const State& s) const {
    const R normal = ph.kn * g.uN * g.uN / 2;
    if (ph.kt == 0) return normal;
    return normal + s.ft.squaredNorm() / (2 * ph.kt);
  }
};

static_assert(SolverLaw<LinearCoulombLaw<double>>);
static_assert(sizeof(LinearCoulombLaw<double>::State) == 3 * sizeof(double));  // no padding

}  // namespace lawcheck
