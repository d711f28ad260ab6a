#include "study/linel6_study.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <boost/math/constants/constants.hpp>
#include <fmt/format.h>

#include "oracles/stiffness.hpp"
#include "tester/law_tester.hpp"

namespace lawcheck::reports {

double LinEl6ScaleRow::predicted() const { return std::pow(2.0, power - 2); }

// Named after the file: the library compiles as a unity build, beside ice_study.cpp's helpers.
namespace linel6_study {

using Law = LinEl6Law<double>;
using oracles::Real;
constexpr double eps = std::numeric_limits<double>::epsilon();

// Two unlike spheres, so that kn's series formula and kt's mean of ktDivKn are both exercised.
constexpr double kRadius1 = 0.01, kRadius2 = 0.015, kUN0 = -1e-5, kDt = 1e-5, kCharLen = 0.01;
constexpr int kSteps = 200;  // records of the outward leg; the way back has one fewer (the first
                             // record is the start, at rest), so the DoF ends where it began.

// Tolerances, each from the roundings of the longest chain it covers (u = eps/2 per operation).
// Load: kn = A/(l1/E1 + l2/E2) with A = pi r^2 is 7 u (pi, square, product, two quotients, sum,
// quotient), kt = kn (ktDivKn1 + ktDivKn2)/2 two more, kb = kt (l l) two more, the load k x one:
// at most 12 u = 6 eps of |k x|.
constexpr double kLoadTol = 6 * eps;
// Energy: the stiffness (12 u at most, as above, less the load's product), the square and the
// product (2 u), the law's sum of four terms (3 u): 16 u = 8 eps of the peak energy.
constexpr double kEnergyTol = 8 * eps;
// Trapezoidal work: each step adds (F_{n-1} + F_n) dq / 2 over six DoFs, 3 u per DoF and 6 u for
// the sum into the running total, all of the peak energy's size: 12 eps per step, bounded here by
// 12 eps x steps.
constexpr double kWorkTolPerStep = 12 * eps;
// Out and back: x is the sum of 2 kSteps - 1 increments dt v_n, each rounding the running sum
// (1 u of |x| <= the peak) and carrying the LawTester's reconstruction of v_n from the particles'
// velocities (a few u of the increment, far below the sum's rounding): 2 kSteps u of the peak.
constexpr double kReturnTol = 2 * kSteps * eps / 2;
// Scale test: the ratio (kw/I)/(kn/m) from two measured stiffnesses (6 eps each, above) and two
// computed inertias (4 u each) and three quotients: 20 eps at each scale, 40 eps for the change.
constexpr double kScaleTol = 40 * eps;

FrictMat material1() { return FrictMat{1e7, 0.2, 0.5, 2600}; }
FrictMat material2() { return FrictMat{3e7, 0.4, 0.6, 2600}; }

LawTesterSetup<FrictMat> setup(double scale, const FrictMat& m1, const FrictMat& m2) {
  LawTesterSetup<FrictMat> s;
  s.radii = {kRadius1 * scale, kRadius2 * scale};
  s.materials = {m1, m2};
  s.dt = kDt;
  s.initial_uN = kUN0 * scale;
  return s;
}

Law law(RotationalStiffness rule, double scale) {
  Law l;
  l.char_len = kCharLen * scale;
  l.rotational_stiffness = rule;
  return l;
}

// The stiffness oracle for the same doubles the LawTester is given (default rules: lengths and
// area from the radii, as LawTesterSetup's StiffnessRules{}).
struct ExactStiffness {
  Real kn, kt;
};
ExactStiffness exact_stiffness(double scale, const FrictMat& m1, const FrictMat& m2) {
  oracles::StiffnessInput in;
  in.p1 = {oracles::Shape::sphere, Real(kRadius1 * scale), Real(m1.young), Real(m1.kt_div_kn), Real(m1.tan_phi)};
  in.p2 = {oracles::Shape::sphere, Real(kRadius2 * scale), Real(m2.young), Real(m2.kt_div_kn), Real(m2.tan_phi)};
  in.uN0 = Real(kUN0 * scale);
  const oracles::StiffnessResult o = oracles::stiffness(in);
  return {o.kn, o.kt};
}

// k of each local DoF under the squared rule: kn, kt, kt, kn l^2, kt l^2, kt l^2 (seed 000,
// with the rotational factor the law's header derives).
std::array<Real, 6> exact_dof_stiffness(const ExactStiffness& k, double char_len) {
  const Real l2 = Real(char_len) * Real(char_len);
  return {k.kn, k.kt, k.kt, k.kn * l2, k.kt * l2, k.kt * l2};
}

// 1/2 sum k_j x_j^2 over the six DoFs of a record (x_0 = uN).
Real closed_form_energy(const std::array<Real, 6>& k, const LawTesterRecord& r) {
  Real e = 0;
  for (int j = 0; j < 6; ++j) {
    const Real x(r.displacement(j));
    e += k[static_cast<std::size_t>(j)] * x * x / 2;
  }
  return e;
}

double to_double(const Real& x) { return static_cast<double>(x); }

struct DofSpec {
  const char* name;
  const char* law_tex;
  const char *load_unit, *displacement_unit, *stiffness_unit;
  double amplitude;  // of the outward leg [m or rad]
};

// Shear amplitude 2 mm: kt A = 0.3 kn A is 120 times the Coulomb limit |kn uN0| tanPhi of the
// pair (tanPhi = min(0.5, 0.6)), which a law with friction would cap.
constexpr std::array<DofSpec, 6> kDofs = {{
    {"normal", "F_n = k_n u_N", "N", "m", "N/m", -9e-5},
    {"shear y", "F_{t,y} = k_t u_{t,y}", "N", "m", "N/m", 2e-3},
    {"shear z", "F_{t,z} = k_t u_{t,z}", "N", "m", "N/m", -2e-3},
    {"twist", "T_n = k_w \\varphi_n", "N m", "rad", "N m/rad", 0.05},
    {"bending y", "T_{b,y} = k_b \\varphi_{b,y}", "N m", "rad", "N m/rad", -0.05},
    {"bending z", "T_{b,z} = k_b \\varphi_{b,z}", "N m", "rad", "N m/rad", 0.05},
}};

LinEl6Dof drive_alone(int d, const DofSpec& spec, const std::array<Real, 6>& k) {
  std::array<double, 6> out{}, back{};
  const double speed = spec.amplitude / ((kSteps - 1) * kDt);
  out[static_cast<std::size_t>(d)] = speed;
  back[static_cast<std::size_t>(d)] = -speed;
  LawTester<Law> t(law(RotationalStiffness::squared, 1), setup(1, material1(), material2()),
                   {LawTesterStage::prescribed("out", out, fmt::format("steps >= {}", kSteps)),
                    LawTesterStage::prescribed("back", back, fmt::format("steps >= {}", kSteps - 1))});
  t.run();
  const auto& recs = t.records();
  const Real kd = k[static_cast<std::size_t>(d)];
  LinEl6Dof r;
  r.name = spec.name;
  r.law_tex = spec.law_tex;
  r.load_unit = spec.load_unit;
  r.displacement_unit = spec.displacement_unit;
  r.stiffness_unit = spec.stiffness_unit;
  r.k_oracle = to_double(kd);
  r.steps = recs.size();
  double worst_load = 0, worst_energy = 0, worst_work = 0, peak_kx = 0;
  for (const auto& rec : recs) {
    const Real kx = kd * Real(rec.displacement(d));
    const Real e = closed_form_energy(k, rec);
    peak_kx = std::max(peak_kx, std::abs(to_double(kx)));
    r.peak_energy = std::max(r.peak_energy, to_double(e));
    worst_load = std::max(worst_load, std::abs(to_double(Real(rec.load(d)) - kx)));
    worst_energy = std::max(worst_energy, std::abs(to_double(Real(rec.elastic) - e)));
    worst_work = std::max(worst_work, std::abs(to_double(Real(rec.work) - e)));
    if (std::abs(rec.displacement(d)) > std::abs(r.peak_displacement)) {
      r.peak_displacement = rec.displacement(d);
      r.peak_load = rec.load(d);
    }
  }
  r.k_measured = r.peak_load / r.peak_displacement;
  r.load_error = worst_load / peak_kx;
  r.energy_error = worst_energy / r.peak_energy;
  r.work_error = worst_work / r.peak_energy;
  r.final_load = std::abs(recs.back().load(d) - recs.front().load(d)) / std::abs(r.peak_load);
  return r;
}

double pair_mass(double r1, double r2, double density, int moment) {
  const double pi = boost::math::constants::pi<double>();
  // m = 4/3 pi r^3 rho; I = 2/5 m r^2 (solid sphere); the pair's reduced value 1/(1/a + 1/b).
  auto of = [&](double r) {
    const double m = 4.0 / 3.0 * pi * r * r * r * density;
    return moment ? 0.4 * m * r * r : m;
  };
  return 1 / (1 / of(r1) + 1 / of(r2));
}

// (kw / I_eff) / (kn / m_eff) at `scale`, kw and kn measured as load/displacement after a short twist.
double frequency_ratio(RotationalStiffness rule, double scale) {
  LawTester<Law> t(law(rule, scale), setup(scale, material1(), material2()),
                   {LawTesterStage::prescribed("twist", {0, 0, 0, 10, 0, 0}, "steps >= 10")});
  t.run();
  const LawTesterRecord& r = t.records().back();
  const double kn = r.force.x() / r.u.x(), kw = r.torque.x() / r.rot.x();
  const double m = pair_mass(kRadius1 * scale, kRadius2 * scale, 2600, 0);
  const double inertia = pair_mass(kRadius1 * scale, kRadius2 * scale, 2600, 1);
  return (kw / inertia) / (kn / m);
}

LinEl6ZeroStiffness zero_stiffness() {
  FrictMat m1 = material1(), m2 = material2();
  m1.kt_div_kn = m2.kt_div_kn = 0;
  const ExactStiffness k = exact_stiffness(1, m1, m2);
  const std::array<Real, 6> kd = exact_dof_stiffness(k, kCharLen);
  LawTester<Law> t(law(RotationalStiffness::squared, 1), setup(1, m1, m2),
                   {LawTesterStage::prescribed("all six", {-0.02, 0.5, -0.3, 2, 1, -1.5}, "steps >= 100")});
  t.run();
  LinEl6ZeroStiffness z;
  z.steps = t.records().size();
  double worst = 0, peak = 0;
  for (const auto& r : t.records()) {
    z.largest_shear_force = std::max(z.largest_shear_force, r.ft_norm());
    z.largest_bending_torque = std::max(z.largest_bending_torque, r.torque.tail<2>().norm());
    z.all_finite = z.all_finite && std::isfinite(r.elastic) && r.force.allFinite() && r.torque.allFinite();
    const Real e = closed_form_energy(kd, r);  // kt = kb = 0: (kn uN^2 + kw rx^2) / 2
    peak = std::max(peak, to_double(e));
    worst = std::max(worst, std::abs(to_double(Real(r.elastic) - e)));
  }
  z.energy_error = worst / peak;
  return z;
}

std::string sci(double x) { return fmt::format("{:.2e}", x); }

LinEl6Study run() {
  LinEl6Study s;
  s.radius1 = kRadius1;
  s.radius2 = kRadius2;
  s.uN0 = kUN0;
  s.dt = kDt;
  s.char_len = kCharLen;
  s.material1 = material1();
  s.material2 = material2();
  const ExactStiffness k = exact_stiffness(1, material1(), material2());
  const std::array<Real, 6> kd = exact_dof_stiffness(k, kCharLen);
  for (int d = 0; d < 6; ++d) s.dofs.push_back(drive_alone(d, kDofs[static_cast<std::size_t>(d)], kd));
  const double tan_phi = std::min(material1().tan_phi, material2().tan_phi);
  s.coulomb_multiple = std::abs(s.dofs[1].peak_load) / (std::abs(to_double(k.kn) * kUN0) * tan_phi);
  for (RotationalStiffness rule : all_rotational_stiffnesses) {
    const int power = rule == RotationalStiffness::squared ? 2 : rule == RotationalStiffness::seed ? 1 : -1;
    s.scale.push_back({rule, power, frequency_ratio(rule, 1), frequency_ratio(rule, 2)});
  }
  s.zero_stiffness = zero_stiffness();

  // Checks: each a measured figure against its tolerance (derived above).
  double load = 0, energy = 0, work_per_step = 0, back = 0;
  for (const auto& d : s.dofs) {
    load = std::max(load, d.load_error);
    energy = std::max(energy, d.energy_error);
    work_per_step = std::max(work_per_step, d.work_error / static_cast<double>(d.steps));
    back = std::max(back, d.final_load);
  }
  const bool loads_ok = load <= kLoadTol, energies_ok = energy <= kEnergyTol && work_per_step <= kWorkTolPerStep;
  const bool back_ok = back <= kReturnTol;
  s.checks.push_back({"each DoF's load is k x (stiffness oracle) at every step", loads_ok,
                      fmt::format("worst |load - k x| / peak |k x| = {} (tolerance {})", sci(load), sci(kLoadTol))});
  s.checks.push_back({"stored energy and trapezoidal work equal 1/2 sum k x^2", energies_ok,
                      fmt::format("law's energy {} of the peak (tolerance {}); work {} per step (tolerance {})",
                                  sci(energy), sci(kEnergyTol), sci(work_per_step), sci(kWorkTolPerStep))});
  s.checks.push_back({"out and back returns every DoF to its starting load", back_ok,
                      fmt::format("worst final |load| / peak = {} (tolerance {})", sci(back), sci(kReturnTol))});
  bool scale_ok = true;
  const LinEl6ScaleRow* squared = nullptr;
  const LinEl6ScaleRow* seed_rule = nullptr;
  std::string scale_detail;
  for (const auto& r : s.scale) {
    scale_ok = scale_ok && std::abs(r.change() - r.predicted()) <= kScaleTol * r.predicted();
    if (r.rule == RotationalStiffness::squared) squared = &r;
    if (r.rule == RotationalStiffness::seed) seed_rule = &r;
    scale_detail += fmt::format("{}{}: x{:.15g} (predicted 2^{})", scale_detail.empty() ? "" : "; ", name_of(r.rule),
                                r.change(), r.power - 2);
  }
  s.checks.push_back({"(kw/I)/(kn/m) changes by 2^(p-2) when the scene doubles", scale_ok, scale_detail});
  const auto& z = s.zero_stiffness;
  const bool zero_ok = z.all_finite && z.largest_shear_force == 0 && z.largest_bending_torque == 0 &&
                       z.energy_error <= kEnergyTol;
  s.checks.push_back({"ktDivKn = 0: no shear force, no bending torque, finite energy", zero_ok,
                      fmt::format("max |Ft| = {} N, max |Tb| = {} N m, energy {} of the peak (tolerance {})",
                                  z.largest_shear_force, z.largest_bending_torque, sci(z.energy_error),
                                  sci(kEnergyTol))});

  // The seed's claims about LinEl6 (ledger ids), each with the verdict the numbers above give.
  const std::string test = "LinEl6Study.DecidesEachSeedClaimAboutLinEl6AsTheLedgerDoes";
  const bool squared_free = squared && std::abs(squared->change() - 1) <= kScaleTol;
  const bool seed_not_free = seed_rule && std::abs(seed_rule->change() - 1) > 0.1;
  const LinEl6Dof &twist = s.dofs[3], &bending = s.dofs[4];
  s.claims.push_back({"000-22", loads_ok && back_ok && s.coulomb_multiple >= 100 ? Verdict::holds : Verdict::wrong,
                      fmt::format("shear to {:.0f} x the Coulomb limit stays $F_t = k_t u_t$ (to {}); every DoF "
                                  "returns to its starting load (to {} of its peak)",
                                  s.coulomb_multiple, sci(s.dofs[1].load_error), sci(back)),
                      test});
  const std::string scale_text =
      seed_rule && squared ? fmt::format("doubling the scene multiplies $(k_w/I)/(k_n/m)$ by {:.6f} with $l k_n$, by "
                                         "{:.6f} with $k_n l^2$",
                                         seed_rule->change(), squared->change())
                           : std::string();
  s.claims.push_back({"000-23", squared_free && seed_not_free ? Verdict::wrong : Verdict::holds,
                      scale_text + ": only $k l^2$ (N m/rad) is scale-free", test});
  s.claims.push_back({"000-24", squared_free && seed_not_free && loads_ok ? Verdict::wrong : Verdict::holds,
                      fmt::format("twist torque/rotation = {:.10e} N m/rad = $k_n l^2$ (oracle {:.10e}); {}",
                                  twist.k_measured, twist.k_oracle, scale_text),
                      test});
  s.claims.push_back({"000-25", loads_ok ? Verdict::typo : Verdict::wrong,
                      fmt::format("bending torque/rotation = {:.10e} N m/rad = $k_t l^2$ (oracle {:.10e})",
                                  bending.k_measured, bending.k_oracle),
                      test});
  s.claims.push_back({"000-26", loads_ok && energies_ok ? Verdict::holds : Verdict::wrong,
                      fmt::format("$F_n = k_n u_N$, $F_t = k_t u_t$ at every step to {} of the peak force", sci(load)),
                      test});
  // The seed's energy term T_n/k_w is the rotation itself (rad); the work the torque did is T^2/(2 kw).
  const double seed_term = twist.peak_load / twist.k_oracle;
  const double work_term = twist.peak_load * twist.peak_load / (2 * twist.k_oracle);
  s.claims.push_back({"000-27", energies_ok ? Verdict::typo : Verdict::wrong,
                      fmt::format("at the twist's peak $T_n/k_w$ = {:.4e} rad (an angle), the torque's work "
                                  "$T_n^2/(2 k_w)$ = {:.4e} J = trapezoidal work to {}",
                                  seed_term, work_term, sci(twist.work_error)),
                      test});
  s.claims.push_back({"000-28", zero_ok ? Verdict::holds : Verdict::wrong,
                      fmt::format("ktDivKn = 0: $F_t$ = {} N, $T_b$ = {} N m exactly; energy finite, = "
                                  "$(k_n u_N^2 + k_w \\varphi_n^2)/2$ to {}",
                                  z.largest_shear_force, z.largest_bending_torque, sci(z.energy_error)),
                      test});
  return s;
}

}  // namespace linel6_study

LinEl6Study run_linel6_study() { return linel6_study::run(); }

}  // namespace lawcheck::reports
