#pragma once
// Stiffnesses a contact exposes to the stable time-step estimate (dynamics/time_step.hpp):
// translational [N/m] along the normal and each tangent, rotational [N m/rad] about the normal
// (twist) and each tangent (bending). Zero where the law has no spring in that sense.
// damping [N s/m]: the normal force's derivative with respect to the normal relative velocity (a
// viscous term lowers the explicit limit below 2/omega; dynamics/time_step.hpp derives by how
// much). Zero for a law without one.

namespace lawcheck {

struct ContactStiffness {
  double normal = 0;
  double tangential = 0;
  double twist = 0;
  double bending = 0;
  double damping = 0;
};

}  // namespace lawcheck
