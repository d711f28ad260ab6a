#pragma once
// The general suite: properties of any law (LawSubject), on every configuration the subject
// draws (each flag, formula and option) and on six-DoF paths that rotate, go into tension, break
// and make the contact again (gen::path_any):
// - double and 50-digit runs of the same path agree to the rounding of double;
// - the law is isotropic about the normal: turning the tangential axes of a path by any angle
//   turns the tangential force and the bending torque by that angle and changes no energy. A law
//   that treats the two tangential axes differently (a stiffness, an increment or a yield
//   surface per axis) fails it at once; before, only the slow 2D oracle caught such a law;
// - extreme but valid inputs stay finite and keep the properties of the law's capabilities.

#include <algorithm>
#include <cmath>

#include <boost/math/constants/constants.hpp>
#include <rapidcheck.h>

#include "core/high_precision.hpp"
#include "coulomb_properties.hpp"
#include "law_case.hpp"

namespace lawcheck::properties {

// Double and 50-digit runs of the same path agree to the rounding of double. The force is a
// running sum over N <= 144 steps (9 segments of <= 16) of increments with <= 3 roundings, so
// |dF| <= 3 eps kt L_t + N eps |F|max (law_case.hpp). L_t <= 102 path units (9 corners, each
// <= 16 grid units of 1/2 unit from the previous in y and z; a smooth loop, 3 modes of amplitude
// <= 4 sqrt2 grid units each travelled 4 k <= 12 times, as much), and kt x 1 unit <= |F|max: the
// unit is the yield slip (kt unit =
// fy(uN0) <= |Fn(uN0)|) or |uN0| with kt <= kn. So |dF| <= (306 + 144) eps |F|max ~ 1e-13. The
// torque alike, with L_r <= 18 |phi|max (each segment <= 2 |phi|max) and
// kr |phi|max <= (kmax/kmin) |T|max <= 10 |T|max (kt/kn >= 0.1): <= (540 + 144) eps ~ 1.5e-13.
// The 1e-12 keeps a factor >= 6 above both. Energies are compared on the scale of the
// energy exchanged along the path. Breaks and remakes at uN > 0 happen at the same steps in both
// precisions: uN is the path's double, exact in 50 digits.
//
// A law with discontinuous decisions (ThresholdSubject: a bond that breaks at a load) can branch
// apart where a value lies within rounding of its limit: the two runs' values differ by the
// rounding above, and no precision decides such a case "right". The comparison then stops at
// the first step k at which, in either run, a decision's value v is within the rounding band of
// its limit L, i.e. L lies in [min(v_lo, v_hi) - b, max(v_lo, v_hi) + b] (the runs' own
// disagreement, observed, plus b), and compares steps 0..k-1, where no decision can have gone
// differently. b bounds how far the subject's recomputation (in double, from the previous
// response and the step's increments) can be from the value the law compares in each run: the
// law's increment k dt (du/dt) is k du to 3 roundings, the subject's k du to 1; the sum 1 each;
// a norm (or the law's comparison of squares) ~2 each; the 50-digit response read as a double
// 1/2: <= 11 eps of size = |F_{k-1}| + |k du| (subject's decisions). b = 16 eps size: a few ulps
// of the value, so a law that decides differently by more than that (a limit off by 1e-3 in one
// precision, a float comparison off by 1e-7) is still compared through its wrong branch. The
// share of cases cut is classified, and how early they are cut measured.
//
// The same cut serves any two runs of one case whose decisions may differ by rounding only (the
// turning property: a path and the same path turned about the normal). `hi_increments(k)` gives
// the second run's (du, dphi) of step k: the double path's own for the 50-digit run (the first
// run's), the turned path's for the turned run (its decisions are those of the turned vectors).
template <LawSubject S, class HiRun, class HiIncrements>
std::size_t steps_before_a_decision_within_rounding(const LawCase<S>& c, const PathRun<double>& lo, const HiRun& hi,
                                                    HiIncrements hi_increments) {
  if constexpr (ThresholdSubject<S>) {
    for (std::size_t k = 0; k <= hi.steps(); ++k) {
      // No step in either run. A step whose outcomes differ is tested too: a decision within
      // rounding of its limit is exactly what makes the runs differ there (one holds, the other
      // breaks); a mismatch with every value clear of its limit is left to the comparison.
      if (lo.contact[k] == Contact::none && hi.contact[k] == Contact::none) continue;
      // The previous response is the state the law steps from; a step that makes the contact
      // starts from the initial state with no increment (path_driver.hpp).
      const bool moved = k > 0 && (lo.contact[k - 1] == Contact::made || lo.contact[k - 1] == Contact::held);
      const Vec3d du = moved ? lo.du[k] : Vec3d::Zero();
      const Vec3d dphi = moved ? lo.dphi[k] : Vec3d::Zero();
      const auto [hi_du, hi_dphi] = moved ? hi_increments(k) : std::pair<Vec3d, Vec3d>{Vec3d::Zero(), Vec3d::Zero()};
      const auto a = moved ? S::decisions(c.law, c.phys, lo.response[k - 1].force, lo.response[k - 1].torque,
                                          hi.uN[k], du, dphi)
                           : S::decisions(c.law, c.phys, Vec3d::Zero(), Vec3d::Zero(), hi.uN[k], du, dphi);
      const auto b = moved ? S::decisions(c.law, c.phys, hi.response[k - 1].force.template cast<double>(),
                                          hi.response[k - 1].torque.template cast<double>(), hi.uN[k], hi_du, hi_dphi)
                           : a;
      for (std::size_t i = 0; i < a.size(); ++i) {
        const double band = 16 * eps * std::max(a[i].size, b[i].size);
        const double limit = a[i].limit;
        if (std::min(a[i].value, b[i].value) - band <= limit && limit <= std::max(a[i].value, b[i].value) + band) {
          RC_LOG() << "step " << k << ": decision " << i << " value " << a[i].value << " (50 digits " << b[i].value
                   << ") within " << band << " of its limit " << limit << ": compared before step " << k << '\n';
          if (limit > 0) measure("cut: rounding band / limit", band / limit);
          return k;
        }
      }
    }
  }
  return hi.steps() + 1;
}

template <LawSubject S>
std::size_t steps_before_a_decision_within_rounding(const LawCase<S>& c, const PathRun<double>& lo,
                                                    const PathRun<HighPrecision>& hi) {
  return steps_before_a_decision_within_rounding(c, lo, hi, [&](std::size_t k) { return std::pair{lo.du[k], lo.dphi[k]}; });
}

template <LawSubject S>
void double_and_fifty_digit_runs_agree_to_rounding() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto spec = *gen::path_any();
  const auto path = to_path(spec, c.scale);
  const auto lo = run_path(c.law, c.phys, path, c.lengths);
  const auto hi = run_path(c.law.template cast<HighPrecision>(), c.phys.template cast<HighPrecision>(),
                           path, c.lengths);
  RC_ASSERT(lo.steps() == hi.steps());
  const std::size_t end = steps_before_a_decision_within_rounding(c, lo, hi);  // compare steps [0, end)
  double force_scale = 0;
  double torque_scale = 0;
  double stored_max = 0;
  double exchanged = 0;
  double overlap = 0, speed = 0, travel = 0;  // over the contact's steps, for a ForceTermsSubject
  for (std::size_t k = 0; k < end; ++k) {
    RC_ASSERT(lo.contact[k] == hi.contact[k]);
    if (lo.contact[k] != Contact::none) {
      overlap = std::max(overlap, -lo.uN[k]);
      speed = std::max(speed, lo.du[k].norm() / path.dt);
      travel += lo.du[k].norm();
    }
    force_scale = std::max(force_scale, static_cast<double>(hi.response[k].force.norm()));
    torque_scale = std::max(torque_scale, static_cast<double>(hi.response[k].torque.norm()));
    stored_max = std::max(stored_max, static_cast<double>(hi.elastic[k]));
    exchanged += static_cast<double>(hi.response[k].force.norm() * hi.du[k].norm() +
                                     hi.response[k].torque.norm() * hi.dphi[k].norm());
  }
  double energy_scale = stored_max + exchanged + (end > 0 ? static_cast<double>(hi.dissipated[end - 1]) : 0.0);
  // A force whose terms cancel (ForceTermsSubject: -f_adh + k d^n, a spring against a damper)
  // is rounded relative to its terms, not to |F|: each step computes every term afresh from uN
  // and vel = du/dt (each component off by 2 eps of itself, which a term proportional to it, or
  // to its direction, keeps relative) with a few roundings of its own size, so |dF| <= ~20 eps
  // of the terms' sum; the energies, integrals of the terms over the overlap (elastic) and
  // trapezoids of them times du (dissipation), likewise of terms x (overlap + sum |du|).
  if constexpr (ForceTermsSubject<S>) {
    const double terms = S::force_scale(c.law, c.phys, overlap, speed);
    force_scale = std::max(force_scale, terms);
    energy_scale += terms * (overlap + travel);
  }
  double force_error = 0;
  double torque_error = 0;
  double energy_error = 0;
  for (std::size_t k = 0; k < end; ++k) {
    force_error = std::max(force_error, (lo.response[k].force - hi.response[k].force.template cast<double>()).norm());
    torque_error =
        std::max(torque_error, (lo.response[k].torque - hi.response[k].torque.template cast<double>()).norm());
    energy_error = std::max({energy_error, std::abs(lo.elastic[k] - static_cast<double>(hi.elastic[k])),
                             std::abs(lo.dissipated[k] - static_cast<double>(hi.dissipated[k]))});
  }
  const auto relative = [](double error, double scale) { return scale > 0 ? error / scale : error; };
  const double force_rel = relative(force_error, force_scale);
  const double torque_rel = relative(torque_error, torque_scale);
  const double energy_rel = relative(energy_error, energy_scale);
  measure("force |double - 50 digits| / max |F|", force_rel);
  measure("torque |double - 50 digits| / max |T|", torque_rel);
  measure("energy |double - 50 digits| / energy scale", energy_rel);
  RC_CLASSIFY(lo.broken(), "broke");
  if constexpr (ThresholdSubject<S>) {
    RC_CLASSIFY(end <= hi.steps(), "cut at a decision within rounding of its limit");
    measure("steps left uncompared / steps", double(hi.steps() + 1 - end) / double(hi.steps() + 1));
  }
  RC_ASSERT(force_rel <= 1e-12);
  RC_ASSERT(torque_rel <= 1e-12);
  RC_ASSERT(energy_rel <= 1e-12);
}

// Turning the path by an angle a about the normal (loading_path.hpp, turned_about_the_normal)
// must turn the response by a. The two runs differ by rounding only:
// - each turned point (a 2x2 product with cos a, sin a rounded) is off by <= 3 eps |u_t|, so each
//   increment by <= 6 eps |u_t|max, which a slipping step does not telescope away: summed over N
//   steps, <= 6 N eps kt |u_t|max on the force;
// - each run's own running sum: <= 3 eps kt L_t + 2 N eps |F|max (law_case.hpp; the radial
//   return rescales once per step), twice; turning the reference force adds 3 eps |F|max.
// So |dF| <= 16 eps (kt (L_t + N |u_t|max) + N |F|max) (16 = twice the largest constant, 8), and
// the same with kr, L_r, |phi|max, |T|max for the torque. The radial return is a projection on a
// disc, which is non-expansive: the bound survives slip. The energies are quadratic in F, T: each
// step's stored or slip energy moves by <= |F|max |dF| / kt + |T|max |dT| / kr, and the
// dissipation sums N of them; plus the energies' own rounding, 8 eps N of their size.
// A law whose force is a sum of velocity-dependent terms (ForceTermsSubject: dampers,
// regularised friction) has no running sum and rounds relative to its terms' sum (not |F|): that
// sum replaces |F|max; and the turn leaves uN and the normal velocity exactly as they were
// (only the tangential components are turned), so the normal force and the elastic energy are
// identical, while v_t = du_t / dt is off by the increment's 6 eps |u_t|max plus 2 eps |du_t| <=
// 4 eps |u_t|max of the subtraction and division: dF <= |dF/dv_t| 10 eps |u_t|max / dt per step
// (no memory: it does not accumulate). The dissipation books trapezoids of the force times du:
// per step it moves by <= |dF| |du|max + |F| 6 eps |u_t|max (kt = 0: the quadratic term is 0).
template <LawSubject S>
void turning_the_path_about_the_normal_turns_the_response() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto spec = *gen::path_any();
  const int degrees = *rc::gen::inRange(-180, 181);
  const double angle = degrees * boost::math::constants::pi<double>() / 180;
  const auto path = to_path(spec, c.scale);
  const auto run = run_path(c.law, c.phys, path, c.lengths);
  const auto turned = run_path(c.law, c.phys, turned_about_the_normal(path, angle), c.lengths);
  RC_ASSERT(run.steps() == turned.steps());
  const Eigen::Matrix2d q = Eigen::Rotation2Dd(angle).toRotationMatrix();
  const auto k = c.stiffness();
  const double kr = largest_rotational(k);
  double path_t = 0, path_r = 0, u_max = 0, phi_max = 0, f_max = 0, t_max = 0, e_max = 0;
  for (std::size_t i = 0; i <= run.steps(); ++i) {
    path_t += run.du[i].template tail<2>().norm();
    path_r += run.dphi[i].norm();
    u_max = std::max(u_max, path.u[i].template tail<2>().norm());
    phi_max = std::max(phi_max, path.phi[i].norm());
    f_max = std::max(f_max, run.response[i].force.norm());
    t_max = std::max(t_max, run.response[i].torque.norm());
    e_max = std::max({e_max, run.elastic[i], run.dissipated[i]});
  }
  const double n = double(run.steps());
  double terms = f_max, sensitivity = 0, du_max = 0;
  if constexpr (ForceTermsSubject<S>) {
    double overlap = 0, speed = 0;
    for (std::size_t i = 0; i <= run.steps(); ++i) {
      if (run.contact[i] == Contact::none) continue;
      overlap = std::max(overlap, -run.uN[i]);
      du_max = std::max(du_max, run.du[i].norm());
      speed = std::max(speed, run.du[i].norm() / path.dt);
    }
    terms = std::max(terms, S::force_scale(c.law, c.phys, overlap, speed));
    sensitivity = S::velocity_sensitivity(c.law, c.phys, overlap, speed).tangential;
  }
  const double tol_f = 16 * eps * (k.tangential * (path_t + n * u_max) + n * terms) +
                       sensitivity * 10 * eps * u_max / path.dt;
  const double tol_t = 16 * eps * (kr * (path_r + n * phi_max) + n * t_max);
  const double per_step = (k.tangential > 0 ? f_max * tol_f / k.tangential : 0.0) + (kr > 0 ? t_max * tol_t / kr : 0.0) +
                          (ForceTermsSubject<S> ? tol_f * du_max + terms * 6 * eps * u_max : 0.0);
  const double tol_e = n * per_step + 8 * eps * n * e_max;
  double worst = 0;
  const auto turn = [&](Vec3d v) {
    v.tail<2>() = q * v.tail<2>();
    return v;
  };
  // A law with thresholds may decide a value within rounding of its limit either way in the two
  // runs (|Ft| of the turned path differs by rounding): compared up to the first such step, as in
  // the 50-digit comparison above.
  const std::size_t end = steps_before_a_decision_within_rounding(
      c, run, turned, [&](std::size_t k) { return std::pair{turned.du[k], turned.dphi[k]}; });
  if constexpr (ThresholdSubject<S>) RC_CLASSIFY(end <= turned.steps(), "cut at a decision within rounding of its limit");
  for (std::size_t i = 0; i < end; ++i) {
    RC_ASSERT(run.contact[i] == turned.contact[i]);
    const double df = (turn(run.response[i].force) - turned.response[i].force).norm();
    const double dt = (turn(run.response[i].torque) - turned.response[i].torque).norm();
    const double de = std::max(std::abs(run.elastic[i] - turned.elastic[i]),
                               std::abs(run.dissipated[i] - turned.dissipated[i]));
    worst = std::max({worst, tol_f > 0 ? df / tol_f : df, tol_t > 0 ? dt / tol_t : dt, tol_e > 0 ? de / tol_e : de});
    RC_ASSERT(df <= tol_f);
    RC_ASSERT(dt <= tol_t);
    RC_ASSERT(de <= tol_e);
  }
  RC_CLASSIFY(run.dissipated.back() > 0, "dissipated");
  RC_CLASSIFY(degrees % 90 != 0, "not a quarter turn");
  measure("difference / tolerance", worst);
}

// Extreme but valid inputs (Range::extreme: kt/kn 1e-6..1e6, radii 1e-6..1e2 m, zero friction;
// paths reaching zero normal force and, on the half-slip grid, exactly the yield surface): nothing
// becomes NaN or infinite, for every configuration and on paths through tension, and the
// properties of the law's capabilities still hold: for a Coulomb-bounded law the bound, monotone
// dissipation and (1D) the exact work balance; for a law with elastic configurations the elastic
// energy balance.
template <LawSubject S>
void extreme_valid_inputs_stay_finite_and_keep_every_property() {
  const auto c = draw_case<S>(gen::Range::extreme);
  const bool one_d = *rc::gen::arbitrary<bool>();
  const auto spec = one_d ? LoadingSpec(*gen::path_1d()) : *gen::path_2d();
  check_finite(run_case(c, c.law, *gen::path_any()));
  if constexpr (CoulombBoundedSubject<S>) {
    const auto law = one_d ? S::exact_slip(S::bounded(c.law)) : S::bounded(c.law);
    const auto run = run_in_compression(c, law, spec);
    RC_CLASSIFY(S::yield_force(c.phys, 1.0) == 0, "frictionless");
    RC_CLASSIFY(run.dissipated.back() > 0, "slipped");
    check_finite(run);
    check_coulomb_bound(c, run);
    check_dissipation_monotone(run);
    if (one_d) check_energy_balance_1d(c, run);
  }
  if constexpr (ElasticEnergySubject<S>) {
    const auto elastic = run_in_compression(c, S::elastic(c.law), spec);
    check_finite(elastic);
    const double tol = energy_tolerance(elastic, c.stiffness());
    const double error = std::abs(elastic.work.back() - (elastic.elastic.back() - elastic.elastic.front()));
    measure("elastic configuration: |W - dE| / tolerance", error / tol);
    RC_ASSERT(error <= tol);
  }
}

}  // namespace lawcheck::properties
