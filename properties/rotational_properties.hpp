#pragma once
// The rotational suite: what a law does with the relative rotation of the particles (twist about
// the normal, bending about the tangents; local_geom.hpp's ang_vel), in one of two forms.
// - RotationalSubject (twist / bending springs): on an elastic six-DoF path the work of the force
//   AND the torque equals the change of stored energy -- on a rotation-only path, the torque work
//   alone equals the stored rotational energy -- and the torque opposes the rotation it stores
//   (T . phi >= 0, > 0 once phi != 0 when both stiffnesses are positive); closed six-DoF loops
//   return their energy.
// - TorqueFreeSubject (no rotational stiffness): the torque is exactly zero on any path --
//   rotating, sliding, in tension, breaking and remade -- not merely finite or small, and the law
//   reports zero twist and bending stiffness to the time step.
// Work and rounding: path_driver.hpp, law_case.hpp.

#include <algorithm>
#include <cmath>

#include <rapidcheck.h>

#include "law_case.hpp"

namespace lawcheck::properties {

template <RotationalSubject S>
void torque_work_on_an_elastic_path_equals_the_stored_rotational_energy() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto law = S::elastic(c.law);
  const bool rotation_only = *rc::gen::arbitrary<bool>();
  const auto spec = rotation_only ? LoadingSpec(*gen::rotation_path()) : *gen::path_6d();
  const auto path = to_path(spec, c.scale);
  const auto run = run_path(law, c.phys, path, c.lengths);
  RC_ASSERT(!run.broken());
  RC_CLASSIFY(rotation_only, "rotation only");
  if (rotation_only) RC_ASSERT(run.work.back() == run.torque_work.back());  // du = 0 exactly
  check_elastic_balance(run, c.stiffness(), "|W_F + W_T - dE| / tolerance");
  // The torque stores energy: T . phi = phi^T K phi >= kmin |phi|^2 for the law's own rotation
  // phi (K = diag(kw, kb, kb)). The law sums dt (dphi/dt): 3 roundings per increment and one per
  // addition, and the path's points carry 2 more, so |phi_law - phi_path| <= delta =
  // 4 eps (L_r + k |phi|max) after k steps (law_case.hpp's count). Hence
  // T . phi_path >= -|T| delta, and T . phi_path >= |phi_law| (kmin |phi_law| - kmax delta) > 0
  // once |phi_path| > (kmax / kmin + 1) delta.
  const auto k = c.stiffness();
  const double kmin = std::min(k.twist, k.bending);
  const double kmax = std::max(k.twist, k.bending);
  double path_r = 0;
  double phi_max = 0;
  for (std::size_t i = 0; i <= run.steps(); ++i) {
    path_r += run.dphi[i].norm();
    phi_max = std::max(phi_max, path.phi[i].norm());
    const double delta = 4 * eps * (path_r + double(i) * phi_max);
    const auto& torque = run.response[i].torque;
    const double power = torque.dot(path.phi[i]);
    RC_ASSERT(power >= -torque.norm() * delta);
    if (kmin > 0 && path.phi[i].norm() > (kmax / kmin + 1) * delta) RC_ASSERT(power > 0);
  }
  double rotational = 0;
  for (std::size_t i = 1; i <= run.steps(); ++i) rotational += std::abs(run.torque_work[i] - run.torque_work[i - 1]);
  RC_CLASSIFY(rotational > 0, "torque did work");
}

template <RotationalSubject S>
void closed_six_dof_elastic_loop_returns_the_same_energy() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto spec = *gen::closed_loop_6d();
  const auto run = run_in_compression(c, S::elastic(c.law), spec);
  const double tol = energy_tolerance(run, c.stiffness());
  const double de = std::abs(run.elastic.back() - run.elastic.front());
  measure("|E_end - E_start| / tolerance", de / tol);
  measure("|W_loop| / tolerance", std::abs(run.work.back()) / tol);
  RC_ASSERT(de <= tol);
  RC_ASSERT(std::abs(run.work.back()) <= tol);
}

template <TorqueFreeSubject S>
void a_law_without_rotational_stiffness_returns_exactly_zero_torque() {
  const bool extreme = *rc::gen::arbitrary<bool>();
  const auto c = draw_case<S>(extreme ? gen::Range::extreme : gen::Range::typical);
  const auto spec = *gen::path_any();
  const auto run = run_case(c, c.law, spec);
  const auto k = c.stiffness();
  RC_ASSERT(k.twist == 0.0);
  RC_ASSERT(k.bending == 0.0);
  double largest = 0;
  for (std::size_t i = 0; i <= run.steps(); ++i) {
    largest = std::max(largest, run.response[i].torque.cwiseAbs().maxCoeff());
    RC_ASSERT(run.response[i].torque.x() == 0.0);
    RC_ASSERT(run.response[i].torque.y() == 0.0);
    RC_ASSERT(run.response[i].torque.z() == 0.0);
  }
  RC_CLASSIFY(run.broken(), "broke");
  RC_CLASSIFY(run.remakes > 0, "remade");
  measure("max |T_i|", largest);
}

}  // namespace lawcheck::properties
