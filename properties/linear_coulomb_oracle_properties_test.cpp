// The linear Cundall law and the solver's stiffness rules against the high-precision oracles.
#include <array>

#include "law_property_suite.hpp"
#include "linear_coulomb_subject.hpp"

LAWCHECK_COULOMB_ORACLE_PROPERTY_SUITE(LinearCoulombLawProperty, lawcheck::properties::LinearCoulombSubject)

LAWCHECK_PROPERTY(StiffnessProperty, SolverStiffnessMatchesTheOracleToOnePartIn1e13,
                  &lawcheck::properties::stiffness_matches_the_oracle)

// The 2D oracle property's path takes sin and cos of 2 pi k s from those of 2 pi s by angle
// addition: it equals the per-mode sines to 45 digits (a few roundings in the 50th), and its
// rates stay within the bound it passes to the oracle.
TEST(OraclePath2d, AngleAdditionEqualsTheSinesOfEveryModeAndRatesStayWithinTheStatedBound) {
  using lawcheck::oracles::Real;
  lawcheck::properties::SmoothSpec spec;
  for (const auto [k, n, y, z] : {std::array{3, 1, -4, 2}, {1, -1, 3, 0}, {2, 0, 1, -4}, {3, -1, 0, 4}}) {
    lawcheck::properties::Mode m;
    m.k = k, m.n = n, m.y = y, m.z = z;
    spec.modes.push_back(m);
  }
  const double scale = 2e-6, fy0 = 0.7, kt = 3e5;
  const auto path = lawcheck::properties::oracle_path(spec, scale, fy0);
  const double bound = lawcheck::properties::oracle_gap_rate_bound(spec, scale, fy0, kt);
  const Real two_pi = boost::math::constants::two_pi<Real>();
  for (int j = 0; j <= 40; ++j) {
    const Real s = Real(j) / 37;
    Real u0 = 0, u1 = 0, du0 = 0, du1 = 0, fy = fy0, dfy = 0;
    for (const auto& m : spec.modes) {
      const Real w = two_pi * m.k, sn = sin(w * s), cs = cos(w * s);
      u0 += Real(scale * m.y) * sn;
      u1 += Real(scale * m.z) * sn;
      du0 += Real(scale * m.y) * w * cs;
      du1 += Real(scale * m.z) * w * cs;
      fy += Real(fy0) * m.n / 4 * sn;
      dfy += Real(fy0) * m.n / 4 * w * cs;
    }
    const auto p = path(s);
    // Sizes of the sums: amplitudes add up to < 9 scale (u) and < fy0 (fy); rates are <= 2 pi 3 times.
    const Real u_scale = scale * 9, du_scale = u_scale * two_pi * 3, fy_scale = fy0 * two_pi * 3;
    EXPECT_LT(abs(p.u[0] - u0) + abs(p.u[1] - u1), Real("1e-45") * u_scale) << "s = " << j << "/37";
    EXPECT_LT(abs(p.du[0] - du0) + abs(p.du[1] - du1), Real("1e-45") * du_scale) << "s = " << j << "/37";
    EXPECT_LT(abs(p.fy - fy) + abs(p.dfy - dfy), Real("1e-45") * fy_scale) << "s = " << j << "/37";
    EXPECT_LE(kt * sqrt(p.du[0] * p.du[0] + p.du[1] * p.du[1]) + abs(p.dfy), Real(bound)) << "s = " << j << "/37";
  }
}
