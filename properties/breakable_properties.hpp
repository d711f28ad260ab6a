#pragma once
// The breakable suite (law_subject.hpp, BreakableSubject): contacts pulled into tension. Paths
// go out to uN = |uN0| / 4 .. |uN0| and come back into compression (gen::path_through_tension,
// with corners at uN = 0 exactly on either side), so a breaking contact breaks and is made again
// (path_driver.hpp: the contact life of the solver).
// - the contact breaks exactly at the first step with uN > 0 -- not at uN = 0, where the force is
//   zero but the contact still exists -- unless the configuration is noBreak, which never
//   breaks; a broken step returns zero force and torque;
// - a step that books released energy books nothing else, and books exactly what closes that
//   step's ledger (laws/energy_kind.hpp: one convention for every law), which the kit computes
//   from what it drove and observed, never from the law's formula:
//     expected_k = E*_{k-1} + 1/2 (F*_{k-1} + F*_k) . du_k + 1/2 (T_{k-1} + T_k) . dphi_k - E_k,
//   F, T the responses, du, dphi the path's increments, E the law's elastic energy. At a removal
//   (Contact::broke: F_k = T_k = 0, E_k = 0) * leaves the normal spring out: it goes slack as uN
//   crosses 0 (E*_{k-1}: the law's elastic energy of the state it held, at uN = 0; F*: the
//   tangential components), and its energy returns through the work (laws/linear_coulomb_law.hpp);
//   at a break that keeps the contact (a bond failing under compression) every spring counts,
//   the normal's own terms telescoping. This differs from the held energy E*_{k-1} by the
//   first-order 1/2 F*_{k-1} . du_k whenever the breaking step moves a loaded spring (the tension
//   corner of gen::path_through_tension moves all six DoFs), which the property classifies;
// - a contact made again after a break starts from the law's initial state: the state the law
//   leaves at the break (laws/local_response.hpp: "its state has been reset") continues exactly
//   as law.initial_state(...) does -- bit for bit, the same operations on the same numbers;
// - a noBreak contact held in tension stays elastic where the law is: the work equals the
//   stored energy through tension and back (for laws with elastic configurations).
// Tolerance of the released energy: expected and released are the same real number (the law's
// state before the step is the kit's F_{k-1}, T_{k-1}: the responses report it as they hold it).
// Let S = E*_{k-1} + E_k + 1/2 sum_i (|F_{k-1,i}| + |F_{k,i}|) |dq_i| over the six components.
// The kit: each energy <= 6 roundings of itself (four springs: square or product, halving or
// division, three sums), the work <= 7 (a sum, a product, five sums), the final two sums 2: <= 9
// eps S. The law, on its side: its increment dt (du/dt) is du to 2 roundings, F = k q or
// F_{n-1} + k dq one or two more, its products and sums as the kit's: <= 11 eps S. Hence
// |released - expected| <= 20 eps S; asserted with 32 eps S (a margin of 1.6: the counts are of
// the law's likely implementation, not of one law).

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
void a_break_releases_exactly_what_closes_the_ledger_of_its_step() {
  const auto c = draw_case<S>(gen::Range::typical);
  const auto law = S::breaking(c.law);
  const auto spec = *gen::path_through_tension();
  const auto run = run_case(c, law, spec);
  RC_ASSERT(run.broken());  // the path reaches uN > 0 from a contact
  double worst = 0;
  bool kept_contact = false, not_held = false, negative = false;
  for (std::size_t k = 0; k <= run.steps(); ++k) {
    const auto& d = run.response[k].dissipated;
    const double released = d[EnergyKind::released];
    const bool removed = run.contact[k] == Contact::broke;
    if (!removed && released == 0.0) continue;
    for (const auto kind : all_energy_kinds)
      if (kind != EnergyKind::released) RC_ASSERT(d[kind] == 0.0);
    // A step that makes the contact hands the law no increment (path_driver.hpp).
    const bool moved = k > 0 && (run.contact[k - 1] == Contact::made || run.contact[k - 1] == Contact::held);
    RC_ASSERT(moved || removed);  // a contact just made holds what it was made with: nothing to release
    const LocalResponse<double> none;
    const auto& before = moved ? run.response[k - 1] : none;
    const auto& now = run.response[k];
    const Vec3d du = moved ? run.du[k] : Vec3d::Zero();
    const Vec3d dphi = moved ? run.dphi[k] : Vec3d::Zero();
    const int first = removed ? 1 : 0;  // a removal leaves the slack normal spring out
    const double e_before = removed ? run.held[k] : run.elastic[k - 1];
    const double e_now = run.elastic[k];
    double work = 0;
    double exchanged = 0;
    for (int i = first; i < 3; ++i) {
      work += (before.force[i] + now.force[i]) * du[i] / 2;
      exchanged += (std::abs(before.force[i]) + std::abs(now.force[i])) * std::abs(du[i]) / 2;
    }
    for (int i = 0; i < 3; ++i) {
      work += (before.torque[i] + now.torque[i]) * dphi[i] / 2;
      exchanged += (std::abs(before.torque[i]) + std::abs(now.torque[i])) * std::abs(dphi[i]) / 2;
    }
    const double expected = e_before + work - e_now;
    const double tol = 32 * eps * (e_before + e_now + exchanged);
    RC_LOG() << (removed ? "removal" : "break in contact") << " at step " << k << ": released " << released
             << ", expected " << expected << " (held " << e_before << ")\n";
    RC_ASSERT(std::abs(released - expected) <= tol);
    if (tol > 0) worst = std::max(worst, std::abs(released - expected) / tol);
    kept_contact = kept_contact || !removed;
    not_held = not_held || std::abs(expected - e_before) > tol;
    negative = negative || released < 0;
    if (removed) RC_ASSERT(e_now == 0.0);  // nothing is stored after a removal
  }
  RC_CLASSIFY(kept_contact, "a break that keeps the contact");
  RC_CLASSIFY(not_held, "released != held energy");
  RC_CLASSIFY(negative, "released < 0 (a step reversed a spring)");
  measure("|released - expected| / (32 eps S)", worst);
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
