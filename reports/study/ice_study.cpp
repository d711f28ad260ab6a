#include "study/ice_study.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <boost/math/constants/constants.hpp>
#include <fmt/format.h>

#include "laws/ice_law.hpp"
#include "oracles/coulomb_slip_1d.hpp"
#include "physics/contact_creation.hpp"
#include "tester/law_tester.hpp"

namespace lawcheck::reports {

namespace {

using Law = IceLaw<double>;
constexpr double eps = std::numeric_limits<double>::epsilon();
// The scene of solver/tests/ice_law_test.cpp: two spheres r = 1 cm, default IceMat (E = 10 MPa,
// ktDivKn 0.2, tanPhi 0.5, mu 0.05), compressed to uN0 = -1e-5 m.
constexpr double kRadius = 0.01, kDt = 1e-5, kUN0 = -1e-5;

IceMat material(std::uint8_t bonded) {
  IceMat m;
  m.c_n = 1e3;  // F_nb = 0.31 N
  m.c_t = 1e4;  // shear, twist, rolling limits above their yields at uN0
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
  const ContactCreation c = contact_creation(sphere_body(kRadius, m.density), sphere_body(kRadius, m.density), kUN0);
  return Law{}.make_phys(m, m, c);
}


std::vector<IceLoop> loops() {
  const IceMat m = material(0);
  const IcePhys<double> ph = phys(m);
  LawTester<Law> probe(Law{}, setup(m), {LawTesterStage::prescribed("probe", {}, "steps >= 2")});
  probe.run();
  const double fn = std::abs(probe.records().back().force.x());  // the law's own Fn at the tester's uN
  struct Case {
    const char* name;
    int dof;
    double speed;
    EnergyKind kind;
    double k, yield;
    const char *xlabel, *ylabel;
  };
  const std::array<Case, 3> cases = {{
      {"shear", 2, 1e-2, EnergyKind::plastic_shear, ph.kt, fn * ph.tan_phi, "u_t,z [m]", "F_t,z [N]"},
      {"twist", 3, -0.3, EnergyKind::plastic_twist, ph.k_w, ph.lever * fn * ph.tan_phi, "phi_x [rad]", "T_w [N m]"},
      {"rolling", 5, 0.03, EnergyKind::plastic_rolling, ph.k_r, ph.lever * fn * ph.mu, "phi_z [rad]", "T_r,z [N m]"},
  }};
  constexpr int n = 700;  // steps of the first leg; the cycle 0 -> A -> -A -> A
  std::vector<IceLoop> out;
  for (const auto& c : cases) {
    std::array<double, 6> go{}, back{};
    go[static_cast<std::size_t>(c.dof)] = c.speed;
    back[static_cast<std::size_t>(c.dof)] = -c.speed;
    LawTester<Law> t(Law{}, setup(m),
                     {LawTesterStage::prescribed("out", go, fmt::format("steps >= {}", n)),
                      LawTesterStage::prescribed("back", back, fmt::format("steps >= {}", 2 * n - 2)),
                      LawTesterStage::prescribed("again", go, fmt::format("steps >= {}", 2 * n - 2))});
    t.run();
    std::vector<oracles::Real> vertices;
    for (const auto& sm : t.summaries()) vertices.push_back(oracles::Real(sm.last.displacement(c.dof)));
    IceLoop l;
    l.sense = c.name;
    l.xlabel = c.xlabel;
    l.ylabel = c.ylabel;
    l.k = c.k;
    l.yield = c.yield;
    l.oracle = static_cast<double>(oracles::coulomb_slip_1d(oracles::Real(c.k), oracles::Real(c.yield), vertices).dissipation);
    const auto& rs = t.records();
    for (std::size_t i = 0; i < rs.size(); ++i) {
      l.peak = std::max(l.peak, std::abs(rs[i].load(c.dof)));
      if (i % 4 == 0 || i + 1 == rs.size()) {
        l.x.push_back(rs[i].displacement(c.dof));
        l.y.push_back(rs[i].load(c.dof));
      }
    }
    l.dissipation = rs.back().dissipated[c.kind];
    l.other_kinds = rs.back().dissipated.total() - l.dissipation;
    l.steps = static_cast<double>(rs.size());
    out.push_back(std::move(l));
  }
  return out;
}

std::vector<IceBreak> breaks() {
  struct Case {
    const char* name;
    const char* formula;
    int dof;
    double speed;
  };
  // The closed forms as TeX (seed 002's eqs.; the report typesets them between $...$).
  const std::array<Case, 4> cases = {{{"normal", "F_{nb} = c_n A", 0, 1.1e-3},  // 1e-3 and 1e-2 land on a step exactly
                                      {"shear", "F_{tb} = c_t A", 1, 1.1e-2},
                                      {"twist", "T_{wb} = c_w A^{3/2}", 3, -0.3},
                                      {"rolling", "T_{rb} = c_r A^{3/2}", 4, 0.03}}};
  const IceMat m = material(ice_all_senses);
  const IcePhys<double> ph = phys(m);
  std::vector<IceBreak> out;
  for (const auto& c : cases) {
    IceBreak b;
    b.sense = c.name;
    b.formula = c.formula;
    b.closed_form = c.dof == 0 ? ph.f_nb : c.dof == 1 ? ph.f_tb : c.dof == 3 ? ph.t_wb : ph.t_rb;
    const double k = c.dof == 0 ? ph.kn : c.dof == 1 ? ph.kt : c.dof == 3 ? ph.k_w : ph.k_r;
    std::array<double, 6> v{};
    v[static_cast<std::size_t>(c.dof)] = c.speed;
    LawTester<Law> t(Law{}, setup(m), {LawTesterStage::prescribed("drive", v, "steps >= 3000")});
    t.run();
    const auto& rs = t.records();
    for (std::size_t i = 1; i < rs.size() && b.step == 0; ++i)
      if (!rs[i].in_contact || rs[i].dissipated[EnergyKind::released] > 0) b.step = i;
    if (b.step > 0) b.before = std::abs(rs[b.step - 1].load(c.dof));
    b.increment = k * std::abs(c.speed) * kDt;
    b.released = rs.back().dissipated[EnergyKind::released];
    for (const auto& r : rs) {
      b.worst_balance = std::max(b.worst_balance, std::abs(r.balance_error()));
      b.energy_scale = std::max({b.energy_scale, std::abs(r.work), r.elastic, r.dissipated.total()});
    }
    // After the break the driven sense is unbonded: removed (normal) or held at its yield.
    const double fn = std::abs(rs.back().force.x());
    const double yield = c.dof == 1 ? fn * ph.tan_phi : c.dof == 3 ? ph.lever * fn * ph.tan_phi : ph.lever * fn * ph.mu;
    const double after = std::abs(rs.back().load(c.dof));
    b.all_bonds_gone = c.dof == 0 ? !rs.back().in_contact : std::abs(after - yield) <= 8 * eps * yield;
    out.push_back(b);
  }
  return out;
}

// The seed's claims as decided in solver/laws/ice_law.hpp (its header comment), with the ctest
// that shows each. Report text: formulas as TeX between $...$, Woo's code as `code`.
std::vector<IceClaim> claims() {
  return {
      {"$k_w = \\alpha_w k_n A$, $k_r = \\alpha_r k_t A$",
       "dimensions fine; twist follows $k_t$, rolling follows $k_n$: default $k_w = \\alpha_w k_t A$, "
       "$k_r = \\alpha_r k_n A$ (`pairing: seed` keeps the seed's)",
       "$k_n A$ is N m per rad either way. A circular elastic connector has twist $G J/L = k_t A/(2\\pi)$ and bending "
       "$E I/L = k_n A/(4\\pi)$: with the beam pairing $\\alpha_w = 1/(2\\pi)$, $\\alpha_r = 1/(4\\pi)$ hold for "
       "every Poisson ratio; the seed's pairing needs $\\alpha_w$ to depend on ktDivKn. Woo's code does what the "
       "seed writes (not the other way round)",
       "IceLaw.BeamPairingMatchesTheElasticConnectorForAnyKtDivKnButTheSeedPairingDoesNot"},
      {"$F_{nb} = c_n A$, $F_{tb} = c_t A$, $T_{wb} = c_w A^{3/2}$, $T_{rb} = c_b A^{3/2}$",
       "every $c$ is a stress [Pa]; $c_b$ is $c_r$ (typo); each sense has its own limit",
       "Pa m$^2$ = N and Pa m$^3$ = N m. Woo derives them from a strain (`c_n = breakN E`) and tests the twist against "
       "the rolling limit (a bug)",
       "IceLaw.CohesionLimitsScaleAsStressTimesAreaAndArea3Halves"},
      {"$F_{ty} = \\min(0, F_n \\tan\\phi)$, $T_{wy} = \\sqrt{A/\\pi}\\,\\min(0, F_n \\tan\\phi)$",
       "yield = magnitude $|\\min(0, F_n)| \\tan\\phi$; $\\pi$ is pi: $\\sqrt{A/\\pi}$ is the connector radius, a "
       "lever arm",
       "with $F_n < 0$ in compression $\\min(0, F_n \\tan\\phi) \\le 0$, a negative bound no $|F_t|$ can meet (Woo "
       "uses `-min(0,Fn)`)",
       "IceLaw.UnbondedShearTwistAndRollingCyclesDissipateWhatTheExact1dOracleGivesAtAnyStep"},
      {"$|T_w| > T_{wb}$; twist slip (Woo: `Tw > Twy`)",
       "both tests on the magnitude: a negative twist is capped like a positive one",
       "Woo's slip test `Tw > Twy` never caps a negative twist",
       "IceLaw.UnbondedShearTwistAndRollingCyclesDissipateWhatTheExact1dOracleGivesAtAnyStep"},
      {"todo: rolling friction, \"where is it applied, what does it depend on?\"",
       "a rolling-resistance torque at the contact about the tangent axes, elastic-plastic spring $T_r$ with yield "
       "$\\sqrt{A/\\pi}\\,|\\min(0, F_n)|\\,\\mu$, zero in tension",
       "the friction force $\\mu |F_n|$ at the lever arm $a = \\sqrt{A/\\pi}$ (Woo's code); its loops are the 1D "
       "oracle's",
       "IceLaw.UnbondedShearTwistAndRollingCyclesDissipateWhatTheExact1dOracleGivesAtAnyStep"},
      {"\"When breakage in any sense occurs, the bond is broken in all senses at once\"",
       "right, and nothing re-bonds by itself; a break under compression keeps the contact, its drop is released",
       "measured: every sense's break clears all four bond bits",
       "IceLaw.AnyBreakClearsAllFourBondsAtOnceAndNoneReforms"},
      {"breakage at $F > F_b$ per sense (closed forms)",
       "each sense breaks within one step's increment of its closed form; the ledger closes to rounding",
       "measured below (LawTester) and in a hanging chain pulled apart in the full solver",
       "IceLaw.EachBondedSenseBreaksAtItsClosedFormLoadAndTheLedgerClosesToRounding, "
       "DynamicsIce.AHangingPulledBondedChainBreaksItsTopBondWhereTheClosedFormSaysAndTheLedgerBalancesToRounding"},
  };
}

}  // namespace

IceStudy run_ice_study() {
  IceStudy s;
  s.radius = kRadius;
  s.dt = kDt;
  s.uN = kUN0;
  s.area = boost::math::constants::pi<double>() * kRadius * kRadius;
  s.loops = loops();
  s.breaks = breaks();
  s.claims = claims();
  for (const auto& l : s.loops) {
    // Exact at any step up to rounding of the sums (as IceLaw's test): 8 eps per step.
    const double tol = 8 * l.steps * eps;
    s.checks.push_back({fmt::format("ice {} loop dissipation = exact 1D oracle", l.sense),
                        std::abs(l.rel_error()) <= tol && l.other_kinds == 0 &&
                            std::abs(l.peak - l.yield) <= 8 * eps * l.yield,
                        fmt::format("relative {} (bound {}), peak/yield - 1 = {:.1e}", fmt::format("{:.2e}", l.rel_error()),
                                    fmt::format("{:.1e}", tol), l.peak / l.yield - 1)});
  }
  for (const auto& b : s.breaks) {
    const bool within = b.step > 0 && b.before <= b.closed_form * (1 + 8 * eps) &&
                        b.before + b.increment > b.closed_form * (1 - 8 * eps);
    s.checks.push_back({fmt::format("ice {} break within one step's increment of ${}$", b.sense, b.formula), within,
                        fmt::format("limit {:.6e}, before {:.6e}, increment {:.3e}", b.closed_form, b.before, b.increment)});
    const double steps = 3000;
    s.checks.push_back({fmt::format("ice {} break: ledger closes to rounding, bonds gone", b.sense),
                        b.worst_balance <= 4 * steps * eps * b.energy_scale && b.released > 0 && b.all_bonds_gone,
                        fmt::format("worst {:.2e} J of {:.2e} J, released {:.3e} J", b.worst_balance, b.energy_scale,
                                    b.released)});
  }
  bool named = true;
  for (const auto& c : s.claims) named = named && !c.test.empty() && !c.right.empty();
  s.checks.push_back({"ice: every seed claim has a verdict and a test", named, fmt::format("{} claims", s.claims.size())});
  return s;
}

}  // namespace lawcheck::reports
