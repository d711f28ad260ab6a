#pragma once
// Benchmarks for any contact law (lawcheck::SolverLaw, solver/laws/contact_law.hpp): the law
// kernel and the contact step suites, registered for a law value and its fixture. From a project
// of its own (link lawcheck::benchmarks and benchmark::benchmark_main, or use
// lawcheck_add_law_benchmarks, cmake/lawcheck_benchmarks.cmake):
//
//   #include "law_benchmarks.hpp"
//   static const bool registered = [] {
//     lawcheck::benchmarks::LawFixture<MyLaw> f;   // law parameters, material, contact scales
//     f.law.stiffness = 2e6;
//     lawcheck::benchmarks::register_law_benchmarks("mylaw", f);
//     return true;
//   }();
//
// gives law_kernel/mylaw/n:<N>/energy:<0|1> (N = 1e3 .. 1e6) and contact_step/mylaw/spheres:<N>
// (N = 1e3 .. 1e5), each with an ns_per_contact counter (law_kernel_suite.hpp,
// contact_step_suite.hpp say what each times). The timed loops make no virtual call, allocation or
// shared_ptr per contact: the law is a template argument, the contacts live in arrays built before
// the loop.

#include <string_view>

#include "contact_step_suite.hpp"
#include "law_fixture.hpp"
#include "law_kernel_suite.hpp"

namespace lawcheck::benchmarks {

template <SolverLaw Law>
void register_law_benchmarks(std::string_view law_name, const LawFixture<Law>& fixture) {
  register_law_kernel_benchmarks(law_name, fixture);
  register_contact_step_benchmarks(law_name, fixture);
}

}  // namespace lawcheck::benchmarks
