#!/usr/bin/python3
"""Instructions per contact-step of the contact loop, counted by callgrind (benchmarks/README.md,
"The regression gate"). Deterministic, so it resolves a change of a few instructions on a loaded
machine where wall-clock figures cannot.

usage: instructions.py BENCHMARK_BINARY [--spheres N] [--iterations K] [--threads T] [--top M]

Runs `contact_step/spheres:N` (or `contact_step_threads/spheres:N/threads:T`) under
`valgrind --tool=callgrind`, collecting only inside the benchmark function, twice: with one
repetition of one iteration, and with 1 + K. Both runs build the packing and simulation the same
way, so the difference is exactly K contact steps (plus K untimed velocity reversals, whose
function, bench::reverse_motion, is subtracted); divided by K times the contact count it is the
instruction count per contact-step. The per-function rows are the same difference, function by
function (self cost; code inlined into a function counts as that function's).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def run(binary, name, reps, out):
    env = dict(os.environ)
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
           "--toggle-collect=*contact_step*(benchmark::State*", binary,
           f"--benchmark_filter=^{re.escape(name)}$", "--benchmark_min_time=0",
           f"--benchmark_repetitions={reps}", "--benchmark_format=json"]
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    m = re.search(r'"contacts": ([0-9.e+]+)', p.stdout)
    if not m:
        sys.exit(f"instructions.py: no 'contacts' counter in the output of {name}")
    return int(float(m.group(1)))


def per_function(out):
    # callgrind_annotate's flat profile: "N (pct)  file:function [object]"
    p = subprocess.run(["callgrind_annotate", "--threshold=100", out], capture_output=True, text=True,
                       check=True)
    costs, total = {}, None
    for line in p.stdout.splitlines():
        m = re.match(r"\s*([0-9,]+) \([ 0-9.]+%\)\s+(.*)$", line)
        if not m:
            continue
        n = int(m.group(1).replace(",", ""))
        what = m.group(2)
        if what.startswith("PROGRAM TOTALS"):
            total = n
            continue
        what = re.sub(r" \[[^]]*\]$", "", what).split(":", 1)[-1]
        costs[what] = costs.get(what, 0) + n
    return total, costs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--spheres", type=int, default=10000)
    ap.add_argument("--iterations", type=int, default=4)
    ap.add_argument("--threads", type=int, default=0, help="0: the single-threaded contact_step")
    ap.add_argument("--top", type=int, default=12)
    a = ap.parse_args()
    name = (f"contact_step_threads/spheres:{a.spheres}/threads:{a.threads}/real_time" if a.threads
            else f"contact_step/spheres:{a.spheres}")
    with tempfile.TemporaryDirectory() as tmp:
        one, more = os.path.join(tmp, "one.out"), os.path.join(tmp, "more.out")
        contacts = run(a.binary, name, 1, one)
        run(a.binary, name, 1 + a.iterations, more)
        t1, c1 = per_function(one)
        t2, c2 = per_function(more)
    diff = {k: c2.get(k, 0) - c1.get(k, 0) for k in set(c1) | set(c2)}
    reverse = sum(v for k, v in diff.items() if "reverse_motion" in k)
    steps = a.iterations * contacts
    total = t2 - t1 - reverse
    print(f"{name}: {contacts} contacts, {a.iterations} contact steps counted")
    print(f"instructions per contact-step: {total / steps:.1f}")
    rows = sorted(((v, k) for k, v in diff.items() if "reverse_motion" not in k), reverse=True)
    for v, k in rows[:a.top]:
        if v <= 0:
            break
        print(f"  {v / steps:8.1f}  {k[:150]}")


if __name__ == "__main__":
    main()
