// Seed 003, Exudyn's ObjectContactSphereSphere: the law's kernel through the LawTester
// -- model 0's branches, hysteresis area and pull-off, the regularised friction and its
// dissipation, the seed's claims on model 2 and on d_p, and bad parameters.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "core/high_precision.hpp"
#include "laws/exudyn_law.hpp"
#include "tester/law_tester.hpp"

namespace lawcheck::exudyn_law_test {

// The law runs in 50 digits too (the oracle comparisons below rely on it).
static_assert(ContactLaw<ExudynLaw<HighPrecision>>);

namespace {

constexpr double eps = std::numeric_limits<double>::epsilon();

// Powers of two make every prescribed position exact: du = v dt = 2^-30 m per step.
const double r = std::ldexp(1.0, -7), dt = std::ldexp(1.0, -20), v = std::ldexp(1.0, -10);
const double du = v * dt;

LawTesterSetup<ExudynMat> setup() {
  LawTesterSetup<ExudynMat> s;
  s.radii = {r, r};
  s.materials = {ExudynMat{2600}, ExudynMat{2600}};
  s.dt = dt;
  return s;
}

// Seed 003 model 2: "the two models are identical at e = 1/3" holds for chi (both 8/3) only with
// the second case read as 0 < e <= 1/3 and e_rep = e_res.
TEST(Exudyn, ModelTwoBranchesAgreeAtOneThirdToFiftyDigits) {
  const HighPrecision third = HighPrecision(1) / 3;
  const HighPrecision cm = HighPrecision(3) * (1 - third) * (11 - third) / (2 * (1 + 9 * third));
  const HighPrecision gonthier = (1 - third * third) / third;
  const HighPrecision used = exudyn_chi(2, third);
  std::printf("chi at e = 1/3: Carvalho-Martins %s, Gonthier %s, law %s\n", cm.str(20).c_str(),
              gonthier.str(20).c_str(), used.str(20).c_str());
  EXPECT_LT(abs(cm - HighPrecision(8) / 3), HighPrecision(1e-48));
  EXPECT_LT(abs(gonthier - HighPrecision(8) / 3), HighPrecision(1e-48));
  EXPECT_EQ(used, gonthier);  // e = 1/3 takes the Gonthier branch (e <= 1/3)
  // Just above 1/3 the Carvalho-Martins branch: continuous to first order.
  const HighPrecision above = third + HighPrecision(1e-30);
  EXPECT_LT(abs(exudyn_chi(2, above) - HighPrecision(8) / 3), HighPrecision(1e-28));
}

// Model 0, n = 1, lambda_P = 1/2 (k2 = 2 k_c): load to d1 ~ 2^-20 m, unload to ~d1/4, reload to
// ~5/4 d1 (the first record is at uN = 0). With d_p from the history maximum the force follows the virgin branch k_c d, the
// unloading branch k2 (d - d_p) and 0 below d_p (branch 3 with k_adh = 0), and the loop
// dissipates the closed-form area lambda_P k_c d_max^2 / 2. The seed's literal d_p = lambda^{1/n} d
// (current overlap) gives k2 (d - d_p) = k_c d for every d: one curve, nothing dissipated.
TEST(Exudyn, ModelZeroLoadUnloadReloadTracesThreeBranchesAndDissipatesTheHysteresisArea) {
  const double kc = 1e4, lp = 0.5, k2 = kc / (1 - lp);
  const std::vector<LawTesterStage> stages = {LawTesterStage::prescribed("load", {-v, 0, 0, 0, 0, 0}, "steps >= 1024"),
                                              LawTesterStage::prescribed("unload", {v, 0, 0, 0, 0, 0}, "steps >= 768"),
                                              LawTesterStage::prescribed("reload", {-v, 0, 0, 0, 0, 0}, "steps >= 1024")};
  for (PlasticOverlap rule : {PlasticOverlap::history, PlasticOverlap::current}) {
    ExudynLaw<double> law;
    law.impact_model = 0;
    law.contact_stiffness = kc;
    law.plasticity_ratio = lp;
    law.plastic_overlap = rule;
    LawTester<ExudynLaw<double>> t(law, setup(), stages);
    t.run();
    const auto& recs = t.records();
    double worst_branch = 0, largest_work = 0;
    int on_virgin = 0, on_unloading = 0, on_zero = 0;
    double d_max = 0;
    for (const auto& rec : recs) {
      const double d = -rec.u.x();
      d_max = std::max(d_max, d);
      const double dp = (rule == PlasticOverlap::history ? lp * d_max : lp * d);
      const double expected = std::clamp(k2 * (d - dp), 0.0, kc * d);
      worst_branch = std::max(worst_branch, std::abs(-rec.force.x() - expected) / (kc * d_max));
      if (expected == kc * d) ++on_virgin;
      else if (expected > 0) ++on_unloading;
      else ++on_zero;
      largest_work = std::max(largest_work, std::abs(rec.work));
    }
    const auto& last = recs.back();
    const double area = rule == PlasticOverlap::history ? lp * kc * d_max * d_max / 2 : 0.0;
    // Kinks (onset, d_p crossed twice, d_max crossed) each leave one trapezoid error <= k2 du^2/2,
    // plus rounding of the summed work (~8 eps per step of the work scale, energy_ledger.hpp).
    const double tol = 4 * k2 * du * du + 8 * eps * static_cast<double>(recs.size()) * largest_work;
    std::printf("%s: steps on branch 1/2/3 = %d/%d/%d, worst |F - branch|/(kc dmax) = %.2e\n",
                std::string(name_of(rule)).c_str(), on_virgin, on_unloading, on_zero, worst_branch);
    std::printf("   plastic booked %.10e J, closed-form area %.10e J, work - elastic %.10e J, balance %.2e J "
                "(tol %.2e J)\n",
                last.dissipated[EnergyKind::plastic_normal], area, last.work - last.elastic, last.balance_error(), tol);
    EXPECT_LT(worst_branch, 8 * eps);
    if (rule == PlasticOverlap::history) {
      EXPECT_GT(on_virgin, 0);
      EXPECT_GT(on_unloading, 0);
      EXPECT_GT(on_zero, 0);
      EXPECT_NEAR(last.dissipated[EnergyKind::plastic_normal], area, 64 * eps * area);
    } else {
      EXPECT_EQ(on_unloading, 0);  // the literal reading never leaves the virgin curve
      EXPECT_EQ(last.dissipated[EnergyKind::plastic_normal], 0.0);
    }
    // The tester's own trapezoid work (independent of the law's booking) agrees.
    EXPECT_NEAR(last.work - last.elastic, area, tol);
    EXPECT_LE(std::abs(last.balance_error()), tol);
  }
}

// Adhesion: f_adh = 1 mN, k_adh = k2 so that branches 2 and 3 meet on the grid at d* = d_p/2
// (k2 (d* - d_p) = -k_adh d*). The largest tension while unloading to separation is the closed
// form f_adh + k_adh d*, reached at d* before the gap opens (reach 0, as in Exudyn).
TEST(Exudyn, ModelZeroWithAdhesionPullsOffAtTheClosedFormForce) {
  const double kc = 1e4, lp = 0.5, k2 = kc / (1 - lp), fadh = 1e-3, kadh = k2;
  ExudynLaw<double> law;
  law.impact_model = 0;
  law.contact_stiffness = kc;
  law.plasticity_ratio = lp;
  law.pull_off_force = fadh;
  law.adhesion_coefficient = kadh;
  LawTester<ExudynLaw<double>> t(law, setup(),
                                 {LawTesterStage::prescribed("load", {-v, 0, 0, 0, 0, 0}, "steps >= 1025"),
                                  LawTesterStage::prescribed("pull", {v, 0, 0, 0, 0, 0}, "broken")});
  t.run();
  const auto& recs = t.records();
  // The first record is at uN = 0, so 1025 steps load to d_max = 1024 du.
  const double d_max = 1024 * du, dp = lp * d_max, d_star = k2 * dp / (k2 + kadh);
  const double pull_off = fadh + kadh * d_star;
  double most_tensile = 0, at = 0, worst_adhesive = 0;
  int adhesive_steps = 0;
  for (const auto& rec : recs) {
    if (!rec.in_contact) continue;
    const double fn = -rec.force.x(), d = -rec.u.x();
    if (-fn > most_tensile) {
      most_tensile = -fn;
      at = d;
    }
    if (rec.stage == 1 && d < d_star) {
      ++adhesive_steps;
      worst_adhesive = std::max(worst_adhesive, std::abs(fn - (-fadh - kadh * d)) / pull_off);
    }
  }
  std::printf("pull-off: largest tension %.15e N at d = %.6e m; closed form %.15e N at d* = %.6e m\n", most_tensile,
              at, pull_off, d_star);
  std::printf("adhesive branch: %d steps, worst |F - (-f_adh - k_adh d)| / pull-off = %.2e; last record in contact: %d\n",
              adhesive_steps, worst_adhesive, int(recs.back().in_contact));
  EXPECT_NEAR(most_tensile, pull_off, 8 * eps * pull_off);
  EXPECT_NEAR(at, d_star, 0.5 * du);
  EXPECT_GT(adhesive_steps, 0);
  EXPECT_LT(worst_adhesive, 8 * eps * (k2 * d_max / pull_off));
  EXPECT_FALSE(recs.back().in_contact);
}

// Seed 003 line 26: the plastic overlap (Exudyn data[3]) is "set back to 0 in case that spheres
// have been separated". Model 0, n = 1, lambda_P = 1/2 (k2 = 2 k_c): load to d1 = 1024 du, unload
// until the contact breaks, open the gap 64 du more, reload to d2 = 768 du < d1. With the reset the
// reload is virgin loading again: f = k_c d at every reload step and the reload books its own
// hysteresis area lambda_P k_c d2^2 / 2 (ModelZeroLoadUnloadReload... for one loop), so the total
// plastic dissipation is lambda_P k_c (d1^2 + d2^2)/2. Without it (d_p = lambda_P d1 kept) the
// reload would see 0 below d_p = 512 du and k2 (d - d_p) above it, nothing more dissipated: at
// d2 = 768 du that force is 2/3 of k_c d2, so the assertion can fail. The law's State after the
// breaking step is also checked directly: d_max and the remembered impact velocity are reset.
TEST(Exudyn, ModelZeroSeparationResetsThePlasticOverlapSoTheReloadFollowsTheVirginCurve) {
  const double kc = 1e4, lp = 0.5, k2 = kc / (1 - lp);
  ExudynLaw<double> law;
  law.impact_model = 0;
  law.contact_stiffness = kc;
  law.plasticity_ratio = lp;
  // The first record is at uN = 0, so 1025 steps load to d1 = 1024 du; the contact breaks at
  // uN = du; every position is a multiple of du = 2^-30 m, so uN reaches -768 du exactly.
  LawTester<ExudynLaw<double>> t(law, setup(),
                                 {LawTesterStage::prescribed("load", {-v, 0, 0, 0, 0, 0}, "steps >= 1025"),
                                  LawTesterStage::prescribed("unload", {v, 0, 0, 0, 0, 0}, "broken"),
                                  LawTesterStage::prescribed("apart", {v, 0, 0, 0, 0, 0}, "steps >= 64"),
                                  LawTesterStage::prescribed("reload", {-v, 0, 0, 0, 0, 0}, "uN <= -7.152557373046875e-07")});
  t.run();
  const auto& recs = t.records();
  const double d1 = 1024 * du, d2 = 768 * du;
  double worst_virgin = 0, largest_work = 0, deepest_reload = 0, not_reset_force = 0, reload_force = 0;
  int reload_steps = 0, separated_steps = 0;
  for (const auto& rec : recs) {
    largest_work = std::max(largest_work, std::abs(rec.work));
    if (rec.stage == 2 && !rec.in_contact) ++separated_steps;
    if (rec.stage != 3 || !rec.in_contact) continue;
    const double d = -rec.u.x(), fn = -rec.force.x();
    ++reload_steps;
    worst_virgin = std::max(worst_virgin, std::abs(fn - kc * d) / (kc * d1));
    if (d > deepest_reload) {
      deepest_reload = d;
      reload_force = fn;
      not_reset_force = std::clamp(k2 * (d - lp * d1), 0.0, kc * d);
    }
  }
  const auto& last = recs.back();
  const double plastic = last.dissipated[EnergyKind::plastic_normal];
  const double areas = lp * kc * (d1 * d1 + d2 * d2) / 2;
  const double tol = 4 * k2 * du * du + 8 * eps * static_cast<double>(recs.size()) * largest_work;
  std::printf("separated for %d steps; reload: %d steps in contact to d = %.10e m (d2 = %.10e m)\n", separated_steps,
              reload_steps, deepest_reload, d2);
  std::printf("reload force at d2 %.15e N, virgin k_c d2 %.15e N, without the reset %.15e N; worst |F - k_c d|/(k_c d1) "
              "= %.2e\n",
              reload_force, kc * d2, not_reset_force, worst_virgin);
  std::printf("plastic booked %.12e J, lambda_P k_c (d1^2 + d2^2)/2 = %.12e J, balance %.2e J (tol %.2e J)\n", plastic,
              areas, last.balance_error(), tol);
  EXPECT_GT(separated_steps, 0);
  EXPECT_GT(reload_steps, 700);
  EXPECT_EQ(deepest_reload, d2);
  EXPECT_LT(worst_virgin, 8 * eps);
  EXPECT_LT(not_reset_force, 0.7 * kc * d2);  // the discriminating gap: 2/3 of the virgin force
  EXPECT_NEAR(plastic, areas, 64 * eps * areas);
  EXPECT_LE(std::abs(last.balance_error()), tol);

  // The state itself: after loading, the breaking step (uN > 0) leaves State{} behind.
  ExudynLaw<double>::State s;
  LocalGeom<double> g;
  g.uN = -d1;
  g.vel = Vec3d(-v, 0, 0);
  law.step<false>(g, {}, s, dt);
  EXPECT_EQ(s.delta_max, d1);
  EXPECT_EQ(s.impact_velocity, v);
  g.uN = du;
  g.vel = Vec3d(v, 0, 0);
  EXPECT_TRUE(law.step<false>(g, {}, s, dt).broken);
  EXPECT_EQ(s.delta_max, 0.0);
  EXPECT_EQ(s.impact_velocity, -1.0);
}

// Regularised friction (seed 003): with the normal force held (model 1, e = 1, n = 1), sliding at
// v_t above v_reg gives |Ft| = mu f_n, below it mu f_n v_t / v_reg. The friction column equals
// the trapezoid integral of Ft . v_t dt recomputed from the records, and the tester's work
// (independent of the booking) closes with it.
TEST(Exudyn, RegularisedFrictionIsMuFnAboveVregProportionalBelowAndItsDissipationIsTheIntegralOfFtVt) {
  const double kc = 1e4, mu = 0.5, vreg = std::ldexp(1.0, -9);  // 1.95e-3 m/s
  for (double vt : {4 * vreg, vreg / 4}) {
    ExudynLaw<double> law;
    law.impact_model = 1;
    law.contact_stiffness = kc;
    law.dynamic_friction = mu;
    law.friction_zone = vreg;
    LawTester<ExudynLaw<double>> t(law, setup(),
                                   {LawTesterStage::prescribed("load", {-v, 0, 0, 0, 0, 0}, "steps >= 1024"),
                                    LawTesterStage::prescribed("slide", {0, vt, 0, 0, 0, 0}, "steps >= 2048")});
    t.run();
    const auto& recs = t.records();
    const double fn = kc * 1023 * du;  // the first of the 1024 loading records is at uN = 0
    const double expected = mu * fn * std::min(1.0, vt / vreg);
    double integral = 0, worst = 0;
    for (std::size_t k = 1; k < recs.size(); ++k) {
      integral += (recs[k - 1].force.tail<2>() + recs[k].force.tail<2>()).dot(recs[k].u.tail<2>() - recs[k - 1].u.tail<2>()) / 2;
      if (recs[k].stage == 1) worst = std::max(worst, std::abs(recs[k].ft_norm() - expected) / expected);
    }
    const auto& last = recs.back();
    const double booked = last.dissipated[EnergyKind::friction];
    std::printf("v_t = %.3e (v_reg %.3e): |Ft| = %.15e, expected %.15e, worst rel %.2e; friction booked %.12e, "
                "integral %.12e, balance %.2e\n",
                vt, vreg, last.ft_norm(), expected, worst, booked, integral, last.balance_error());
    EXPECT_LT(worst, 8 * eps);
    // Same trapezoids summed in another order: rounding only.
    EXPECT_NEAR(booked, integral, 8 * eps * static_cast<double>(recs.size()) * std::abs(integral));
    EXPECT_NEAR(last.balance_error(), 0.0, 8 * eps * static_cast<double>(recs.size()) * std::abs(last.work));
  }
}

// One step of the kernel at overlap d and local relative velocity (v_dn, v_t, 0), fresh state.
LocalResponse<double> one_step(const ExudynLaw<double>& law, double d, double v_dn, double v_t = 0) {
  LocalGeom<double> g;
  g.uN = -d;
  g.vel = Vec3d(v_dn, v_t, 0);
  ExudynLaw<double>::State s;
  return law.step<false>(g, ExudynPhys<double>{r}, s, dt);
}

// Seed 003: "f_d = -d_c v_dn is always computed the same, independent of the chosen impact model",
// acting against the gap velocity. The law's force is on particle 1 (force.x = -(f_c + f_d)), so
// adding d_c shifts force.x by +d_c v_dn exactly: d_c times a velocity is a force, i.e. d_c is in
// N s/m (the seed's parameter list says N/(m s)).
TEST(Exudyn, DampingForceIsMinusDcTimesTheGapVelocityInEveryImpactModel) {
  const double d = 1e-4, dc = 3.0;
  for (int model : {0, 1, 2}) {
    for (double v_dn : {-0.2, 0.2}) {
      ExudynLaw<double> law;
      law.impact_model = model;
      law.contact_stiffness = 1e4;
      law.restitution = 1;  // no hysteresis term: what changes is the damper alone
      const double undamped = one_step(law, d, v_dn).force.x();
      law.contact_damping = dc;
      const double damped = one_step(law, d, v_dn).force.x();
      std::printf("model %d, v_dn = %+.1f m/s: force on 1 without d_c %.15e N, with d_c = %g N s/m %.15e N, shift %+.15e N "
                  "(d_c v_dn = %+.3f N)\n",
                  model, v_dn, undamped, dc, damped, damped - undamped, dc * v_dn);
      // The shift is one subtraction of two ~1 N values: a few ulps of 1 N.
      EXPECT_NEAR(damped - undamped, dc * v_dn, 4 * eps * (std::abs(undamped) + std::abs(damped)));
    }
  }
}

// Seed 003: minimumImpactVelocity "adds a lower bound for impact velocities for calculation of
// viscous impact force": lambda = -chi k_c / max(v_min, v_-). Model 1, e = 1/2 (chi = 3/4), n = 1,
// impact at 0.1 m/s: with v_min = 0.5 m/s the hysteresis term is f_h = lambda d v_dn with v_min in
// place of the impact speed, so v_min is a velocity [m/s] (the seed's list says [SI:1]).
TEST(Exudyn, MinimumImpactVelocityFloorsTheImpactSpeedInTheHysteresisCoefficient) {
  const double kc = 1e4, d = 1e-4, v_dn = -0.1, chi = 0.75;
  for (double v_min : {0.0, 0.05, 0.5}) {
    ExudynLaw<double> law;
    law.impact_model = 1;
    law.contact_stiffness = kc;
    law.restitution = 0.5;
    law.minimum_impact_velocity = v_min;
    const double f1n = -one_step(law, d, v_dn).force.x();
    const double expected = kc * d + (-chi * kc / std::max(v_min, -v_dn)) * d * v_dn;
    std::printf("v_min = %.2f m/s: f_1n = %.15e N, kc d - chi kc d v_dn / max(v_min, 0.1 m/s) = %.15e N\n", v_min, f1n,
                expected);
    EXPECT_NEAR(f1n, expected, 8 * eps * expected);  // a handful of products and one sum
  }
}

// Seed 003's friction f_1t = -v_dt mu_d f_1n / max(v_rel, v_reg) assumes f_1n >= 0. With adhesion the
// normal force is tensile at small overlap, and the literal formula would push along the slip
// (power f_1t . v_dt = mu |f_1n| v_rel > 0, energy created). The law uses max(f_1n, 0): no friction
// in tension, mu_d f_1n in compression.
TEST(Exudyn, FrictionVanishesWhileTheNormalForceIsTensileAndIsMuFnInCompression) {
  const double mu = 0.5, v_t = 1.0;
  ExudynLaw<double> law;
  law.impact_model = 0;
  law.contact_stiffness = 1e4;
  law.plasticity_ratio = 0.5;
  law.pull_off_force = 1.0;
  law.dynamic_friction = mu;
  for (double d : {1e-5, 2e-4}) {
    const auto r = one_step(law, d, 0.0, v_t);
    const double f1n = -r.force.x();
    std::printf("d = %.0e m: f_1n = %+.15e N, |Ft| = %.15e N (mu_d max(f_1n, 0) = %.15e N)\n", d, f1n,
                r.force.tail<2>().norm(), mu * std::max(f1n, 0.0));
    if (f1n < 0) {
      EXPECT_EQ(r.force.y(), 0.0);
      EXPECT_EQ(r.force.z(), 0.0);
    } else {
      EXPECT_NEAR(r.force.y(), mu * f1n, 2 * eps * mu * f1n);  // force on 1 along the slip velocity of 2
    }
  }
  EXPECT_LT(-one_step(law, 1e-5, 0.0).force.x(), 0.0);  // the first case really is tensile
}

// Seed 003's parameter ranges: each bad value is an InputError naming law.<seed name>.
TEST(Exudyn, BadParametersAreInputErrorsNamingTheField) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  struct Case {
    const char* field;
    std::function<void(ExudynLaw<double>&)> set;
  };
  const std::vector<Case> cases = {
      {"law.restitutionCoefficient", [](auto& l) { l.restitution = 0; }},
      {"law.restitutionCoefficient", [](auto& l) { l.restitution = -0.5; }},
      {"law.restitutionCoefficient", [](auto& l) { l.restitution = 1.01; }},
      {"law.restitutionCoefficient", [&](auto& l) { l.restitution = nan; }},
      {"law.contactPlasticityRatio", [](auto& l) { l.plasticity_ratio = 1; }},
      {"law.contactPlasticityRatio", [](auto& l) { l.plasticity_ratio = -0.1; }},
      {"law.contactPlasticityRatio", [&](auto& l) { l.plasticity_ratio = nan; }},
      {"law.contactStiffnessExponent", [](auto& l) { l.stiffness_exponent = 0; }},
      {"law.contactStiffnessExponent", [](auto& l) { l.stiffness_exponent = -1.5; }},
      {"law.contactStiffnessExponent", [&](auto& l) { l.stiffness_exponent = inf; }},
      {"law.contactStiffness", [&](auto& l) { l.contact_stiffness = nan; }},
      {"law.contactStiffness", [&](auto& l) { l.contact_stiffness = inf; }},
      {"law.contactStiffness", [](auto& l) { l.contact_stiffness = -1; }},
      {"law.contactDamping", [](auto& l) { l.contact_damping = -1; }},
      {"law.dynamicFriction", [&](auto& l) { l.dynamic_friction = inf; }},
      {"law.frictionProportionalZone", [](auto& l) { l.friction_zone = 0; }},
      {"law.constantPullOffForce", [&](auto& l) { l.pull_off_force = -inf; }},
      {"law.adhesionCoefficient", [&](auto& l) { l.adhesion_coefficient = nan; }},
      {"law.adhesionExponent", [](auto& l) { l.adhesion_exponent = 0; }},
      {"law.minimumImpactVelocity", [](auto& l) { l.minimum_impact_velocity = -1; }},
      {"law.impactModel", [](auto& l) { l.impact_model = 3; }},
      {"law.impactModel", [](auto& l) { l.impact_model = -1; }},
  };
  int failures = 0;
  for (const auto& c : cases) {
    ExudynLaw<double> law;
    c.set(law);
    std::string got = "(no error)", what;
    try {
      law.validate();
    } catch (const InputError& e) {
      got = e.field();
      what = e.what();
    }
    std::printf("%-30s -> %-30s %s\n", c.field, got.c_str(), what.c_str());
    EXPECT_EQ(got, c.field);
    failures += got != c.field;
  }
  EXPECT_EQ(failures, 0);
  EXPECT_NO_THROW(ExudynLaw<double>{}.validate());
  EXPECT_THROW(ExudynMat{0}.validate("materials[0]"), InputError);
}


// The same law in double and in 50 digits (DESIGN.md): one step of each model with every term
// active (damping, friction, adhesion with n_adh != n so that the branch point is bisected) gives
// the same force, dissipation and elastic energy to double rounding (a few ulps of each term).
TEST(Exudyn, RunsInDoubleAndFiftyDigitsWithTheSameForceEnergyAndDissipation) {
  for (int model : {0, 1, 2}) {
    ExudynLaw<double> law;
    law.impact_model = model;
    law.contact_stiffness = 1e8;
    law.stiffness_exponent = 1.5;
    law.contact_damping = 3;
    law.dynamic_friction = 0.4;
    law.restitution = 0.3;
    law.plasticity_ratio = 0.4;
    law.pull_off_force = 0.01;
    law.adhesion_coefficient = 2e7;
    law.adhesion_exponent = 1.2;
    const auto hp = law.cast<HighPrecision>();
    LocalGeom<double> g;
    g.uN = -3e-5;
    g.vel = Vec3d(-0.7, 0.02, -0.01);
    LocalGeom<HighPrecision> gh;
    gh.uN = g.uN;
    gh.vel = g.vel.cast<HighPrecision>();
    ExudynLaw<double>::State s;
    ExudynLaw<HighPrecision>::State sh;
    const double dt = 1e-7;
    // Two steps: the first at maximum overlap, the second unloading (model 0's branch 2 or 3).
    double worst = 0;
    for (int k = 0; k < 2; ++k) {
      const auto r = law.step<true>(g, {0.01}, s, dt);
      const auto rh = hp.step<true>(gh, {HighPrecision(0.01)}, sh, HighPrecision(dt));
      const double e = law.elastic_energy(g, {0.01}, s);
      const double eh = static_cast<double>(hp.elastic_energy(gh, {HighPrecision(0.01)}, sh));
      worst = std::max(worst, (r.force - rh.force.cast<double>()).norm() / r.force.norm());
      worst = std::max(worst, std::abs(e - eh) / std::abs(eh));
      for (auto kind : ExudynLaw<double>::energy_kinds) {
        const double a = r.dissipated[kind], b = static_cast<double>(rh.dissipated[kind]);
        if (b != 0) worst = std::max(worst, std::abs(a - b) / std::abs(b));
      }
      std::printf("model %d step %d: Fn %.17g (50 digits %.17g), E %.17g (%.17g)\n", model, k, r.force.x(),
                  static_cast<double>(rh.force.x()), e, eh);
      g.uN = -1e-5;
      gh.uN = g.uN;
      g.vel.x() = 0.5;
      gh.vel.x() = HighPrecision(0.5);
    }
    std::printf("model %d: worst relative difference double vs 50 digits %.2e\n", model, worst);
    // pow and the bisected branch point: a few ulps each, amplified at most by the cancellation
    // k2 (d^n - d_p^n) ~ (d_p/d)^n ~ 10 here.
    EXPECT_LT(worst, 1e-13);
  }
}

}  // namespace
}  // namespace lawcheck::exudyn_law_test
