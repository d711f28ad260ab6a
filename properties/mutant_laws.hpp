#pragma once
// Deliberately wrong variants of the linear Cundall law, compiled only into the mutation test
// (mutation_test.cpp): the kit must reject each of them, which shows that its properties can fail.
//   no_radial_return              the trial force is never returned to the yield circle
//   wrong_increment_sign          Ft -= kt dt vel_t instead of += (seed 000's increment)
//   square_yield_surface          each tangential component clamped to [-fy, fy] separately
//   tangential_energy_forgotten   elastic energy kn uN^2/2 only, without |Ft|^2/(2 kt)
// (A wrong dissipation formula needs no mutant: the law's own elastic_difference option is one.)

#include <algorithm>
#include <ostream>
#include <string_view>

#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::properties {

enum class Mutation { no_radial_return, wrong_increment_sign, square_yield_surface, tangential_energy_forgotten };

template <class R, Mutation M>
struct MutantCoulombLaw {
  using Scalar = R;
  using Phys = FrictPhys<R>;
  using State = typename LinearCoulombLaw<R>::State;
  using Material = FrictMat;
  template <class S> using rebind = MutantCoulombLaw<S, M>;
  static constexpr std::string_view name = "mutant";
  static constexpr auto energy_kinds = LinearCoulombLaw<R>::energy_kinds;

  bool no_break = false;
  bool no_slip = false;
  PlasticDissipation dissipation = decided_plastic_dissipation;

  template <class S>
  rebind<S> cast() const {
    return {no_break, no_slip, dissipation};
  }

  LinearCoulombLaw<R> correct() const { return {no_break, no_slip, dissipation}; }

  // The solver side is the correct law's: only the kernel is mutated.
  void validate() const {}
  Phys make_phys(const FrictMat& m1, const FrictMat& m2, const ContactCreation& c) const {
    return correct().make_phys(m1, m2, c);
  }
  State initial_state(const ContactCreation& c, const Phys& ph) const { return correct().initial_state(c, ph); }
  ContactStiffness stiffness(const Phys& ph) const { return correct().stiffness(ph); }

  template <bool TrackEnergy>
  LocalResponse<R> step(const LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) const {
    if constexpr (M == Mutation::no_radial_return) {
      auto law = correct();
      law.no_slip = true;
      return law.template step<TrackEnergy>(g, ph, s, dt);
    } else if constexpr (M == Mutation::wrong_increment_sign) {
      LocalGeom<R> flipped = g;
      flipped.vel.template tail<2>() *= -1;
      return correct().template step<TrackEnergy>(flipped, ph, s, dt);
    } else if constexpr (M == Mutation::square_yield_surface) {
      using std::abs;
      LocalResponse<R> out;
      const R fn = ph.kn * g.uN;
      s.ft += (dt * ph.kt) * g.vel.template tail<2>();
      if (!no_slip) {
        const R fy = abs(fn) * ph.tan_phi;
        for (int i = 0; i < 2; ++i) {
          const R ft = abs(s.ft[i]);
          if (ft > fy) {
            if constexpr (TrackEnergy) out.dissipated[EnergyKind::plastic_shear] += slip_dissipation(dissipation, ft, fy, ph.kt);
            s.ft[i] = s.ft[i] > 0 ? fy : R(-fy);
          }
        }
      }
      out.force << fn, s.ft;
      return out;
    } else {
      return correct().template step<TrackEnergy>(g, ph, s, dt);
    }
  }

  R elastic_energy(const LocalGeom<R>& g, const Phys& ph, const State& s) const {
    if constexpr (M == Mutation::tangential_energy_forgotten) return ph.kn * g.uN * g.uN / 2;
    return correct().elastic_energy(g, ph, s);
  }
};

static_assert(ContactLaw<MutantCoulombLaw<double, Mutation::square_yield_surface>>);

template <class R, Mutation M>
void showValue(const MutantCoulombLaw<R, M>&, std::ostream& os) {
  os << "MutantCoulombLaw<" << int(M) << ">";
}

}  // namespace lawcheck::properties
