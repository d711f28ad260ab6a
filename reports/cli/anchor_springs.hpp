#pragma once
// A scene's springs (cli/scene.hpp, "springs"): a linear spring from a body's centre x to a fixed
// anchor a, of stiffness k and rest length L0,
//   F = -k (|x - a| - L0) (x - a)/|x - a|     (L0 = 0: F = -k (x - a), defined everywhere)
//   V = 1/2 k (|x - a| - L0)^2,                F = -grad V.
// Both are evaluated at x_n, the positions the step's contact forces see, and V_n joins the ledger
// at t_n (dynamics/energy_ledger.hpp): its kinetic term K_n - K_{n-1} is the trapezoid
// 1/2 (F_{n-1} + F_n) . (x_n - x_{n-1}), exact for a force linear in x, so with L0 = 0 the
// springs' energy closes the balance to rounding; with L0 > 0 the force is not linear in x off
// the line and the trapezoid errs by O(dt^2), as for a contact.
// A spring with L0 > 0 whose body sits on its anchor has no direction: the run stops there
// (StateError naming the body and the step).

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli/scene.hpp"
#include "dynamics/state_error.hpp"

namespace lawcheck::cli {

// Sets `out` to the springs' forces at the positions `pos` and returns their energy V_n.
inline double anchor_spring_forces(const std::vector<AnchorSpring>& springs, const std::vector<Vec3d>& pos,
                                   const std::vector<SceneBody>& bodies, std::uint64_t step,
                                   std::vector<SceneSimulation::ExternalForce>& out) {
  out.clear();
  double energy = 0;
  for (const AnchorSpring& s : springs) {
    const Vec3d d = pos[s.body] - s.anchor;
    Vec3d f;
    double stretch;
    if (s.rest_length == 0) {
      f = -s.stiffness * d;
      stretch = d.norm();
    } else {
      const double len = d.norm();
      if (!(len > 0))
        throw StateError(fmt::format("body \"{}\": its spring of rest length {} has zero length at step {}: the force "
                                     "has no direction",
                                     bodies[s.body].id, s.rest_length, step));
      stretch = len - s.rest_length;
      f = (-s.stiffness * stretch / len) * d;
    }
    const double v = s.stiffness / 2 * stretch * stretch;
    if (!f.allFinite() || !std::isfinite(v))
      throw StateError(fmt::format("body \"{}\": spring force or energy non-finite at step {}", bodies[s.body].id, step));
    energy += v;
    out.push_back({s.body, f});
  }
  return energy;
}

}  // namespace lawcheck::cli
