#!/usr/bin/env bash
# Runs the benchmark suites and gates regressions (benchmarks/README.md).
#
# The gate: instructions per contact-step (the default, --instructions), counted by valgrind in a
# build of a named ISA (build/counted, -DLAWCHECK_MARCH=x86-64-v3: vectorised as on an AVX2 host,
# and valgrind 3.19 runs it on any x86-64-v3 host, AVX-512 ones included), against
# benchmarks/baseline_instructions.json (benchmarks/instruction_gate.py). Exact on a busy machine.
#   scripts/bench.sh [--instructions]    every law's contact_step/<law>/spheres:10000 and
#                                        law_kernel/<law>/n:10000/energy:0|1, 5 iterations each
#                                        under callgrind; exit 1 above +1 % (--threshold PCT)
#   ... --refresh-baseline               record benchmarks/baseline_instructions.json (commit it)
#   ... --against REV                    the working tree against commit REV, both counted in one
#                                        run (REV built apart in build/counted/against/SHA)
#   ... --filter REGEX                   a subset of the law suites (regex on benchmark names)
#   ... --smoke                          CI's form: the gate's own ctests on its test subject
#                                        (label instructions, seconds each), no baseline needed
#   ... --iterations K                   iterations per benchmark (the first is dropped)
# Exit status of the gate: 0 pass, 1 regression, 2 usage/build error, 3 re-baseline (the baseline
# was counted with another compiler, ISA, library or valgrind: no verdict).
#
# Wall time (--wall-time; advisory: absolute figures, and a second opinion on a quiet machine),
# compared with benchmarks/baseline.json:
#   scripts/bench.sh --wall-time         run the baseline subset, compare, fail on a regression
#   scripts/bench.sh --wall-time --refresh-baseline  run the baseline subset and overwrite it
#   scripts/bench.sh --all               every benchmark of every suite (long; no comparison
#                                        unless the baseline holds them too)
#   scripts/bench.sh --filter REGEX      a subset of your own
#   scripts/bench.sh --vs-lammps [--lmp PATH]  contact_step/spheres:10000 against LAMMPS
#                                        gran/hooke/history on the same packing, 3 rounds interleaved;
#                                        PATH: the LAMMPS to race (default: lmp on PATH)
#   scripts/bench.sh --against REV       the working tree against commit REV in the same run: REV's
#                                        benchmarks built apart (build/bench/against/SHA, kept),
#                                        both binaries in 9 interleaved rounds (--repetitions),
#                                        same gate (benchmarks/same_run.py); takes --filter/--all
#   scripts/bench.sh --pass-times        every law's contact_step at 1e4 and 1e5 with the block passes
#                                        timed (LAWCHECK_PASS_TIMES, its own build:
#                                        build/bench-pass-times): ns per contact of each pass and the
#                                        law pass's share of the step, a table; takes --filter
#
# Each benchmark runs 9 repetitions of >= 0.2 s (Google Benchmark JSON, every repetition kept so
# compare.py can run its Mann-Whitney U test). Regression: median more than +10% slower than the
# baseline with U-test p < 0.05 (benchmarks/regression_gate.py; --threshold PCT, --alpha A).
# Exit status: 0 no regression, 1 regression (--vs-lammps: a run failed), 2 usage or build error
# (--vs-lammps: no lmp). --all, --repetitions, --alpha, --vs-lammps and --pass-times are wall-time
# options (they imply --wall-time).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${LAWCHECK_BENCH_BUILD:-$root/build/bench}"
baseline="$root/benchmarks/baseline.json"

# The baseline subset: one representative of each suite and size class, and every registered law's
# kernel at 1e4 and contact step at 1e4 and 1e5 (any law name: a law added to laws/builtin_laws.hpp
# is gated once the baseline is refreshed; ~3 min on an idle machine, `--all` ~8 min).
subset='^law_kernel/(energy_off|yield_times_slip)/n:(10000|1000000)/'
subset+='|^law_kernel/[a-z0-9_]+/n:10000/energy:[01]$'
subset+='|^contact_step/([a-z0-9_]+/)?spheres:(10000|100000)$'
subset+='|^full_step/spheres:10000$'
subset+='|^contact_step_threads/spheres:100000/'

filter="$subset"
filter_given=0
refresh=0
threshold=""
mode=""          # instructions (the default) or wall
mode_given=""
smoke=0
iterations=5
wall_only=""
alpha=0.05
repetitions=9
vs_lammps=0
lmp=""
pass_times=0
against=""
while (($#)); do
  case "$1" in
    --instructions) mode_given="${mode_given:+$mode_given }instructions" ;;
    --wall-time) mode_given="${mode_given:+$mode_given }wall" ;;
    --smoke) smoke=1 ;;
    --iterations) iterations="$2"; shift ;;
    --refresh-baseline) refresh=1 ;;
    --all) filter='.'; filter_given=1; wall_only+=" --all" ;;
    --filter) filter="$2"; filter_given=1; shift ;;
    --threshold) threshold="$2"; shift ;;
    --alpha) alpha="$2"; wall_only+=" --alpha"; shift ;;
    --repetitions) repetitions="$2"; wall_only+=" --repetitions"; shift ;;
    --vs-lammps) vs_lammps=1; wall_only+=" --vs-lammps" ;;
    --lmp) lmp="$2"; shift ;;
    --against) against="$2"; shift ;;
    --pass-times) pass_times=1; wall_only+=" --pass-times" ;;
    -h|--help) sed -n '2,45p' "$0"; exit 0 ;;
    *) echo "bench.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
case "$mode_given" in
  "") if [ -n "$wall_only" ]; then mode=wall; else mode=instructions; fi ;;
  instructions|wall) mode="$mode_given" ;;
  *) echo "bench.sh: --instructions and --wall-time are two gates; give one" >&2; exit 2 ;;
esac
if [ "$mode" = instructions ] && [ -n "$wall_only" ]; then
  echo "bench.sh:$wall_only: wall-time options; drop them or --instructions" >&2
  exit 2
fi
if [ "$mode" = wall ] && ((smoke)); then
  echo "bench.sh: --smoke is the instruction gate's CI form; drop --wall-time" >&2
  exit 2
fi
[ -n "$threshold" ] || { [ "$mode" = instructions ] && threshold=1 || threshold=10; }
if [ -n "$against" ] && ! sha="$(git -C "$root" rev-parse --verify --quiet "$against^{commit}")"; then
  echo "bench.sh: --against $against: not a commit of this repository" >&2
  exit 2
fi

if [ "$mode" = instructions ]; then
  if [ -n "$against" ] && ((refresh)); then
    echo "bench.sh: --against compares two builds in one run; drop --refresh-baseline" >&2
    exit 2
  fi
  if ((smoke)) && { [ -n "$against" ] || ((refresh || filter_given)); }; then
    echo "bench.sh: --smoke runs the gate's own tests; drop --against/--refresh-baseline/--filter" >&2
    exit 2
  fi
  "$root/scripts/setup.sh"
  cbuild="${LAWCHECK_COUNTED_BUILD:-$root/build/counted}"
  march="${LAWCHECK_COUNTED_MARCH:-x86-64-v3}"
  # A named ISA, the tests on (the gate's own ctests live in this tree), nothing installed.
  configure_counted() {  # SOURCE BUILD
    cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release -DLAWCHECK_MARCH="$march" -DLAWCHECK_BENCHMARKS=ON \
      -DLAWCHECK_BUILD_TESTING=ON -DLAWCHECK_INSTALL=OFF -DLAWCHECK_PASS_TIMES=OFF >/dev/null
  }
  configure_counted "$root" "$cbuild"
  if ((smoke)); then
    cmake --build "$cbuild" --target lawcheck_gate_probes -j "$(nproc)"
    echo "bench.sh: $(uptime)"
    exec ctest --test-dir "$cbuild" -L instructions --output-on-failure -j "$(nproc)"
  fi
  cmake --build "$cbuild" --target lawcheck_benchmarks -j "$(nproc)"
  gate_filter="^(law_kernel/[A-Za-z0-9_.-]+/n:10000/energy:[01]|contact_step/[A-Za-z0-9_.-]+/spheres:10000)\$"
  ((filter_given)) && gate_filter="$filter"
  export LAWCHECK_BENCH_CACHE="${LAWCHECK_BENCH_CACHE:-$cbuild/bench-cache}"
  # The packings settle natively, once (cached): under valgrind the 1e4 one would take an hour.
  "$cbuild/benchmarks/lawcheck_benchmarks" --benchmark_filter='^contact_step/spheres:(1000|10000)$' \
    --benchmark_min_time=0 >/dev/null
  gate=(/usr/bin/python3 "$root/benchmarks/instruction_gate.py" --binary "$cbuild/benchmarks/lawcheck_benchmarks"
        --filter "$gate_filter" --iterations "$iterations" --threshold "$threshold")
  echo "bench.sh: $(uptime)"
  if [ -n "$against" ]; then
    # REV's benchmarks, counted the same way. A commit older than LAWCHECK_MARCH and the counted
    # region gets the working tree's build flags and benchmark suites (cmake/build_flags.cmake,
    # cmake/build_config.hpp.in, benchmarks/): what is compared is then REV's solver and laws.
    other="$cbuild/against/$sha"
    if [ ! -x "$other/build/benchmarks/lawcheck_benchmarks" ]; then
      rm -rf "$other/src" && mkdir -p "$other/src"
      git -C "$root" archive "$sha" | tar -x -C "$other/src"
      if ! grep -q LAWCHECK_MARCH "$other/src/cmake/build_flags.cmake" ||
         [ ! -f "$other/src/benchmarks/counted_region.hpp" ]; then
        echo "bench.sh: $against predates the counted build: its solver and laws with this tree's build flags and benchmark suites"
        cp "$root/cmake/build_flags.cmake" "$root/cmake/build_config.hpp.in" "$other/src/cmake/"
        grep -q LAWCHECK_MARCH "$other/src/CMakeLists.txt" ||
          sed -i '/^option(LAWCHECK_NATIVE /a set(LAWCHECK_MARCH "" CACHE STRING "Compile for a named ISA")' \
            "$other/src/CMakeLists.txt"
        rm -rf "$other/src/benchmarks" && cp -r "$root/benchmarks" "$other/src/benchmarks"
      fi
      configure_counted "$other/src" "$other/build"
      cmake --build "$other/build" --target lawcheck_benchmarks -j "$(nproc)"
    fi
    echo "bench.sh: baseline = ${against} (${sha:0:12}), contender = the working tree"
    exec "${gate[@]}" --against-binary "$other/build/benchmarks/lawcheck_benchmarks"
  fi
  if ((refresh)); then
    exec "${gate[@]}" --baseline "$root/benchmarks/baseline_instructions.json" --refresh-baseline
  fi
  exec "${gate[@]}" --baseline "$root/benchmarks/baseline_instructions.json"
fi

# Wall time from here on.
if [ -n "$against" ] && ((refresh || vs_lammps)); then
  echo "bench.sh: --against compares two builds in one run; drop --refresh-baseline/--vs-lammps" >&2
  exit 2
fi
if ((pass_times)) && { [ -n "$against" ] || ((refresh || vs_lammps)); }; then
  echo "bench.sh: --pass-times runs its own build; drop --against/--refresh-baseline/--vs-lammps" >&2
  exit 2
fi
if ((refresh)) && [ "$filter" != "$subset" ]; then
  echo "bench.sh: --refresh-baseline always records the baseline subset; drop --filter/--all" >&2
  exit 2
fi

# LAMMPS, same run (benchmarks/README.md): an optional tool, never a build or test dependency.
if ((vs_lammps)); then
  if ((refresh)) || [ "$filter" != "$subset" ]; then
    echo "bench.sh: --vs-lammps runs its own benchmark; drop --refresh-baseline/--filter/--all" >&2
    exit 2
  fi
  if [ -z "$lmp" ] && ! lmp="$(command -v lmp)"; then
    echo "bench.sh: --vs-lammps needs LAMMPS (lmp not found on PATH; Debian: apt-get install lammps, or --lmp PATH)" >&2
    exit 2
  fi
  case "$lmp" in */*) ;; *) lmp="$(command -v "$lmp" || true)" ;; esac  # a bare name: from PATH
  if [ -z "$lmp" ] || [ ! -f "$lmp" ] || [ ! -x "$lmp" ]; then
    echo "bench.sh: --lmp: not an executable file" >&2
    exit 2
  fi
  lmp="$(cd "$(dirname "$lmp")" && pwd)/$(basename "$lmp")"  # vs_lammps.py runs it from its work directory
elif [ -n "$lmp" ]; then
  echo "bench.sh: --lmp names the LAMMPS of --vs-lammps; add --vs-lammps" >&2
  exit 2
fi

"$root/scripts/setup.sh"

# The block passes timed (dynamics/pass_clock.hpp): a build of their own, so that no other figure
# is ever taken with the clock's reads in the loop.
if ((pass_times)); then
  pbuild="$build-pass-times"
  cmake -S "$root" -B "$pbuild" -DCMAKE_BUILD_TYPE=Release -DLAWCHECK_BENCHMARKS=ON -DLAWCHECK_NATIVE=ON \
    -DLAWCHECK_PASS_TIMES=ON >/dev/null
  cmake --build "$pbuild" --target lawcheck_benchmarks -j "$(nproc)"
  [ "$filter" = "$subset" ] && filter='^contact_step/([a-z0-9_]+/)?spheres:(10000|100000)$'
  mkdir -p "$pbuild/results"
  out="$pbuild/results/pass-times-$(date -u +%Y%m%dT%H%M%SZ).json"
  echo "bench.sh: $(uptime)"
  LAWCHECK_BENCH_CACHE="${LAWCHECK_BENCH_CACHE:-$build/bench-cache}" "$pbuild/benchmarks/lawcheck_benchmarks" \
    --benchmark_filter="$filter" --benchmark_repetitions="$repetitions" --benchmark_min_time=0.2 \
    --benchmark_display_aggregates_only=true --benchmark_out="$out" --benchmark_out_format=json >/dev/null
  exec /usr/bin/python3 "$root/benchmarks/medians_table.py" "$out"
fi

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DLAWCHECK_BENCHMARKS=ON -DLAWCHECK_NATIVE=ON \
  -DLAWCHECK_PASS_TIMES=OFF >/dev/null
cmake --build "$build" --target lawcheck_benchmarks -j "$(nproc)"
if ((vs_lammps)); then
  cmake --build "$build" --target lawcheck_lammps_export -j "$(nproc)"
  exec /usr/bin/python3 "$root/benchmarks/lammps/vs_lammps.py" compare \
    --benchmarks "$build/benchmarks/lawcheck_benchmarks" \
    --export "$build/benchmarks/lawcheck_lammps_export" --work "$build/lammps" --lmp "$lmp"
fi

# Same run against another commit (benchmarks/README.md "How to time a law"): REV's tree from
# git archive (no worktree left behind), built once per commit; the packing cache is shared.
if [ -n "$against" ]; then
  other="$build/against/$sha"
  if [ ! -x "$other/build/benchmarks/lawcheck_benchmarks" ]; then
    rm -rf "$other/src" && mkdir -p "$other/src"
    git -C "$root" archive "$sha" | tar -x -C "$other/src"
    cmake -S "$other/src" -B "$other/build" -DCMAKE_BUILD_TYPE=Release -DLAWCHECK_BENCHMARKS=ON \
      -DLAWCHECK_NATIVE=ON >/dev/null
    cmake --build "$other/build" --target lawcheck_benchmarks -j "$(nproc)"
  fi
  echo "bench.sh: $(uptime)"
  echo "bench.sh: baseline = ${against} (${sha:0:12}), contender = the working tree"
  LAWCHECK_BENCH_CACHE="${LAWCHECK_BENCH_CACHE:-$build/bench-cache}" exec /usr/bin/python3 \
    "$root/benchmarks/same_run.py" --baseline "$other/build/benchmarks/lawcheck_benchmarks" \
    --contender "$build/benchmarks/lawcheck_benchmarks" --filter "$filter" --rounds "$repetitions" \
    --threshold "$threshold" --alpha "$alpha"
fi

mkdir -p "$build/results"
out="$build/results/bench-$(date -u +%Y%m%dT%H%M%SZ).json"
echo "bench.sh: $(uptime)"
"$build/benchmarks/lawcheck_benchmarks" \
  --benchmark_filter="$filter" \
  --benchmark_repetitions="$repetitions" \
  --benchmark_min_time=0.2 \
  --benchmark_display_aggregates_only=true \
  --benchmark_out="$out" --benchmark_out_format=json

if ((refresh)); then
  # The binary's name without its directory: the baseline is tracked and names no machine's paths.
  sed -E 's#("executable": ")[^"]*/#\1#' "$out" > "$baseline"
  echo "bench.sh: baseline rewritten: $baseline (commit it)"
  exit 0
fi
if [ ! -f "$baseline" ]; then
  echo "bench.sh: no baseline at $baseline; run scripts/bench.sh --refresh-baseline" >&2
  exit 2
fi
# compare.py needs Debian's numpy/scipy: call the system interpreter, not whatever is on PATH.
/usr/bin/python3 /usr/share/benchmark/compare.py -a --no-color -d "$out.diff.json" \
  benchmarks "$baseline" "$out"
echo
/usr/bin/python3 "$root/benchmarks/regression_gate.py" "$out.diff.json" \
  --threshold "$threshold" --alpha "$alpha"
