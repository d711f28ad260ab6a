#include "frictional_impact.hpp"

#include <vector>

#include <boost/math/constants/constants.hpp>
#include <boost/math/tools/roots.hpp>

#include "bad_parameter.hpp"

namespace lawcheck::oracles {

namespace {

struct Phase {
  Real t0, t1;
  int sigma;  // 0: stick; +-1: slip on that side
  Real u0, v0, f0;
};

struct Model {
  Real m, kn, kt, wn, w, a, T;
  Real fy(const Real& t) const { return a * sin(wn * t); }
  Real dfy(const Real& t) const { return a * wn * cos(wn * t); }

  FrictionalImpactState at(const Phase& p, const Real& t) const {
    const Real s = t - p.t0;
    FrictionalImpactState st{0, 0, 0, fy(t), dfy(t)};
    if (p.sigma == 0) {
      st.force = p.f0 * cos(w * s) + kt * p.v0 / w * sin(w * s);
      st.v = p.v0 * cos(w * s) - p.f0 / (m * w) * sin(w * s);
      st.u = p.u0 + (st.force - p.f0) / kt;
    } else {
      const Real phi = a / wn * (cos(wn * p.t0) - cos(wn * t));
      st.force = p.sigma * st.fy;
      st.v = p.v0 - p.sigma * phi / m;
      st.u = p.u0 + p.v0 * s - p.sigma * a / (m * wn) * (cos(wn * p.t0) * s - (sin(wn * t) - sin(wn * p.t0)) / wn);
    }
    return st;
  }
};

Model model(const FrictionalImpactInput& in) {
  if (!(in.mass > 0) || !isfinite(in.mass)) bad_parameter("mass", in.mass, "must be positive");
  if (!(in.kn > 0) || !isfinite(in.kn)) bad_parameter("kn", in.kn, "must be positive");
  if (!(in.kt > 0) || !isfinite(in.kt)) bad_parameter("kt", in.kt, "must be positive");
  if (!(in.tan_phi >= 0) || !isfinite(in.tan_phi)) bad_parameter("tanPhi", in.tan_phi, "must be >= 0");
  if (!(in.vn > 0) || !isfinite(in.vn)) bad_parameter("vn", in.vn, "must be positive");
  if (!isfinite(in.vt)) bad_parameter("vt", in.vt, "must be finite");
  Model md;
  md.m = in.mass;
  md.kn = in.kn;
  md.kt = in.kt;
  md.wn = sqrt(in.kn / in.mass);
  md.w = sqrt(in.kt / in.mass);
  md.a = in.tan_phi * in.kn * in.vn / md.wn;
  md.T = boost::math::constants::pi<Real>() / md.wn;
  return md;
}

// First t in (t0, t1] where g (< 0 just after t0) reaches 0; t1 if it does not. g may touch 0
// at t0 itself (a tangential switch), so the scan starts a little after t0.
template <class G>
Real first_crossing(const G& g, const Real& t0, const Real& t1, const Real& scan) {
  Real lo = t0 + scan / 1024;
  while (!(g(lo) < 0) && lo - t0 > scan * Real("1e-30")) lo = t0 + (lo - t0) / 2;
  if (!(g(lo) < 0)) return t0;  // no phase at all: switch back at once
  Real glo = g(lo);
  for (Real t = t0 + scan;; t += scan) {
    if (t > t1) t = t1;
    const Real gt = g(t);
    if (gt >= 0) {
      if (gt == 0) return t;
      boost::uintmax_t iters = 300;
      const auto r = boost::math::tools::toms748_solve(g, lo, t, glo, gt,
                                                       boost::math::tools::eps_tolerance<Real>(160), iters);
      return (r.first + r.second) / 2;
    }
    if (t == t1) return t1;
    lo = t;
    glo = gt;
  }
}

std::vector<Phase> phases(const FrictionalImpactInput& in, const Model& md) {
  const Real scan = md.T / 500;
  std::vector<Phase> out;
  Phase p{0, 0, 0, 0, in.vt, 0};
  if (md.kt * abs(in.vt) > in.tan_phi * md.kn * in.vn) p.sigma = in.vt > 0 ? 1 : -1;
  while (true) {
    if (p.sigma == 0) {
      p.t1 = first_crossing(
          [&](const Real& t) {
            const auto s = md.at(p, t);
            return s.force * s.force - s.fy * s.fy;
          },
          p.t0, md.T, scan);
    } else {
      p.t1 = first_crossing([&](const Real& t) { return -(p.sigma * md.at(p, t).v - md.dfy(t) / md.kt); }, p.t0,
                            md.T, scan);
    }
    out.push_back(p);
    if (p.t1 >= md.T) break;
    const auto end = md.at(p, p.t1);
    Phase next{p.t1, p.t1, 0, end.u, end.v, end.force};
    if (p.sigma == 0) next.sigma = end.force > 0 ? 1 : -1;
    p = next;
  }
  return out;
}

}  // namespace

FrictionalImpactResult frictional_impact(const FrictionalImpactInput& in) {
  const Model md = model(in);
  const auto ps = phases(in, md);
  FrictionalImpactResult r;
  r.contact_time = md.T;
  r.switches = ps.size() - 1;
  r.dissipation = 0;
  for (const Phase& p : ps) {
    if (p.sigma == 0) continue;
    const Real phi = md.a / md.wn * (cos(md.wn * p.t0) - cos(md.wn * p.t1));
    const Real fs = md.fy(p.t0), fe = md.fy(p.t1);
    r.dissipation += p.sigma * p.v0 * phi - phi * phi / (2 * md.m) - (fe * fe - fs * fs) / (2 * md.kt);
  }
  const auto end = md.at(ps.back(), md.T);
  r.tangential_speed = end.v;
  r.energy_dissipation = md.m * (in.vt * in.vt - end.v * end.v) / 2 - end.force * end.force / (2 * md.kt);
  return r;
}

FrictionalImpactHistory frictional_impact_history(const FrictionalImpactInput& in) {
  const Model md = model(in);
  return [md, ps = phases(in, md)](const Real& t) {
    if (!(t >= 0) || !(t <= md.T)) bad_parameter("t", t, "must lie in [0, contact time]");
    for (const Phase& p : ps)
      if (t <= p.t1) return md.at(p, t);
    return md.at(ps.back(), t);
  };
}

}  // namespace lawcheck::oracles
