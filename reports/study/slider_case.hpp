#pragma once
// slider_dynamic (issue 5): the full solver (contact detection, geometry, law, leapfrog with
// energy ledger) on a sphere with blocked rotation, resting on a wall under gravity at its static
// overlap and launched tangentially; it slides, stops, and keeps oscillating elastically on the
// tangential spring without slipping again. The dynamic-sliding oracle (oracles/dynamic_sliding.hpp,
// case (a)) gives the exact dissipation m v0^2/2 - fy^2/(2 kt). Run at four time steps with each
// dissipation formula; reported: the booked plastic dissipation and the residual of the ledger's
// energy balance (kinetic + gravity + elastic + plastic, relative to its start).

#include "study/dissipation_study.hpp"

namespace lawcheck::reports {

struct SliderParams {
  double radius = 0.01;     // [m]
  double density = 2600;    // [kg/m^3]
  double young = 1e7;       // [Pa]
  double kt_div_kn = 0.2;
  double tan_phi = 0.5;
  double gravity = 9.81;    // [m/s^2]
  double v0 = 0.1;          // launch speed [m/s]
  double duration = 0.03;   // simulated time [s]: sliding stops near 0.02 s
  std::vector<int> steps{256, 1024, 4096, 16384};  // time steps over `duration`
};

// CaseResult with rows per (steps, formula); loops hold the energy components over time.
CaseResult run_slider_dynamic(const SliderParams& p = {});

}  // namespace lawcheck::reports
