#pragma once
// What the instruction-count gate counts (benchmarks/instruction_gate.py, scripts/bench.sh
// --instructions): one contact step, or one law kernel sweep, each inside a function of its own
// that is never inlined, so that callgrind can count exactly it (--toggle-collect) and dump its
// count after every call (--dump-after): the packing's set-up, the untimed velocity reversal
// between steps and Google Benchmark's own loop are outside it. One call per iteration of a
// timed loop, so the cost of the call itself (a few instructions per ~10^4 contacts) is nothing
// against the timing's resolution.
//
// LAWCHECK_BENCH_ITERATIONS=K (environment) runs every law suite benchmark for exactly K
// iterations: Google Benchmark 1.7.1 has no `--benchmark_min_time=Kx` (1.8 does), and the gate
// needs the same calls in every run.

#include <cstdio>
#include <cstdlib>
#include <string>

#include <benchmark/benchmark.h>

namespace lawcheck::benchmarks {

// Calls step() once; the symbol instruction_gate.py counts (its name must stay unique).
template <class Step>
[[gnu::noinline]] void counted_contact_step(Step&& step) {
  step();
  benchmark::ClobberMemory();
}

// Calls sweep() once and stores its result. Both return void: callgrind's --dump-after matches
// the demangled name by its start, "void lawcheck::benchmarks::counted_".
template <class Sweep, class Result>
[[gnu::noinline]] void counted_law_sweep(Sweep&& sweep, Result& result) {
  result = sweep();
  benchmark::ClobberMemory();
}

// Fixes a registered benchmark's iterations when LAWCHECK_BENCH_ITERATIONS is a positive count.
inline void apply_fixed_iterations(benchmark::internal::Benchmark* b) {
  const char* env = std::getenv("LAWCHECK_BENCH_ITERATIONS");
  if (!env || !*env) return;
  char* end = nullptr;
  const long long k = std::strtoll(env, &end, 10);
  if (*end != '\0' || k <= 0 || k > 1'000'000) {  // bad input: exit 2, one line (registration runs before main)
    std::fprintf(stderr, "LAWCHECK_BENCH_ITERATIONS = \"%s\": a whole number of iterations from 1 to 1000000\n", env);
    std::exit(2);
  }
  b->Iterations(static_cast<benchmark::IterationCount>(k));
}

}  // namespace lawcheck::benchmarks
