#include "coulomb_slip_1d.hpp"

#include "bad_parameter.hpp"

#include <stdexcept>

namespace lawcheck::oracles {

namespace {

void check(const Real& kt, const Real& fy, const std::vector<Real>& vertices) {
  if (!(kt > 0) || !isfinite(kt)) bad_parameter("kt", kt, "must be positive");
  if (!(fy >= 0) || !isfinite(fy)) bad_parameter("fy", fy, "must be >= 0");
  for (std::size_t i = 0; i < vertices.size(); ++i)
    if (!isfinite(vertices[i]))
      bad_parameter("u[" + std::to_string(i + 1) + "]", vertices[i], "must be finite");
}

// One monotone leg u -> ub, solved exactly: elastic until F = s fy, then slip at constant force.
Slip1dState leg(const Slip1dState& a, const Real& ub, const Real& kt, const Real& fy) {
  Slip1dState b = a;
  b.u = ub;
  if (ub == a.u) return b;
  const int s = ub > a.u ? 1 : -1;
  const Real u_yield = a.plastic + s * fy / kt;  // where F reaches s*fy
  if (s * (ub - u_yield) > 0) {
    // Elastic piece: F linear from F_a to s fy (trapezoid); plastic piece: F = s fy constant.
    b.work += (a.force + s * fy) / 2 * (u_yield - a.u) + s * fy * (ub - u_yield);
    b.plastic += ub - u_yield;
    b.slip += abs(ub - u_yield);
    b.force = s * fy;
  } else {
    b.force = kt * (ub - a.plastic);
    b.work += (a.force + b.force) / 2 * (ub - a.u);
  }
  b.dissipation = fy * b.slip;
  b.elastic = b.force * b.force / (2 * kt);
  return b;
}

}  // namespace

std::vector<Slip1dState> coulomb_slip_1d_history(const Real& kt, const Real& fy,
                                                 const std::vector<Real>& vertices) {
  check(kt, fy, vertices);
  std::vector<Slip1dState> out;
  out.reserve(vertices.size() + 1);
  out.push_back(Slip1dState{0, 0, 0, 0, 0, 0, 0});
  for (const Real& u : vertices) out.push_back(leg(out.back(), u, kt, fy));
  return out;
}

Slip1dState coulomb_slip_1d(const Real& kt, const Real& fy, const std::vector<Real>& vertices) {
  return coulomb_slip_1d_history(kt, fy, vertices).back();
}

Real hysteresis_dissipation(const Real& kt, const Real& fy, const Real& amplitude) {
  check(kt, fy, {amplitude});
  if (amplitude < 0)
    bad_parameter("amplitude", amplitude, "must be >= 0");
  const Real u0 = fy / kt;
  if (amplitude < u0) return 0;
  return fy * (amplitude - u0) + 2 * fy * (2 * amplitude - 2 * u0);
}

}  // namespace lawcheck::oracles
