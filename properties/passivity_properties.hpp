#pragma once
// Passivity, for every law (law_subject.hpp, LawSubject): no law creates energy, and every law's
// ledger closes. Three properties, each computed by the kit from the forces, torques and
// increments it drove and observed, so that a law cannot pass them by what it says of itself:
//
// (1) EveryDissipatedKindGrowsStepByStep. Each kind the law books (Law::energy_kinds) whose booking
//     is positive step by step (S::stepwise_positive(kind); by default every kind but `released`,
//     which may be negative where a step reversed a spring: energy_kind.hpp) is >= 0 in every step,
//     to a rounding band: a booking is a difference of stored energies or a product of forces and
//     increments, each carrying a few roundings of its size, so
//         booked >= -16 eps (E_{k-1} + E_k + (|F_{k-1}| + |F_k|) |du_k| + (|T_{k-1}| + |T_k|) |dphi_k|).
//     Catches a dissipation booked with the wrong sign.
//
// (2) AnUnloadedContactDrivenAlongAnyPathAbsorbsWork. A contact made at touch (uN = 0) with the
//     law's initial state holds no energy; for a passive law the work done on it since then is
//     W(t) = E(t) + D(t) >= 0 (E, D >= 0), whatever the path. The path: a smooth closed loop from
//     touch in all six DoFs (touch_loop below: uN in [2 uN0, 0], every DoF back to zero). W is the
//     driver's trapezoid sum (path_driver.hpp), exact for forces linear in the displacement along
//     a step and second order for any force smooth in time; refined at the same velocities (steps
//     x 4, dt / 4: a rate term keeps its size, a quadrature error shrinks by 16), the fine run's
//     error is |W_fine - W_coarse| / 15 to leading order, so the property asserts, with a margin
//     of 15 for the terms after the leading one,
//         W_fine >= -(|W_fine - W_coarse| + rounding),
//     rounding the kit's bound on the work sum (law_case.hpp, energy_tolerance; for a law whose
//     force is a sum of terms that may cancel, 8 eps N sum_k Fterms |du_k| as well). A contact whose
//     made step already carries a force (adhesion that pulls at touch) is not unloaded: discarded
//     and counted. Catches a dashpot with the wrong sign and friction that pushes along the slip,
//     whatever the law books.
//
// (3) TheEnergyLedgerClosesAsThePathIsRefined. On any compression path in six DoFs (no break),
//     the residual r = W - (E_N - E_0) - (D_N - D_0) of the ledger (work = change of stored energy
//     + dissipated + released) is rounding for a law whose booking is exact, and otherwise shrinks
//     at the order of the law's booking (the trapezoid of a nonlinear spring: second order; a
//     slip formula or a dashpot booked from the step's velocity: first). The drawn path is run
//     with each step split in 4, 8 and 32 at the same velocities; any order p >= 1 gives
//     |r_32| <= |r_4| / 8 and <= |r_8| / 4, so
//         |r_32| <= max(|r_4|, |r_8|) / 2 + rounding
//     holds with a margin of 2 or more against a first-order coefficient that changes between the
//     resolutions. The coarse levels are 4 and 8, not 1 and 2: a path of one step from load to
//     touch slips at once at 2 steps and books nothing at 1 (yield force 0 at its end), so the
//     first levels are not yet in the asymptotic range.
//     Where it runs: only where the force is Lipschitz in the displacement (S::lipschitz; a spring
//     d^p with p < 1 has no bounded stiffness at touch, and its trapezoid no order there:
//     discarded and counted); a Coulomb law runs its elastic configuration (S::elastic), since
//     under a varying normal force a slip's first-order ledger terms change sign as the stick-slip
//     switches move on the grid and the residuals are not ordered between resolutions (linear and
//     Ice laws: up to 1.6 times the bound). The Coulomb suite checks a slip's ledger exactly on 1D
//     paths (WorkEqualsStoredEnergyPlusDissipationOnAny1DPath) and against the 2D oracle instead.
//     A booking that does not describe the work -- dissipation that never happened (a plastic
//     column that grows while the force stays on the elastic curve), a damper whose
//     force and booking disagree -- leaves a residual that does not shrink, and fails.

#include <algorithm>
#include <array>
#include <cmath>
#include <ostream>
#include <type_traits>
#include <utility>
#include <variant>

#include <boost/math/constants/constants.hpp>
#include <rapidcheck.h>

#include "generators.hpp"
#include "law_case.hpp"
#include "law_subject.hpp"
#include "loading_path.hpp"
#include "path_driver.hpp"
#include "property_runner.hpp"

namespace lawcheck::properties {

// Kinds whose booking the law promises to be non-negative in every step (1); the subject may
// narrow it (S::stepwise_positive(kind)), e.g. a damper booked as a trapezoid of the previous and
// the current force turns negative in a step where the velocity reverses.
template <LawSubject S>
bool stepwise_positive(EnergyKind kind) {
  if constexpr (requires { { S::stepwise_positive(kind) } -> std::convertible_to<bool>; })
    return S::stepwise_positive(kind);
  else
    return kind != EnergyKind::released;
}

// The same path with every step split in `factor` at the same velocities (dt / factor).
inline LoadingSpec refined(LoadingSpec spec, int factor) {
  std::visit(
      [factor](auto& s) {
        if constexpr (std::is_same_v<std::decay_t<decltype(s)>, PiecewiseSpec>)
          for (Corner& c : s.corners) c.steps *= factor;
        else
          s.steps *= factor;
      },
      spec);
  return spec;
}

inline PathScale refined(PathScale scale, int factor) {
  scale.dt /= factor;
  return scale;
}

// The rounding band of a work sum (law_case.hpp), widened for a law whose force is a sum of
// terms that may cancel (ForceTermsSubject): each trapezoid's product then rounds relative to the
// terms, not to |F|. dt: the run's own step, so the speeds are those the dashpot saw.
template <LawSubject S>
double work_rounding(const LawCase<S>& c, const PathRun<double>& run, double dt) {
  double band = energy_tolerance(run, c.stiffness());
  if constexpr (ForceTermsSubject<S>) {
    double overlap = 0;
    double speed = 0;
    for (std::size_t k = 1; k <= run.steps(); ++k) {
      overlap = std::max(overlap, -run.uN[k]);
      speed = std::max(speed, run.du[k].norm() / dt);
    }
    const double terms = S::force_scale(c.law, c.phys, overlap, speed);
    double travel = 0;
    for (std::size_t k = 1; k <= run.steps(); ++k) travel += run.du[k].norm();
    band += 8 * eps * double(run.steps()) * terms * travel;
  }
  return band;
}

// The magnitude of the terms the law's energies are summed from, for overlaps and remembered
// overlaps <= reach, for a law that declares it (EnergyTermsSubject); 0 otherwise, where the
// energies themselves bound it.
template <LawSubject S>
double energy_terms(const LawCase<S>& c, double reach) {
  if constexpr (EnergyTermsSubject<S>)
    return S::energy_terms(c.law, c.phys, reach);
  else
    return 0;
}

template <LawSubject S>
void every_dissipated_kind_grows_step_by_step() {
  auto c = draw_case<S>(gen::Range::typical);
  const auto run = run_in_compression(c, c.law, *gen::path_6d());
  double worst = 0;
  double reach = std::max(0.0, -run.uN[0]);  // the largest overlap so far
  for (std::size_t k = 1; k <= run.steps(); ++k) {
    reach = std::max(reach, -run.uN[k]);
    const auto& a = run.response[k - 1];
    const auto& b = run.response[k];
    const double size = std::abs(run.elastic[k - 1]) + std::abs(run.elastic[k]) + (a.force.norm() + b.force.norm()) * run.du[k].norm() +
                        (a.torque.norm() + b.torque.norm()) * run.dphi[k].norm();
    // A booking is a difference of energies, or a trapezoid of forces over the step: each operand
    // rounds within a few eps of the magnitudes it is summed from (the energies and work above; the
    // terms of an energy that cancels, energy_terms), 16 eps covering both operands with a margin.
    const double band = 16 * eps * (size + energy_terms(c, reach));
    for (EnergyKind kind : S::Law::energy_kinds) {
      if (!stepwise_positive<S>(kind)) continue;
      const double booked = b.dissipated[kind];
      if (booked < 0 && band > 0) worst = std::max(worst, -booked / band);
      RC_ASSERT(booked >= -band);
    }
  }
  RC_CLASSIFY(run.dissipated.back() > run.dissipated.front(), "dissipated");
  measure("largest negative booking / rounding band", worst);
}

// A smooth closed loop from touch (header, (2)): over s in [0, 1],
//   uN = uN0 n (1 - cos 2 pi k s) / 8,   u_t, phi = (y, z; rx, ry, rz) unit sin 2 pi k' s,
// so every DoF starts and ends at zero with the normal at touch, and uN <= 0 throughout
// (n in 1..8: at most 2 uN0, as the kit's other paths). Smooth in time, no corners: the
// trapezoid work of a force smooth in time is second order, also for a spring d^p with p < 1 near
// touch (d grows as s^2 there, so the force is smooth in s) and for a damper, whose force at a
// corner would jump and cost a first-order error of either sign. Every error term then shrinks by
// 16 at 4 times the steps, the coarse run's by the same factor as the fine one's.
struct TouchLoopSpec {
  int n = 4;
  int k_normal = 1;
  std::array<int, 5> amplitudes{0, 0, 0, 0, 0};  // y, z, rx, ry, rz
  int k_shear = 1;
  int steps = 16;
};

inline void showValue(const TouchLoopSpec& t, std::ostream& os) {
  os << "touch loop, " << t.steps << " steps: uN0 " << t.n << " (1 - cos 2pi " << t.k_normal << " s)/8, (y z rx ry rz) = ("
     << t.amplitudes[0] << ' ' << t.amplitudes[1] << ' ' << t.amplitudes[2] << ' ' << t.amplitudes[3] << ' '
     << t.amplitudes[4] << ") sin 2pi " << t.k_shear << " s";
}

inline rc::Gen<TouchLoopSpec> touch_loop() {
  return rc::gen::apply(
      [](int n, int kn, int y, int z, int rx, int ry, int rz, int kt, int steps) {
        return TouchLoopSpec{n, kn, {y, z, rx, ry, rz}, kt, steps};
      },
      rc::gen::inRange(1, 9), rc::gen::inRange(1, 3), rc::gen::inRange(-4, 5), rc::gen::inRange(-4, 5),
      rc::gen::inRange(-4, 5), rc::gen::inRange(-4, 5), rc::gen::inRange(-4, 5), rc::gen::inRange(1, 3),
      rc::gen::inRange(8, 65));
}

inline LoadingPath touch_to_touch(const TouchLoopSpec& t, const PathScale& scale, int factor) {
  const double two_pi = 2 * boost::math::constants::pi<double>();
  const int steps = t.steps * factor;
  LoadingPath path{{}, {}, scale.dt / factor};
  for (int j = 0; j <= steps; ++j) {
    const double s = double(j) / steps;
    const double normal = j == 0 || j == steps ? 0.0 : scale.uN0 * t.n * (1 - std::cos(two_pi * t.k_normal * s)) / 8;
    const double shear = j == 0 || j == steps ? 0.0 : std::sin(two_pi * t.k_shear * s);
    const auto& a = t.amplitudes;
    path.u.emplace_back(normal, scale.slip * a[0] * shear, scale.slip * a[1] * shear);
    path.phi.emplace_back(scale.angle * a[2] * shear, scale.angle * a[3] * shear, scale.angle * a[4] * shear);
  }
  return path;
}

template <LawSubject S>
void an_unloaded_contact_driven_along_any_path_absorbs_work() {
  auto c = draw_case<S>(gen::Range::typical);
  const auto loop = *touch_loop();
  const auto coarse = run_path(c.law, c.phys, touch_to_touch(loop, c.scale, 1), c.lengths);
  const auto fine = run_path(c.law, c.phys, touch_to_touch(loop, c.scale, 4), c.lengths);
  RC_PRE(coarse.response.front().force.norm() == 0.0 && coarse.response.front().torque.norm() == 0.0);
  RC_ASSERT(!coarse.broken());
  RC_ASSERT(!fine.broken());
  const double w_fine = fine.work.back();
  const double w_coarse = coarse.work.back();
  const double band = std::abs(w_fine - w_coarse) + work_rounding(c, fine, c.scale.dt / 4);
  measure("-work / (quadrature + rounding band)", band > 0 ? -w_fine / band : 0.0);
  RC_CLASSIFY(fine.dissipated.back() > 0, "dissipated");
  RC_ASSERT(w_fine >= -band);
}

// Whether the configuration's force is Lipschitz in the displacement (3): the trapezoid's error is
// then at most K |du|^2 / 2 a step and shrinks with the step; a spring d^p with p < 1 has an
// unbounded stiffness at touch, where the error has no order to check (S::lipschitz(law)).
template <LawSubject S>
bool lipschitz(const typename S::Law& law) {
  if constexpr (requires { { S::lipschitz(law) } -> std::convertible_to<bool>; })
    return S::lipschitz(law);
  else
    return true;
}

template <LawSubject S>
void the_energy_ledger_closes_as_the_path_is_refined() {
  auto c = draw_case<S>(gen::Range::typical);
  if constexpr (CoulombBoundedSubject<S>) c.law = S::elastic(c.law);
  RC_PRE(lipschitz<S>(c.law));
  const auto spec = *gen::path_6d();
  const auto residual = [&](int factor) {
    const auto scale = refined(c.scale, factor);
    const auto run = run_in_compression(c, c.law, refined(spec, factor), scale);
    const double r = run.work.back() - (run.elastic.back() - run.elastic.front()) -
                     (run.dissipated.back() - run.dissipated.front());
    return std::pair{r, work_rounding(c, run, scale.dt)};
  };
  const auto [r4, band4] = residual(4);
  const auto [r8, band8] = residual(8);
  const auto [r32, band32] = residual(32);
  const double bound = std::max(std::abs(r4), std::abs(r8)) / 2 + band32;
  measure("|r_32| / (max(|r_4|, |r_8|) / 2 + rounding)", std::abs(r32) / bound);
  RC_CLASSIFY(std::abs(r4) <= band4, "closes to rounding");
  RC_ASSERT(std::abs(r32) <= bound);
}

}  // namespace lawcheck::properties
