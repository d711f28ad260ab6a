#!/usr/bin/python3
"""Two benchmark binaries timed in the same run, rounds interleaved (scripts/bench.sh --against).

On a shared machine whose speed drifts by +-25 % over minutes, a comparison against a baseline
recorded earlier measures the drift as much as the change. Here both binaries run in alternating
rounds -- baseline then contender, then contender then baseline (ABBA), and so on -- one repetition
of each benchmark per binary per round, so drift lands on both sides alike. Per benchmark:
  - the figure compared is the per-item counter the benchmark reports (ns_per_contact or
    ns_per_particle, in ns), else its CPU time, or its real time for /real_time benchmarks (as
    benchmarks/regression_gate.py);
  - medians of both sides, their ratio (contender / baseline), the ratio of the minima, and the
    two-sided Mann-Whitney U test over the rounds (scipy);
  - the gate's verdict (benchmarks/regression_gate.py, verdict): REGRESSION when the contender's
    median is more than THRESHOLD percent above the baseline's with p < ALPHA; "improved" for the
    same margin faster.
Exit status: 0 no regression, 1 regression, 2 bad input (a binary failed, no common benchmark,
fewer than 2 rounds).
"""
import argparse
import json
import statistics
import subprocess
import sys

from scipy.stats import mannwhitneyu

from regression_gate import judges_real_time, verdict  # the gate's rule, one definition

PER_ITEM = ("ns_per_contact", "ns_per_particle")


def figure(bench):
    """The benchmark's figure in ns and the name of what it is."""
    for counter in PER_ITEM:
        if counter in bench:
            return 1e9 * bench[counter], counter  # Google Benchmark stores the counter in seconds
    scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}[bench.get("time_unit", "ns")]
    if judges_real_time(bench["name"]):
        return scale * bench["real_time"], "real_time"
    return scale * bench["cpu_time"], "cpu_time"


def run_once(binary, flt, min_time):
    cmd = [binary, f"--benchmark_filter={flt}", "--benchmark_repetitions=1",
           f"--benchmark_min_time={min_time}", "--benchmark_format=json"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{binary} exited with {p.returncode}: {p.stderr.strip()[-500:]}")
    out = {}
    for b in json.loads(p.stdout)["benchmarks"]:
        if b.get("run_type", "iteration") == "iteration":
            out[b["name"]] = figure(b)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", required=True, help="benchmark binary of the reference")
    ap.add_argument("--contender", required=True, help="benchmark binary of the change")
    ap.add_argument("--filter", default=".", help="--benchmark_filter regex (default: all)")
    ap.add_argument("--rounds", type=int, default=9, help="interleaved rounds (default 9)")
    ap.add_argument("--min-time", default="0.2", help="--benchmark_min_time per run (default 0.2)")
    ap.add_argument("--threshold", type=float, default=10.0, help="percent slower (default 10)")
    ap.add_argument("--alpha", type=float, default=0.05, help="U-test significance (default 0.05)")
    args = ap.parse_args()
    if args.rounds < 2:
        print("same_run: --rounds must be at least 2 (the U test needs two figures a side)", file=sys.stderr)
        return 2

    sides = {"baseline": {}, "contender": {}}
    binaries = {"baseline": args.baseline, "contender": args.contender}
    kinds = {}
    for r in range(args.rounds):
        order = ("baseline", "contender") if r % 2 == 0 else ("contender", "baseline")
        for side in order:
            try:
                figures = run_once(binaries[side], args.filter, args.min_time)
            except (RuntimeError, OSError, json.JSONDecodeError) as e:
                print(f"same_run: {side}: {e}", file=sys.stderr)
                return 2
            for name, (value, kind) in figures.items():
                sides[side].setdefault(name, []).append(value)
                kinds[name] = kind
        print(f"same_run: round {r + 1}/{args.rounds} done", file=sys.stderr)

    names = [n for n in sides["baseline"] if n in sides["contender"]]
    if not names:
        print("same_run: no benchmark in common (check --filter)", file=sys.stderr)
        return 2
    width = max(len(n) for n in names)
    print(f"{'benchmark':<{width}}  {'figure':<15} {'baseline':>10} {'contender':>10} {'ratio':>7} "
          f"{'min ratio':>9} {'p(U)':>7}  verdict")
    regressions = 0
    for n in names:
        a, b = sides["baseline"][n], sides["contender"][n]
        ma, mb = statistics.median(a), statistics.median(b)
        change = 100.0 * (mb / ma - 1)
        p = mannwhitneyu(a, b, alternative="two-sided").pvalue
        judged = verdict(change, p, args.threshold, args.alpha)
        regressions += judged == "REGRESSION"
        print(f"{n:<{width}}  {kinds[n]:<15} {ma:>10.4g} {mb:>10.4g} {mb / ma:>7.3f} "
              f"{min(b) / min(a):>9.3f} {p:>7.4f}  {judged}")
    print(f"\nsame_run: {len(names)} benchmarks, {args.rounds} interleaved rounds, {regressions} regressions "
          f"(median > +{args.threshold:g}% with U-test p < {args.alpha:g}); figures in ns")
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())
