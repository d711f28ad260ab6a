// The linear law's kernel suite: LinearCoulombLaw<double>::step alone, the solver's own law (no
// copy), over N pre-computed contacts (N = 1e3 .. 1e6), through the solver's law pass itself
// (law_pass, dynamics/contact_block.hpp): blocks of 64 contacts, per contact a LocalGeom
// from the block's arrays, FrictPhys as the pass receives it (the block's physics words:
// PhysColumn::lanes first joins each contact's kn with its material pair's kt/kn and tanPhi there
// -- the solver's storage cost, not the law's, timed in contact_step), State as ContactBatch
// stores it (a StateColumn: one array per 8-byte word), the force and broken flag
// stored into the block (the linear law returns no torque) and, with energy tracking, the
// dissipation summed.
//
// Inputs: sphere pairs of radius 0.5..1.5 mm in compression (uN = -1e-4..-1e-2 r), FrictMat
// defaults, kn/kt/tanPhi from the solver's physics (frict_phys, contact_lengths). The tangential
// velocity is set per contact as a multiple of the yield force: the increment kt dt |v_t| is
// 0..0.25 fy for a sticking contact and 3..5 fy for a sliding one. Successive sweeps alternate
// the sign of dt, so a sticking contact's force oscillates between 0 and its increment (never
// reaching fy however long the benchmark runs) and a sliding contact slips on every sweep
// (|Ft| = fy, increment >= 3 fy). `sliding_pct` contacts, chosen at random (seeded), slide: 0,
// 100, and 50 (the branch predictor's worst case for a law with branches).

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <numbers>
#include <random>
#include <tuple>
#include <vector>

#include <benchmark/benchmark.h>

#include "dynamics/contact_block.hpp"
#include "dynamics/state_column.hpp"
#include "laws/linear_coulomb_law.hpp"
#include "per_item_counter.hpp"
#include "physics/frict_mat.hpp"

namespace lawcheck::bench {
namespace {

using Law = LinearCoulombLaw<double>;

constexpr double time_step = 1e-5;  // [s]; only the product kt dt v_t matters here

// Per contact what the law pass reads and writes: the state as ContactBatch stores it, and the
// block buffers, here one per 64 contacts (the solver refills one per block), with the physics
// joined into them.
using PhysLanes = BlockPhysLanes<FrictPhys<double>>;
struct KernelContacts {
  std::size_t n = 0;
  StateColumn<Law::State> state;
  std::vector<ContactBlock> blocks;  // the kinematics pass's output and the joined physics, one block per 64 contacts

  std::size_t size() const { return n; }
};

KernelContacts make_contacts(std::size_t n, int sliding_pct) {
  std::mt19937_64 rng(0x1a3c0ffee + n * 101 + static_cast<std::uint64_t>(sliding_pct));
  std::uniform_real_distribution<double> radius(0.5e-3, 1.5e-3), unit(0, 1), sym(-1, 1);
  std::vector<char> slides(n, 0);
  std::fill_n(slides.begin(), n * static_cast<std::size_t>(sliding_pct) / 100, 1);
  std::shuffle(slides.begin(), slides.end(), rng);

  const FrictMat mat;
  KernelContacts c;
  c.n = n;
  c.blocks.resize((n + contact_block - 1) / contact_block, ContactBlock{});
  for (std::size_t i = 0; i < n; ++i) {
    const double r1 = radius(rng), r2 = radius(rng);
    const ContactLengths len =
        contact_lengths({ShapeKind::sphere, r1}, {ShapeKind::sphere, r2}, 0.0);
    const FrictPhys<double> ph = frict_phys(mat, mat, len);
    const double uN = -std::min(r1, r2) * std::pow(10.0, -4 + 2 * unit(rng));
    const double fy = std::abs(ph.kn * uN) * ph.tan_phi;
    const double ratio = slides[i] ? 3 + 2 * unit(rng) : 0.25 * unit(rng);
    const double angle = 2 * std::numbers::pi * unit(rng);
    const double vt = ratio * fy / (ph.kt * time_step);
    ContactBlock& b = c.blocks[i / contact_block];
    const std::size_t l = i % contact_block;
    b.uN[l] = uN;
    b.vel[0][l] = sym(rng) * vt;
    b.vel[1][l] = vt * std::cos(angle);
    b.vel[2][l] = vt * std::sin(angle);
    for (auto& w : b.ang_vel) w[l] = sym(rng);
    PhysLanes::store(b, l, ph);
  }
  return c;
}

// One set of contacts per (n, sliding_pct), shared by the energy/formula variants; each variant
// starts from zero tangential force.
KernelContacts& contacts(std::size_t n, int sliding_pct) {
  static std::map<std::tuple<std::size_t, int>, KernelContacts> cache;
  auto it = cache.find({n, sliding_pct});
  if (it == cache.end()) it = cache.emplace(std::tuple{n, sliding_pct}, make_contacts(n, sliding_pct)).first;
  KernelContacts& c = it->second;
  c.state = {};
  for (std::size_t k = 0; k < c.size(); ++k) c.state.push_back(Law::State{});
  return c;
}

template <bool TrackEnergy>
double sweep(const Law& law, KernelContacts& c, double dt) {
  double dissipated = 0;
  const std::size_t n = c.size();
  for (std::size_t k0 = 0; k0 < n; k0 += contact_block)
    dissipated += law_pass<TrackEnergy>(law, c.blocks[k0 / contact_block], PhysLanes{}, c.state.lanes(k0), 0,
                                        std::min(contact_block, n - k0), dt)
                      .total();
  return dissipated;
}

template <bool TrackEnergy>
void run_sweeps(benchmark::State& st, const Law& law, KernelContacts& c) {
  double dt = time_step;
  for (auto _ : st) {
    benchmark::DoNotOptimize(sweep<TrackEnergy>(law, c, dt));
    benchmark::ClobberMemory();
    dt = -dt;
  }
}

void law_kernel(benchmark::State& st, bool track_energy, PlasticDissipation formula) {
  const auto n = static_cast<std::size_t>(st.range(0));
  KernelContacts& c = contacts(n, static_cast<int>(st.range(1)));
  Law law;
  law.dissipation = formula;
  if (track_energy)
    run_sweeps<true>(st, law, c);
  else
    run_sweeps<false>(st, law, c);
  // Bytes one sweep streams per contact: geometry read (uN and the tangential relative velocity;
  // the law reads neither the normal velocity nor the spin, so they are not loaded), physics,
  // state read and written, force and broken flag written (no torque: laws/contact_law.hpp,
  // LawNeeds).
  static_assert(!law_needs<Law>().torque);
  constexpr std::size_t bytes = 3 * sizeof(double) + sizeof(FrictPhys<double>) + 2 * sizeof(Law::State) +
                                3 * sizeof(double) + sizeof(std::uint64_t);
  st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * n));
  st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations() * n * bytes));
  st.counters["ns_per_contact"] = ns_per_item(n);
}

void kernel_args(benchmark::internal::Benchmark* b) {
  b->ArgNames({"n", "sliding_pct"});
  for (std::int64_t n : {1'000, 10'000, 100'000, 1'000'000})
    for (std::int64_t pct : {0, 50, 100}) b->Args({n, pct});
}

BENCHMARK_CAPTURE(law_kernel, energy_off, false, decided_plastic_dissipation)->Apply(kernel_args);
BENCHMARK_CAPTURE(law_kernel, yield_times_slip, true, PlasticDissipation::yield_times_slip)
    ->Apply(kernel_args);
BENCHMARK_CAPTURE(law_kernel, code_split, true, PlasticDissipation::code_split)->Apply(kernel_args);
BENCHMARK_CAPTURE(law_kernel, elastic_difference, true, PlasticDissipation::elastic_difference)
    ->Apply(kernel_args);
BENCHMARK_CAPTURE(law_kernel, mean_yield_times_slip, true, PlasticDissipation::mean_yield_times_slip)
    ->Apply(kernel_args);

}  // namespace
}  // namespace lawcheck::bench
