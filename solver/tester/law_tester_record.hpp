#pragma once
// One row of a LawTester history (seed 001 "Testing contact laws"): the contact seen in its local
// frame at t_n. u and rot are the relative displacement and rotation of particle 2 w.r.t. 1:
// u.x = uN from the geometry, u.y/u.z and rot the sums of dt * local velocity (t_{n-1/2}) over
// the steps; force/torque act on particle 1 (LocalResponse convention).
// Energies at t_n: elastic (law.elastic_energy), dissipated (sum of the law's dissipation per
// kind, laws/energy_kind.hpp; plastic is the sum of its plastic kinds), work
// (trapezoidal work of the contact force on the relative motion over all six DoFs, plus the
// elastic energy at the first step, so that work = elastic + plastic for an exact bookkeeping;
// dynamics/energy_ledger.hpp derives why the trapezoid is the matching rule), kinetic (relative motion of the free DoFs, product form 1/2 m v_{n-1/2} v_{n+1/2}).

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <span>

#include "core/vector_types.hpp"
#include "laws/energy_kind.hpp"

namespace lawcheck {

struct LawTesterRecord {
  std::size_t stage = 0;
  std::uint64_t step = 0;        // global step index n
  std::uint64_t stage_steps = 0;  // steps done in this stage, this one included
  double time = 0;
  Vec3d u = Vec3d::Zero();
  Vec3d rot = Vec3d::Zero();
  Vec3d force = Vec3d::Zero();
  Vec3d torque = Vec3d::Zero();
  double elastic = 0;
  EnergySplit<double> dissipated;
  double plastic = 0;  // dissipated.plastic()
  double kinetic = 0;
  double work = 0;
  bool in_contact = false;

  double ut_norm() const { return u.tail<2>().norm(); }
  // Load and displacement of local DoF d (0-2 translations: force, u; 3-5 rotations: torque, rot).
  double load(int d) const { return d < 3 ? force[d] : torque[d - 3]; }
  double displacement(int d) const { return d < 3 ? u[d] : rot[d - 3]; }
  double ft_norm() const { return force.tail<2>().norm(); }
  // Energy given to the contact minus what it holds, dissipated and released.
  double balance_error() const { return work - elastic - dissipated.total(); }
};

// CSV with a header line; one row per record; one column per energy kind of `kinds` (the law's
// Law::energy_kinds) after the fixed ones.
void write_csv(std::ostream& out, std::span<const LawTesterRecord> records, std::span<const EnergyKind> kinds);

}  // namespace lawcheck
