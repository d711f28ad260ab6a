#pragma once
// Deliberately wrong variants of the kit's laws, compiled only into the mutation test
// (mutation_test.cpp): the fast property set must reject each of them, which shows that its
// properties can fail. Each mutant is the correct law with one bug, of the kinds a contact law
// gets wrong (flags, tension and breakage, spurious torque, per-axis asymmetry,
// precision per configuration), plus the Coulomb-specific ones the kit started with.
//
// MutantCoulombLaw (linear Cundall law):
//   no_radial_return              the trial force is never returned to the yield circle
//   wrong_increment_sign          Ft -= kt dt vel_t instead of += (seed 000's increment)
//   square_yield_surface          each tangential component clamped to [-fy, fy] separately
//   tangential_energy_forgotten   elastic energy kn uN^2/2 only, without |Ft|^2/(2 kt)
//   no_slip_ignored               slips although configured noSlip                     (flags)
//   no_break_ignored              breaks in tension although configured noBreak        (flags)
//   breaks_at_touch               breaks at uN >= 0 instead of uN > 0                  (tension)
//   released_energy_forgotten     a break books no released energy                     (breakage)
//   released_booked_as_plastic    a break books its released energy as plastic_shear   (breakage)
//   state_kept_at_break           a break does not reset the tangential force          (breakage)
//   spurious_torque               returns a torque of 1e-12 kt uN^2 dphi               (torque)
//   z_increment_scaled            the z increment is 1.01 kt dt vel_z                  (per axis)
//   anisotropic_stiffness         ... and the z energy Fz^2/(2 1.01 kt): an elastic, energy-
//                                 consistent law with a 1 % stiffer z axis                (per axis)
//   normal_force_in_float_when_no_break  the double build of the noBreak configuration computes
//                                 Fn through float (a mixed-precision fast path)       (precision)
//   code_split_in_float           the double build computes the code_split dissipation through
//                                 float                                                (precision)
// (A wrong dissipation formula needs no mutant: the law's own elastic_difference option is one.)
//
// MutantLinEl6Law (LinEl6, elastic in six DoFs):
//   torque_sign_flipped           returns -T: the torque feeds the rotation it stores  (torque)
//   twist_with_bending_stiffness  Tn = kb rx while the energy keeps kw rx^2/2          (torque)
//   bending_z_stiffer             Tz = 1.01 kb rz, energy consistent                   (per axis)
//   released_forgets_rotation     a break releases only the tangential spring's share,
//                                 kt ut_{n-1} . ut^T / 2 (the correct product form of it)  (breakage)
//
// Which mutation a law carries is a run-time value (`mutation`), not a template parameter: the
// kit's properties are templates on the subject, so a type per mutant compiled the whole fast kit
// (double and 50 digits) twenty times -- 154 s of one CPU in the Release build and 235 s under the
// sanitizers, the longest translation unit of the tree; one type per family compiles it twice.
// The kit's generators default-construct the law (CoulombSubject::law, rc::gen::build), so a
// default-constructed mutant takes the family's chosen mutation (MutationScope, below).
//
// "The double build only" (precision mutants): a float cast written in a law templated on its
// scalar rounds both the double and the 50-digit run to the same float, which no comparison of
// the two can see; a fast path taken for double only is what loses precision unseen -- and what
// the 50-digit comparison exists to catch, on the configuration that takes it.

#include <algorithm>
#include <ostream>
#include <string_view>
#include <type_traits>

#include "laws/linear_coulomb_law.hpp"
#include "laws/linel6_law.hpp"
#include "exudyn_subject.hpp"

namespace lawcheck::properties {

enum class Mutation {
  no_radial_return,
  wrong_increment_sign,
  square_yield_surface,
  tangential_energy_forgotten,
  no_slip_ignored,
  no_break_ignored,
  breaks_at_touch,
  released_energy_forgotten,
  released_booked_as_plastic,
  state_kept_at_break,
  spurious_torque,
  z_increment_scaled,
  anisotropic_stiffness,
  normal_force_in_float_when_no_break,
  code_split_in_float,
};

enum class Mutation6 {
  torque_sign_flipped,
  twist_with_bending_stiffness,
  bending_z_stiffer,
  released_forgets_rotation,
};

// The mutation a default-constructed mutant of each family carries; set for a scope by
// MutationScope (the test is single-threaded).
inline Mutation chosen_mutation = Mutation::no_radial_return;
inline Mutation6 chosen_mutation6 = Mutation6::torque_sign_flipped;

// float for the double build, the scalar itself otherwise.
template <class R>
using DoubleBuildFloat = std::conditional_t<std::is_same_v<R, double>, float, R>;

template <class R>
struct MutantCoulombLaw {
  using Scalar = R;
  using Phys = FrictPhys<R>;
  using State = typename LinearCoulombLaw<R>::State;
  using Material = FrictMat;
  template <class S> using rebind = MutantCoulombLaw<S>;
  static constexpr std::string_view name = "mutant";
  static constexpr auto energy_kinds = LinearCoulombLaw<R>::energy_kinds;

  bool no_break = false;
  bool no_slip = false;
  PlasticDissipation dissipation = decided_plastic_dissipation;
  Mutation mutation = chosen_mutation;

  template <class S>
  rebind<S> cast() const {
    return {no_break, no_slip, dissipation, mutation};
  }

  LinearCoulombLaw<R> correct() const { return {no_break, no_slip, dissipation}; }

  // The solver side is the correct law's: only the kernel is mutated.
  void validate() const {}
  Phys make_phys(const FrictMat& m1, const FrictMat& m2, const ContactCreation& c) const {
    return correct().make_phys(m1, m2, c);
  }
  State initial_state(const ContactCreation& c, const Phys& ph) const { return correct().initial_state(c, ph); }
  ContactStiffness stiffness(const Phys& ph) const { return correct().stiffness(ph); }

  // The z axis's stiffness factor of the per-axis mutants.
  static constexpr double z_factor = 1.01;

  template <bool TrackEnergy>
  LocalResponse<R> step(const LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) const {
    using std::abs;
    switch (mutation) {
      case Mutation::no_radial_return:
      case Mutation::no_slip_ignored:
      case Mutation::no_break_ignored: {
        auto law = correct();
        if (mutation == Mutation::no_radial_return) law.no_slip = true;
        if (mutation == Mutation::no_slip_ignored) law.no_slip = false;
        if (mutation == Mutation::no_break_ignored) law.no_break = false;
        return law.template step<TrackEnergy>(g, ph, s, dt);
      }
      case Mutation::wrong_increment_sign: {
        LocalGeom<R> flipped = g;
        flipped.vel.template tail<2>() *= -1;
        return correct().template step<TrackEnergy>(flipped, ph, s, dt);
      }
      case Mutation::square_yield_surface: {
        LocalResponse<R> out;
        const R fn = ph.kn * g.uN;
        s.ft += (dt * ph.kt) * g.vel.template tail<2>();
        if (!no_slip) {
          const R fy = abs(fn) * ph.tan_phi;
          for (int i = 0; i < 2; ++i) {
            const R ft = abs(s.ft[i]);
            if (ft > fy) {
              if constexpr (TrackEnergy)
                out.dissipated[EnergyKind::plastic_shear] += slip_dissipation(dissipation, ft, fy, ph.kt);
              s.ft[i] = s.ft[i] > 0 ? fy : R(-fy);
            }
          }
        }
        out.force << fn, s.ft;
        return out;
      }
      case Mutation::breaks_at_touch: {
        if (g.uN == 0 && !no_break) {
          LocalGeom<R> pulled = g;
          pulled.uN = R(1);  // the correct law's break, one instant early
          return correct().template step<TrackEnergy>(pulled, ph, s, dt);
        }
        return correct().template step<TrackEnergy>(g, ph, s, dt);
      }
      case Mutation::released_energy_forgotten:
      case Mutation::released_booked_as_plastic:
      case Mutation::state_kept_at_break: {
        const State before = s;
        auto r = correct().template step<TrackEnergy>(g, ph, s, dt);
        if (r.broken) {
          if (mutation == Mutation::released_energy_forgotten) r.dissipated[EnergyKind::released] = R(0);
          if (mutation == Mutation::released_booked_as_plastic)
            std::swap(r.dissipated[EnergyKind::released], r.dissipated[EnergyKind::plastic_shear]);
          if (mutation == Mutation::state_kept_at_break) s = before;
        }
        return r;
      }
      case Mutation::spurious_torque: {
        auto r = correct().template step<TrackEnergy>(g, ph, s, dt);
        if (!r.broken) r.torque = (R(1e-12) * ph.kt * g.uN * g.uN * dt) * g.ang_vel;
        return r;
      }
      case Mutation::z_increment_scaled:
      case Mutation::anisotropic_stiffness: {
        LocalGeom<R> scaled = g;
        scaled.vel.z() *= R(z_factor);
        return correct().template step<TrackEnergy>(scaled, ph, s, dt);
      }
      case Mutation::normal_force_in_float_when_no_break: {
        auto r = correct().template step<TrackEnergy>(g, ph, s, dt);
        if (no_break) r.force.x() = R(static_cast<DoubleBuildFloat<R>>(r.force.x()));
        return r;
      }
      case Mutation::code_split_in_float: {
        auto r = correct().template step<TrackEnergy>(g, ph, s, dt);
        if (dissipation == PlasticDissipation::code_split) {
          R& d = r.dissipated[EnergyKind::plastic_shear];
          d = R(static_cast<DoubleBuildFloat<R>>(d));
        }
        return r;
      }
      case Mutation::tangential_energy_forgotten:  // the energy only (elastic_energy)
        break;
    }
    return correct().template step<TrackEnergy>(g, ph, s, dt);
  }

  R elastic_energy(const LocalGeom<R>& g, const Phys& ph, const State& s) const {
    if (mutation == Mutation::tangential_energy_forgotten) return ph.kn * g.uN * g.uN / 2;
    if (mutation == Mutation::anisotropic_stiffness) {
      // Fz = 1.01 kt uz stores Fz^2 / (2 1.01 kt): consistent with the force
      const R normal = ph.kn * g.uN * g.uN / 2;
      if (ph.kt == 0) return normal;
      const Vec2<R>& ft = s.ft;  // local (y, z)
      return normal + ft.x() * ft.x() / (2 * ph.kt) + ft.y() * ft.y() / (2 * R(z_factor) * ph.kt);
    }
    return correct().elastic_energy(g, ph, s);
  }
};

static_assert(SolverLaw<MutantCoulombLaw<double>>);

template <class R>
void showValue(const MutantCoulombLaw<R>& law, std::ostream& os) {
  os << "MutantCoulombLaw<" << int(law.mutation) << ">{noBreak=" << law.no_break << " noSlip=" << law.no_slip
     << " dissipation=" << name_of(law.dissipation) << "}";
}

template <class R>
struct MutantLinEl6Law {
  using Scalar = R;
  using Phys = LinEl6Phys<R>;
  using State = typename LinEl6Law<R>::State;
  using Material = FrictMat;
  template <class S> using rebind = MutantLinEl6Law<S>;
  static constexpr std::string_view name = "mutant6";
  static constexpr auto energy_kinds = LinEl6Law<R>::energy_kinds;

  double char_len = 0.01;
  bool no_break = false;
  RotationalStiffness rotational_stiffness = decided_rotational_stiffness;
  Mutation6 mutation = chosen_mutation6;

  template <class S>
  rebind<S> cast() const {
    return {char_len, no_break, rotational_stiffness, mutation};
  }

  LinEl6Law<R> correct() const { return {char_len, no_break, rotational_stiffness}; }

  void validate() const { correct().validate(); }
  Phys make_phys(const FrictMat& m1, const FrictMat& m2, const ContactCreation& c) const {
    return correct().make_phys(m1, m2, c);
  }
  State initial_state(const ContactCreation& c, const Phys& ph) const { return correct().initial_state(c, ph); }
  ContactStiffness stiffness(const Phys& ph) const { return correct().stiffness(ph); }

  static constexpr double z_factor = 1.01;

  template <bool TrackEnergy>
  LocalResponse<R> step(const LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) const {
    const State before = s;
    auto r = correct().template step<TrackEnergy>(g, ph, s, dt);
    switch (mutation) {
      case Mutation6::torque_sign_flipped: r.torque = -r.torque; break;
      case Mutation6::twist_with_bending_stiffness: r.torque.x() = ph.kb * s.rot.x(); break;
      case Mutation6::bending_z_stiffer: r.torque.z() *= R(z_factor); break;
      case Mutation6::released_forgets_rotation:
        if (r.broken)
          r.dissipated[EnergyKind::released] = ph.kt * before.ut.dot(before.ut + dt * g.vel.template tail<2>()) / 2;
        break;
    }
    return r;
  }

  R elastic_energy(const LocalGeom<R>& g, const Phys& ph, const State& s) const {
    const R e = correct().elastic_energy(g, ph, s);
    if (mutation == Mutation6::bending_z_stiffer) return e + R(z_factor - 1) * ph.kb * s.rot.z() * s.rot.z() / 2;
    return e;
  }
};

static_assert(SolverLaw<MutantLinEl6Law<double>>);

template <class R>
void showValue(const MutantLinEl6Law<R>& law, std::ostream& os) {
  os << "MutantLinEl6Law<" << int(law.mutation) << ">{charLen=" << law.char_len << " noBreak=" << law.no_break
     << " rotationalStiffness=" << name_of(law.rotational_stiffness) << "}";
}

// Laws with dampers and friction (Exudyn's, through its kit subject, exudyn_subject.hpp): the
// mutants that create energy or book what did not happen, which only the passivity properties
// (passivity_properties.hpp) can see -- symmetry, objectivity and the 50-digit comparison hold
// for a law that is consistently wrong.
enum class MutationDamped {
  dashpot_sign_flipped,             // f_d = +d_c v_n: the dashpot pushes; booked as before
  dashpot_booked_negative,          // the viscous kind booked with the wrong sign
  friction_pushes_along_the_slip,   // the friction force turned round; booked as before
  plastic_booked_on_the_elastic_curve,  // a tenth of the spring's work while loading booked as
                                        // plastic, the force left on the elastic curve
};

inline MutationDamped chosen_mutation_damped = MutationDamped::dashpot_sign_flipped;

template <class R>
struct MutantExudynLaw {
  using Scalar = R;
  using Phys = ExudynPhys<R>;
  using State = typename ExudynLaw<R>::State;
  using Material = FrictMat;
  template <class S> using rebind = MutantExudynLaw<S>;
  static constexpr std::string_view name = "mutant_exudyn";
  static constexpr auto energy_kinds = ExudynLaw<R>::energy_kinds;

  ExudynKitLaw<R> correct;
  MutationDamped mutation = chosen_mutation_damped;

  // The subject's hooks (path unit, force terms) read the correct law's parameters.
  operator const ExudynKitLaw<R>&() const { return correct; }

  template <class S>
  rebind<S> cast() const {
    return {correct.template cast<S>(), mutation};
  }
  void validate() const { correct.validate(); }
  Phys make_phys(const FrictMat& m1, const FrictMat& m2, const ContactCreation& c) const {
    return correct.make_phys(m1, m2, c);
  }
  State initial_state(const ContactCreation& c, const Phys& ph) const { return correct.initial_state(c, ph); }
  ContactStiffness stiffness(const Phys& ph) const { return correct.stiffness(ph); }
  R elastic_energy(const LocalGeom<R>& g, const Phys& ph, const State& s) const { return correct.elastic_energy(g, ph, s); }

  template <bool TrackEnergy>
  LocalResponse<R> step(const LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) const {
    auto r = correct.template step<TrackEnergy>(g, ph, s, dt);
    if (r.broken) return r;
    using std::abs;
    switch (mutation) {
      case MutationDamped::dashpot_sign_flipped:
        // force.x = -(f_c + f_h + f_d) with f_d = -d_c v_n (exudyn_law.hpp): +d_c v_n instead
        r.force.x() -= 2 * R(correct.exudyn.contact_damping) * g.vel.x();
        break;
      case MutationDamped::dashpot_booked_negative:
        r.dissipated[EnergyKind::viscous] = -r.dissipated[EnergyKind::viscous];
        break;
      case MutationDamped::friction_pushes_along_the_slip:
        r.force.y() = -r.force.y();
        r.force.z() = -r.force.z();
        break;
      case MutationDamped::plastic_booked_on_the_elastic_curve:
        if constexpr (TrackEnergy)
          if (g.vel.x() < 0) r.dissipated[EnergyKind::plastic_normal] += abs(r.force.x() * g.vel.x()) * dt / 10;
        break;
    }
    return r;
  }
};

template <class R>
void showValue(const MutantExudynLaw<R>& law, std::ostream& os) {
  os << "MutantExudynLaw<" << int(law.mutation) << ">";
  showValue(law.correct, os);
}

// Sets a family's chosen mutation for the scope (the kit's laws built meanwhile carry it) and
// restores the previous one. NoMutation: a subject that is no mutant family (the test's
// ElasticDifferenceSubject).
struct NoMutation {};

class MutationScope {
 public:
  explicit MutationScope(Mutation m) : saved_(chosen_mutation), saved6_(chosen_mutation6) { chosen_mutation = m; }
  explicit MutationScope(Mutation6 m) : saved_(chosen_mutation), saved6_(chosen_mutation6) { chosen_mutation6 = m; }
  explicit MutationScope(MutationDamped m) : saved_(chosen_mutation), saved6_(chosen_mutation6) {
    chosen_mutation_damped = m;
  }
  explicit MutationScope(NoMutation) : saved_(chosen_mutation), saved6_(chosen_mutation6) {}
  ~MutationScope() {
    chosen_mutation = saved_;
    chosen_mutation6 = saved6_;
    chosen_mutation_damped = saved_damped_;
  }
  MutationScope(const MutationScope&) = delete;
  MutationScope& operator=(const MutationScope&) = delete;

 private:
  Mutation saved_;
  Mutation6 saved6_;
  MutationDamped saved_damped_ = chosen_mutation_damped;
};

}  // namespace lawcheck::properties
