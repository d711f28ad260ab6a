#!/usr/bin/python3
"""Markdown table of the medians in a Google Benchmark JSON file (benchmarks/README.md).

usage: medians_table.py RUN.json
One row per benchmark: the median aggregate when the run has repetitions, the single run
otherwise; real and CPU time, the coefficient of variation of the real time over the
repetitions, and the counters (ns per contact / per particle: from CPU time, or from real time
for the /real_time benchmarks; bytes per contact; contacts per sphere; bytes per second; with
--pass-times each block pass's ns per contact, each pair kind's, and the law pass's share of the
step: law ns / the five passes' ns, all read from the same time-stamp counter, so a busy machine
that preempts the run inflates both alike). The run's date, host and load average head the table.
"""
import json
import sys

COUNTERS = [("ns_per_contact", "ns/contact", 1e9), ("ns_per_particle", "ns/particle", 1e9),
            ("bytes_per_contact", "B/contact", 1), ("contacts_per_sphere", "contacts/sphere", 1),
            ("bytes_per_second", "GB/s", 1e-9)]
# contact_step built with LAWCHECK_PASS_TIMES (scripts/bench.sh --pass-times): ns per contact per block pass
PASSES = ("kinematics", "physics", "law", "forces", "accumulation")
COUNTERS += [(f"{p}_ns", f"{p} ns", 1) for p in PASSES]
# ... and each pair kind's passes together, per contact of that kind
COUNTERS += [("sphere_pairs_ns", "sphere pairs ns", 1), ("other_pairs_ns", "other pairs ns", 1)]


def main():
    with open(sys.argv[1]) as f:
        run = json.load(f)
    ctx = run.get("context", {})
    print(f"run {ctx.get('date', '?')} on {ctx.get('host_name', '?')}, {ctx.get('num_cpus', '?')} CPUs, "
          f"load average {', '.join(f'{x:.2f}' for x in ctx.get('load_avg', []))}\n")
    medians, cvs, singles = {}, {}, {}
    for b in run["benchmarks"]:
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                medians[b["run_name"]] = b
            elif b.get("aggregate_name") == "cv":
                cvs[b["run_name"]] = b
        else:
            singles.setdefault(b["run_name"], b)
    rows = medians or singles
    used = [c for c in COUNTERS if any(c[0] in b for b in rows.values())]
    passes = [f"{p}_ns" for p in PASSES]
    share = any(all(p in b for p in passes) for b in rows.values())
    head = ["benchmark", "real time", "CPU time", "cv"] + [c[1] for c in used] + (["law / step"] if share else [])
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for name, b in rows.items():
        time = f"{b['real_time']:.4g} {b['time_unit']}"
        cpu = f"{b['cpu_time']:.4g} {b['time_unit']}"
        cv = f"{100 * cvs[name]['real_time']:.1f}%" if name in cvs else ""
        vals = [f"{b[c[0]] * c[2]:.4g}" if c[0] in b else "" for c in used]
        if share:
            has = all(p in b for p in passes) and sum(b[p] for p in passes) > 0
            vals.append(f"{b['law_ns'] / sum(b[p] for p in passes):.2f}" if has else "")
        print("| " + " | ".join([f"`{name}`", time, cpu, cv] + vals) + " |")


if __name__ == "__main__":
    main()
