// The kit has teeth: run programmatically (rc::detail::checkTestable through check_property, so
// a failing property does not fail this test), the property suite must REJECT each deliberately
// wrong law of mutant_laws.hpp and the law configured with a non-decided dissipation formula.
// Each test prints which properties caught the mutant (with their shrunk counterexamples) and
// asserts that the property designed to catch it is among them.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "geometry_properties.hpp"
#include "law_properties.hpp"
#include "linear_coulomb_subject.hpp"
#include "mutant_laws.hpp"
#include "oracle_properties.hpp"
#include "property_runner.hpp"

namespace lawcheck::properties {
namespace {

struct KitProperty {
  std::string name;
  std::function<void()> check;
};

// The whole kit except the 2D oracle (tens of seconds; the 1D oracle and the energy balance are
// the cheap checks of the same slip behaviour).
template <LawSubject S>
std::vector<KitProperty> kit() {
  return {
      {"CoulombBound", &tangential_force_stays_within_coulomb_bound<S>},
      {"DissipationMonotone", &dissipation_is_never_negative_and_never_decreases<S>},
      {"DissipationZeroInside", &dissipation_is_zero_inside_the_yield_surface<S>},
      {"ElasticWorkEqualsEnergy", &work_on_an_elastic_path_equals_the_stored_elastic_energy<S>},
      {"ClosedLoopEnergy", &closed_elastic_loop_returns_the_same_energy<S>},
      {"EnergyBalance1D", &work_equals_stored_energy_plus_dissipation_on_1d_paths<S>},
      {"PrecisionSeparation", &double_and_fifty_digit_runs_agree_to_rounding<S>},
      {"Robustness", &extreme_valid_inputs_stay_finite_and_keep_every_property<S>},
      {"Oracle1D", &slip_1d_matches_the_exact_oracle<S>},
      {"Symmetry", &swapping_the_particles_gives_opposite_forces_and_equal_energies<S>},
      {"Objectivity", &a_rigid_motion_leaves_local_forces_unchanged_and_rotates_global_ones<S>},
  };
}

// Names of the properties that reject the subject's law.
template <LawSubject S>
std::vector<std::string> properties_rejecting() {
  const auto params = test_params();
  std::vector<std::string> rejecting;
  for (const auto& p : kit<S>()) {
    const auto result = check_property("mutant/" + p.name, p.check, params);
    rc::detail::FailureResult failure;
    if (result.match(failure)) {
      rejecting.push_back(p.name);
      std::cout << "--- " << p.name << " REJECTS the law:\n";
      rc::detail::printResultMessage(result, std::cout);
      std::cout << "\n\n";
    } else {
      std::cout << "--- " << p.name << " passes it\n";
    }
  }
  std::cout << "rejected by " << rejecting.size() << " of " << kit<S>().size() << " properties:";
  for (const auto& n : rejecting) std::cout << ' ' << n;
  std::cout << std::endl;
  return rejecting;
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

template <Mutation M>
using MutantSubject = CoulombSubject<MutantCoulombLaw<double, M>>;

TEST(PropertyKitRejects, ALawWithoutRadialReturn) {
  const auto r = properties_rejecting<MutantSubject<Mutation::no_radial_return>>();
  EXPECT_TRUE(contains(r, "CoulombBound"));
  EXPECT_TRUE(contains(r, "Oracle1D"));
}

TEST(PropertyKitRejects, ALawWithTheWrongSignOnTheTangentialIncrement) {
  const auto r = properties_rejecting<MutantSubject<Mutation::wrong_increment_sign>>();
  EXPECT_TRUE(contains(r, "ElasticWorkEqualsEnergy"));
  EXPECT_TRUE(contains(r, "EnergyBalance1D"));
  EXPECT_TRUE(contains(r, "Oracle1D"));
}

TEST(PropertyKitRejects, ALawWithASquareYieldSurface) {
  const auto r = properties_rejecting<MutantSubject<Mutation::square_yield_surface>>();
  EXPECT_TRUE(contains(r, "CoulombBound"));
}

TEST(PropertyKitRejects, ALawThatForgetsTheTangentialElasticEnergy) {
  const auto r = properties_rejecting<MutantSubject<Mutation::tangential_energy_forgotten>>();
  EXPECT_TRUE(contains(r, "ElasticWorkEqualsEnergy"));
  EXPECT_TRUE(contains(r, "EnergyBalance1D"));
}

// code_split is algebraically identical to elastic_difference (laws/plastic_dissipation.hpp), so
// this one case covers both formulas the dissipation study did not choose.
struct ElasticDifferenceSubject : LinearCoulombSubject {
  static rc::Gen<LinearCoulombLaw<double>> law() {
    LinearCoulombLaw<double> l;
    l.dissipation = PlasticDissipation::elastic_difference;
    return rc::gen::just(l);
  }
};

TEST(PropertyKitRejects, TheElasticDifferenceDissipationFormula) {
  const auto r = properties_rejecting<ElasticDifferenceSubject>();
  EXPECT_TRUE(contains(r, "EnergyBalance1D"));
  EXPECT_TRUE(contains(r, "Oracle1D"));
}

}  // namespace
}  // namespace lawcheck::properties
