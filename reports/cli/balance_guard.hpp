#pragma once
// The runtime guard of `impact`, `lawtest` and `run`: a run whose energy balance does not close is a run
// that did not resolve its contact (an unstable step the estimate missed, a step too coarse for
// the law's bookkeeping), and its restitutions and energies are not results. It ends with exit 1
// and one line giving the figure (StateError) before any result is printed.
//
// The threshold, max_balance_error = 0.05 of the largest energy term of the run (impact:
// EnergyLedger::scale, the largest sum of the ledger's magnitudes; lawtest: the largest |work| of
// its history, the balance error taken at its worst record). Why 0.05:
//  - a resolved run errs only at the force's kinks (onset, release, a change of branch): within a
//    smooth contact the leapfrog ledger closes to rounding (dynamics/energy_ledger.hpp). A linear
//    spring entered with overlap d_n <= v dt in a step books 1/2 k d_n v dt for the true
//    1/2 k d_n^2, an error up to k (v dt)^2 / 8, i.e. (omega dt)^2 / 4 of the impact's 1/2 m* v^2
//    per kink: at `impact`'s largest dt, t_c,est/20 (omega dt = pi/20), 6e-3 per kink, 1.2e-2 for
//    onset and release; the laws' own first-order bookkeeping adds to it (the Ice law on an
//    oblique wall impact at that dt: 2.3e-2, the largest measured over the laws and models in
//    reports/cli/tests/impact_stable_limit_cli_test.sh, which prints them). 0.05 is twice that.
//  - a blow-up drives the error towards 1, as the growing terms dominate both the drift and the
//    scale (the exudyn impact at dt = 1e-2 that reported e = 917: 1.0); a lawtest stage that
//    enters the contact in one step (dt = 1 s at 1 mm/s): 0.25.

#include <cmath>
#include <string_view>

#include <fmt/core.h>

#include "dynamics/state_error.hpp"

namespace lawcheck::cli {

inline constexpr double max_balance_error = 0.05;

// `relative` = balance error / largest energy term; StateError naming `what` (the run) above
// max_balance_error.
inline void require_closed_balance(std::string_view what, double relative) {
  if (!(std::abs(relative) <= max_balance_error))
    throw StateError(fmt::format("{}: the energy balance error is {:.3g} of the largest energy term, above the "
                                 "threshold {:g}: the run did not resolve its contact (time step too large for "
                                 "this law); no results reported",
                                 what, relative, max_balance_error));
}

}  // namespace lawcheck::cli
