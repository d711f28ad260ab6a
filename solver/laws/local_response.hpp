#pragma once
// What a law returns for one contact and one step (seed 001 step 3).
// force/torque: acting on particle 1, in local coordinates (x = normal, pointing 1 -> 2), torque
// about the contact point; particle 2 receives the opposite. With uN < 0 in compression and
// Fn = kn uN < 0, Fn along +x pushes particle 1 away from particle 2.
// dissipated: energy taken out of the mechanical balance during this step, by kind
// (laws/energy_kind.hpp); filled only when the caller tracks energy.

#include "core/vector_types.hpp"
#include "laws/energy_kind.hpp"

namespace lawcheck {

template <class R>
struct LocalResponse {
  Vec3<R> force = Vec3<R>::Zero();
  Vec3<R> torque = Vec3<R>::Zero();
  EnergySplit<R> dissipated;
  bool broken = false;  // the contact ceases to exist; its state has been reset

  R dissipation() const { return dissipated.total(); }
};

}  // namespace lawcheck
