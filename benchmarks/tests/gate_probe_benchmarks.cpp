// The instruction-count gate's own test subject (benchmarks/tests/instruction_gate_test.py): the
// law kernel suite for one law named "probe", built three times from this file. Two builds
// (lawcheck_gate_probe, lawcheck_gate_probe_twin) are the linear law as it is: the same source,
// so the gate must count the same and pass. The third (LAWCHECK_GATE_PROBE_PADDED) is the linear
// law with a little more work per contact: after the law's step, kn uN * 0 added to the normal
// force, multiplies and an add the compiler must keep (without -ffast-math x * 0 is not 0 for an
// infinite or NaN x, and -0 + 0 is +0), in the law pass's vector loop. Measured at x86-64-v3, n =
// 1000: +0.53 instructions per contact, +4.3 % of the kernel with energy off (12.45) and +1.9 % of
// it with energy on (26.9), which the test uses: the size of change a law's author wants the gate to
// see. (0.0 alone added is +12 % with energy off: GCC then lays the loop out otherwise.)
#include "law_benchmarks.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::gate_probe {
namespace {

#ifdef LAWCHECK_GATE_PROBE_PADDED
struct ProbeLaw : LinearCoulombLaw<double> {
  template <bool TrackEnergy>
  LocalResponse<double> step(const LocalGeom<double>& g, const Phys& ph, State& s, const double& dt) const {
    LocalResponse<double> out = LinearCoulombLaw<double>::step<TrackEnergy>(g, ph, s, dt);
    out.force.x() += ph.kn * g.uN * 0.0;
    return out;
  }
};
#else
struct ProbeLaw : LinearCoulombLaw<double> {};
#endif
static_assert(SolverLaw<ProbeLaw>);

[[maybe_unused]] const bool registered = [] {
  benchmarks::register_law_kernel_benchmarks("probe", benchmarks::LawFixture<ProbeLaw>{});
  return true;
}();

}  // namespace
}  // namespace lawcheck::gate_probe
