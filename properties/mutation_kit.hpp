#pragma once
// The kit's teeth as a library: the fast property set of a subject (the suites of its
// capabilities, law_property_suite.hpp, without the 2D oracle (~1.5 min) and the dynamic impact
// bands), run programmatically (rc::detail::checkTestable through check_property, so a failing
// property does not fail the calling test). A law's mutation test (mutation_test.cpp for the
// kit's own mutant families; a law's own file for its mutants, hertz_mindlin_mutation_test.cpp)
// runs the set on each mutant -- extended by the law's own properties where they are what
// catches it -- and asserts that the properties designed to catch it are among those that do.

#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "law_property_suite.hpp"
#include "property_runner.hpp"

namespace lawcheck::properties {

struct KitProperty {
  std::string name;
  std::function<void()> check;
};

// The fast property set of a subject (header).
template <LawSubject S>
std::vector<KitProperty> fast_kit() {
  std::vector<KitProperty> kit = {
      {"PrecisionSeparation", &double_and_fifty_digit_runs_agree_to_rounding<S>},
      {"Isotropy", &turning_the_path_about_the_normal_turns_the_response<S>},
      {"Robustness", &extreme_valid_inputs_stay_finite_and_keep_every_property<S>},
      {"Symmetry", &swapping_the_particles_gives_opposite_forces_and_equal_energies<S>},
      {"Objectivity", &a_rigid_motion_leaves_local_forces_unchanged_and_rotates_global_ones<S>},
  };
  if constexpr (ElasticEnergySubject<S>) {
    kit.push_back({"ElasticWorkEqualsEnergy", &work_on_an_elastic_path_equals_the_stored_elastic_energy<S>});
    kit.push_back({"ClosedLoopEnergy", &closed_elastic_loop_returns_the_same_energy<S>});
  }
  if constexpr (CoulombBoundedSubject<S>) {
    kit.push_back({"CoulombBound", &tangential_force_stays_within_coulomb_bound<S>});
    kit.push_back({"DissipationMonotone", &dissipation_is_never_negative_and_never_decreases<S>});
    kit.push_back({"DissipationZeroInside", &dissipation_is_zero_inside_the_yield_surface<S>});
    kit.push_back({"EnergyBalance1D", &work_equals_stored_energy_plus_dissipation_on_1d_paths<S>});
    kit.push_back({"Oracle1D", &slip_1d_matches_the_exact_oracle<S>});
  }
  if constexpr (RotationalSubject<S>) {
    kit.push_back({"RotationalWork", &torque_work_on_an_elastic_path_equals_the_stored_rotational_energy<S>});
    kit.push_back({"ClosedSixDofLoop", &closed_six_dof_elastic_loop_returns_the_same_energy<S>});
  }
  if constexpr (TorqueFreeSubject<S>)
    kit.push_back({"ZeroTorque", &a_law_without_rotational_stiffness_returns_exactly_zero_torque<S>});
  kit.push_back({"StepwiseDissipation", &every_dissipated_kind_grows_step_by_step<S>});
  kit.push_back({"Passivity", &an_unloaded_contact_driven_along_any_path_absorbs_work<S>});
  kit.push_back({"LedgerCloses", &the_energy_ledger_closes_as_the_path_is_refined<S>});
  if constexpr (BreakableSubject<S>) {
    kit.push_back({"BreaksInTension", &a_contact_breaks_exactly_when_pulled_into_tension_unless_no_break<S>});
    kit.push_back({"ReleasedEnergy", &a_break_releases_exactly_what_closes_the_ledger_of_its_step<S>});
    kit.push_back({"RemadeFromInitialState", &a_contact_made_again_after_a_break_starts_from_the_initial_state<S>});
    if constexpr (ElasticEnergySubject<S>)
      kit.push_back({"NoBreakTensionEnergy", &a_no_break_contact_in_tension_stores_the_work_done<S>});
  }
  return kit;
}

inline bool rejects(const KitProperty& p, bool verbose) {
  const auto result = check_property("mutant/" + p.name, p.check, test_params());
  rc::detail::FailureResult failure;
  const bool failed = result.match(failure);
  if (verbose) {
    if (failed) {
      std::cout << "--- " << p.name << " REJECTS the law:\n";
      rc::detail::printResultMessage(result, std::cout);
      std::cout << "\n\n";
    } else {
      std::cout << "--- " << p.name << " passes it\n";
    }
  }
  return failed;
}

// Names of the properties of `kit` that reject the law now built by the subject's generators;
// printed with their counterexamples.
inline std::vector<std::string> names_rejecting(const std::vector<KitProperty>& kit) {
  std::vector<std::string> rejecting;
  for (const auto& p : kit)
    if (rejects(p, true)) rejecting.push_back(p.name);
  std::cout << "rejected by " << rejecting.size() << " of " << kit.size() << " fast properties:";
  for (const auto& n : rejecting) std::cout << ' ' << n;
  std::cout << std::endl;
  return rejecting;
}

// The first property of `kit` that rejects the law, or "" if none does.
inline std::string first_rejecting_of(const std::vector<KitProperty>& kit) {
  for (const auto& p : kit)
    if (rejects(p, false)) return p.name;
  return "";
}

}  // namespace lawcheck::properties
