#pragma once
// A linear spring-dashpot contact with Coulomb friction: the law most DEM codes start from
// (Cundall & Strack 1979, with a normal dashpot; LAMMPS `gran/hooke/history`), written outside
// lawcheck and verified with it. Signs as lawcheck's (seed 000): uN < 0 in compression, the force
// acts on particle 1, local x is the normal from particle 1 to particle 2.
//
// Normal:      Fn = kn uN + c v_n                 (v_n = d uN / dt; the dashpot resists the motion)
// Tangential:  Ft* = Ft + kt v_t dt, Ft = Ft* min(1, fy / |Ft*|),  fy = mu |Fn|
// Physics:     kn = A / (l1 / E1 + l2 / E2) (the two halves in series, A and l from the contact's
//              lengths: lawcheck's stiffness rules), kt = mean(ktDivKn) kn, mu = min(friction).
// Energy:      viscous    c v_n^2 dt per step: the dashpot's force times the step's displacement;
//              plastic_shear  fy (|Ft*| - fy) / kt per slipping step (the exact work of a 1D slip step);
//              released   |Ft|^2 / (2 kt) when the contact opens (uN > 0).
// The normal force is not clamped at zero: as in the linear oscillator, the contact ends when uN
// returns to zero, so a head-on impact of effective mass m* gives back the restitution
//     e = exp(-pi zeta / sqrt(1 - zeta^2)),  zeta = c / (2 sqrt(m* kn))   (zeta < 1).
//
// SPRING_DASHPOT_FLIP_SIGN (a compile definition, for the example's own test): the dashpot with
// the wrong sign, Fn = kn uN - c v_n, booked as before -- a law that creates energy at every
// impact, which lawcheck's passivity properties must reject.

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

#include <Eigen/Core>

#include "core/input_error.hpp"
#include "laws/contact_law.hpp"

namespace spring_dashpot {

struct DashpotMat {
  static constexpr std::string_view type_name = "DashpotMat";
  double density = 2500;    // [kg/m^3]
  double young = 1e7;       // [Pa]
  double kt_div_kn = 0.3;   // [-]
  double friction = 0.5;    // Coulomb coefficient mu [-]

  void validate(std::string_view field = "material") const {
    const auto positive = [&](std::string_view key, double v) {
      if (!(v > 0) || !std::isfinite(v))
        throw lawcheck::InputError(std::string(field) + "." + std::string(key), v, "must be a positive finite number");
    };
    positive("density", density);
    positive("young", young);
    if (!(kt_div_kn >= 0) || !std::isfinite(kt_div_kn))
      throw lawcheck::InputError(std::string(field) + ".ktDivKn", kt_div_kn, "must be >= 0 and finite");
    if (!(friction >= 0) || !std::isfinite(friction))
      throw lawcheck::InputError(std::string(field) + ".friction", friction, "must be >= 0 and finite");
  }
};

template <class R>
struct DashpotPhys {
  R kn = 0;
  R kt = 0;
  R mu = 0;

  template <class S>
  DashpotPhys<S> cast() const {
    return {S(kn), S(kt), S(mu)};
  }
};

template <class R>
struct SpringDashpotLaw {
  using Scalar = R;
  using Material = DashpotMat;
  using Phys = DashpotPhys<R>;
  template <class S> using rebind = SpringDashpotLaw<S>;

  static constexpr std::string_view name = "spring_dashpot";
  static constexpr std::array energy_kinds = {lawcheck::EnergyKind::viscous, lawcheck::EnergyKind::plastic_shear,
                                              lawcheck::EnergyKind::released};
  // Reads the normal velocity (the dashpot), not the spin; returns no torque.
  static constexpr lawcheck::LawNeeds needs{.normal_velocity = true, .spin = false, .torque = false};

  struct State {
    Eigen::Matrix<R, 2, 1, Eigen::DontAlign> ft = Eigen::Matrix<R, 2, 1, Eigen::DontAlign>::Zero();
  };

  double damping = 0;    // c [N s/m]
  bool no_slip = false;  // no Coulomb limit: purely elastic tangentially (the kit's elastic paths)

  template <class S>
  rebind<S> cast() const {
    return {damping, no_slip};
  }

  void validate() const {
    if (!(damping >= 0) || !std::isfinite(damping))
      throw lawcheck::InputError("law.damping", damping, "must be >= 0 and finite");
  }

  Phys make_phys(const DashpotMat& m1, const DashpotMat& m2, const lawcheck::ContactCreation& c) const {
    const double kn = c.lengths.area / (c.lengths.l1 / m1.young + c.lengths.l2 / m2.young);
    return {R(kn), R((m1.kt_div_kn + m2.kt_div_kn) / 2 * kn), R(std::min(m1.friction, m2.friction))};
  }
  State initial_state(const lawcheck::ContactCreation&, const Phys&) const { return {}; }
  // The springs and the dashpot (d Fn / d v_n = c) for the stable time step.
  lawcheck::ContactStiffness stiffness(const Phys& ph) const {
    return {static_cast<double>(ph.kn), static_cast<double>(ph.kt), 0.0, 0.0, damping};
  }

  template <bool TrackEnergy>
  lawcheck::LocalResponse<R> step(const lawcheck::LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) const {
    using std::abs;
    using std::sqrt;
    lawcheck::LocalResponse<R> out;
    if (g.uN > 0) {
      if constexpr (TrackEnergy)
        out.dissipated[lawcheck::EnergyKind::released] = ph.kt != 0 ? R(s.ft.squaredNorm() / (2 * ph.kt)) : R(0);
      s = State{};
      out.broken = true;
      return out;
    }
#ifdef SPRING_DASHPOT_FLIP_SIGN
    const R fn = ph.kn * g.uN - R(damping) * g.vel.x();
#else
    const R fn = ph.kn * g.uN + R(damping) * g.vel.x();
#endif
    Eigen::Matrix<R, 2, 1> trial = s.ft + ph.kt * dt * g.vel.template tail<2>();
    const R fy = abs(fn) * ph.mu;
    const R ft = trial.norm();
    if (!no_slip && ft > fy) {
      if constexpr (TrackEnergy) out.dissipated[lawcheck::EnergyKind::plastic_shear] = fy * (ft - fy) / ph.kt;
      trial *= fy / ft;
    }
    if constexpr (TrackEnergy)
      out.dissipated[lawcheck::EnergyKind::viscous] = R(damping) * g.vel.x() * g.vel.x() * dt;
    s.ft = trial;
    out.force = lawcheck::Vec3<R>(fn, trial.x(), trial.y());
    return out;
  }

  R elastic_energy(const lawcheck::LocalGeom<R>& g, const Phys& ph, const State& s) const {
    const R normal = ph.kn * g.uN * g.uN / 2;
    return ph.kt != 0 ? R(normal + s.ft.squaredNorm() / (2 * ph.kt)) : normal;
  }
};

static_assert(lawcheck::check_law_rules<SpringDashpotLaw<double>>());

}  // namespace spring_dashpot
