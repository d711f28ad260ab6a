#pragma once
// Stiffnesses a contact exposes to the stable time-step estimate (dynamics/time_step.hpp):
// translational [N/m] along the normal and each tangent, rotational [N m/rad] about the normal
// (twist) and each tangent (bending). Zero where the law has no spring in that sense.

namespace lawcheck {

struct ContactStiffness {
  double normal = 0;
  double tangential = 0;
  double twist = 0;
  double bending = 0;
};

}  // namespace lawcheck
