// The spring-dashpot law through lawcheck's benchmark suites: law_kernel/spring_dashpot/n:<N>/...
// and contact_step/spring_dashpot/spheres:<N>, ns per contact (lawcheck's benchmarks/
// law_benchmarks.hpp). A dashpot of a tenth of critical for the kernel's contacts.
#include "law_benchmarks.hpp"
#include "spring_dashpot/spring_dashpot_law.hpp"

namespace {

[[maybe_unused]] const bool registered = [] {
  lawcheck::benchmarks::LawFixture<spring_dashpot::SpringDashpotLaw<double>> fixture;
  fixture.law.damping = 0.1;
  lawcheck::benchmarks::register_law_benchmarks(spring_dashpot::SpringDashpotLaw<double>::name, fixture);
  return true;
}();

}  // namespace
