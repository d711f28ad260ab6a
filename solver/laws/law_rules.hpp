#pragma once
// Every rule a contact law meets, in one place, each checked by the compiler with a message that
// names it. The solver (Simulation, LawTester), the property kit, the benchmarks and the command
// line all instantiate check_law_rules<Law>() before they use a law, so a law written outside
// lawcheck fails at its first use with "lawcheck law rule N (...)" instead of an error deep in the
// contact loop. The concepts SolverLaw and ContactLaw (laws/contact_law.hpp) are these rules
// without the messages, for overloads and requires-clauses.
//
//  1 Scalar       `using Scalar = double;` (the solver runs doubles; rebind<S> gives other scalars)
//  2 rebind       `template <class S> using rebind = MyLaw<S>;` the same law over another scalar,
//                 itself a ContactLaw (the kit runs it in 50 digits: core/high_precision.hpp)
//  3 Phys, State  `Phys` (the contact's physics, built once at creation) and `State` (what a
//                 contact carries from step to step)
//  4 step         `template <bool TrackEnergy> LocalResponse<Scalar> step(const LocalGeom<Scalar>&,
//                 const Phys&, State&, const Scalar& dt) const`: pure, no I/O, no allocation; the
//                 local force and torque on particle 1, the energy dissipated by kind when tracked
//  5 elastic_energy  `Scalar elastic_energy(const LocalGeom<Scalar>&, const Phys&, const State&) const`
//  6 energy_kinds `static constexpr std::array<EnergyKind, N> energy_kinds`: every kind the law
//                 books (laws/energy_kind.hpp); the ledger keeps one column per kind
//  7 name         `static constexpr std::string_view name`: the law's name in scenes and on the
//                 command line
//  8 Material     `using Material = ...;` with `double density` [kg/m^3], `static constexpr
//                 std::string_view type_name` and `void validate(std::string_view field) const`
//                 (an InputError naming the field on bad values)
//  9 validate     `void validate() const`: the law's own parameters, an InputError naming the field
// 10 make_phys    `Phys make_phys(const Material&, const Material&, const ContactCreation&) const`
//                 (Woo's Cp2); symmetric in the two materials
// 11 initial_state `State initial_state(const ContactCreation&, const Phys&) const`
// 12 stiffness    `ContactStiffness stiffness(const Phys&) const`: every spring the contact has
//                 (normal, tangential, twist, bending) for the stable time step
// 13 State bytes  State is standard-layout and trivially destructible: the contact loop keeps it
//                 as columns of 8-byte words and copies it byte for byte (dynamics/words.hpp);
//                 no std::vector, std::string or pointer to owned memory
// 14 Phys bytes   Phys likewise (the contact loop stores it in arrays and blocks); a PairSplitLaw's
//                 per-contact Phys joined with its pair part is at most 4 words (32 bytes:
//                 dynamics/contact_block.hpp, block_phys_words)
// 15 cast         `template <class S> rebind<S> cast() const` on the law and on its Phys: the same
//                 parameters in another scalar (the kit's 50-digit comparison)
// Optional: `reach(m1, m2)` (a contact forms at uN <= reach), `needs` (LawNeeds), the PairSplitLaw
// members (laws/contact_law.hpp).

#include <concepts>
#include <cstddef>
#include <string_view>
#include <type_traits>

#include "geometry/contact_lengths.hpp"
#include "geometry/local_geom.hpp"
#include "laws/contact_stiffness.hpp"
#include "laws/local_response.hpp"

namespace lawcheck {

inline constexpr std::size_t law_phys_max_words = 4;

template <class L>
consteval bool check_law_rules() {
  static_assert(requires { typename L::Scalar; }, "lawcheck law rule 1 (Scalar): the law declares `using Scalar = double;`");
  if constexpr (requires { typename L::Scalar; }) {
    using R = typename L::Scalar;
    static_assert(std::same_as<R, double>, "lawcheck law rule 1 (Scalar): a law the solver runs has `using Scalar = double;`");
    static_assert(requires { typename L::template rebind<double>; },
                  "lawcheck law rule 2 (rebind): the law declares `template <class S> using rebind = MyLaw<S>;`");
    static_assert(requires { typename L::Phys; typename L::State; },
                  "lawcheck law rule 3 (Phys, State): the law declares `using Phys = ...;` and `using State = ...;`");
    if constexpr (requires { typename L::Phys; typename L::State; }) {
      using Phys = typename L::Phys;
      using State = typename L::State;
      static_assert(requires(const L& law, const LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) {
        { law.template step<true>(g, ph, s, dt) } -> std::same_as<LocalResponse<R>>;
        { law.template step<false>(g, ph, s, dt) } -> std::same_as<LocalResponse<R>>;
      }, "lawcheck law rule 4 (step): `template <bool TrackEnergy> LocalResponse<Scalar> step(const LocalGeom<Scalar>&, "
         "const Phys&, State&, const Scalar& dt) const`");
      static_assert(requires(const L& law, const LocalGeom<R>& g, const Phys& ph, const State& s) {
        { law.elastic_energy(g, ph, s) } -> std::convertible_to<R>;
      }, "lawcheck law rule 5 (elastic_energy): `Scalar elastic_energy(const LocalGeom<Scalar>&, const Phys&, const State&) const`");
      static_assert(requires { { *L::energy_kinds.begin() } -> std::convertible_to<EnergyKind>; },
                    "lawcheck law rule 6 (energy_kinds): `static constexpr std::array<EnergyKind, N> energy_kinds` lists "
                    "the kinds the law books (an empty list: std::array<EnergyKind, 0>)");
      static_assert(requires { { L::name } -> std::convertible_to<std::string_view>; },
                    "lawcheck law rule 7 (name): `static constexpr std::string_view name = \"my_law\";`");
      static_assert(requires { typename L::Material; }, "lawcheck law rule 8 (Material): the law declares `using Material = ...;`");
      if constexpr (requires { typename L::Material; }) {
        using M = typename L::Material;
        static_assert(requires(const M& m) {
          { m.density } -> std::convertible_to<double>;
          { M::type_name } -> std::convertible_to<std::string_view>;
          m.validate(std::string_view{});
        }, "lawcheck law rule 8 (Material): the material has `double density`, `static constexpr std::string_view "
           "type_name` and `void validate(std::string_view field) const`");
        static_assert(requires(const L& law, const M& m, const ContactCreation& c) {
          { law.make_phys(m, m, c) } -> std::same_as<Phys>;
        }, "lawcheck law rule 10 (make_phys): `Phys make_phys(const Material&, const Material&, const ContactCreation&) const`");
      }
      static_assert(requires(const L& law) { law.validate(); },
                    "lawcheck law rule 9 (validate): `void validate() const` checks the law's parameters");
      static_assert(requires(const L& law, const ContactCreation& c, const Phys& ph) {
        { law.initial_state(c, ph) } -> std::same_as<State>;
      }, "lawcheck law rule 11 (initial_state): `State initial_state(const ContactCreation&, const Phys&) const`");
      static_assert(requires(const L& law, const Phys& ph) {
        { law.stiffness(ph) } -> std::same_as<ContactStiffness>;
      }, "lawcheck law rule 12 (stiffness): `ContactStiffness stiffness(const Phys&) const` gives every spring for the "
         "stable time step");
      static_assert(std::is_standard_layout_v<State> && std::is_trivially_destructible_v<State>,
                    "lawcheck law rule 13 (State bytes): State is copied byte for byte (standard layout, trivially "
                    "destructible): no std::vector, std::string or owning pointer in it");
      static_assert(std::is_standard_layout_v<Phys> && std::is_trivially_destructible_v<Phys>,
                    "lawcheck law rule 14 (Phys bytes): Phys is copied byte for byte (standard layout, trivially "
                    "destructible)");
      if constexpr (requires { typename Phys::PerContact; })
        static_assert(sizeof(Phys) <= law_phys_max_words * 8,
                      "lawcheck law rule 14 (Phys bytes): a PairSplitLaw's joined Phys is at most 4 words (32 bytes)");
      static_assert(requires(const L& law, const Phys& ph) {
        law.template cast<double>();
        ph.template cast<double>();
      }, "lawcheck law rule 15 (cast): `template <class S> rebind<S> cast() const` on the law and "
         "`template <class S> ... cast() const` on its Phys");
    }
  }
  return true;
}

}  // namespace lawcheck
