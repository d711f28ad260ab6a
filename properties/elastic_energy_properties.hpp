#pragma once
// The elastic-energy suite (law_subject.hpp, ElasticEnergySubject): on an elastic path the work
// done on the contact equals the change of its stored elastic energy, and a closed elastic loop
// returns the energy it started with and takes zero net work. An elastic path is the drawn
// configuration made elastic (S::elastic) on any path in compression; for a Coulomb-bounded law
// also the law itself (friction limit on) on a path that stays inside its yield surface. The
// trapezoid work is exact on elastic steps of a linear law; rounding: law_case.hpp.

#include <cmath>

#include <rapidcheck.h>

#include "law_case.hpp"

namespace lawcheck::properties {

// An elastic configuration and a path for it: the elastic twin on `any` path, or, for a
// Coulomb-bounded law (half of the cases), the law with its limit on inside the yield surface.
template <ElasticEnergySubject S, class AnyPath, class Inside>
std::pair<typename S::Law, LoadingSpec> elastic_case(const LawCase<S>& c, AnyPath&& any, Inside&& inside) {
  if constexpr (CoulombBoundedSubject<S>) {
    const bool twin = *rc::gen::arbitrary<bool>();
    if (!twin) return {S::bounded(c.law), inside()};
  }
  return {S::elastic(c.law), any()};
}

template <ElasticEnergySubject S>
void work_on_an_elastic_path_equals_the_stored_elastic_energy() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto [law, spec] = elastic_case(
      c, [] { return *gen::path_2d(); }, [] { return LoadingSpec(*gen::path_inside_yield_surface()); });
  const auto run = run_in_compression(c, law, spec);
  check_elastic_balance(run, c.stiffness(), "|W - dE| / tolerance");
}

template <ElasticEnergySubject S>
void closed_elastic_loop_returns_the_same_energy() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto [law, spec] = elastic_case(
      c, [] { return *gen::closed_loop_2d(); },
      [] {
        auto inside = *gen::path_inside_yield_surface();
        inside.corners.push_back(Corner{4, 0, 0, inside.corners.back().steps});
        return LoadingSpec(inside);
      });
  const auto run = run_in_compression(c, law, spec);
  const double tol = energy_tolerance(run, c.stiffness());
  const double de = std::abs(run.elastic.back() - run.elastic.front());
  measure("|E_end - E_start| / tolerance", de / tol);
  measure("|W_loop| / tolerance", std::abs(run.work.back()) / tol);
  RC_ASSERT(de <= tol);
  RC_ASSERT(std::abs(run.work.back()) <= tol);
}

}  // namespace lawcheck::properties
