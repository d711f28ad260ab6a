#pragma once
// The one way to make what a law sees when one of its contacts is created (ContactCreation,
// geometry/contact_lengths.hpp): from the two bodies as a contact mechanics needs them (shape and
// size, mass) and the normal displacement at creation. The solver's contact creation
// (Simulation::create), the LawTester, the command line (lawtest scenarios, impact, scenes and
// their time-step estimate), the property kit and the benchmarks all call contact_creation, so a
// law that reads the bodies (Hertz-Mindlin's reduced mass and radius) sees the same numbers
// whichever surface drives it.
//
// The lengths and the area follow the stiffness rules (stiffness_rules.hpp, seed 000 eq. (2)); the
// radius of curvature of each side is curvature_radius (infinite for a flat shape); a body that
// does not move (all six DoFs blocked: a wall, a facet, a fixed particle) has infinite mass, so
// that a reduced mass m1 m2 / (m1 + m2) is the moving body's own.

#include <limits>
#include <numbers>

#include "geometry/contact_lengths.hpp"
#include "physics/stiffness_rules.hpp"

namespace lawcheck {

// One side of a contact at its creation.
struct ContactBody {
  ShapeSize shape;
  double mass;  // [kg]; infinite for a body that does not move
};

// A free sphere of radius r [m] and density rho [kg/m^3]: mass 4/3 pi r^3 rho.
inline ContactBody sphere_body(double radius, double density) {
  return {{ShapeKind::sphere, radius}, 4.0 / 3.0 * std::numbers::pi * radius * radius * radius * density};
}

// A body that does not move, of the given shape: infinite mass.
inline ContactBody fixed_body(ShapeSize shape) { return {shape, std::numeric_limits<double>::infinity()}; }

// A wall (a flat, fixed half-space).
inline ContactBody wall_body() { return fixed_body({ShapeKind::wall, 0}); }

inline ContactCreation contact_creation(const ContactBody& b1, const ContactBody& b2, double uN,
                                        StiffnessRules rules = {}) {
  return {uN, contact_lengths(b1.shape, b2.shape, uN, rules), b1.mass, b2.mass, curvature_radius(b1.shape),
          curvature_radius(b2.shape)};
}

}  // namespace lawcheck
