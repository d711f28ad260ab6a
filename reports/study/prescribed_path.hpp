#pragma once
// Drives the solver's real LinearCoulombLaw (solver/laws/linear_coulomb_law.hpp) along a
// prescribed tangential displacement path u(t) in the contact plane, with a prescribed yield force
// fy(t), one law step per path increment -- the strain-driven test of seed 000's "Contact
// response" that the dissipation study measures against the oracles.
//
// Step k goes from waypoint k-1 to waypoint k: the law receives vel_t = (u_k - u_{k-1})/dt_k
// through LocalGeom.vel (so kt dt vel_t is the increment of the seed's incremental rule) and the
// normal displacement of the end of the step, uN = -fy_k. With kn = 1 N/m and tanPhi = 1 the
// law's own yield force |kn uN| tanPhi is fy_k without rounding; kn and tanPhi enter the
// tangential law only through fy, so these values change nothing else.
//
// Alongside, the driver books the external tangential work with the trapezoidal rule,
//   W += (F_{k-1} + F_k)/2 . (u_k - u_{k-1}),
// the discrete counterpart of int F.du; for any formula the energy residual
//   W - (E_t(k) - E_t(0)) - D          E_t = |Ft|^2/(2 kt), the law's tangential elastic energy
// is zero for a formula that books exactly the energy the discrete law loses (the report's
// algebra shows which one does).

#include <vector>

#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::reports {

template <class R>
struct Waypoint {
  R t;        // time [s]; only its differences (dt) reach the law
  Vec2<R> u;  // tangential displacement of particle 2 relative to particle 1 [m], local (y, z)
  R fy;       // yield force |Fn| tanPhi at this time [N], > 0
};

// The state after a step; the energies are accumulated from the start of the path.
template <class R>
struct DrivenStep {
  Vec2<R> u;
  Vec2<R> force;    // tangential force on particle 1 (the law's sign convention)
  R fy;
  R dissipation;    // sum of the law's per-step dissipation, formula `f`
  R work;           // trapezoidal external work
  R elastic;        // tangential elastic energy |Ft|^2/(2 kt)
};

// Element 0 is the start (path[0], zero force); element k the state after step k.
template <class R>
std::vector<DrivenStep<R>> drive_law(const std::vector<Waypoint<R>>& path, const R& kt,
                                     PlasticDissipation f) {
  LinearCoulombLaw<R> law;
  law.dissipation = f;
  const FrictPhys<R> phys{R(1), kt, R(1)};
  typename LinearCoulombLaw<R>::State state;
  const LocalGeom<R> unloaded{};  // uN = 0: elastic_energy then holds the tangential part only

  std::vector<DrivenStep<R>> out;
  out.reserve(path.size());
  out.push_back({path.front().u, Vec2<R>::Zero(), path.front().fy, R(0), R(0), R(0)});
  for (std::size_t k = 1; k < path.size(); ++k) {
    const Waypoint<R>& a = path[k - 1];
    const Waypoint<R>& b = path[k];
    const R dt = b.t - a.t;
    const Vec2<R> du = b.u - a.u;
    LocalGeom<R> g;
    g.uN = -b.fy;
    g.vel << R(0), du / dt;
    const Vec2<R> f_before = state.ft;
    const LocalResponse<R> r = law.template step<true>(g, phys, state, dt);
    // state.ft is the tangential force the law returns (on particle 1, dragged along by particle
    // 2's displacement u): kt (u - u_p) within the yield circle, the oracles' F.
    const DrivenStep<R>& prev = out.back();
    DrivenStep<R> s;
    s.u = b.u;
    s.force = state.ft;
    s.fy = b.fy;
    s.dissipation = prev.dissipation + r.dissipation();
    s.work = prev.work + (f_before + state.ft).dot(du) / 2;
    s.elastic = law.elastic_energy(unloaded, phys, state);
    out.push_back(s);
  }
  return out;
}

}  // namespace lawcheck::reports
