// The property kit instantiated for the Ice law (seed 002, solver/laws/ice_law.hpp; issue 10
// must-show 4), by capability (ice_subject.hpp): any law (double vs 50 digits on every
// configuration, up to a break decided within rounding of its limit; isotropy; extreme inputs),
// symmetry and objectivity of forces and torques, elastic energy, Coulomb-bounded shear (the
// kit's suite) plus the twist and rolling limits (below: the Coulomb bound in each sense),
// rotational, breakable. No oracle suite here: the per-sense 1D oracles are must-show 2
// (solver/tests/ice_law_test.cpp).
#include <algorithm>
#include <cmath>

#include <rapidcheck.h>

#include "ice_subject.hpp"
#include "law_property_suite.hpp"

namespace lawcheck::properties {

// The Coulomb bound of the rotational senses, unbonded, after every step of six-DoF paths in
// compression: |Tw| <= a |min(0,Fn)| tanPhi and |Tr| <= a |min(0,Fn)| mu, a = sqrt(A/pi).
// Tolerance: the twist's return sets Tw = +-y with y computed as here (lever * |Fn| * tanPhi, the
// same operations on the same numbers), so |Tw| <= y exactly; the rolling torque is scaled by
// y / |trial| as the shear force is: <= 8 eps relative (coulomb_properties.hpp), no absolute
// slack (y = 0 must give T = 0).
void twist_and_rolling_torques_stay_within_their_coulomb_bounds() {
  using S = IceSubject;
  const auto c = draw_case<S>(gen::Range::typical);
  const auto law = S::bounded(c.law);
  const auto spec = *gen::path_6d();
  const auto run = run_in_compression(c, law, spec);
  double worst_w = 0;
  double worst_r = 0;
  for (std::size_t k = 0; k <= run.steps(); ++k) {
    const auto& r = run.response[k];
    const double fn = r.force.x();
    const double neg_fn = fn < 0 ? -fn : 0.0;
    const double wyld = c.phys.lever * neg_fn * c.phys.tan_phi;
    const double ryld = c.phys.lever * neg_fn * c.phys.mu;
    const double tw = std::abs(r.torque.x());
    const double tr = r.torque.tail<2>().norm();
    RC_ASSERT(tw <= wyld);
    RC_ASSERT(tr <= ryld * (1 + 8 * eps));
    if (wyld > 0) worst_w = std::max(worst_w, tw / wyld);
    if (ryld > 0) worst_r = std::max(worst_r, tr / ryld);
  }
  RC_CLASSIFY(run.dissipated.back() > 0, "slipped");
  measure("|Tw| / (a |Fn| tanPhi)", worst_w);
  measure("|Tr| / (a |Fn| mu)", worst_r);
}

}  // namespace lawcheck::properties

using lawcheck::properties::IceBreakableSubject;
using lawcheck::properties::IceSubject;

// The general suite: its 50-digit comparison stops at the first break decided within rounding
// of its limit (IceSubject::decisions, general_properties.hpp).
LAWCHECK_GENERAL_PROPERTY_SUITE(IceLawProperty, IceSubject)
LAWCHECK_GEOMETRY_PROPERTY_SUITE(IceLawProperty, IceSubject)
LAWCHECK_ELASTIC_ENERGY_PROPERTY_SUITE(IceLawProperty, IceSubject)
LAWCHECK_COULOMB_PROPERTY_SUITE(IceLawProperty, IceSubject)
LAWCHECK_PROPERTY(IceLawProperty, TwistAndRollingTorquesStayWithinTheirCoulombBoundsAfterEveryStep,
                  &::lawcheck::properties::twist_and_rolling_torques_stay_within_their_coulomb_bounds)
LAWCHECK_ROTATIONAL_PROPERTY_SUITE(IceLawProperty, IceSubject)
LAWCHECK_PASSIVITY_PROPERTY_SUITE(IceLawProperty, IceSubject)
LAWCHECK_BREAKABLE_PROPERTY_SUITE(IceLawProperty, IceBreakableSubject)
