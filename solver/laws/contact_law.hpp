#pragma once
// The interface every contact law meets (DESIGN.md, seed 001 step 3): a small value type with
// its parameters, a per-contact State type, the Phys it consumes, and a pure step function.
// step<TrackEnergy> is a template so that energy bookkeeping costs nothing when off: the choice
// is made once per batch of contacts, not per contact. rebind<S> gives the same law over another
// scalar, so a suite can run it in double and in HighPrecision.

#include <concepts>

#include "geometry/local_geom.hpp"
#include "laws/local_response.hpp"

namespace lawcheck {

template <class L>
concept ContactLaw = requires(const L& law, const LocalGeom<typename L::Scalar>& g,
                              const typename L::Phys& ph, typename L::State& s,
                              const typename L::Scalar& dt) {
  typename L::template rebind<double>;
  { law.template step<true>(g, ph, s, dt) } -> std::same_as<LocalResponse<typename L::Scalar>>;
  { law.template step<false>(g, ph, s, dt) } -> std::same_as<LocalResponse<typename L::Scalar>>;
  { law.elastic_energy(g, ph, s) } -> std::convertible_to<typename L::Scalar>;
};

}  // namespace lawcheck
