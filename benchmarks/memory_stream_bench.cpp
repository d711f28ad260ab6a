// Memory roofline reference (where a target is missed, a roofline estimate of the bound): the
// bandwidth one core gets streaming arrays the size of the law kernel's and the contact step's
// working sets. STREAM's triad a[i] = b[i] + s c[i] over `mib` MiB in total (two arrays read, one
// written), reported as bytes per second; a per-contact cost of B bytes cannot beat B / bandwidth.

#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

namespace lawcheck::bench {
namespace {

void stream_triad(benchmark::State& st) {
  const auto n = static_cast<std::size_t>(st.range(0)) * (1 << 20) / (3 * sizeof(double));
  std::vector<double> a(n, 0.0), b(n, 1.0), c(n, 2.0);
  double s = 0.5;
  for (auto _ : st) {
    for (std::size_t i = 0; i < n; ++i) a[i] = b[i] + s * c[i];
    benchmark::DoNotOptimize(a.data());
    benchmark::ClobberMemory();
    s = -s;  // a different result each sweep, so no sweep can be skipped
  }
  st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations() * n * 3 * sizeof(double)));
}

// 1 MiB fits the 2 MiB L2 of this machine; 256 MiB is the 1e6-contact working set's order.
BENCHMARK(stream_triad)->ArgName("mib")->Arg(1)->Arg(16)->Arg(256);

}  // namespace
}  // namespace lawcheck::bench
