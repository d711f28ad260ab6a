// Every built-in law (lawcheck::BuiltinLaws, laws/builtin_laws.hpp) through the suites any law gets
// (law_benchmarks.hpp), each with the material and parameters of a sensible scene on the benchmark
// packing (5 cm spheres of FrictMat's 1e7 Pa and 2600 kg/m^3, sphere_packing.hpp). A law added to
// BuiltinLaws is benchmarked with its defaults (LawFixture<Law>{}) and no edit here; a law whose
// defaults are no scene for this packing adds one bench_fixture overload below. The kernel's
// contact scales are the fixture's defaults (law_fixture.hpp), the same for every law, so the laws'
// figures compare.
// The linear law's own suites (law_kernel_bench.cpp: sliding mixes and dissipation formulas;
// contact_step_bench.cpp: threads, pass times; full_step_bench.cpp) keep their names; its
// contact_step/linear/spheres:N here is the same step on the same packing as contact_step/spheres:N
// there, a check that the generic registration costs nothing.

#include <tuple>
#include <type_traits>

#include "law_benchmarks.hpp"
#include "laws/builtin_laws.hpp"

namespace lawcheck::bench {
namespace {

using benchmarks::LawFixture;
using benchmarks::register_law_benchmarks;

// Any law: its own defaults (the linear law's are the packing's own law and material).
template <class Law>
LawFixture<Law> bench_fixture(std::type_identity<Law>) {
  return {};
}

// FrictMat's defaults; the rotational springs' length l is the packing's mean radius, the scale
// of its contacts (kw = kn l^2, kb = kt l^2: laws/linel6_law.hpp).
LawFixture<LinEl6Law<double>> bench_fixture(std::type_identity<LinEl6Law<double>>) {
  LawFixture<LinEl6Law<double>> f;
  f.law.char_len = packing_mean_radius;
  return f;
}

// Every contact bonded in all four senses, every bond breakable: an ice packing frozen together,
// with strong bonds, 100 x Woo's default strengths (IceMat): c_n = 1e5 Pa = 1e-2 E, so a bond
// breaks in tension at the normal strain the packing's deepest overlaps reach in compression
// (1 % of a radius), and c_t = c_w = 0.1 c_n, c_r = 0.01 c_n as Woo's ratios. In the contact step
// the bonds hold (the packing barely moves). In the kernel the contacts whose motion loads a spring
// past its strength break in the first sweep and slip from then on: 47 % of the 1e4 contacts,
// the other 53 % keep all four bonds (counted; at Woo's strengths 93 % break), so both of the
// law's paths are timed.
LawFixture<IceLaw<double>> bench_fixture(std::type_identity<IceLaw<double>>) {
  LawFixture<IceLaw<double>> f;
  f.material.bonded = ice_all_senses;
  f.material.c_n = 1e5;
  f.material.c_t = 1e4;
  f.material.c_w = 1e4;
  f.material.c_r = 1e3;
  return f;
}

// Exudyn's default impact model (0, Edinburgh elasto-plastic) with Hertz's exponent and stiffness
// for two of the packing's mean spheres: k = 4/3 E* sqrt(R*), E* = E / (2 (1 - nu^2)) = 5.5e6 Pa
// for E = 1e7 Pa, nu = 0.3, R* = r0 / 2 = 0.025 m: k = 1.16e6 N/m^1.5. Plasticity ratio 0.5
// (d_p^n = lambda_P d_max^n), friction 0.5 (FrictMat's tanPhi), viscous damping at 10 % of
// critical for the reduced mass of two r0 spheres (m* = 0.68 kg) on the contact's tangent
// stiffness at 1 % overlap (1.5 k sqrt(5e-4 m) = 3.9e4 N/m): d_c = 2 0.1 sqrt(3.9e4 0.68) = 33 N s/m.
LawFixture<ExudynLaw<double>> bench_fixture(std::type_identity<ExudynLaw<double>>) {
  LawFixture<ExudynLaw<double>> f;
  f.law.impact_model = 0;
  f.law.stiffness_exponent = 1.5;
  f.law.contact_stiffness = 1.16e6;
  f.law.plasticity_ratio = 0.5;
  f.law.dynamic_friction = 0.5;
  f.law.contact_damping = 33;
  return f;
}

[[maybe_unused]] const bool registered = [] {
  std::apply(
      [](auto... law) {
        (register_law_benchmarks(decltype(law)::name, bench_fixture(std::type_identity<decltype(law)>{})), ...);
      },
      BuiltinLaws{});
  return true;
}();

}  // namespace
}  // namespace lawcheck::bench
