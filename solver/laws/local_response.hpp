#pragma once
// What a law returns for one contact and one step (seed 001 step 3).
// force/torque: acting on particle 1, in local coordinates (x = normal, pointing 1 -> 2), torque
// about the contact point; particle 2 receives the opposite. With uN < 0 in compression and
// Fn = kn uN < 0, Fn along +x pushes particle 1 away from particle 2.

#include "core/vector_types.hpp"

namespace lawcheck {

template <class R>
struct LocalResponse {
  Vec3<R> force = Vec3<R>::Zero();
  Vec3<R> torque = Vec3<R>::Zero();
  R dissipation{0};     // energy dissipated by the law during this step (only when tracked)
  bool broken = false;  // the contact ceases to exist; its state has been reset
};

}  // namespace lawcheck
