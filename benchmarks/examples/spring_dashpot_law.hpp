#pragma once
// A law that lives outside lawcheck's tree, as a user's own would (it includes the law concept
// only, nothing of lawcheck's built-in laws): the linear spring-dashpot in the normal direction,
// no friction (Cundall and Strack 1979, the normal part; LAMMPS's gran/hooke without its
// tangential model). spring_dashpot_benchmarks.cpp times it through the benchmark kit.
//
//   F1.x = kn uN + c vel.x     on particle 1 (uN < 0 in compression, vel.x < 0 approaching:
//                              both push particle 1 away from particle 2)
//   kn   = (1/k1 + 1/k2)^-1    the two materials' springs in series
// The dashpot's dissipation is minus the work of its force on the relative motion over the step,
// booked as the trapezoid of the previous and the current damping force (as the solver's ledger
// books work: laws/exudyn_law.hpp): (f_{n-1} + f_n)/2 dt vel.x with f = c vel.x, i.e.
// c vel.x^2 dt >= 0 at constant velocity. The contact breaks at uN > 0 (the last half booked, as
// the force drops to zero); the spring has no bond and releases nothing (laws/energy_kind.hpp).

#include <array>
#include <string>
#include <string_view>

#include "core/input_error.hpp"
#include "laws/contact_law.hpp"

namespace lawcheck::examples {

struct SpringDashpotMat {
  static constexpr std::string_view type_name = "SpringDashpotMat";
  double stiffness = 1.6e6;  // [N/m]; two in series give ~7.9e5, the linear packing's kn (pi E r0 / 2)
  double density = 2600;     // [kg/m^3]

  void validate(std::string_view prefix = "material") const {
    require_positive(std::string(prefix) + ".stiffness", stiffness);
    require_positive(std::string(prefix) + ".density", density);
  }
};

template <class R>
struct SpringDashpotPhys {
  R kn{0};
};

template <class R>
struct SpringDashpotLaw {
  using Scalar = R;
  using Phys = SpringDashpotPhys<R>;
  using Material = SpringDashpotMat;
  template <class S> using rebind = SpringDashpotLaw<S>;

  static constexpr std::string_view name = "spring_dashpot";
  static constexpr std::array energy_kinds = {EnergyKind::viscous};
  static constexpr LawNeeds needs{.normal_velocity = true, .spin = false, .torque = false};

  struct State {
    R damping_force{0};  // c vel.x of the previous step, on particle 1
  };

  // c [N s/m]: 10 % of critical for two 5 cm spheres (m* = 0.68 kg) on kn = 7.9e5 N/m:
  // 2 0.1 sqrt(7.9e5 0.68) = 147.
  double damping = 150;

  void validate() const { require_non_negative("law.damping", damping); }
  Phys make_phys(const Material& m1, const Material& m2, const ContactCreation&) const {
    return {R(1 / (1 / m1.stiffness + 1 / m2.stiffness))};
  }
  State initial_state(const ContactCreation&, const Phys&) const { return {}; }
  ContactStiffness stiffness(const Phys& ph) const { return {static_cast<double>(ph.kn), 0, 0, 0}; }

  template <bool TrackEnergy>
  LocalResponse<R> step(const LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) const {
    LocalResponse<R> out;
    const R f_d = g.uN > 0 ? R(0) : R(damping) * g.vel.x();
    if constexpr (TrackEnergy) out.dissipated[EnergyKind::viscous] = (s.damping_force + f_d) / 2 * dt * g.vel.x();
    s.damping_force = f_d;
    if (g.uN > 0) {
      out.broken = true;
      return out;
    }
    out.force.x() = ph.kn * g.uN + f_d;
    return out;
  }

  R elastic_energy(const LocalGeom<R>& g, const Phys& ph, const State&) const {
    return g.uN > 0 ? R(0) : ph.kn * g.uN * g.uN / 2;
  }
};

static_assert(SolverLaw<SpringDashpotLaw<double>>);

}  // namespace lawcheck::examples
