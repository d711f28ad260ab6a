// The property kit instantiated for the Ice law (seed 002, solver/laws/ice_law.hpp), by capability
// (ice_subject.hpp): any law (double vs 50 digits on every
// configuration, up to a break decided within rounding of its limit; isotropy; extreme inputs),
// symmetry and objectivity of forces and torques, elastic energy, Coulomb-bounded shear (the
// kit's suite) plus the twist and rolling limits (below: the Coulomb bound in each sense),
// rotational, breakable. No oracle suite here: the per-sense 1D oracles are checked in
// solver/tests/ice_law_test.cpp.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>

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

// After a bond breaks, every sense obeys its unbonded limit: a break clears all four bonds at once
// (seed 002; laws/ice_law.hpp), so from the step that books the break on, the shear force, the
// twist and the rolling torque stay within |min(0,Fn)| tanPhi, a |min(0,Fn)| tanPhi and
// a |min(0,Fn)| mu, whatever was bonded or breakable before. Every configuration the subject
// draws (bonds and breakability per sense and side, cohesions 1e2 .. 9e9 Pa), six-DoF paths in
// compression (a bond breaks in shear, twist or rolling there). The break is seen from outside:
// the step that books `released` without removing the contact (the only such step of Ice, whose
// bond failure books what closes that step's ledger). Tolerances as the bounds above (a radial
// return: 8 eps relative; the twist's 1D return: exact).
template <class Law>
void after_a_break_every_sense_obeys_its_unbonded_limit() {
  using S = IceSubject;
  const auto c = draw_case<S>(gen::Range::typical);
  const Law law{c.law};
  const auto run = run_path(law, c.phys, to_path(*gen::path_6d(), c.scale), c.lengths);
  RC_ASSERT(!run.broken());
  bool broke = false;
  for (std::size_t k = 0; k <= run.steps(); ++k) {
    const auto& r = run.response[k];
    broke = broke || (!r.broken && r.dissipated[EnergyKind::released] != 0);
    if (!broke) continue;
    const double neg_fn = r.force.x() < 0 ? -r.force.x() : 0.0;
    const double fy = neg_fn * c.phys.tan_phi;
    const double wyld = c.phys.lever * neg_fn * c.phys.tan_phi;
    const double ryld = c.phys.lever * neg_fn * c.phys.mu;
    RC_ASSERT(r.force.template tail<2>().norm() <= fy * (1 + 8 * eps));
    RC_ASSERT(std::abs(r.torque.x()) <= wyld);
    RC_ASSERT(r.torque.template tail<2>().norm() <= ryld * (1 + 8 * eps));
  }
  RC_CLASSIFY(broke, "a bond broke");
}

// A deliberately wrong Ice law: at a break it keeps the twist bond (the other three go).
struct IceThatKeepsItsTwistBondAtABreak : IceKitLaw<double> {
  template <bool TrackEnergy>
  LocalResponse<double> step(const LocalGeom<double>& g, const Phys& ph, State& s, const double& dt) const {
    const std::uint8_t before = s.bonded;
    const auto r = IceKitLaw<double>::template step<TrackEnergy>(g, ph, s, dt);
    if (!r.broken && before != 0 && s.bonded == 0) s.bonded = static_cast<std::uint8_t>(before & ice_w);
    return r;
  }
};

}  // namespace lawcheck::properties

TEST(IcePropertyKitRejects, AnIceLawThatKeepsItsTwistBondAfterABreak) {
  using namespace lawcheck::properties;
  const auto result = check_property("IceMutant/KeepsTwistBond",
                                     &after_a_break_every_sense_obeys_its_unbonded_limit<IceThatKeepsItsTwistBondAtABreak>,
                                     test_params());
  rc::detail::printResultMessage(result, std::cout);
  std::cout << '\n';
  rc::detail::FailureResult failure;
  EXPECT_TRUE(result.match(failure)) << "the after-a-break property does not reject a law that keeps its twist bond";
}

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
LAWCHECK_PROPERTY(IceLawProperty, AfterABondBreaksEverySenseObeysItsUnbondedLimit,
                  &::lawcheck::properties::after_a_break_every_sense_obeys_its_unbonded_limit<
                      ::lawcheck::properties::IceKitLaw<double>>)
LAWCHECK_BREAKABLE_PROPERTY_SUITE(IceLawProperty, IceBreakableSubject)
