#pragma once
// The breakable suite (law_subject.hpp, BreakableSubject): contacts pulled into tension. Paths
// go out to uN = |uN0| / 4 .. |uN0| and come back into compression (gen::path_through_tension,
// with corners at uN = 0 exactly on either side), so a breaking contact breaks and is made again
// (path_driver.hpp: the contact life of the solver).
// - the contact breaks exactly at the first step with uN > 0 -- not at uN = 0, where the force is
//   zero but the contact still exists -- unless the configuration is noBreak, which never
//   breaks; a broken step returns zero force and torque;
// - a break releases exactly the elastic energy the contact held: the law's own elastic_energy
//   of the state it had before the breaking step, with the normal spring slack (uN = 0: a
//   spring at uN > 0 holds nothing; its energy at uN_{n-1} returns through the work of the last
//   step), booked as EnergyKind::released and as nothing else;
// - a contact made again after a break starts from the law's initial state: the state the law
//   leaves at the break (laws/local_response.hpp: "its state has been reset") continues exactly
//   as law.initial_state(...) does -- bit for bit, the same operations on the same numbers;
// - a noBreak contact held in tension stays elastic where the law is: the work equals the
//   stored energy through tension and back (for laws with elastic configurations).
// The released energy and the held energy are the same formula in real arithmetic, evaluated on
// the same state: each has <= 6 roundings (three squares or products, two sums, a quotient),
// hence |released - held| <= 8 eps held.

#include <cmath>

#include <rapidcheck.h>

#include "law_case.hpp"

namespace lawcheck::properties {

template <BreakableSubject S>
void a_contact_breaks_exactly_when_pulled_into_tension_unless_no_break() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto spec = *rc::gen::oneOf(rc::gen::cast<LoadingSpec>(gen::path_through_tension()), gen::path_any());
  const auto run = run_case(c, c.law, spec);
  const bool breaks = S::breaks(c.law);
  bool touched_zero = false;
  for (std::size_t k = 0; k <= run.steps(); ++k) {
    const auto what = run.contact[k];
    if (what == Contact::none) {
      RC_ASSERT(breaks);
      continue;
    }
    touched_zero = touched_zero || run.uN[k] == 0.0;
    if (what == Contact::made && k > 0) RC_ASSERT(breaks);  // only a broken contact is remade
    // A contact that exists at uN breaks iff the configuration breaks and uN > 0.
    RC_ASSERT((what == Contact::broke) == (breaks && run.uN[k] > 0));
    if (what == Contact::broke) {
      RC_ASSERT(run.response[k].force.isZero(0));
      RC_ASSERT(run.response[k].torque.isZero(0));
    }
  }
  RC_CLASSIFY(!breaks, "noBreak");
  RC_CLASSIFY(run.broken(), "broke");
  RC_CLASSIFY(run.remakes > 0, "remade");
  RC_CLASSIFY(touched_zero, "uN = 0 in contact");
}

template <BreakableSubject S>
void a_breaking_contact_releases_the_elastic_energy_it_held() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto law = S::breaking(c.law);
  const auto spec = *gen::path_through_tension();
  const auto run = run_case(c, law, spec);
  RC_ASSERT(run.broken());  // the path reaches uN > 0 from a contact
  double worst = 0;
  for (std::size_t k = 0; k <= run.steps(); ++k) {
    if (run.contact[k] != Contact::broke) continue;
    const auto& d = run.response[k].dissipated;
    for (const auto kind : all_energy_kinds)
      if (kind != EnergyKind::released) RC_ASSERT(d[kind] == 0.0);
    const double released = d[EnergyKind::released];
    const double held = run.held[k];
    RC_LOG() << "break at step " << k << ": released " << released << ", held " << held << '\n';
    RC_ASSERT(std::abs(released - held) <= 8 * eps * held);
    if (held > 0) worst = std::max(worst, std::abs(released - held) / (8 * eps * held));
    RC_CLASSIFY(held > 0, "released energy > 0");
    // nothing is stored after a break
    RC_ASSERT(run.elastic[k] == 0.0);
  }
  measure("|released - held| / (8 eps held)", worst);
}

template <BreakableSubject S>
void a_contact_made_again_after_a_break_starts_from_the_initial_state() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto law = S::breaking(c.law);
  const auto spec = *gen::path_through_tension();
  const auto path = to_path(spec, c.scale);
  const auto fresh = run_path(law, c.phys, path, c.lengths, Remake::fresh);
  const auto reused = run_path(law, c.phys, path, c.lengths, Remake::reuse_state);
  RC_ASSERT(fresh.remakes > 0);  // the path comes back to uN <= 0 after its tension corner
  RC_ASSERT(fresh.steps() == reused.steps());
  for (std::size_t k = 0; k <= fresh.steps(); ++k) {
    RC_ASSERT(fresh.contact[k] == reused.contact[k]);
    RC_ASSERT(fresh.response[k].force == reused.response[k].force);
    RC_ASSERT(fresh.response[k].torque == reused.response[k].torque);
    RC_ASSERT(fresh.elastic[k] == reused.elastic[k]);
    RC_ASSERT(fresh.dissipated[k] == reused.dissipated[k]);
  }
  RC_CLASSIFY(fresh.remakes > 1, "remade twice");
}

template <BreakableSubject S>
  requires ElasticEnergySubject<S>
void a_no_break_contact_in_tension_stores_the_work_done() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto law = S::elastic(S::unbreakable(c.law));
  const auto spec = *rc::gen::oneOf(rc::gen::cast<LoadingSpec>(gen::path_through_tension()), gen::path_any());
  const auto run = run_case(c, law, spec);
  RC_ASSERT(!run.broken());
  bool tension = false;
  for (std::size_t k = 0; k <= run.steps(); ++k) tension = tension || run.uN[k] > 0;
  RC_CLASSIFY(tension, "in tension");
  check_elastic_balance(run, c.stiffness(), "|W - dE| / tolerance");
}

}  // namespace lawcheck::properties
