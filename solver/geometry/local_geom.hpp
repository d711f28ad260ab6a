#pragma once
// What contact geometry hands to the law (seed 001, step 1; Woo's L6Geom): the contact seen in
// contact-local coordinates, 3 translations and 3 rotations.
//
// Conventions (seed 000 "Contact response", stated once for the whole solver):
// - local axis x is the contact normal, pointing from particle 1 to particle 2; y and z are the
//   two tangent axes. The frame is stored per contact and transported with the pair, so a
//   tangential force kept in local coordinates follows a rigid rotation of the pair.
// - uN is the normal displacement: negative in compression (overlap), positive in separation.
// - vel and ang_vel are the velocity and angular velocity of particle 2 relative to particle 1
//   at the contact point, at the half step t_{n-1/2} (leapfrog), in the axes of the mid-step
//   frame (ContactFrame::mid, halfway between the frames of t_{n-1} and t_n; contact_frame.hpp).
// The effective lengths and the connector's area (Woo's L6Geom.lens and contA) are not here: they
// are creation data, handed to the law's make_phys once (ContactCreation, contact_lengths.hpp),
// and no law's step reads them (24 bytes less per contact in ContactBatch).

#include "core/vector_types.hpp"

namespace lawcheck {

template <class R>
struct LocalGeom {
  R uN{0};
  Vec3<R> vel = Vec3<R>::Zero();
  Vec3<R> ang_vel = Vec3<R>::Zero();
};

}  // namespace lawcheck
