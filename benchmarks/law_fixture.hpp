#pragma once
// What the law-kernel and contact-step suites (law_benchmarks.hpp) need from a law: the law value
// with its parameters, a material of the law, and the scales of the contacts the kernel makes up.
// Every default is the linear law's packing's (sphere_packing.hpp), so a fixture names only what
// its law adds.
//
// Law kernel contacts, one sphere pair each (seeded, the same for every law):
//   radii      r1, r2 uniform in [radius_min, radius_max]
//   overlap    uN = -min(r1, r2) 10^u, u uniform in [log10 overlap_min, log10 overlap_max]
//   motion     the relative velocity moves the contact point by m |uN| per step, m log-uniform in
//              [motion_min, motion_max], in a direction uniform on the sphere: |vel| = m |uN| / dt;
//              the relative spin, drawn the same way with its own m and direction, turns the
//              smaller sphere's surface by that much: |ang_vel| = m |uN| / (min(r1, r2) dt)
//   physics    law.make_phys(material, material, creation), state law.initial_state(creation, ...),
//              creation = {uN, contact_lengths of the two spheres} (the solver's own rules)
// Motion relative to the overlap makes the mix of a law's branches scale-free. For the linear law
// with FrictMat's defaults a step from rest slips when its tangential motion m sin(theta) |uN|
// (theta from the normal) loads the spring past the yield: kt m sin(theta) > tanPhi kn, i.e.
// m sin(theta) > 2.5; under the alternating sweeps (law_kernel_suite.hpp) a contact keeps slipping
// only past twice that, m sin(theta) > 5 (it then overshoots the yield both ways). Over the
// default draw (motion in [1e-3, 10]) that is 12 % of the contacts in the first sweep and 5 % in
// every sweep (Monte Carlo of the two draws; counted in the 1e4-contact kernel: 11.4 % and 4.4 %):
// mostly sticking, as in a dense packing under load, which moves ~1e-3 of its overlaps per step;
// a collisional flow moves ~1 and more.

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "laws/contact_law.hpp"
#include "sphere_packing.hpp"

namespace lawcheck::benchmarks {

template <SolverLaw Law>
struct LawFixture {
  Law law{};
  // Of both spheres of a kernel contact, and of every sphere and wall of the contact step's packing.
  typename Law::Material material{};

  double radius_min = 0.8 * bench::packing_mean_radius;  // [m]
  double radius_max = 1.2 * bench::packing_mean_radius;  // [m]
  double overlap_min = 1e-4;                              // of the smaller radius [-]
  double overlap_max = 1e-2;                              // the packing's deepest ~1 %
  double motion_min = 1e-3;                               // per step, of the overlap [-]
  double motion_max = 10;
  // The kernel's step [s]: of the order of the packing's (half its p-wave estimate,
  // 0.04 m sqrt(2600 / 1e7) / 2 = 3.2e-4 s for the smallest sphere).
  double time_step = 1e-4;

  // Throws std::invalid_argument naming the field and its value (registration calls it, so a bad
  // fixture stops the benchmark binary before any run).
  void validate() const {
    law.validate();
    material.validate("fixture.material");
    const auto require = [](bool ok, const char* field, double value, const char* what) {
      if (!ok || !std::isfinite(value))
        throw std::invalid_argument(fmt::format("fixture.{} = {}: {}", field, value, what));
    };
    require(radius_min > 0, "radius_min", radius_min, "must be positive");
    require(radius_max >= radius_min, "radius_max", radius_max, "must be at least radius_min");
    require(overlap_min > 0, "overlap_min", overlap_min, "must be positive");
    require(overlap_max >= overlap_min && overlap_max < 1, "overlap_max", overlap_max,
            "must be in [overlap_min, 1)");
    require(motion_min > 0, "motion_min", motion_min, "must be positive");
    require(motion_max >= motion_min, "motion_max", motion_max, "must be at least motion_min");
    require(time_step > 0, "time_step", time_step, "must be positive");
  }
};

}  // namespace lawcheck::benchmarks
