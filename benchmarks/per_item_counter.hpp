#pragma once
// Time per processed item as a benchmark counter, in nanoseconds. Google Benchmark turns a
// counter flagged kIsIterationInvariantRate into value * iterations / elapsed and kInvert into
// its reciprocal, so value = items_per_iteration * 1e-9 yields elapsed / (items * iterations) in
// ns: the figure the benchmark targets are stated in (ns per contact, per contact-step, per
// particle-step). It is computed from the same time as the benchmark's own (real time when the
// benchmark uses UseRealTime, CPU time otherwise).

#include <cstddef>

#include <benchmark/benchmark.h>

namespace lawcheck::bench {

inline benchmark::Counter ns_per_item(std::size_t items_per_iteration) {
  return benchmark::Counter(static_cast<double>(items_per_iteration),
                            benchmark::Counter::kIsIterationInvariantRate |
                                benchmark::Counter::kInvert);
}

}  // namespace lawcheck::bench
