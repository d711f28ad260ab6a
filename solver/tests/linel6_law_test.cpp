// LinEl6 (seed 000 "Purely elastic 6-DoF model") under the LawTester: the
// contact goes through the solver's own geometry -> physics -> law pipeline while the six local
// DoFs are prescribed. Plus the decided rotational stiffness rule, zero stiffnesses, the break
// and bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include <boost/math/constants/constants.hpp>

#include "core/high_precision.hpp"
#include "dynamics/simulation.hpp"
#include "laws/linel6_law.hpp"
#include "tester/law_tester.hpp"

namespace lawcheck::linel6_law_test {

// The law runs in 50 digits too (the oracle comparisons below rely on it).
static_assert(ContactLaw<LinEl6Law<HighPrecision>>);

namespace {

using Law = LinEl6Law<double>;
const double pi = boost::math::constants::pi<double>();
constexpr double eps = std::numeric_limits<double>::epsilon();
constexpr double kYoung = 1e7, kRadius = 0.01, kKtDivKn = 0.2, kDensity = 2600;
// Not the radius, so that l^2, l and 1/l are three different numbers and none of them is r.
constexpr double kCharLen = 0.004;
// Equal spheres with the default radius rules (physics/stiffness_rules.hpp): kn = pi E r / 2.
const double kKn = pi * kYoung * kRadius / 2;
const double kKt = kKtDivKn * kKn;
const char* const kDofNames[6] = {"normal", "shear y", "shear z", "twist", "bending y", "bending z"};

Law law(RotationalStiffness rule = decided_rotational_stiffness, bool no_break = false) {
  Law l;
  l.char_len = kCharLen;
  l.rotational_stiffness = rule;
  l.no_break = no_break;
  return l;
}

LawTesterSetup<FrictMat> setup(double dt, double initial_uN, double kt_div_kn = kKtDivKn) {
  LawTesterSetup<FrictMat> s;
  s.radii = {kRadius, kRadius};
  s.materials = {FrictMat{kYoung, kKtDivKn, 0.5, kDensity}, FrictMat{kYoung, kKtDivKn, 0.5, kDensity}};
  s.materials[0].kt_div_kn = s.materials[1].kt_div_kn = kt_div_kn;
  s.dt = dt;
  s.initial_uN = initial_uN;
  return s;
}

// Component d of the generalized force (force, then torque) and displacement (u, then rot).

TEST(LinEl6Law, EachDoFDrivenAloneOutAndBackReturnsToZeroForceTorqueAndElasticEnergy) {
  // Out at +v (the normal: further into compression) for N steps, back at -v. The first record
  // of a run carries no motion and the stage that ends hands the next half step to the following
  // stage (tester/law_tester.hpp), so N - 1 increments out and N - 1 back close the path.
  const double dt = 1e-5, initial_uN = -1e-5;
  const std::size_t n = 1000;
  const std::array<double, 6> speed = {1e-3, 1e-3, 1e-3, 0.3, 0.3, 0.3};  // m/s, rad/s
  bool all_ok = true;
  for (int d = 0; d < 6; ++d) {
    std::array<double, 6> out{}, back{};
    out[static_cast<std::size_t>(d)] = d == 0 ? -speed[0] : speed[static_cast<std::size_t>(d)];
    back[static_cast<std::size_t>(d)] = -out[static_cast<std::size_t>(d)];
    LawTester<Law> t(law(), setup(dt, initial_uN),
                     {LawTesterStage::prescribed("out", out, fmt::format("steps >= {}", n)),
                      LawTesterStage::prescribed("back", back, fmt::format("steps >= {}", n - 1))});
    t.run();
    const auto& first = t.records().front();
    const auto& peak = t.summaries().at(0).last;
    const auto& last = t.records().back();
    // Residual of every component relative to the peak of the driven one; the normal force and
    // energy relative to their start (the initial overlap), the other senses relative to zero.
    const double peak_load = std::abs(peak.load(d) - first.load(d));
    double residual = 0;
    for (int k = 0; k < 6; ++k) residual = std::max(residual, std::abs(last.load(k) - first.load(k)));
    const double peak_energy = std::abs(peak.elastic - first.elastic);
    const double energy_residual = std::abs(last.elastic - first.elastic);
    // Rounding bound. Normal: uN comes from the centres, whose 2N position updates each round to
    // ulp(2 r)/2, plus the distance and subtraction in the contact geometry (a few ulp(2 r)):
    // (2N + 4) ulp(2 r) kn. Other senses: 2N sums of dt v, each rounded to eps/2 of a partial sum
    // <= the peak, and each measured velocity within a few eps of +-v (frame and lever arms):
    // 4 N eps of the peak. Energy: E = k u^2/2 has the residual's relative error doubled, plus
    // a few roundings of the peak energy (the normal's initial energy is of the peak's order).
    const double ulp_2r = std::nextafter(2 * kRadius, 1.0) - 2 * kRadius;
    const double bound = d == 0 ? (2.0 * static_cast<double>(n) + 4) * ulp_2r * kKn
                                : 4.0 * static_cast<double>(n) * eps * peak_load;
    const double energy_bound = 2 * bound / peak_load * std::max(peak_energy, first.elastic) + 8 * eps * peak.elastic;
    std::printf("%-9s peak %s %.6e  residual %.3e (rel %.2e, bound %.2e)  elastic peak %.6e J, residual %.3e J "
                "(bound %.2e)  path residual %.3e\n",
                kDofNames[d], d < 3 ? "force " : "torque", peak_load, residual, residual / peak_load, bound,
                peak_energy, energy_residual, energy_bound, last.displacement(d) - first.displacement(d));
    EXPECT_GT(peak_load, 0) << kDofNames[d];
    EXPECT_LE(residual, bound) << kDofNames[d];
    EXPECT_LE(energy_residual, energy_bound) << kDofNames[d];
    EXPECT_TRUE(last.in_contact) << kDofNames[d];
    all_ok = all_ok && residual <= bound && energy_residual <= energy_bound;
  }
  EXPECT_TRUE(all_ok);
}

TEST(LinEl6Law, TrapezoidalWorkEqualsElasticEnergyToRoundingAlongAMixedSixDoFPath) {
  // Every DoF moves in every stage, with changing speeds and directions; uN stays in
  // compression (-2e-5 -> -2.5e-5 -> -2.15e-5 -> -2.07e-5 m).
  const double dt = 1e-5;
  LawTester<Law> t(law(), setup(dt, -2e-5),
                   {LawTesterStage::prescribed("a", {-1e-3, 2e-3, -1e-3, 0.5, -0.3, 0.2}, "steps >= 500"),
                    LawTesterStage::prescribed("b", {5e-4, -1e-3, 3e-3, -0.4, 0.6, 0.1}, "steps >= 700"),
                    LawTesterStage::prescribed("c", {2e-4, 1e-3, 1e-3, 0.2, 0.2, -0.7}, "steps >= 400")});
  t.run();
  double worst = 0, top = 0;
  for (const auto& r : t.records()) {
    worst = std::max(worst, std::abs(r.balance_error()));
    top = std::max({top, std::abs(r.work), r.elastic});
  }
  const auto& last = t.records().back();
  const double steps = static_cast<double>(t.records().size());
  // Every spring is linear in its displacement, so the trapezoid 1/2 (F_{n-1} + F_n) du equals
  // k/2 (u_n^2 - u_{n-1}^2) exactly (dynamics/energy_ledger.hpp): only rounding remains. Each
  // step adds six trapezoids, each within a few eps of its (small) increment, to a running sum
  // rounded to eps/2 of it, and the elastic energy is a few roundings of itself: 4 eps per step
  // of the largest energy bounds it.
  const double bound = 4 * steps * eps * top;
  std::printf("steps %.0f; final force (%.6e, %.6e, %.6e) N, torque (%.6e, %.6e, %.6e) N m\n"
              "final work %.12e J, elastic %.12e J, released %.1e J; worst |work - elastic - dissipated| %.3e J "
              "(%.2e of the largest energy, bound %.2e J)\n",
              steps, last.force.x(), last.force.y(), last.force.z(), last.torque.x(), last.torque.y(),
              last.torque.z(), last.work, last.elastic, last.dissipated.total(), worst, worst / top, bound);
  for (int d = 0; d < 6; ++d) EXPECT_NE(last.load(d), 0.0) << kDofNames[d] << " carries no load";
  EXPECT_TRUE(std::all_of(t.records().begin(), t.records().end(), [](const auto& r) { return r.in_contact; }));
  EXPECT_EQ(last.dissipated.total(), 0.0);
  EXPECT_LE(worst, bound);
}

TEST(LinEl6Law, TorqueOverRotationIsKnLSquaredInTwistAndKtLSquaredInBendingTo1e12) {
  EXPECT_EQ(decided_rotational_stiffness, RotationalStiffness::squared);
  EXPECT_EQ(Law{}.rotational_stiffness, RotationalStiffness::squared);
  const double dt = 1e-5;
  for (auto rule : all_rotational_stiffnesses) {
    const double factor = rule == RotationalStiffness::squared ? kCharLen * kCharLen
                          : rule == RotationalStiffness::seed  ? kCharLen
                                                               : 1 / kCharLen;
    // Closed forms; the solver's kn comes from frict_phys, a few roundings of the same product.
    const std::array<double, 6> expected = {kKn, kKt, kKt, kKn * factor, kKt * factor, kKt * factor};
    LawTester<Law> t(law(rule), setup(dt, -1e-5),
                     {LawTesterStage::prescribed("load", {-1e-4, 1e-3, -2e-3, 0.4, -0.3, 0.5}, "steps >= 300"),
                      LawTesterStage::prescribed("unload", {1e-4, -2e-3, 1e-3, -0.7, 0.6, -0.2}, "steps >= 500")});
    t.run();
    std::array<double, 6> worst{};
    for (const auto& r : t.records())
      for (int d = 0; d < 6; ++d) {
        const double u = r.displacement(d);
        if (u == 0) continue;
        worst[static_cast<std::size_t>(d)] = std::max(
            worst[static_cast<std::size_t>(d)], std::abs(r.load(d) / u - expected[static_cast<std::size_t>(d)]) /
                                                    expected[static_cast<std::size_t>(d)]);
      }
    const auto& last = t.records().back();
    std::printf("rule %-7s kw = %.6e, kb = %.6e; final Tx/rx = %.15e, Ty/ry = %.15e; worst relative deviation of "
                "load/displacement from the closed form: Fn %.1e, Fy %.1e, Fz %.1e, Tx %.1e, Ty %.1e, Tz %.1e\n",
                std::string(name_of(rule)).c_str(), expected[3], expected[4], last.torque.x() / last.rot.x(),
                last.torque.y() / last.rot.y(), worst[0], worst[1], worst[2], worst[3], worst[4], worst[5]);
    // The law's sums of dt * angVel are the tester's own (same operations), so load/displacement
    // is k to one rounding, and k to the closed form within a few: 1e-12 leaves three
    // decades for rounding alone.
    for (int d = 0; d < 6; ++d) EXPECT_LT(worst[static_cast<std::size_t>(d)], 1e-12) << name_of(rule) << ' ' << kDofNames[d];
  }
}

TEST(LinEl6Law, OnlyTheSquaredRuleKeepsTheRatioOfRotationalToTranslationalFrequencyScaleFree) {
  // The dimensional argument of laws/linel6_law.hpp made executable: scale the scene by lambda
  // (radii and l; materials fixed). A consistent law gives the same dimensionless number
  // (kw/I) / (kn/m) at every scale; kn l^p changes it by lambda^(p-2).
  auto ratio = [](RotationalStiffness rule, double lambda) {
    Law l = law(rule);
    const double r = kRadius * lambda;
    l.char_len = kCharLen * lambda;
    const FrictMat m{kYoung, kKtDivKn, 0.5, kDensity};
    const ContactCreation c{0.0, contact_lengths({ShapeKind::sphere, r}, {ShapeKind::sphere, r}, 0.0)};
    const auto ph = l.make_phys(m, m, c);
    const double mass = 4.0 / 3.0 * pi * r * r * r * kDensity, inertia = 0.4 * mass * r * r;
    return (ph.kw / inertia) / (ph.kn / mass);
  };
  const double lambda = 10;
  for (auto rule : all_rotational_stiffnesses) {
    const double p = rule == RotationalStiffness::squared ? 2 : rule == RotationalStiffness::seed ? 1 : -1;
    const double change = ratio(rule, lambda) / ratio(rule, 1);
    std::printf("rule %-7s (kw = kn l^%+.0f): (kw/I)/(kn/m) = %.6e at scale 1, %.6e at scale %.0f: changed by %.6e "
                "(lambda^(p-2) = %.6e)\n",
                std::string(name_of(rule)).c_str(), p, ratio(rule, 1), ratio(rule, lambda), lambda, change,
                std::pow(lambda, p - 2));
    // Each ratio is some ten roundings of exact products: 1e-13 relative.
    EXPECT_NEAR(change, std::pow(lambda, p - 2), 1e-13 * std::pow(lambda, p - 2)) << name_of(rule);
  }
}

TEST(LinEl6Law, ZeroKtDivKnGivesZeroTangentialForceAndBendingTorqueAndFiniteEnergy) {
  const double dt = 1e-5;
  for (auto rule : all_rotational_stiffnesses) {
    LawTester<Law> t(law(rule), setup(dt, -1e-5, 0.0),
                     {LawTesterStage::prescribed("load", {-1e-4, 1e-3, -2e-3, 0.4, -0.3, 0.5}, "steps >= 300")});
    t.run();
    double worst_shear = 0, worst_energy = 0, worst_balance = 0;
    bool finite = true;
    for (const auto& r : t.records()) {
      worst_shear = std::max({worst_shear, std::abs(r.force.y()), std::abs(r.force.z()), std::abs(r.torque.y()),
                              std::abs(r.torque.z())});
      finite = finite && std::isfinite(r.elastic) && std::isfinite(r.work) && r.force.allFinite() &&
               r.torque.allFinite();
      // What is left: the normal and the twist spring.
      const double kw = kKn * rotational_factor(rule, kCharLen);
      const double expected = (kKn * r.u.x() * r.u.x() + kw * r.rot.x() * r.rot.x()) / 2;
      worst_energy = std::max(worst_energy, std::abs(r.elastic - expected) / expected);
      worst_balance = std::max(worst_balance, std::abs(r.balance_error()) / std::max(r.work, r.elastic));
    }
    const auto& last = t.records().back();
    std::printf("rule %-7s ktDivKn = 0: worst |Ft|, |Tb| = %.1e; final elastic %.9e J (Tx %.3e N m); worst relative "
                "elastic - (kn uN^2 + kw rx^2)/2 %.1e; worst relative balance %.1e\n",
                std::string(name_of(rule)).c_str(), worst_shear, last.elastic, last.torque.x(), worst_energy,
                worst_balance);
    EXPECT_TRUE(finite);
    EXPECT_EQ(worst_shear, 0.0);  // kt = kb = 0 exactly: 0 * u is exactly 0
    EXPECT_NE(last.torque.x(), 0.0);
    // Closed-form kn and the solver's differ by a few roundings; kw by one more product.
    EXPECT_LT(worst_energy, 1e-13);
    // As in the mixed path above: 4 eps per step.
    EXPECT_LT(worst_balance, 4 * 301 * eps);
  }
}

// Seed 000: LinEl6 "uses FrictPhys (ignoring tanPhi)" and has "no non-linearity". Two material
// pairs that differ only in tanPhi give the same stiffnesses, and a shear 100 times past the
// Coulomb limit |Fn| tanPhi of the pair is still Ft = kt ut, nothing dissipated.
TEST(LinEl6Law, FrictionAngleIsIgnoredAndAShearFarPastTheCoulombLimitStaysElastic) {
  const ShapeSize sphere{ShapeKind::sphere, kRadius};
  const double uN = -1e-5, dt = 1e-5;
  const ContactCreation c{uN, contact_lengths(sphere, sphere, uN)};
  const Law l = law();
  const auto rough = l.make_phys(FrictMat{kYoung, kKtDivKn, 0.9, kDensity}, FrictMat{kYoung, kKtDivKn, 0.9, kDensity}, c);
  const auto smooth = l.make_phys(FrictMat{kYoung, kKtDivKn, 0.0, kDensity}, FrictMat{kYoung, kKtDivKn, 0.9, kDensity}, c);
  EXPECT_EQ(rough.kn, smooth.kn);
  EXPECT_EQ(rough.kt, smooth.kt);
  EXPECT_EQ(rough.kw, smooth.kw);
  EXPECT_EQ(rough.kb, smooth.kb);
  // Coulomb displacement of the rough pair: |Fn| tanPhi / kt; drive one step 100 times that far.
  const double ut = 100 * rough.kn * -uN * 0.9 / rough.kt;
  LocalGeom<double> g;
  g.uN = uN;
  g.vel = Vec3d(0, ut / dt, 0);
  Law::State s{};
  const auto r = l.step<true>(g, rough, s, dt);
  const double coulomb = std::abs(r.force.x()) * 0.9;
  std::printf("Fn = %.6e N, Ft = %.9e N = %.3f x |Fn| tanPhi; kt ut = %.9e N; dissipated %.3g J\n", r.force.x(),
              r.force.y(), std::abs(r.force.y()) / coulomb, rough.kt * ut, r.dissipation());
  EXPECT_NEAR(std::abs(r.force.y()), rough.kt * ut, 4 * eps * rough.kt * ut);  // one product, one sum
  EXPECT_GT(std::abs(r.force.y()), 99 * coulomb);
  EXPECT_EQ(r.dissipation(), 0.0);
}

TEST(LinEl6Law, SeparationBreaksAndReleasesWhatTheSpringsLoseInTheStepButNoBreakStaysElasticInTension) {
  const double dt = 1e-5, v = 1e-3;
  const std::array<double, 6> shear_and_turn = {-v, 1e-3, -2e-3, 0.4, -0.3, 0.5};
  const std::vector<LawTesterStage> stages = {
      LawTesterStage::prescribed("load", shear_and_turn, "steps >= 300"),
      LawTesterStage::prescribed("pull", {v, 0, 0, 0, 0, 0}, "uN >= 2e-6"),
  };
  // The initial overlap puts the crossing of uN = 0 a quarter into a step, so the break step
  // straddles it (uN_{n-1} < 0 < uN_n) instead of landing on zero. The pull goes on shearing and
  // turning, so the break step moves the loaded springs.
  std::array<double, 6> pull = shear_and_turn;
  pull[0] = v;
  LawTester<Law> t(law(), setup(dt, -1.2525e-6), {stages[0], LawTesterStage::prescribed("pull", pull, "broken")});
  t.run();
  const auto& last = t.records().back();
  const auto& before = t.records()[t.records().size() - 2];
  const double held = before.elastic - kKn * before.u.x() * before.u.x() / 2;
  // What the tangential, twist and bending springs lose in the break step (laws/energy_kind.hpp):
  // held + their work in it, 1/2 F_{n-1} . dq (F_n = 0), from the tester's record of the motion.
  const Vec3d du = last.u - before.u, dphi = last.rot - before.rot;
  const double work = (before.force.y() * du.y() + before.force.z() * du.z() + before.torque.dot(dphi)) / 2;
  const double exchanged = (before.force.tail<2>().cwiseAbs().dot(du.tail<2>().cwiseAbs()) +
                            before.torque.cwiseAbs().dot(dphi.cwiseAbs())) / 2;
  // The normal spring stays out: its energy returns through the trapezoidal work of the last
  // step, which misses the kink at uN = 0 by 1/2 kn uN_{n-1} uN_n, |.| <= kn (v dt)^2 / 8 (the
  // contact-release error of laws/linear_coulomb_law.hpp).
  const double release_error = kKn * before.u.x() * last.u.x() / 2;
  std::printf("break at step %llu: uN %.4e -> %.4e m; held by shear+twist+bending %.12e J, + step's work %.6e J; "
              "released %.12e J; balance error %.6e J, 1/2 kn uN_(n-1) uN_n = %.6e J (bound kn (v dt)^2/8 = %.3e J)\n",
              static_cast<unsigned long long>(last.step), before.u.x(), last.u.x(), held, work,
              last.dissipated[EnergyKind::released], last.balance_error(), release_error,
              kKn * (v * dt) * (v * dt) / 8);
  EXPECT_FALSE(last.in_contact);
  EXPECT_GT(held, 0);
  ASSERT_LT(before.u.x(), 0);
  ASSERT_GT(last.u.x(), 0);
  // The same real number: held is a difference of two energies of the same order, the law's
  // and the test's products and sums a few roundings each: 16 eps of the energies involved.
  const double tol = 16 * eps * (before.elastic + exchanged);
  EXPECT_NEAR(last.dissipated[EnergyKind::released], held + work, tol);
  EXPECT_GT(std::abs(work), 1e3 * tol);  // the held energy alone would leave the ledger open
  // The balance error is the release error and rounding (4 eps per step of the work, as above).
  EXPECT_NEAR(last.balance_error(), release_error, 4 * static_cast<double>(last.step) * eps * before.work);
  EXPECT_LE(std::abs(release_error), kKn * (v * dt) * (v * dt) / 8);

  LawTester<Law> nb(law(decided_rotational_stiffness, true), setup(dt, -1e-6), stages);
  nb.run();
  double worst_fn = 0, worst_balance = 0, top = 0;
  for (const auto& r : nb.records()) {
    worst_fn = std::max(worst_fn, std::abs(r.force.x() - kKn * r.u.x()) / (kKn * 2e-6));
    worst_balance = std::max(worst_balance, std::abs(r.balance_error()));
    top = std::max(top, r.work);
  }
  const auto& end = nb.records().back();
  std::printf("noBreak: final uN %.6e m, Fn %.6e N (kn uN %.6e); worst |Fn - kn uN| / (kn 2e-6) %.1e; worst balance "
              "%.3e J of %.3e J\n",
              end.u.x(), end.force.x(), kKn * end.u.x(), worst_fn, worst_balance, top);
  EXPECT_TRUE(end.in_contact);
  EXPECT_GT(end.force.x(), 0);
  EXPECT_LT(worst_fn, 1e-12);  // closed-form vs solver kn, and uN's rounding: far below
  // No kink anywhere (the normal spring is linear through uN = 0): rounding only, 4 eps a step.
  EXPECT_LE(worst_balance, 4 * static_cast<double>(nb.records().size()) * eps * top);
}

TEST(LinEl6Law, BadCharLenIsAnInputErrorNamingLawCharLen) {
  const double inf = std::numeric_limits<double>::infinity();
  for (double bad : {0.0, -1e-3, std::numeric_limits<double>::quiet_NaN(), inf, -inf}) {
    Law l;
    l.char_len = bad;
    auto field_of = [](auto&& f) -> std::string {
      try {
        f();
      } catch (const InputError& e) {
        std::printf("  %s\n", e.what());
        return e.field();
      }
      return "(no error)";
    };
    std::printf("charLen = %g:\n", bad);
    EXPECT_EQ(field_of([&] { l.validate(); }), "law.charLen") << bad;
    EXPECT_EQ(field_of([&] {
                LawTester<Law> t(l, setup(1e-5, -1e-6), {LawTesterStage::prescribed("s", {}, "steps >= 1")});
              }),
              "law.charLen")
        << bad;
    EXPECT_EQ(field_of([&] { Simulation<Law> sim(l); }), "law.charLen") << bad;
  }
  Law good;
  EXPECT_NO_THROW(good.validate());
}

TEST(LinEl6Law, RotationalStiffnessRuleNamesRoundTripAndAnUnknownNameIsAnInputError) {
  for (auto rule : all_rotational_stiffnesses) EXPECT_EQ(parse_rotational_stiffness(name_of(rule)), rule);
  try {
    parse_rotational_stiffness("cubed");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    std::printf("%s\n", e.what());
    EXPECT_EQ(e.field(), "rotationalStiffness");
  }
}

}  // namespace
}  // namespace lawcheck::linel6_law_test
