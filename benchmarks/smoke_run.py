#!/usr/bin/python3
"""Smoke run of a benchmark binary (ctest, label benchmark): each selected benchmark once
(--benchmark_min_time=0), timings not looked at. Fails (exit 1, one line per finding) when the
binary exits non-zero, a benchmark reports an error (SkipWithError: an exception in its setup or
its run), a per-item figure (ns_per_contact, ns_per_particle) is not a finite positive number, or a
law named with --law has no law_kernel/<law>/ or no contact_step/<law>/ benchmark among those run.
Exit 2: bad usage.

  smoke_run.py --binary PATH [--filter REGEX] [--law NAME ...]
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

PER_ITEM = ("ns_per_contact", "ns_per_particle")
LAW_SUITES = ("law_kernel", "contact_step")


def findings(runs, laws):
    """What is wrong with a run's benchmarks, one line each."""
    found = []
    if not runs:
        found.append("no benchmark ran (check --filter)")
    for b in runs:
        if b.get("error_occurred"):
            found.append(f"{b['name']}: error: {b.get('error_message', '(no message)')}")
            continue
        for counter in PER_ITEM:
            if counter in b and not (math.isfinite(b[counter]) and b[counter] > 0):
                found.append(f"{b['name']}: {counter} = {b[counter]}")
    names = [b["name"] for b in runs]
    for law in laws:
        for suite in LAW_SUITES:
            if not any(n.startswith(f"{suite}/{law}/") for n in names):
                found.append(f"law {law}: no {suite}/{law}/ benchmark ran")
    return found


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--filter", default=".")
    ap.add_argument("--law", action="append", default=[], help="a law whose suites must be among those run")
    a = ap.parse_args(argv)
    if not os.access(a.binary, os.X_OK):
        print(f"smoke_run: --binary {a.binary}: not an executable file", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "smoke.json")
        r = subprocess.run([a.binary, f"--benchmark_filter={a.filter}", "--benchmark_min_time=0",
                            f"--benchmark_out={out}", "--benchmark_out_format=json"])
        if r.returncode != 0:
            print(f"smoke_run: {a.binary} exited with {r.returncode}", file=sys.stderr)
            return 1
        with open(out) as f:
            runs = json.load(f)["benchmarks"]
    bad = findings(runs, a.law)
    for line in bad:
        print(f"smoke_run: {line}", file=sys.stderr)
    print(f"smoke_run: {len(runs)} benchmarks, {len(bad)} findings")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
