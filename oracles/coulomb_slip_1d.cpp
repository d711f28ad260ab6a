#include "coulomb_slip_1d.hpp"

#include "bad_parameter.hpp"

#include <stdexcept>

namespace lawcheck::oracles {

namespace {

void check(const Real& kt, const Real& fy0, const std::vector<YieldVertex>& path) {
  if (!(kt > 0) || !isfinite(kt)) bad_parameter("kt", kt, "must be positive");
  if (!(fy0 >= 0) || !isfinite(fy0)) bad_parameter("fy", fy0, "must be >= 0");
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (!isfinite(path[i].u)) bad_parameter("u[" + std::to_string(i + 1) + "]", path[i].u, "must be finite");
    if (!(path[i].fy >= 0) || !isfinite(path[i].fy))
      bad_parameter("fy[" + std::to_string(i + 1) + "]", path[i].fy, "must be >= 0");
  }
}

std::vector<YieldVertex> constant_yield(const Real& fy, const std::vector<Real>& vertices) {
  std::vector<YieldVertex> path;
  path.reserve(vertices.size());
  for (const Real& u : vertices) path.push_back({u, fy});
  return path;
}

// One leg a -> (ub, fyb), u and fy linear in tau (header): elastic up to tau*, then slip.
Slip1dState leg(const Slip1dState& a, const YieldVertex& b_end, const Real& kt) {
  Slip1dState b = a;
  b.u = b_end.u;
  b.fy = b_end.fy;
  const Real du = b_end.u - a.u, dfy = b_end.fy - a.fy;
  // Where each side of the yield surface is met (tau in [0, 1]), if it is.
  int side = 0;
  Real tau_star = 2;
  for (const int sigma : {1, -1}) {
    const Real rate = sigma * kt * du - dfy;
    if (!(rate > 0)) continue;
    const Real tau = (a.fy - sigma * a.force) / rate;  // gap / rate; gap >= 0 as |F_a| <= fy_a
    if (tau <= 1 && tau < tau_star) {
      tau_star = tau;
      side = sigma;
    }
  }
  if (side == 0) {
    b.force = a.force + kt * du;
    b.work += (a.force + b.force) / 2 * du;
  } else {
    const Real f_star = a.force + tau_star * kt * du;  // = side * fy(tau*)
    const Real fy_star = a.fy + tau_star * dfy;
    const Real slip = (1 - tau_star) * (side * kt * du - dfy) / kt;
    const Real mean_fy = (fy_star + b_end.fy) / 2;
    b.work += (a.force + f_star) / 2 * tau_star * du + side * du * (1 - tau_star) * mean_fy;
    b.plastic += side * slip;
    b.slip += slip;
    b.dissipation += slip * mean_fy;
    b.force = side * b_end.fy;
  }
  b.elastic = b.force * b.force / (2 * kt);
  return b;
}

}  // namespace

std::vector<Slip1dState> coulomb_slip_1d_history(const Real& kt, const Real& fy0,
                                                 const std::vector<YieldVertex>& path) {
  check(kt, fy0, path);
  std::vector<Slip1dState> out;
  out.reserve(path.size() + 1);
  out.push_back(Slip1dState{0, 0, 0, 0, 0, 0, 0, fy0});
  for (const YieldVertex& v : path) out.push_back(leg(out.back(), v, kt));
  return out;
}

Slip1dState coulomb_slip_1d(const Real& kt, const Real& fy0, const std::vector<YieldVertex>& path) {
  return coulomb_slip_1d_history(kt, fy0, path).back();
}

std::vector<Slip1dState> coulomb_slip_1d_history(const Real& kt, const Real& fy,
                                                 const std::vector<Real>& vertices) {
  return coulomb_slip_1d_history(kt, fy, constant_yield(fy, vertices));
}

Slip1dState coulomb_slip_1d(const Real& kt, const Real& fy, const std::vector<Real>& vertices) {
  return coulomb_slip_1d_history(kt, fy, vertices).back();
}

Real hysteresis_dissipation(const Real& kt, const Real& fy, const Real& amplitude) {
  check(kt, fy, {YieldVertex{amplitude, fy}});
  if (amplitude < 0)
    bad_parameter("amplitude", amplitude, "must be >= 0");
  const Real u0 = fy / kt;
  if (amplitude < u0) return 0;
  return fy * (amplitude - u0) + 2 * fy * (2 * amplitude - 2 * u0);
}

}  // namespace lawcheck::oracles
