#!/usr/bin/python3
"""Baseline and regression gate for any benchmark binary (a law's suites, law_benchmarks.hpp).

  law_bench.py --binary PATH --baseline FILE [--refresh-baseline] [--filter REGEX]
               [--repetitions 9] [--min-time 0.2] [--threshold 10] [--alpha 0.05] [--out DIR]

Runs the binary's benchmarks (those --filter selects) in REPETITIONS repetitions of at least
MIN_TIME seconds each, every repetition kept in Google Benchmark's JSON (--out DIR,
bench-<UTC time>.json). With --refresh-baseline that file becomes FILE (record it on a quiet
machine). Otherwise Google Benchmark's compare.py (Mann-Whitney U over the repetitions) compares
FILE with the run, and benchmarks/regression_gate.py judges it, as scripts/bench.sh does for
lawcheck's own suites: a benchmark regresses when its median is more than THRESHOLD percent slower
than the baseline's with U-test p < ALPHA.

Exit status: 0 no regression (or baseline recorded), 1 a regression, or a benchmark that failed
(the binary exited non-zero or reported an error: one line naming it), 2 bad usage (no binary, no
baseline to compare with, fewer than 2 repetitions).
compare.py needs numpy and scipy: it runs under --python (default /usr/bin/python3, Debian's).
The packings' cache directory is $LAWCHECK_BENCH_CACHE if set (packing_cache.hpp).
"""
import argparse
import datetime
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import regression_gate  # noqa: E402  (the gate's rule, one definition)


class Failed(Exception):
    """A benchmark run that cannot be judged; exit status and one line."""

    def __init__(self, status, line):
        super().__init__(line)
        self.status = status


def run_benchmarks(a, out):
    """The binary's run into `out` (JSON); Failed if it or one of its benchmarks fails."""
    cmd = [a.binary, f"--benchmark_filter={a.filter}", f"--benchmark_repetitions={a.repetitions}",
           f"--benchmark_min_time={a.min_time}", "--benchmark_display_aggregates_only=true",
           f"--benchmark_out={out}", "--benchmark_out_format=json"]
    r = subprocess.run(cmd)
    if r.returncode != 0:
        raise Failed(1, f"{a.binary} exited with {r.returncode}")
    with open(out) as f:
        runs = json.load(f)["benchmarks"]
    errors = [b for b in runs if b.get("error_occurred")]
    if errors:
        raise Failed(1, f"{errors[0]['name']}: {errors[0].get('error_message', 'error')}"
                        + (f" ({len(errors) - 1} more errors)" if len(errors) > 1 else ""))
    if not runs:
        raise Failed(2, f"--filter {a.filter}: no benchmark of {a.binary} matches")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", required=True, help="the benchmark executable")
    ap.add_argument("--baseline", required=True, help="baseline JSON (written with --refresh-baseline)")
    ap.add_argument("--refresh-baseline", action="store_true", help="record the run as the baseline")
    ap.add_argument("--filter", default=".", help="benchmarks to run (regex; default all)")
    ap.add_argument("--repetitions", type=int, default=9)
    ap.add_argument("--min-time", type=float, default=0.2, help="seconds per repetition at least")
    ap.add_argument("--threshold", type=float, default=10.0, help="percent slower (default 10)")
    ap.add_argument("--alpha", type=float, default=0.05, help="U-test significance (default 0.05)")
    ap.add_argument("--out", default="law-bench-results", help="directory for the runs' JSON")
    ap.add_argument("--compare", default="/usr/share/benchmark/compare.py")
    ap.add_argument("--python", default="/usr/bin/python3", help="interpreter with numpy and scipy")
    a = ap.parse_args(argv)

    def usage(line):
        print(f"law_bench: {line}", file=sys.stderr)
        return 2

    if not (os.path.isfile(a.binary) and os.access(a.binary, os.X_OK)):
        return usage(f"--binary {a.binary}: not an executable file")
    if a.repetitions < 2:
        return usage(f"--repetitions {a.repetitions}: the U test needs at least 2")
    if not a.min_time >= 0:
        return usage(f"--min-time {a.min_time}: must be a number >= 0")
    if not a.refresh_baseline and not os.path.isfile(a.baseline):
        return usage(f"--baseline {a.baseline}: no such file (record one with --refresh-baseline)")
    if not a.refresh_baseline and not os.path.isfile(a.compare):
        return usage(f"--compare {a.compare}: no such file (Debian: apt-get install libbenchmark-tools)")

    os.makedirs(a.out, exist_ok=True)
    # microseconds: a refresh and a gate run within one second keep their own files
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")
    out = os.path.join(a.out, f"bench-{stamp}.json")
    try:
        run_benchmarks(a, out)
    except Failed as e:
        print(f"law_bench: {e}", file=sys.stderr)
        return e.status

    if a.refresh_baseline:
        os.makedirs(os.path.dirname(os.path.abspath(a.baseline)), exist_ok=True)
        # The binary's name without its directory: a committed baseline names no machine's path.
        with open(out) as f:
            run = json.load(f)
        run.get("context", {})["executable"] = os.path.basename(run.get("context", {}).get("executable", ""))
        with open(a.baseline, "w") as f:
            json.dump(run, f, indent=2)
            f.write("\n")
        print(f"law_bench: baseline written: {a.baseline} ({a.repetitions} repetitions)")
        return 0
    diff = out + ".diff.json"
    r = subprocess.run([a.python, a.compare, "-a", "--no-color", "-d", diff, "benchmarks", a.baseline, out])
    if r.returncode != 0:
        return usage(f"compare.py exited with {r.returncode} on {a.baseline} and {out}")
    print()
    return regression_gate.main([diff, "--threshold", str(a.threshold), "--alpha", str(a.alpha)])


if __name__ == "__main__":
    sys.exit(main())
