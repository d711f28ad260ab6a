#pragma once
// Drives one contact of a law along a prescribed loading path (loading_path.hpp) and records,
// after every step, the response, the stored elastic energy, the dissipation so far and the work
// done on the contact so far -- in the law's own scalar, so the same path runs in double and in
// HighPrecision.
//
// Work: the law's force F acts on particle 1 and -F on particle 2, so the particles do work
// F . du on the contact when their relative displacement changes by du (du = vel dt; for the
// normal part, Fn duN = kn uN duN = d(kn uN^2 / 2), the sign convention of seed 000). The driver
// sums it with the trapezoid rule, (F_{k-1} + F_k) . du_k / 2, which is exact whenever the force is
// linear in u along a step: every elastic step of a linear law. Properties that need the work of
// a slipping step integrate it themselves (law_properties.hpp, exact_slip_work).
//
// Step 0 makes the contact at u[0] with zero velocity (zero tangential force); steps 1..N follow
// the path. A broken contact ends the run (the solver deletes it).

#include <vector>

#include "core/vector_types.hpp"
#include "laws/contact_law.hpp"
#include "loading_path.hpp"
#include "physics/stiffness_rules.hpp"

namespace lawcheck::properties {

template <class R>
struct PathRun {
  std::vector<LocalResponse<R>> response;  // [0]: contact made at u[0]; [k]: after step k
  std::vector<R> elastic;                  // stored elastic energy after step k
  std::vector<R> dissipated;               // dissipation reported by steps 1..k
  std::vector<R> work;                     // trapezoid work of F . du over steps 1..k
  std::vector<Vec3<R>> du;                 // displacement increment of step k (du[0] = 0)
  bool broken = false;

  std::size_t steps() const { return response.size() - 1; }
};

template <ContactLaw L>
PathRun<typename L::Scalar> run_path(const L& law, const typename L::Phys& ph, const LoadingPath& path,
                                     const ContactLengths& lengths) {
  using R = typename L::Scalar;
  const R dt(path.dt);
  LocalGeom<R> g;
  g.l1 = R(lengths.l1);
  g.l2 = R(lengths.l2);
  g.area = R(lengths.area);
  typename L::State state{};
  PathRun<R> run;
  const auto n = path.u.size();
  run.response.reserve(n);
  run.elastic.reserve(n);
  run.dissipated.reserve(n);
  run.work.reserve(n);
  run.du.reserve(n);
  for (std::size_t k = 0; k < n; ++k) {
    const Vec3<R> du = k == 0 ? Vec3<R>::Zero() : Vec3<R>(path.u[k].template cast<R>() - path.u[k - 1].template cast<R>());
    g.uN = R(path.u[k].x());
    g.vel = du / dt;
    const auto r = law.template step<true>(g, ph, state, dt);
    if (r.broken) {
      run.broken = true;
      break;
    }
    const R w = k == 0 ? R(0) : R((run.response.back().force + r.force).dot(du) / 2);
    run.work.push_back(k == 0 ? R(0) : R(run.work.back() + w));
    run.dissipated.push_back(k == 0 ? r.dissipation() : R(run.dissipated.back() + r.dissipation()));
    run.elastic.push_back(R(law.elastic_energy(g, ph, state)));
    run.response.push_back(r);
    run.du.push_back(du);
  }
  return run;
}

}  // namespace lawcheck::properties
