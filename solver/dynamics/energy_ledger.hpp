#pragma once
// Energy bookkeeping of the leapfrog solver (DESIGN.md "Energy bookkeeping is explicit").
//
// Leapfrog: v_{n+1/2} = v_{n-1/2} + dt F_n / m,  x_{n+1} = x_n + dt v_{n+1/2}.
// Every term below is at t_n:
//   kinetic    K_n = 1/2 m v_{n-1/2} . v_{n+1/2}          (and 1/2 w_{n-1/2} . I w_{n+1/2})
//   gravity    V_n = -m g . x_n                             (blocked components excluded)
//   elastic    E_n = law.elastic_energy at x_n (uN_n and the force state after step n)
//   dissipated per kind (laws/energy_kind.hpp): sum of the laws' dissipation over steps 0..n
//              (the slip of step n happens on [t_{n-1}, t_n], driven by v_{n-1/2}), including
//              the energy released by contacts that broke
//   damping    dissipated by local damping up to t_n (see below)
// Why the product form of K: from the update, m (v_{n+1/2} - v_{n-3/2}) = dt (F_n + F_{n-1}), so
//   K_n - K_{n-1} = 1/2 v_{n-1/2} . m (v_{n+1/2} - v_{n-3/2}) = 1/2 (F_{n-1} + F_n) . (x_n - x_{n-1}),
// the trapezoidal rule for the work of F over one step. For a force linear in x (a contact spring,
// gravity) the trapezoid is exact, so K_n + E_n is conserved to rounding while the contact force
// is smooth; the only error is made in the steps where the force has a kink (contact onset and
// release), each O(k dx^2) = O(k v^2 dt^2): a bounded, non-drifting, second-order band. The
// tangential spring obeys the same identity: the law increments Ft by kt dt v_{t,n-1/2}, so
// (Ft_n^2 - Ft_{n-1}^2)/(2 kt) = 1/2 (Ft_{n-1} + Ft_n) . dt v_{t,n-1/2}.
// Damping: the damping force D_n acts in the update of v_{n+1/2}; by the identity above it
// changes K_n by 1/2 dt D_n . v_{n-1/2} and K_{n+1} by 1/2 dt D_n . v_{n+1/2}. Booking the first
// half at t_n and the second at t_{n+1} keeps the balance exact at every t_n.

#include <algorithm>
#include <cmath>

#include "laws/energy_kind.hpp"

namespace lawcheck {

struct EnergyLedger {
  double kinetic_translational = 0;
  double kinetic_rotational = 0;
  double gravity_potential = 0;
  double elastic = 0;
  EnergySplit<double> dissipated;
  double damping = 0;

  // Damping energy whose first half is already in `damping`; the second half joins next step.
  double damping_pending = 0;
  // Reference for the relative error and the largest sum of the terms' magnitudes seen (so that
  // a zero total does not divide by zero). The reference is the energy before the first tracked
  // step (set_reference: kinetic 1/2 m v_{-1/2}^2, gravity at x_0, the elastic energy of the
  // contacts as created), so that the first step's own slip or damping is checked too; a ledger
  // whose owner did not set it takes the total after its first closed step.
  bool has_reference = false;
  double reference_total = 0;
  double scale = 0;

  double kinetic() const { return kinetic_translational + kinetic_rotational; }
  double plastic() const { return dissipated.plastic(); }
  double total() const { return kinetic() + gravity_potential + elastic + dissipated.total() + damping; }

  void set_reference(double total_before_first_step) {
    has_reference = true;
    reference_total = total_before_first_step;
    scale = std::max(scale, std::abs(total_before_first_step));
  }

  // Conserved quantity's drift relative to the energy scale of the run.
  double relative_error() const { return scale > 0 ? (total() - reference_total) / scale : 0.0; }

  void close_step() {
    double mag = std::abs(kinetic_translational) + std::abs(kinetic_rotational) +
                 std::abs(gravity_potential) + std::abs(elastic) + std::abs(damping);
    for (double e : dissipated.by_kind) mag += std::abs(e);
    scale = std::max(scale, mag);
    if (!has_reference) {
      has_reference = true;
      reference_total = total();
    }
  }
};

}  // namespace lawcheck
