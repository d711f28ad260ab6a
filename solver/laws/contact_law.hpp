#pragma once
// The interface every contact law meets (DESIGN.md, seed 001's Cg2 / Cp2 / Law2 split, issue 9).
//
// ContactLaw -- the kernel (seed 001 step 3): a small value type with its parameters, a
// per-contact State, the Phys it consumes and a pure step function. step<TrackEnergy> is a
// template so that energy bookkeeping costs nothing when off: the choice is made once per batch
// of contacts, not per contact. rebind<S> gives the same law over another scalar, so a suite can
// run it in double and in HighPrecision. energy_kinds lists the kinds of energy the law takes out
// of the balance (laws/energy_kind.hpp).
//
// SolverLaw -- what the solver, the LawTester and the CLI ask of a law besides its kernel, so
// that none of them assumes one law. The split follows LAMMPS's granular sub-models (mix_coeffs,
// touch, pulloff_distance, history size) and Woo's Cp2 functors, without their per-contact
// virtual call: everything here is called once per contact creation or per dt check.
//   name                      the law's name in scenarios and on the command line
//   Material                  what a particle of this law is made of (density for the mass)
//   validate()                the law's own parameters (InputError naming the field)
//   make_phys(m1, m2, c)      physics of a new contact from the two materials and its creation
//                             geometry (Woo's Cp2: kn, kt, tanPhi, ...)
//   initial_state(c, ph)      per-contact state at creation (bond bits, remembered velocity, ...)
//   stiffness(ph)             the contact's stiffnesses for the stable time step
//   reach(m1, m2)             optional: a contact forms when uN <= reach (default 0, i.e. at
//                             touch; adhesion asks for more)
//   needs                     optional LawNeeds: what of the local geometry the law reads and
//                             whether it returns a torque (default: all of it; below)
// PairSplitLaw -- optional: a law whose Phys splits into a part that depends on the two materials
// only (Phys::PerPair, kept once per ordered material pair by the solver) and the rest
// (Phys::PerContact, the only part a contact stores; issue 12: bytes per contact):
//   make_pair_phys(m1, m2)    the materials' part
//   ph.per_contact()          the rest of a contact's physics
//   Phys::joined(pair, rest)  the contact's physics again, bit for bit what make_phys returned
//                             (solver/tests/dynamics_mixed_laws_test.cpp)

#include <concepts>
#include <string_view>

#include "geometry/contact_lengths.hpp"
#include "geometry/local_geom.hpp"
#include "laws/local_response.hpp"

namespace lawcheck {

template <class L>
concept ContactLaw = requires(const L& law, const LocalGeom<typename L::Scalar>& g,
                              const typename L::Phys& ph, typename L::State& s,
                              const typename L::Scalar& dt) {
  typename L::template rebind<double>;
  { law.template step<true>(g, ph, s, dt) } -> std::same_as<LocalResponse<typename L::Scalar>>;
  { law.template step<false>(g, ph, s, dt) } -> std::same_as<LocalResponse<typename L::Scalar>>;
  { law.elastic_energy(g, ph, s) } -> std::convertible_to<typename L::Scalar>;
  { *L::energy_kinds.begin() } -> std::convertible_to<EnergyKind>;
};

// Stiffnesses a contact exposes to the stable time-step estimate (dynamics/time_step.hpp):
// translational [N/m] along the normal and each tangent, rotational [N m/rad] about the normal
// (twist) and each tangent (bending). Zero where the law has no spring in that sense.
// damping [N s/m]: the normal force's derivative with respect to the normal relative velocity (a
// viscous term lowers the explicit limit below 2/omega; dynamics/time_step.hpp derives by how
// much). Zero for a law without one.
struct ContactStiffness {
  double normal = 0;
  double tangential = 0;
  double twist = 0;
  double bending = 0;
  double damping = 0;
};

template <class L>
concept SolverLaw =
    ContactLaw<L> && std::same_as<typename L::Scalar, double> &&
    requires(const L& law, const typename L::Material& m, const ContactCreation& c,
             const typename L::Phys& ph) {
      { L::name } -> std::convertible_to<std::string_view>;
      { m.density } -> std::convertible_to<double>;
      m.validate(std::string_view{});
      law.validate();
      { law.make_phys(m, m, c) } -> std::same_as<typename L::Phys>;
      { law.initial_state(c, ph) } -> std::same_as<typename L::State>;
      { law.stiffness(ph) } -> std::same_as<ContactStiffness>;
    };

template <class L>
concept PairSplitLaw =
    SolverLaw<L> && requires(const L& law, const typename L::Material& m, const typename L::Phys& ph,
                             const typename L::Phys::PerPair& pair, const typename L::Phys::PerContact& rest) {
      { law.make_pair_phys(m, m) } -> std::same_as<typename L::Phys::PerPair>;
      { ph.per_contact() } -> std::same_as<typename L::Phys::PerContact>;
      { L::Phys::joined(pair, rest) } -> std::same_as<typename L::Phys>;
    };

// What a law takes from the contact loop besides uN and the tangential relative velocity (issue 12):
// the solver's block passes compute only what the law says it reads, and map only the torque it
// says it returns. A linear law reads neither the normal velocity nor the spin, and returns no
// torque: the kinematics then skips 3 of the 6 rotated components and the force mapping the
// law's torque, 6 % of a contact step's instructions (benchmarks/README.md, "What a law needs").
// What a law says it does not read reaches it as NaN (lane_geom, dynamics/contact_block.hpp), so
// a law that reads it anyway spoils its force and the step stops with a StateError instead of
// using stale values; solver/tests/dynamics_law_needs_test.cpp checks that each law's declaration
// changes no bit of a run.
struct LawNeeds {
  bool normal_velocity = true;  // LocalGeom::vel.x()
  bool spin = true;             // LocalGeom::ang_vel
  bool torque = true;           // LocalResponse::torque (otherwise ignored: keep it zero)
};

template <class L>
constexpr LawNeeds law_needs() {
  if constexpr (requires { { L::needs } -> std::convertible_to<LawNeeds>; })
    return L::needs;
  else
    return {};
}

// The distance at which a law's contact forms (uN <= reach); 0 unless the law says otherwise.
template <SolverLaw L>
double reach_of(const L& law, const typename L::Material& m1, const typename L::Material& m2) {
  if constexpr (requires { { law.reach(m1, m2) } -> std::convertible_to<double>; })
    return law.reach(m1, m2);
  else
    return 0.0;
}

}  // namespace lawcheck
