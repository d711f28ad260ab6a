#!/usr/bin/python3
"""The instruction-count gate (benchmarks/README.md, "The instruction-count gate"): instructions
per contact-step of law suite benchmarks, counted by valgrind's callgrind, against a committed
baseline, or two binaries against each other in one run. Counts do not depend on how busy the
machine is: one binary gives the same count on every run.

usage:
  instruction_gate.py --binary B --baseline FILE [--filter REGEX] [--threshold PCT]
  instruction_gate.py --binary B --baseline FILE --refresh-baseline [--filter REGEX]
  instruction_gate.py --binary B --against-binary A [--filter REGEX] [--threshold PCT]

Each benchmark the filter selects (law_kernel/<law>/... and contact_step/<law>/... of
benchmarks/law_benchmarks.hpp) runs alone under
`valgrind --tool=callgrind --toggle-collect=<counted region> --dump-after=<counted region>` for
exactly --iterations iterations (LAWCHECK_BENCH_ITERATIONS; default 5): the counted region is one
contact step or one kernel sweep (benchmarks/counted_region.hpp), nothing of the set-up, so each
iteration gives its own exact count. The first is dropped (a kernel's first sweep starts from the
contacts' initial states, a contact step's first is the first after the packing was loaded); the
figure is the mean of the others, divided by the contacts (the `contacts` counter of a contact
step, N of a kernel's n:N). Successive iterations alternate the motion's direction, so an odd
--iterations keeps both directions equally often.

The verdict, per benchmark: a regression when the count is more than --threshold per cent (default
1) above the baseline's; faster below minus that. A baseline of another compiler, ISA, library
versions or valgrind says "re-baseline" (exit 3) and gives no verdict: another compiler's code is
another count, not a change of the law. A benchmark the baseline lacks has no verdict.

Exit status: 0 no regression; 1 a regression, or a benchmark failed; 2 usage error, no baseline,
or no valgrind; 3 re-baseline.
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# toggle-collect matches anywhere (a wildcard each side); dump-after only the name's start
COUNTED = "*lawcheck::benchmarks::counted_*"
COUNTED_START = "void lawcheck::benchmarks::counted_*"
DEFAULT_FILTER = r"^(law_kernel/[A-Za-z0-9_.-]+/n:10000/energy:[01]|contact_step/[A-Za-z0-9_.-]+/spheres:10000)$"
TOOLCHAIN_KEYS = ("lawcheck_compiler", "lawcheck_march", "lawcheck_libraries")


def valgrind_version():
    p = subprocess.run(["valgrind", "--version"], capture_output=True, text=True)
    return p.stdout.strip()


def list_benchmarks(binary, pattern):
    env = {k: v for k, v in os.environ.items() if k != "LAWCHECK_BENCH_ITERATIONS"}  # names without /iterations:K
    p = subprocess.run([binary, "--benchmark_list_tests=true", f"--benchmark_filter={pattern}"],
                       capture_output=True, text=True, env=env)
    if p.returncode != 0:
        raise RuntimeError(f"{binary} --benchmark_list_tests failed: {p.stderr.strip()[:300]}")
    # only the law suites have the counted region
    return [n for n in p.stdout.split() if n.startswith(("law_kernel/", "contact_step/"))]


def items_of(name, bench):
    if name.startswith("contact_step/"):
        return int(bench["contacts"])
    m = re.search(r"/n:(\d+)/", name + "/")
    return int(m.group(1))


def count(binary, name, iterations, work):
    """(instructions of each iteration, contacts per iteration, the run's context) of one benchmark."""
    out = os.path.join(work, re.sub(r"[^A-Za-z0-9_.-]", "_", name) + ".cg")
    for f in glob.glob(out + "*"):
        os.remove(f)
    env = dict(os.environ, LAWCHECK_BENCH_ITERATIONS=str(iterations), OMP_WAIT_POLICY="passive")
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", f"--toggle-collect={COUNTED}",
           f"--dump-after={COUNTED_START}", binary, f"--benchmark_filter=^{re.escape(name)}/iterations:{iterations}$",
           "--benchmark_repetitions=1", "--benchmark_format=json"]
    p = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if p.returncode != 0:
        tail = " | ".join(p.stderr.strip().splitlines()[-3:])
        raise RuntimeError(f"{name}: the binary under valgrind exited {p.returncode}: {tail[:400]}")
    report = json.loads(p.stdout)
    runs = [b for b in report["benchmarks"] if b.get("run_type") == "iteration"]
    if len(runs) != 1:
        raise RuntimeError(f"{name}: expected one run, got {len(runs)}")
    if runs[0].get("error_occurred"):
        raise RuntimeError(f"{name}: {runs[0].get('error_message')}")
    if int(runs[0]["iterations"]) != iterations:
        raise RuntimeError(f"{name}: ran {runs[0]['iterations']} iterations, not {iterations}")
    dumps = []
    for f in glob.glob(out + ".*"):
        seq = f.rsplit(".", 1)[1]
        if not seq.isdigit():
            continue
        with open(f) as fh:
            text = fh.read()
        if "--dump-after" not in text:
            continue  # the dump at exit: nothing collected outside the region
        m = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
        dumps.append((int(seq), int(m.group(1)) if m else 0))
    dumps.sort()
    if len(dumps) != iterations:
        raise RuntimeError(f"{name}: {len(dumps)} counted calls for {iterations} iterations "
                           "(is the counted region in this binary? benchmarks/counted_region.hpp)")
    items = items_of(name, runs[0])
    return [c for _, c in dumps], items, report["context"]


def toolchain(context):
    t = {k: context.get(k, "unknown (a binary without benchmarks/toolchain_context.cpp)") for k in TOOLCHAIN_KEYS}
    t["valgrind"] = valgrind_version()
    return t


def measure(binary, names, iterations, work):
    results, tools = {}, None
    for name in names:
        counts, items, context = count(binary, name, iterations, work)
        steady = counts[1:]
        mean = sum(steady) / len(steady) / items
        spread = (max(steady) - min(steady)) / min(steady) if min(steady) else 0.0
        results[name] = {"instructions_per_contact_step": mean, "spread": spread, "contacts": items,
                         "instructions_per_call": counts}
        tools = tools or toolchain(context)
        print(f"  {name:58s} {mean:10.2f} instructions per contact-step (steady calls' spread {spread * 100:.3f} %)",
              flush=True)
    return results, tools


def judge(old, new, threshold):
    """Prints one line per benchmark; returns the number of regressions."""
    regressions = 0
    print(f"\n{'benchmark':58s} {'baseline':>10s} {'now':>10s} {'change':>8s}  verdict (threshold {threshold} %)")
    for name, r in new.items():
        n = r["instructions_per_contact_step"]
        if name not in old:
            print(f"{name:58s} {'-':>10s} {n:10.2f} {'':>8s}  not in the baseline: no verdict")
            continue
        o = old[name]["instructions_per_contact_step"]
        change = (n / o - 1) * 100
        if change > threshold:
            verdict, regressions = "REGRESSION", regressions + 1
        elif change < -threshold:
            verdict = "fewer instructions"
        else:
            verdict = "same"
        print(f"{name:58s} {o:10.2f} {n:10.2f} {change:+7.2f}%  {verdict}")
    return regressions


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--baseline")
    ap.add_argument("--against-binary")
    ap.add_argument("--refresh-baseline", action="store_true")
    ap.add_argument("--filter", default=DEFAULT_FILTER)
    ap.add_argument("--iterations", type=int, default=5)
    ap.add_argument("--threshold", type=float, default=1.0)
    ap.add_argument("--out", help="a directory for callgrind's files (default: a temporary one)")
    a = ap.parse_args()
    if bool(a.baseline) == bool(a.against_binary):
        print("instruction_gate.py: give --baseline FILE or --against-binary B", file=sys.stderr)
        return 2
    if a.refresh_baseline and not a.baseline:
        print("instruction_gate.py: --refresh-baseline needs --baseline FILE", file=sys.stderr)
        return 2
    if a.iterations < 2:
        print(f"instruction_gate.py: --iterations {a.iterations}: at least 2 (the first call is dropped)",
              file=sys.stderr)
        return 2
    if not shutil.which("valgrind"):
        print("instruction_gate.py: valgrind not found (Debian package valgrind; scripts/setup.sh)", file=sys.stderr)
        return 2
    old = None
    if a.baseline and not a.refresh_baseline:
        if not os.path.isfile(a.baseline):
            print(f"instruction_gate.py: no baseline at {a.baseline}; record one with --refresh-baseline",
                  file=sys.stderr)
            return 2
        with open(a.baseline) as fh:
            old = json.load(fh)
    try:
        names = list_benchmarks(a.binary, a.filter)
    except RuntimeError as e:
        print(f"instruction_gate.py: {e}", file=sys.stderr)
        return 1
    if not names:
        print(f"instruction_gate.py: no law suite benchmark matches {a.filter}", file=sys.stderr)
        return 2
    work = a.out or tempfile.mkdtemp(prefix="instruction-gate-")
    os.makedirs(work, exist_ok=True)
    try:
        if a.against_binary:
            print(f"instruction_gate.py: baseline binary {a.against_binary}")
            old_results, old_tools = measure(a.against_binary, names, a.iterations, work)
            old = {"toolchain": old_tools, "benchmarks": old_results}
        print(f"instruction_gate.py: {a.binary}, {a.iterations} iterations per benchmark, first dropped")
        results, tools = measure(a.binary, names, a.iterations, work)
    except RuntimeError as e:
        print(f"instruction_gate.py: {e}", file=sys.stderr)
        return 1
    finally:
        if not a.out:
            shutil.rmtree(work, ignore_errors=True)
    if a.refresh_baseline:
        with open(a.baseline, "w") as fh:
            json.dump({"what": "instructions per contact-step, callgrind, benchmarks/instruction_gate.py",
                       "toolchain": tools, "iterations": a.iterations, "benchmarks": results}, fh, indent=1)
            fh.write("\n")
        print(f"instruction_gate.py: baseline written: {a.baseline}")
        return 0
    differ = [k for k in tools if old["toolchain"].get(k) != tools[k]]
    if differ:
        for k in differ:
            print(f"instruction_gate.py: {k}: baseline {old['toolchain'].get(k)!r}, now {tools[k]!r}")
        print("instruction_gate.py: re-baseline: the counts come from another toolchain, so they cannot judge "
              "the change (record a baseline with this toolchain: --refresh-baseline)")
        return 3
    regressions = judge(old["benchmarks"], results, a.threshold)
    if regressions:
        print(f"\ninstruction_gate.py: {regressions} benchmark(s) execute more than {a.threshold} % more "
              "instructions per contact-step")
        return 1
    print(f"\ninstruction_gate.py: no benchmark above +{a.threshold} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
