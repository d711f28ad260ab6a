#pragma once
// Drives one contact of a law along a prescribed loading path (loading_path.hpp) and records,
// after every step, the response, the stored elastic energy, the dissipation so far (every
// energy kind, released included) and the work done on the contact so far -- in the law's own
// scalar, so the same path runs in double and in HighPrecision.
//
// Work: the law's force F and torque T act on particle 1, -F and -T on particle 2, so the
// particles do work F . du + T . dphi on the contact when their relative displacement and
// rotation change by du, dphi (for the normal part, Fn duN = kn uN duN = d(kn uN^2 / 2), the sign
// convention of seed 000; a torque T = k phi stores k phi^2 / 2 the same way). The driver sums it
// with the trapezoid rule, (F_{k-1} + F_k) . du_k / 2 (and likewise for T), which is exact
// whenever the response is linear in (u, phi) along a step: every elastic step of a linear law.
// Properties that need the work of a slipping step integrate it themselves
// (coulomb_properties.hpp, exact_slip_work).
//
// Contact life (the solver's, dynamics/simulation.hpp, in the kit's own time levels): step 0 makes
// the contact at u[0] with the law's initial state and zero velocity (no increment yet). A step
// whose response says `broken` ends the contact: force, torque and elastic energy are zero from
// then on, the energy the law released is in `dissipated`. While there is no contact the path
// moves freely; at the first later instant with uN <= 0 (reach 0) the contact is made again, at
// that point and with zero velocity, from
//   Remake::fresh        law.initial_state(creation, phys)   what the solver does, or
//   Remake::reuse_state  the state the law left at the break  (laws/local_response.hpp promises
//                        it has been reset: breakable_properties.hpp compares the two).
// The physics is the contact's at its first creation (the kit's laws take it from the
// materials and the lengths, which the path does not change).

#include <vector>

#include "core/high_precision.hpp"
#include "core/vector_types.hpp"
#include "laws/contact_law.hpp"
#include "loading_path.hpp"
#include "physics/stiffness_rules.hpp"

namespace lawcheck::properties {

enum class Remake { fresh, reuse_state };

// What happened to the contact in one step.
enum class Contact { made, held, broke, none };

template <class R>
struct PathRun {
  std::vector<LocalResponse<R>> response;  // [0]: contact made at u[0]; [k]: after step k
  std::vector<Contact> contact;            // per step
  std::vector<R> elastic;                  // stored elastic energy after step k (0 without contact)
  std::vector<R> dissipated;               // every kind reported by steps 0..k
  std::vector<R> work;                     // trapezoid work of F . du + T . dphi over steps 1..k
  std::vector<R> torque_work;              // its T . dphi part
  std::vector<Vec3<R>> du;                 // displacement increment of step k (du[0] = 0)
  std::vector<Vec3<R>> dphi;               // rotation increment of step k
  std::vector<R> held;                     // at a break: the law's elastic energy of the state it
                                           // held, with the normal spring slack (uN = 0); else 0
  std::vector<double> uN;                  // the path's normal displacement at step k
  int breaks = 0;
  int remakes = 0;

  bool broken() const { return breaks > 0; }
  std::size_t steps() const { return response.size() - 1; }
};

template <ContactLaw L>
typename L::State initial_state_of(const L& law, double uN, const ContactLengths& lengths,
                                   const typename L::Phys& ph) {
  if constexpr (requires { law.initial_state(ContactCreation{uN, lengths}, ph); })
    return law.initial_state(ContactCreation{uN, lengths}, ph);
  else
    return typename L::State{};
}

template <ContactLaw L>
PathRun<typename L::Scalar> run_path(const L& law, const typename L::Phys& ph, const LoadingPath& path,
                                     const ContactLengths& lengths, Remake remake = Remake::fresh) {
  using R = typename L::Scalar;
  const R dt(path.dt);
  LocalGeom<R> g;
  typename L::State state = initial_state_of(law, path.u.front().x(), lengths, ph);
  PathRun<R> run;
  const auto n = path.u.size();
  const auto phi = [&](std::size_t k) -> Vec3<R> {
    return k < path.phi.size() ? Vec3<R>(path.phi[k].template cast<R>()) : Vec3<R>::Zero();
  };
  bool in_contact = false;
  for (std::size_t k = 0; k < n; ++k) {
    const Vec3<R> du =
        k == 0 ? Vec3<R>::Zero() : Vec3<R>(path.u[k].template cast<R>() - path.u[k - 1].template cast<R>());
    const Vec3<R> dphi = k == 0 ? Vec3<R>::Zero() : Vec3<R>(phi(k) - phi(k - 1));
    g.uN = R(path.u[k].x());
    LocalResponse<R> r;
    Contact what = Contact::none;
    R held{0};
    R elastic{0};
    if (in_contact) {
      g.vel = du / dt;
      g.ang_vel = dphi / dt;
      const auto before = state;
      r = law.template step<true>(g, ph, state, dt);
      if (r.broken) {
        what = Contact::broke;
        in_contact = false;
        ++run.breaks;
        LocalGeom<R> slack = g;
        slack.uN = R(0);
        held = law.elastic_energy(slack, ph, before);
      } else {
        what = Contact::held;
      }
    } else if (k == 0 || path.u[k].x() <= 0) {
      // made (again) here: no increment yet
      if (k > 0) {
        ++run.remakes;
        if (remake == Remake::fresh) state = initial_state_of(law, path.u[k].x(), lengths, ph);
      }
      g.vel.setZero();
      g.ang_vel.setZero();
      r = law.template step<true>(g, ph, state, dt);
      what = r.broken ? Contact::broke : Contact::made;
      in_contact = !r.broken;
    }
    if (in_contact) elastic = law.elastic_energy(g, ph, state);
    // A step that makes the contact moved without it; a broken response carries zero force.
    const bool worked = k > 0 && (what == Contact::held || what == Contact::broke);
    const LocalResponse<R>* prev = k > 0 ? &run.response.back() : nullptr;
    const R wf = worked ? R((prev->force + r.force).dot(du) / 2) : R(0);
    const R wt = worked ? R((prev->torque + r.torque).dot(dphi) / 2) : R(0);
    run.work.push_back(k == 0 ? R(0) : R(run.work.back() + wf + wt));
    run.torque_work.push_back(k == 0 ? R(0) : R(run.torque_work.back() + wt));
    run.dissipated.push_back(k == 0 ? r.dissipation() : R(run.dissipated.back() + r.dissipation()));
    run.elastic.push_back(elastic);
    run.held.push_back(held);
    run.response.push_back(r);
    run.contact.push_back(what);
    run.du.push_back(du);
    run.dphi.push_back(dphi);
    run.uN.push_back(path.u[k].x());
  }
  return run;
}

}  // namespace lawcheck::properties
