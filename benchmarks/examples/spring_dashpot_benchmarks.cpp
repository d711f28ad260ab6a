// How a project of its own benchmarks its law (benchmarks/law_benchmarks.hpp): a fixture with
// the law's parameters and material, one registration, and in its CMakeLists.txt
//   lawcheck_add_law_benchmarks(TARGET spring_dashpot_benchmarks
//     SOURCES spring_dashpot_benchmarks.cpp LAWS spring_dashpot BASELINE ${CMAKE_CURRENT_SOURCE_DIR}/baseline.json)
// lawcheck builds this one itself, so that the path a law outside the tree takes is compiled and
// smoke-run with every build.

#include "law_benchmarks.hpp"
#include "spring_dashpot_law.hpp"

namespace {

using lawcheck::examples::SpringDashpotLaw;

[[maybe_unused]] const bool registered = [] {
  lawcheck::benchmarks::LawFixture<SpringDashpotLaw<double>> fixture;  // the law's defaults
  lawcheck::benchmarks::register_law_benchmarks(SpringDashpotLaw<double>::name, fixture);
  return true;
}();

}  // namespace
