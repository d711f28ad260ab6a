#pragma once
// The suites' packings by size, generated reproducibly by the project and cached on disk after
// the first run.
//   1e3, 1e4 spheres: settled by settle_packing (seeds below), stored as
//                     <cache>/packing-v1-n<N>-seed<S>.bin; the 1e3 one serves the ctest smoke run.
//   1e5, 1e6 spheres: tiles of the 1e4 packing (5 x 2 and 10 x 10 copies); tiling takes
//                     milliseconds, so only the settled base is stored.
// <cache> is $LAWCHECK_BENCH_CACHE if set (lawcheck_add_law_benchmarks' ctest and targets, and
// scripts/bench.sh, set it to <build>/bench-cache), else $XDG_CACHE_HOME/lawcheck/bench-cache, else
// ~/.cache/lawcheck/bench-cache: never a path of the machine that built the library. A file whose header does not
// match (format version, size, seed) is rebuilt; delete the directory to force regeneration.

#include <cstddef>

#include "sphere_packing.hpp"

namespace lawcheck::bench {

// Supported sizes: 1'000, 10'000, 100'000, 1'000'000. The result lives for the whole process.
const SpherePacking& packing(std::size_t spheres);

}  // namespace lawcheck::bench
