#pragma once
// Bit-for-bit comparisons of two runs (the determinism and declaration tests): bit patterns, not
// values, so NaN compares with itself and -0.0 differs from 0.0.
#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "dynamics/energy_ledger.hpp"
#include "dynamics/particles.hpp"

namespace lawcheck::test_bits {

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

// Every number the ledger holds.
using EnergyTerms = std::array<double, 9 + energy_kind_count>;
inline EnergyTerms energy_terms(const EnergyLedger& e) {
  EnergyTerms t{e.kinetic_translational, e.kinetic_rotational, e.gravity_potential, e.elastic, e.damping,
                e.damping_pending, e.reference_total, e.scale, e.has_reference ? 1.0 : 0.0};
  std::copy(e.dissipated.by_kind.begin(), e.dissipated.by_kind.end(), t.end() - energy_kind_count);
  return t;
}

inline bool same_bits(const EnergyTerms& a, const EnergyTerms& b) {
  return std::memcmp(a.data(), b.data(), sizeof a) == 0;
}

inline bool same_energies(const EnergyLedger& a, const EnergyLedger& b) {
  return same_bits(energy_terms(a), energy_terms(b));
}

// Forces, torques, positions, velocities, spins and orientations.
inline bool same_particles(const Particles& a, const Particles& b) {
  return same_bits(a.force, b.force) && same_bits(a.torque, b.torque) && same_bits(a.pos, b.pos) &&
         same_bits(a.vel, b.vel) && same_bits(a.ang_vel, b.ang_vel) && same_bits(a.ori, b.ori);
}

}  // namespace lawcheck::test_bits
