#!/usr/bin/python3
"""Regression gate over compare.py's --dump_to_json output (scripts/bench.sh, benchmarks/law_bench.py).

A benchmark REGRESSES when both hold:
  - its median time is more than THRESHOLD percent above the baseline's median, and
  - the Mann-Whitney U test of compare.py (two-sided, over the >= 9 repetitions of each run)
    gives p < ALPHA for that time.
The time compared is the one the benchmark reports: real time for benchmarks registered with
UseRealTime (their names end in /real_time: the multi-threaded ones, whose worker threads the
CPU-time clock of the main thread does not see), CPU time otherwise (less sensitive to other
processes on a shared machine). A benchmark faster by the same margin is reported as improved;
the gate only fails on regressions. Exit status: 0 clean, 1 regression, 2 bad input.
"""
import argparse
import json
import sys


def judges_real_time(name):
    """Whether a benchmark is judged on real time (UseRealTime: the name ends in /real_time)."""
    return name.endswith("/real_time")


def verdict(change, p, threshold, alpha):
    """The gate's rule on a median change in percent and its U-test p-value."""
    significant = p < alpha
    if change > threshold and significant:
        return "REGRESSION"
    if change < -threshold and significant:
        return "improved"
    return "ok"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("diff_json", help="compare.py --dump_to_json output")
    ap.add_argument("--threshold", type=float, default=10.0, help="percent slower (default 10)")
    ap.add_argument("--alpha", type=float, default=0.05, help="U-test significance (default 0.05)")
    args = ap.parse_args(argv)

    with open(args.diff_json) as f:
        report = json.load(f)

    medians = {e["name"]: e for e in report
               if e.get("run_type") == "aggregate" and e.get("aggregate_name") == "median"}
    rows = []
    for e in report:
        if e.get("run_type") != "iteration":
            continue
        name = e["name"]
        med = medians.get(name + "_median")
        if med is None:
            print(f"bench gate: {name}: no median aggregate (need --benchmark_repetitions >= 2)",
                  file=sys.stderr)
            return 2
        real = judges_real_time(name)
        m = med["measurements"][0]
        change = 100.0 * (m["time"] if real else m["cpu"])
        base = m["real_time"] if real else m["cpu_time"]
        new = m["real_time_other"] if real else m["cpu_time_other"]
        u = e.get("utest") or {}
        p = u.get("time_pvalue" if real else "cpu_pvalue")
        if p is None:
            print(f"bench gate: {name}: no U test (fewer than 2 repetitions on a side)",
                  file=sys.stderr)
            return 2
        rows.append((name, "real" if real else "cpu", base, new, change, p,
                     verdict(change, p, args.threshold, args.alpha), med["time_unit"]))

    if not rows:
        print("bench gate: no benchmark in common with the baseline", file=sys.stderr)
        return 2
    width = max(len(r[0]) for r in rows)
    print(f"{'benchmark':<{width}}  clock  {'baseline':>12}  {'now':>12}  {'change':>8}  "
          f"{'p(U)':>7}  verdict")
    for name, clock, base, new, change, p, judged, unit in rows:
        print(f"{name:<{width}}  {clock:<5}  {base:>10.4g}{unit:>2}  {new:>10.4g}{unit:>2}  "
              f"{change:>+7.1f}%  {p:>7.4f}  {judged}")
    bad = [r for r in rows if r[6] == "REGRESSION"]
    print(f"\nbench gate: {len(rows)} benchmarks, {len(bad)} regressions "
          f"(median > +{args.threshold:g}% with U-test p < {args.alpha:g})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
