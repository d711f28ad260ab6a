// The Hertz-Mindlin law's kernel (laws/hertz_mindlin_law.hpp) against the closed forms it
// implements: the mixing of two materials, Hertz's force and energy, Mindlin's stiffness, the
// Coulomb cap, the rescale on unloading, the dashpot's coefficient, and its refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>

#include "core/high_precision.hpp"
#include "core/input_error.hpp"
#include "laws/hertz_mindlin_law.hpp"

namespace lawcheck::hertz_mindlin_law_test {

static_assert(ContactLaw<HertzMindlinLaw<HighPrecision>>);
static_assert(check_law_rules<HertzMindlinLaw<double>>());

namespace {

using Law = HertzMindlinLaw<double>;
constexpr double eps = std::numeric_limits<double>::epsilon();
constexpr double inf = std::numeric_limits<double>::infinity();

// Two unlike materials (steel-like and glass-like numbers) and two unlike spheres.
const HertzMindlinMat steel{2.1e11, 0.3, 7800, 0.4};
const HertzMindlinMat glass{6.3e10, 0.22, 2500, 0.6};
const double r1 = 0.01, r2 = 0.004, m1 = 3.2e-2, m2 = 6.7e-4;

ContactCreation spheres(double uN = 0) { return {uN, {r1, r2, 0}, m1, m2, r1, r2}; }
ContactCreation on_wall(double uN = 0) { return {uN, {r1, r1, 0}, m1, inf, r1, inf}; }

LocalGeom<double> at(double uN, Vec3d vel = Vec3d::Zero()) {
  LocalGeom<double> g;
  g.uN = uN;
  g.vel = vel;
  return g;
}

// E*, G*, R* and mu by hand from the header's formulas, each material's terms written out.
TEST(HertzMindlin, PhysicsMixesTwoMaterialsAsHertzAndMindlinAndTakesTheSmallerFriction) {
  const Law law;
  const auto ph = law.make_phys(steel, glass, spheres());
  const double e_star = 1 / ((1 - 0.09) / 2.1e11 + (1 - 0.0484) / 6.3e10);
  const double g_star = 1 / (2 * 1.7 * 1.3 / 2.1e11 + 2 * 1.78 * 1.22 / 6.3e10);
  const double r_star = r1 * r2 / (r1 + r2);
  std::printf("E* %.17g (hand %.17g), G* %.17g (hand %.17g), R* %.17g (hand %.17g), mu %g\n", ph.e_eff, e_star,
              ph.g_eff, g_star, ph.r_eff, r_star, ph.friction);
  // A few roundings of each sum of two quotients.
  EXPECT_NEAR(ph.e_eff, e_star, 8 * eps * e_star);
  EXPECT_NEAR(ph.g_eff, g_star, 8 * eps * g_star);
  EXPECT_NEAR(ph.r_eff, r_star, 4 * eps * r_star);
  EXPECT_EQ(ph.friction, 0.4);
  // Symmetric in the two materials (the sums commute: the same bits).
  const auto swapped = law.make_phys(glass, steel, {0, {r2, r1, 0}, m2, m1, r2, r1});
  EXPECT_EQ(swapped.e_eff, ph.e_eff);
  EXPECT_EQ(swapped.g_eff, ph.g_eff);
  EXPECT_EQ(swapped.r_eff, ph.r_eff);
  // A flat wall: R* is the sphere's radius.
  EXPECT_EQ(law.make_phys(steel, glass, on_wall()).r_eff, r1);
}

// F = 4/3 E* sqrt(R*) delta^(3/2) and E = 8/15 E* sqrt(R*) delta^(5/2), sphere-sphere and on a wall.
TEST(HertzMindlin, NormalForceAndEnergyAreHertzs) {
  const Law law;
  for (const ContactCreation& c : {spheres(), on_wall()}) {
    const auto ph = law.make_phys(steel, glass, c);
    for (double delta : {1e-7, 1e-5, 1e-4}) {
      auto s = law.initial_state(c, ph);
      const auto out = law.step<false>(at(-delta), ph, s, 1e-7);
      const double f = 4.0 / 3.0 * ph.e_eff * std::sqrt(ph.r_eff) * std::pow(delta, 1.5);
      const double e = 8.0 / 15.0 * ph.e_eff * std::sqrt(ph.r_eff) * std::pow(delta, 2.5);
      EXPECT_NEAR(out.force.x(), -f, 16 * eps * f) << "delta " << delta;
      EXPECT_NEAR(law.elastic_energy(at(-delta), ph, s), e, 16 * eps * e) << "delta " << delta;
      EXPECT_EQ(out.force.y(), 0);
    }
  }
}

// At fixed delta, n tangential steps of du build F_t = k_t n du with k_t = 8 G* sqrt(R* delta)
// below the cap; the ledger's trapezoid equals the energy change, nothing is booked.
TEST(HertzMindlin, StickingAtFixedOverlapBuildsMindlinsStiffnessAndBooksNothing) {
  const Law law;
  const auto ph = law.make_phys(steel, glass, spheres());
  const double delta = 1e-5, dt = 1e-7, v = 1e-4;
  auto s = law.initial_state(spheres(-delta), ph);
  const double kt = 8 * ph.g_eff * std::sqrt(ph.r_eff * delta);
  LocalResponse<double> out;
  double booked = 0;
  const int n = 10;
  for (int k = 0; k < n; ++k) {
    out = law.step<true>(at(-delta, {0, v, 0}), ph, s, dt);
    booked += out.dissipated.total();
  }
  // The dashpot is off (e = 1); the spring's force is the sum of n exact increments.
  EXPECT_NEAR(out.force.y(), kt * n * v * dt, 4 * n * eps * kt * n * v * dt);
  EXPECT_LT(std::abs(booked), 1e3 * eps * law.elastic_energy(at(-delta), ph, s));
  EXPECT_LT(std::abs(out.force.y()), ph.friction * std::abs(out.force.x()));  // stuck: below the cap
}

// A trial force above mu |F_n| slides at the cap, along the trial, and books positive slip.
TEST(HertzMindlin, SlidingHoldsTheTangentialForceAtMuTimesTheNormalForce) {
  const Law law;
  const auto ph = law.make_phys(steel, glass, spheres());
  const double delta = 1e-6, dt = 1e-6;
  auto s = law.initial_state(spheres(-delta), ph);
  const auto out = law.step<true>(at(-delta, {0, 3, 4}), ph, s, dt);
  const double cap = ph.friction * std::abs(out.force.x());
  EXPECT_NEAR(out.force.tail<2>().norm(), cap, 4 * eps * cap);
  EXPECT_NEAR(out.force.y() / out.force.z(), 0.75, 8 * eps);
  EXPECT_GT(out.dissipated[EnergyKind::plastic_shear], 0);
}

// Unloading at zero tangential velocity scales F_t by sqrt(delta_new/delta_old) = k_t ratio
// (Walton-Braun), and the cap follows the falling normal force down to touch.
TEST(HertzMindlin, UnloadingScalesTheTangentialForceWithTheContactRadiusAndKeepsItUnderTheCap) {
  const Law law;
  const auto ph = law.make_phys(steel, glass, spheres());
  const double delta = 1e-5, dt = 1e-7;
  auto s = law.initial_state(spheres(-delta), ph);
  law.step<false>(at(-delta, {0, 1e-3, 0}), ph, s, dt);  // sheared below the cap
  const double f0 = s.ft.x();
  const auto out = law.step<true>(at(-delta / 4), ph, s, dt);
  EXPECT_NEAR(out.force.y(), f0 / 2, 4 * eps * f0);
  EXPECT_GT(out.dissipated[EnergyKind::plastic_shear], 0);  // the spring's energy fell
  for (double d = delta / 4; d > delta * 1e-6; d /= 2) {
    const auto o = law.step<false>(at(-d), ph, s, dt);
    EXPECT_LE(std::abs(o.force.y()), ph.friction * std::abs(o.force.x()) * (1 + 4 * eps)) << "delta " << d;
  }
}

// beta = -ln e / sqrt(ln^2 e + pi^2): 0 at e = 1 (no dashpot), and the dashpot's force at the
// state's velocity is 2 sqrt(5/6) beta sqrt(S_n m*) v_n.
TEST(HertzMindlin, DashpotIsTheLiggghtsFormOfTheRequestedRestitution) {
  EXPECT_EQ(hertz_mindlin_beta(1), 0);
  const double l = std::log(0.2);
  EXPECT_NEAR(hertz_mindlin_beta(0.2), -l / std::sqrt(l * l + std::numbers::pi * std::numbers::pi), 4 * eps);
  Law law;
  law.restitution = 0.2;
  const auto ph = law.make_phys(steel, glass, spheres());
  const double delta = 1e-5, vn = -0.5;
  auto s = law.initial_state(spheres(-delta), ph);
  const auto out = law.step<false>(at(-delta, {vn, 0, 0}), ph, s, 1e-7);
  const double s_n = 2 * ph.e_eff * std::sqrt(ph.r_eff * delta);
  const double m_star = m1 * m2 / (m1 + m2);
  const double eta = 2 * std::sqrt(5.0 / 6.0) * hertz_mindlin_beta(0.2) * std::sqrt(s_n * m_star);
  const double hertz = 2.0 / 3.0 * s_n * delta;
  EXPECT_NEAR(out.force.x(), -hertz + eta * vn, 32 * eps * (hertz + eta * std::abs(vn)));
  // On a wall, m* is the sphere's mass.
  const auto wall = law.make_phys(steel, glass, on_wall());
  EXPECT_NEAR(wall.damping_scale, 2 * std::sqrt(5.0 / 6.0) * hertz_mindlin_beta(0.2) * std::sqrt(m1), 8 * eps);
}

// The stable step's inputs: the tangents and the dashpot at length/10 (header).
TEST(HertzMindlin, StiffnessReportsTheTangentsAndTheDashpotAtATenthOfTheSmallerRadius) {
  Law law;
  law.restitution = 0.5;
  const auto ph = law.make_phys(steel, glass, spheres());
  const auto k = law.stiffness(ph);
  const double a = std::sqrt(ph.r_eff * r2 / 10);
  EXPECT_NEAR(k.normal, 2 * ph.e_eff * a, 8 * eps * k.normal);
  EXPECT_NEAR(k.tangential, 8 * ph.g_eff * a, 8 * eps * k.tangential);
  EXPECT_NEAR(k.damping, ph.damping_scale * std::sqrt(k.normal) * 4.5, 8 * eps * k.damping);
}

TEST(HertzMindlin, RefusesBadParametersAndContactsWithoutBodiesNamingTheField) {
  auto field_of = [](auto&& f) {
    try {
      f();
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  Law law;
  law.restitution = 0;
  EXPECT_NE(field_of([&] { law.validate(); }).find("law.restitution"), std::string::npos);
  law.restitution = 1.5;
  EXPECT_NE(field_of([&] { law.validate(); }).find("law.restitution"), std::string::npos);
  law = Law{};
  law.tangential_damping = -1;
  EXPECT_NE(field_of([&] { law.validate(); }).find("law.tangentialDamping"), std::string::npos);
  HertzMindlinMat bad = steel;
  bad.poisson = 0.6;
  EXPECT_NE(field_of([&] { bad.validate("materials[0]"); }).find("materials[0].poisson"), std::string::npos);
  bad = steel;
  bad.friction = -0.1;
  EXPECT_NE(field_of([&] { bad.validate("materials[0]"); }).find("materials[0].friction"), std::string::npos);
  EXPECT_NE(field_of([&] { Law{}.make_phys(steel, glass, ContactCreation{0, {r1, r2, 0}}); }).find("contact"),
            std::string::npos);
  EXPECT_NE(field_of([&] { Law{}.make_phys(steel, glass, ContactCreation{0, {r1, r2, 0}, m1, inf, inf, inf}); })
                .find("two flat"),
            std::string::npos);
}

}  // namespace
}  // namespace lawcheck::hertz_mindlin_law_test
