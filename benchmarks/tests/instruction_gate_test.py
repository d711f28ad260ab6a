#!/usr/bin/python3
"""The instruction-count gate (benchmarks/instruction_gate.py) on its test subject
(gate_probe_benchmarks.cpp: the linear law's kernel as law "probe", built twice as it is and once
with a little more work per contact), under the real valgrind. One ctest per case:

  CountsAreIdenticalOnThreeRunsOfOneBuild    three runs of one binary: every call's count equal
  FlagsALawThatDoesTwoPercentMoreWork        baseline from the probe, gate on the padded law: exit 1
  PassesASecondBinaryBuiltFromTheSameSource  baseline from the probe, gate on its twin: exit 0, +0 %
  AsksForARebaselineWhenTheToolchainDiffers  a baseline naming another compiler: exit 3, no verdict

The benchmark: law_kernel/probe/n:1000/energy:1 (the padding is ~2 % of it, gate_probe_benchmarks.cpp), 5 iterations (the gate's own default), ~2 s
under valgrind. Exit 77 (skipped) without valgrind.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GATE = os.path.join(HERE, "..", "instruction_gate.py")
NAME = "law_kernel/probe/n:1000/energy:1"
FILTER = "^law_kernel/probe/n:1000/energy:1$"


def gate(binary, baseline, *extra):
    cmd = [sys.executable, GATE, "--binary", binary, "--baseline", baseline, "--filter", FILTER, *extra]
    p = subprocess.run(cmd, capture_output=True, text=True)
    print(f"$ {' '.join(cmd)}\nexit {p.returncode}\n{p.stdout}{p.stderr}", flush=True)
    return p


def record(binary, path):
    p = gate(binary, path, "--refresh-baseline")
    assert p.returncode == 0, f"recording a baseline exited {p.returncode}"
    with open(path) as fh:
        return json.load(fh)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("case")
    ap.add_argument("--probe", required=True)
    ap.add_argument("--twin", required=True)
    ap.add_argument("--padded", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    if not shutil.which("valgrind"):
        print("valgrind not found: skipped")
        return 77
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    base = os.path.join(a.work, "baseline.json")

    if a.case == "CountsAreIdenticalOnThreeRunsOfOneBuild":
        runs = [record(a.probe, os.path.join(a.work, f"run{i}.json"))["benchmarks"][NAME] for i in range(3)]
        for i, r in enumerate(runs):
            print(f"run {i}: instructions per call {r['instructions_per_call']}, "
                  f"{r['instructions_per_contact_step']:.4f} per contact-step")
        # Exact: the same binary executes the same instructions on the same data, whatever the load.
        assert all(r["instructions_per_call"] == runs[0]["instructions_per_call"] for r in runs), "counts differ"
        # and each steady call (after the first) of one run counts the same too
        steady = runs[0]["instructions_per_call"][1:]
        assert len(set(steady)) == 1, f"steady calls differ: {steady}"
    elif a.case == "FlagsALawThatDoesTwoPercentMoreWork":
        old = record(a.probe, base)["benchmarks"][NAME]["instructions_per_contact_step"]
        p = gate(a.padded, base)
        new = json.load(open(base))["benchmarks"][NAME]["instructions_per_contact_step"]  # unchanged file
        assert new == old
        assert p.returncode == 1, f"the padded law was not flagged (exit {p.returncode})"
        assert "REGRESSION" in p.stdout and NAME in p.stdout
        # The injected change is about 2 % (gate_probe_benchmarks.cpp): not a gross one the gate
        # would catch at any threshold. Its size, from the gate's own table:
        line = next(l for l in p.stdout.splitlines() if l.startswith(NAME))
        change = float(line.split()[3].rstrip("%"))
        print(f"injected change: {change:+.2f} % (threshold 1 %)")
        assert 1.0 < change < 3.0, f"the injected change is {change} %, not the ~2 % this test is about"
    elif a.case == "PassesASecondBinaryBuiltFromTheSameSource":
        record(a.probe, base)
        p = gate(a.twin, base)
        assert p.returncode == 0, f"an identical rebuild failed the gate (exit {p.returncode})"
        line = next(l for l in p.stdout.splitlines() if l.startswith(NAME))
        print(f"twin: {line}")
        assert "+0.00%" in line and "same" in line, "the same source counted differently"
    elif a.case == "AsksForARebaselineWhenTheToolchainDiffers":
        b = record(a.probe, base)
        b["toolchain"]["lawcheck_compiler"] = "gcc 11.4.0"
        with open(base, "w") as fh:
            json.dump(b, fh)
        p = gate(a.padded, base)  # a real regression, but judged by another compiler's counts
        assert p.returncode == 3, f"expected exit 3 (re-baseline), got {p.returncode}"
        assert "re-baseline" in p.stdout and "REGRESSION" not in p.stdout
    else:
        print(f"unknown case {a.case}", file=sys.stderr)
        return 2
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
