// Oracle 7 (frictional impact): the dissipation summed phase by phase equals the energy route, and
// the oracle's own tangential path, fed to the integrated 2D oracle (which decides stick and slip
// by itself), gives the same dissipation and force: the dynamics and the constitutive law agree.
#include <gtest/gtest.h>

#include <boost/math/constants/constants.hpp>

#include "agreement.hpp"
#include "oracles/coulomb_slip_2d.hpp"
#include "oracles/frictional_impact.hpp"

namespace lawcheck::oracles::frictional_impact_oracle_test {
namespace {

using testing::expect_agree;
using testing::kThirtyDigits;

// A 1 cm sphere (density 2600, E = 1e7 Pa on a wall: kn = pi E r/2, kt = 0.2 kn, tanPhi = 0.5)
// at vn = 0.1 m/s: tanPhi kn vn = 7854 N/s against kt vt = 3142 vt/0.1 N/s.
FrictionalImpactInput sphere(const char* vt) {
  const Real pi = boost::math::constants::pi<Real>();
  const Real r("0.01"), kn = pi * Real("1e7") * r / 2;
  return {Real(4) / 3 * pi * r * r * r * 2600, kn, kn / 5, Real("0.5"), Real("0.1"), Real(vt)};
}

TEST(FrictionalImpactOracle, PhaseByPhaseDissipationEqualsTheEnergyRoute) {
  for (const char* vt : {"0.1", "0.3", "-0.05", "1"}) {
    const FrictionalImpactResult r = frictional_impact(sphere(vt));
    std::cout << "vt = " << vt << ": " << r.switches << " switches, v(T) = " << to_string(r.tangential_speed, 20) << "\n";
    expect_agree("dissipation phases vs energy", r.dissipation, r.energy_dissipation, kThirtyDigits);
    EXPECT_GT(r.dissipation, 0);
  }
}

TEST(FrictionalImpactOracle, ItsPathThroughTheIntegrated2dOracleGivesTheSameDissipation) {
  for (const char* vt : {"0.1", "0.3"}) {
    const FrictionalImpactInput in = sphere(vt);
    const FrictionalImpactResult r = frictional_impact(in);
    const FrictionalImpactHistory h = frictional_impact_history(in);
    // Collinear path along x; at t = 0 fy = 0, so the 2D oracle starts just after, from the
    // oracle's own state (|F| <= fy there).
    Path2d path = [&](const Real& t) {
      const auto s = h(t);
      return PathPoint{{s.u, Real(0)}, {s.v, Real(0)}, s.fy, s.dfy};
    };
    const Real t0 = r.contact_time * Real("1e-6"), t1 = r.contact_time * Real("0.999999");
    Slip2dOptions o;
    o.tolerance = Real("1e-20");
    o.initial_force = {h(t0).force, Real(0)};
    const Slip2dResult i = coulomb_slip_2d(path, in.kt, t0, t1, o);
    // The 1D dissipation over [t0, t1]: the energy route on that window.
    const auto a = h(t0), b = h(t1);
    const Real d = in.mass * (a.v * a.v - b.v * b.v) / 2 - (b.force * b.force - a.force * a.force) / (2 * in.kt);
    // The integrated oracle's stated accuracy (its self-test's bound): steps * tol / 100 + tol.
    const Real allowed = (Real(i.steps) / 100 + 1) * o.tolerance;
    std::cout << "vt = " << vt << ": 2D oracle " << i.switches << " switches, " << i.steps << " steps\n";
    expect_agree("dissipation: dynamics vs integrated law", d, i.dissipation, allowed * 10);
    const Real fscale = in.tan_phi * in.kn * in.vn / sqrt(in.kn / in.mass);
    EXPECT_LE(abs(b.force - i.force[0]) / fscale, allowed * 10);
    EXPECT_EQ(i.switches, r.switches);  // the same stick/slip phases, found independently
  }
}

TEST(FrictionalImpactOracle, BadInputThrowsNamingTheField) {
  FrictionalImpactInput in = sphere("0.1");
  in.vn = 0;
  EXPECT_THROW(frictional_impact(in), std::invalid_argument);
  in = sphere("0.1");
  in.kt = -1;
  EXPECT_THROW(frictional_impact(in), std::invalid_argument);
}

}  // namespace
}  // namespace lawcheck::oracles::frictional_impact_oracle_test
