// The Ice law (seed 002) under the LawTester, plus the kernel-level
// facts the tester cannot see (the bond bits) and the decided stiffness pairing.
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
#include "oracles/coulomb_slip_1d.hpp"
#include "laws/ice_law.hpp"
#include "tester/law_tester.hpp"

namespace lawcheck::ice_law_test {

// The law runs in 50 digits too (the oracle comparisons below rely on it).
static_assert(ContactLaw<IceLaw<HighPrecision>>);

namespace {

using Law = IceLaw<double>;
const double pi = boost::math::constants::pi<double>();
constexpr double eps = std::numeric_limits<double>::epsilon();
constexpr double kRadius = 0.01, kDt = 1e-5, kUN0 = -1e-5;

IceMat material(std::uint8_t bonded) {
  IceMat m;
  m.c_n = 1e3;  // F_nb = 0.31 N: uN = +2e-6 m
  // Shear, twist, rolling limits above their yields at uN0, so that a break under compression
  // drops to the yield (the bond's failure is visible as released energy).
  m.c_t = 1e4;
  m.c_w = 1e4;
  m.c_r = 1e3;
  m.bonded = bonded;
  m.breakable = ice_all_senses;
  return m;
}

LawTesterSetup<IceMat> setup(const IceMat& m) {
  LawTesterSetup<IceMat> s;
  s.radii = {kRadius, kRadius};
  s.materials = {m, m};
  s.dt = kDt;
  s.initial_uN = kUN0;
  return s;
}

IcePhys<double> phys(const IceMat& m) {
  const ContactCreation c{kUN0, contact_lengths({ShapeKind::sphere, kRadius}, {ShapeKind::sphere, kRadius}, kUN0)};
  return Law{}.make_phys(m, m, c);
}


struct SenseCase {
  const char* name;
  int dof;       // 0 normal, 1 shear y, 3 twist, 4 rolling y
  double speed;  // m/s or rad/s, signed
};

TEST(IceLaw, EachBondedSenseBreaksAtItsClosedFormLoadAndTheLedgerClosesToRounding) {
  // 1.1e-3 and 1.1e-2 keep the limits off a step boundary (1e-3 and 1e-2 hit them exactly, where
  // "within one step" would hang on the rounding of the last increment).
  const std::array<SenseCase, 5> cases = {{{"normal", 0, 1.1e-3},
                                           {"shear", 1, 1.1e-2},
                                           {"twist +", 3, 0.3},
                                           {"twist -", 3, -0.3},
                                           {"rolling", 4, 0.03}}};
  const IceMat m = material(ice_all_senses);
  const IcePhys<double> ph = phys(m);
  for (const auto& c : cases) {
    const double limit = c.dof == 0 ? ph.f_nb : c.dof == 1 ? ph.f_tb : c.dof == 3 ? ph.t_wb : ph.t_rb;
    const double k = c.dof == 0 ? ph.kn : c.dof == 1 ? ph.kt : c.dof == 3 ? ph.k_w : ph.k_r;
    std::array<double, 6> v{};
    v[static_cast<std::size_t>(c.dof)] = c.speed;
    LawTester<Law> t(Law{}, setup(m), {LawTesterStage::prescribed("drive", v, "steps >= 3000")});
    t.run();
    const auto& rs = t.records();
    // The yield from the law's own Fn (uN from the centres differs from kUN0 by rounding).
    const double fn = std::abs(rs.back().force.x());
    const double yield = c.dof == 1 ? fn * ph.tan_phi : c.dof == 3 ? ph.lever * fn * ph.tan_phi : ph.lever * fn * ph.mu;
    std::size_t brk = 0;
    for (std::size_t i = 1; i < rs.size() && brk == 0; ++i)
      if (!rs[i].in_contact || rs[i].dissipated[EnergyKind::released] > 0) brk = i;
    ASSERT_GT(brk, 0u) << c.name << " never broke";
    const double before = std::abs(rs[brk - 1].load(c.dof));
    const double increment = k * std::abs(c.speed) * kDt;
    double worst = 0, top = 0;
    for (const auto& r : rs) {
      worst = std::max(worst, std::abs(r.balance_error()));
      top = std::max({top, std::abs(r.work), r.elastic, r.dissipated.total()});
    }
    // After the break the driven sense is unbonded: removed (normal), or held at its yield.
    const double after = std::abs(rs.back().load(c.dof));
    const double released = rs.back().dissipated[EnergyKind::released];
    std::printf("%-8s limit %.9e, load before the break %.9e, + one increment %.9e (%s); after: %s %.9e "
                "(yield %.9e); released %.6e J; worst |work - elastic - dissipated| %.3e J of %.3e J\n",
                c.name, limit, before, before + increment, before <= limit && before + increment > limit ? "brackets" : "MISSES",
                rs.back().in_contact ? "load" : "removed, load", after, yield, released, worst, top);
    // One step's increment, with rounding of the load (a few eps of it) on either side.
    EXPECT_LE(before, limit * (1 + 8 * eps)) << c.name;
    EXPECT_GT(before + increment, limit * (1 - 8 * eps)) << c.name;
    if (c.dof == 0) {
      EXPECT_FALSE(rs.back().in_contact);
    } else {
      EXPECT_TRUE(rs.back().in_contact) << c.name;
      EXPECT_NEAR(after, yield, 8 * eps * yield) << c.name;  // radial return: y |F|/|F|, a few roundings
    }
    EXPECT_GT(released, 0) << c.name;
    // Linear springs: the trapezoid is exact; the break books exactly the step's loss; 3000 steps
    // each add a few roundings of the largest energy: 4 eps per step.
    EXPECT_LE(worst, 4 * static_cast<double>(rs.size()) * eps * top) << c.name;
  }
}

TEST(IceLaw, AnyBreakClearsAllFourBondsAtOnceAndNoneReforms) {
  // Kernel level: the bond bits live in the State, which the LawTester does not show.
  const IceMat m = material(ice_all_senses);
  const IcePhys<double> ph = phys(m);
  const Law law;
  for (int sense = 0; sense < 4; ++sense) {
    Law::State s = law.initial_state({kUN0, {}}, ph);
    LocalGeom<double> g;
    g.uN = kUN0;
    // One step whose increment alone exceeds the limit of `sense`, compression kept (except the normal).
    if (sense == 0) g.uN = 2 * ph.f_nb / ph.kn;
    if (sense == 1) g.vel.y() = 2 * ph.f_tb / ph.kt / kDt;
    if (sense == 2) g.ang_vel.x() = -2 * ph.t_wb / ph.k_w / kDt;
    if (sense == 3) g.ang_vel.z() = 2 * ph.t_rb / ph.k_r / kDt;
    const auto out = law.step<true>(g, ph, s, kDt);
    std::printf("sense %c: bonds before %s, after %s; removed %d; released %.6e J\n", ice_sense_letters[static_cast<std::size_t>(sense)],
                format_ice_senses(ph.bonded).c_str(), format_ice_senses(s.bonded).c_str(), out.broken,
                out.dissipated[EnergyKind::released]);
    EXPECT_EQ(out.broken, sense == 0);
    if (sense == 0) {
      // Removed: the state is reset to what a new contact of these materials starts from.
      EXPECT_EQ(s.bonded, law.initial_state({kUN0, {}}, ph).bonded);
      continue;
    }
    EXPECT_EQ(s.bonded, 0) << sense;
    // Back to rest, held in compression: the bonds stay gone.
    g = LocalGeom<double>{};
    g.uN = kUN0;
    for (int i = 0; i < 10; ++i) law.step<false>(g, ph, s, kDt);
    EXPECT_EQ(s.bonded, 0) << sense;
  }
  // Bonded but not breakable: nothing breaks however far it is driven.
  IceMat tough = m;
  tough.breakable = 0;
  const IcePhys<double> pt = phys(tough);
  Law::State s = law.initial_state({kUN0, {}}, pt);
  LocalGeom<double> g;
  g.uN = kUN0;
  g.vel.y() = 10 * pt.f_tb / pt.kt / kDt;
  law.step<true>(g, pt, s, kDt);
  EXPECT_EQ(s.bonded, ice_all_senses);
  EXPECT_NEAR(s.ft.x(), 10 * pt.f_tb, 1e-12 * pt.f_tb);  // bonded: no plastic limit either
}

// Unbonded, one sense cycled 0 -> A -> -A -> A at constant uN0: the discrete law must dissipate
// what the exact elastic-perfectly-plastic 1D oracle gives for (k, yield) of that sense.
TEST(IceLaw, UnbondedShearTwistAndRollingCyclesDissipateWhatTheExact1dOracleGivesAtAnyStep) {
  const IceMat m = material(0);
  const IcePhys<double> ph = phys(m);
  // The law's own Fn at the tester's uN (the centres' distance: kUN0 up to rounding).
  LawTester<Law> probe(Law{}, setup(m), {LawTesterStage::prescribed("probe", {}, "steps >= 2")});
  probe.run();
  const double fn = std::abs(probe.records().back().force.x());
  struct Case {
    const char* name;
    int dof;
    double speed;
    EnergyKind kind;
    double k, yield;
  };
  const std::array<Case, 5> cases = {{
      {"shear", 2, 1e-2, EnergyKind::plastic_shear, ph.kt, fn * ph.tan_phi},
      {"twist +", 3, 0.3, EnergyKind::plastic_twist, ph.k_w, ph.lever * fn * ph.tan_phi},
      {"twist -", 3, -0.3, EnergyKind::plastic_twist, ph.k_w, ph.lever * fn * ph.tan_phi},
      {"rolling", 5, 0.03, EnergyKind::plastic_rolling, ph.k_r, ph.lever * fn * ph.mu},
      {"rolling -", 4, -0.03, EnergyKind::plastic_rolling, ph.k_r, ph.lever * fn * ph.mu},
  }};
  for (std::size_t n : {700u, 1400u}) {  // two step counts per leg: "at any step size"
    for (const auto& c : cases) {
      std::array<double, 6> out{}, back{};
      out[static_cast<std::size_t>(c.dof)] = c.speed * 700.0 / static_cast<double>(n);
      back[static_cast<std::size_t>(c.dof)] = -out[static_cast<std::size_t>(c.dof)];
      LawTester<Law> t(Law{}, setup(m),
                       {LawTesterStage::prescribed("out", out, fmt::format("steps >= {}", n)),
                        LawTesterStage::prescribed("back", back, fmt::format("steps >= {}", 2 * n - 2)),
                        LawTesterStage::prescribed("again", out, fmt::format("steps >= {}", 2 * n - 2))});
      t.run();
      std::vector<oracles::Real> vertices;
      for (const auto& sm : t.summaries()) vertices.push_back(oracles::Real(sm.last.displacement(c.dof)));
      const auto exact = oracles::coulomb_slip_1d(oracles::Real(c.k), oracles::Real(c.yield), vertices);
      const double expected = static_cast<double>(exact.dissipation);
      const auto& last = t.records().back();
      const double got = last.dissipated[c.kind];
      double peak = 0;
      for (const auto& r : t.records()) peak = std::max(peak, std::abs(r.load(c.dof)));
      const double steps = static_cast<double>(t.records().size());
      std::printf("%-9s n %4zu: amplitude %.6e, yield %.6e (u0 %.3e), peak load %.9e; dissipated %.12e J, oracle "
                  "%.12e J, relative %.2e; other kinds %.1e J\n",
                  c.name, n, static_cast<double>(vertices[0]), c.yield, c.yield / c.k, peak, got, expected,
                  (got - expected) / expected, last.dissipated.total() - got);
      // The peak load is the yield (negative twist capped like a positive one), to a few roundings.
      EXPECT_NEAR(peak, c.yield, 8 * eps * c.yield) << c.name;
      // Each slip step's y (|F^T| - y)/k is the exact plastic work of its increment (constant y,
      // no turn within a step: the turns are on step boundaries). What remains is rounding of
      // the sums: each of the 5n steps adds a few eps of the running total: 8 eps per step.
      EXPECT_NEAR(got, expected, 8 * steps * eps * expected) << c.name;
      EXPECT_EQ(last.dissipated.total(), got) << c.name;  // nothing booked in any other kind
    }
  }
}

TEST(IceLaw, APulledApartUnbondedContactIsRemovedAndWhatItsSpringsLoseInTheStepIsBookedAsReleased) {
  const IceMat m = material(0);
  // Shear, twist and roll below the yields first (held elastic energy), then pull in normal while
  // the shear, twist and roll go on: the removal step moves the loaded springs, so what they lose
  // in it (laws/energy_kind.hpp) differs from what they held at t_{n-1} by 1/2 F_{n-1} . dq.
  const std::array<double, 6> load = {0, 2e-4, 0, 0.05, 0.005, 0};
  std::array<double, 6> pull = load;
  pull[0] = 1.5;  // one step from uN0 = -1e-5 m to +5e-6 m: the yields have no step to shrink to
                  // zero in (a slow pull would let the springs slip out first)
  LawTester<Law> t(Law{}, setup(m),
                   {LawTesterStage::prescribed("load", load, "steps >= 20"),
                    LawTesterStage::prescribed("pull", pull, "steps >= 3")});
  t.run();
  const auto& rs = t.records();
  std::size_t brk = 0;
  for (std::size_t i = 1; i < rs.size() && brk == 0; ++i)
    if (!rs[i].in_contact) brk = i;
  ASSERT_GT(brk, 0u);
  const auto& before = rs[brk - 1];
  const auto& removed = rs[brk];
  const double released = removed.dissipated[EnergyKind::released];
  // The shear/twist/rolling springs at t_{n-1}; the normal spring goes slack at uN > 0 and stays
  // out (its energy returns through the work, up to the contact-release error).
  const double normal = before.force.x() * before.force.x() / (2 * phys(m).kn);
  const double held = before.elastic - normal;
  // The step's work on those springs, from the tester's own record of the motion (F_n = 0).
  const Vec3d du = removed.u - before.u, dphi = removed.rot - before.rot;
  const double work = (before.force.y() * du.y() + before.force.z() * du.z() + before.torque.dot(dphi)) / 2;
  const double exchanged = (before.force.tail<2>().cwiseAbs().dot(du.tail<2>().cwiseAbs()) +
                            before.torque.cwiseAbs().dot(dphi.cwiseAbs())) / 2;
  std::printf("removed at uN %.3e m (before %.3e m); held in shear/twist/rolling %.9e J, + step's work %.9e J = "
              "%.9e J; released %.9e J; plastic %.1e J; ledger %.3e J\n",
              removed.u.x(), before.u.x(), held, work, held + work, released, removed.dissipated.plastic(),
              removed.balance_error());
  EXPECT_GT(removed.u.x(), 0);
  EXPECT_LE(before.u.x(), 0);
  EXPECT_EQ(removed.dissipated.plastic(), 0.0);
  EXPECT_GT(held, 0);
  // Same real number; the law's and the test's few products and sums, and the subtraction of the
  // normal term: 16 eps of the energies involved.
  const double tol = 16 * eps * (before.elastic + exchanged);
  EXPECT_NEAR(released, held + work, tol);
  EXPECT_GT(std::abs(work), 1e3 * tol);  // the held energy alone would not do
}

TEST(IceLaw, BeamPairingMatchesTheElasticConnectorForAnyKtDivKnButTheSeedPairingDoesNot) {
  // Circular connector radius a, A = pi a^2, L = l1 + l2: kn = E A / L and kt = G A / L with
  // G/E = ktDivKn. Twist G J/L, J = A a^2/2; bending E I/L, I = A a^2/4.
  for (double nu : {0.0, 0.25, 0.5}) {
    IceMat m;
    m.kt_div_kn = 1 / (2 * (1 + nu));
    m.alpha_w = 1 / (2 * pi);
    m.alpha_r = 1 / (4 * pi);
    const ContactLengths len = contact_lengths({ShapeKind::sphere, kRadius}, {ShapeKind::sphere, kRadius}, 0.0);
    const double a2 = len.area / pi, big_l = len.l1 + len.l2, e = m.young, g = e * m.kt_div_kn;
    const double twist = g * len.area * a2 / 2 / big_l, bending = e * len.area * a2 / 4 / big_l;
    Law beam, seed;
    beam.pairing = IcePairing::beam;
    seed.pairing = IcePairing::seed;
    const auto pb = beam.make_phys(m, m, {0.0, len});
    const auto ps = seed.make_phys(m, m, {0.0, len});
    std::printf("nu %.2f: GJ/L %.9e, beam k_w %.9e, seed k_w %.9e; EI/L %.9e, beam k_r %.9e, seed k_r %.9e\n", nu,
                twist, pb.k_w, ps.k_w, bending, pb.k_r, ps.k_r);
    // A few roundings of the same products.
    EXPECT_NEAR(pb.k_w, twist, 1e-14 * twist);
    EXPECT_NEAR(pb.k_r, bending, 1e-14 * bending);
    EXPECT_GT(std::abs(ps.k_w - twist), 0.5 * twist);  // off by E/G >= 2
  }
}

// The default follows seed 002 ("Stiffnesses") and Woo's Cp2_IceMat_IcePhys: twist from kn, rolling
// from kt, so a user's alpha_w, alpha_r mean what they mean in Woo. ktDivKn = 0.3 and unequal
// alphas make every other pairing of the four products differ by a factor >= 1/0.3.
TEST(IceLaw, DefaultPairingIsTheSeedsAndWoosTwistFromKnRollingFromKt) {
  IceMat m;
  m.kt_div_kn = 0.3;
  m.alpha_w = 0.75;  // the mean of two equal materials is the value itself, exactly
  m.alpha_r = 1.5;
  const ContactLengths len = contact_lengths({ShapeKind::sphere, kRadius}, {ShapeKind::sphere, kRadius}, 0.0);
  const Law law;
  const auto ph = law.make_phys(m, m, {0.0, len});
  const auto free_function = ice_phys(m, m, len);
  const double k_w = m.alpha_w * ph.kn * len.area, k_r = m.alpha_r * ph.kt * len.area;
  std::printf("pairing %s: k_w %.9e (alpha_w kn A %.9e), k_r %.9e (alpha_r kt A %.9e)\n",
              std::string(name_of(law.pairing)).c_str(), ph.k_w, k_w, ph.k_r, k_r);
  EXPECT_EQ(law.pairing, IcePairing::seed);
  // The same two products of the same doubles: two roundings at most.
  EXPECT_NEAR(ph.k_w, k_w, 2 * eps * k_w);
  EXPECT_NEAR(ph.k_r, k_r, 2 * eps * k_r);
  // ice_phys without a pairing argument builds the same physics as the law's default.
  EXPECT_EQ(free_function.k_w, ph.k_w);
  EXPECT_EQ(free_function.k_r, ph.k_r);
}

TEST(IceLaw, CohesionLimitsScaleAsStressTimesAreaAndArea3Halves) {
  const IceMat m = material(ice_all_senses);
  const ContactLengths len = contact_lengths({ShapeKind::sphere, kRadius}, {ShapeKind::sphere, kRadius}, 0.0);
  const auto ph = Law{}.make_phys(m, m, {0.0, len});
  const double a = len.area;
  std::printf("A %.6e m^2: F_nb %.6e N, F_tb %.6e N, T_wb %.6e N m, T_rb %.6e N m, lever %.6e m (r %.6e)\n", a, ph.f_nb,
              ph.f_tb, ph.t_wb, ph.t_rb, ph.lever, kRadius);
  EXPECT_NEAR(ph.f_nb, m.c_n * a, 1e-15 * ph.f_nb);
  EXPECT_NEAR(ph.f_tb, m.c_t * a, 1e-15 * ph.f_tb);
  EXPECT_NEAR(ph.t_wb, m.c_w * std::pow(a, 1.5), 1e-14 * ph.t_wb);
  EXPECT_NEAR(ph.t_rb, m.c_r * std::pow(a, 1.5), 1e-14 * ph.t_rb);
  EXPECT_NEAR(ph.lever, kRadius, 1e-14 * kRadius);  // sqrt(A/pi) is the connector radius
}

TEST(IceLaw, BadIceParametersAreInputErrorsNamingTheField) {
  IceMat m;
  m.alpha_w = -1;
  try {
    m.validate("materials[0]");
    FAIL();
  } catch (const InputError& e) {
    std::printf("%s\n", e.what());
    EXPECT_EQ(e.field(), "materials[0].alphaW");
  }
  EXPECT_THROW(parse_ice_senses("ntx", "materials[0].bonded"), InputError);
  EXPECT_EQ(parse_ice_senses("rn", "x"), ice_n | ice_r);
}

}  // namespace
}  // namespace lawcheck::ice_law_test
