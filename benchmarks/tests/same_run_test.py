#!/usr/bin/python3
"""End-to-end check of benchmarks/same_run.py (scripts/bench.sh --against): two fake benchmark
binaries -- small scripts printing Google Benchmark JSON -- are timed in interleaved rounds and
the exit status and verdicts are asserted. Usage: same_run_test.py CASE (one ctest per case).

Each fake binary appends its label to a shared call log; its figure is its true cost times the
machine's speed at that call, so a drifting machine is simulated by a speed that changes with the
call count. With 9 rounds and separated samples the two-sided U test gives p ~ 4e-5, far below
alpha = 0.05; with equal costs on a steady machine the samples tie and p = 1.
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SAME_RUN = os.path.join(HERE, "..", "same_run.py")

FAKE = r'''#!/usr/bin/python3
import json, os, sys
log, label, cost, drift, status = sys.argv[1:6]
with open(log, "a") as f:
    f.write(label + "\n")
with open(log) as f:
    calls = sum(1 for _ in f)
if int(status) != 0:
    sys.exit(int(status))
speed = 1.0 + float(drift) * calls  # the machine's slowdown at this call
bench = [{"name": "contact_step/spheres:10000", "run_type": "iteration", "repetitions": 1,
          "iterations": 100, "real_time": 2000.0, "cpu_time": 2000.0, "time_unit": "us",
          "ns_per_contact": float(cost) * speed * 1e-9},
         {"name": "contact_step_threads/spheres:100000/threads:2/real_time", "run_type": "iteration",
          "repetitions": 1, "iterations": 10, "real_time": float(cost) * speed * 1e3, "cpu_time": 1.0,
          "time_unit": "us"}]
print(json.dumps({"context": {}, "benchmarks": bench}))
'''


def run(d, base_cost, new_cost, drift=0.0, base_status=0, rounds=9):
    """same_run.py's exit status, output and the call log for two fakes of these costs."""
    log = os.path.join(d, "calls.log")
    binaries = []
    for label, cost, status in (("A", base_cost, base_status), ("B", new_cost, 0)):
        path = os.path.join(d, f"fake_{label}")
        with open(path, "w") as f:
            f.write(FAKE.replace("sys.argv[1:6]", repr([log, label, str(cost), str(drift), str(status)])))
        os.chmod(path, 0o755)
        binaries.append(path)
    p = subprocess.run([sys.executable, SAME_RUN, "--baseline", binaries[0], "--contender", binaries[1],
                        "--rounds", str(rounds)], capture_output=True, text=True)
    calls = open(log).read().split() if os.path.exists(log) else []
    return p.returncode, p.stdout + p.stderr, calls


def verdicts(out):
    return {line.split()[0]: line.split()[-1] for line in out.splitlines() if line.startswith("contact_step")}


def check(cond, what, out):
    if not cond:
        print(f"FAILED: {what}\n--- same_run.py said:\n{out}")
        sys.exit(1)


def main(case):
    with tempfile.TemporaryDirectory() as d:
        if case == "FlagsAContenderSlowerInEveryRound":
            rc, out, _ = run(d, 50.0, 60.0)
            check(rc == 1, "exit 1 for a 20 % slower contender", out)
            check(set(verdicts(out).values()) == {"REGRESSION"}, "both benchmarks flagged", out)
            check("1.200" in out, "ratio 1.200 of the medians", out)
        elif case == "PassesAnUnchangedContender":
            rc, out, _ = run(d, 50.0, 50.0)
            check(rc == 0, "exit 0 for an unchanged contender", out)
            check(set(verdicts(out).values()) == {"ok"}, "both benchmarks ok", out)
        elif case == "ReportsAFasterContenderAsImproved":
            rc, out, _ = run(d, 50.0, 40.0)
            check(rc == 0, "exit 0 for a faster contender", out)
            check(set(verdicts(out).values()) == {"improved"}, "both benchmarks improved", out)
        elif case == "InterleavesBaselineFirstThenContenderFirst":
            rc, out, calls = run(d, 50.0, 50.0, rounds=4)
            check(rc == 0, "exit 0", out)
            check(calls == list("ABBAABBA"), f"call order ABBA ABBA, got {''.join(calls)}", out)
        elif case == "ADriftingMachineDoesNotMakeAnUnchangedContenderARegression":
            # 3 % slower at every call: 54 % over the run. Run one after the other, the second
            # binary would look ~27 % slower; interleaved, both sides see the same drift.
            rc, out, _ = run(d, 50.0, 50.0, drift=0.03)
            check(rc == 0, "exit 0 on a drifting machine", out)
            check(set(verdicts(out).values()) == {"ok"}, "both benchmarks ok", out)
        elif case == "ExitsTwoWhenABinaryFails":
            rc, out, _ = run(d, 50.0, 50.0, base_status=3)
            check(rc == 2, "exit 2 when the baseline binary fails", out)
            check("exited with 3" in out, "the failure named", out)
        else:
            print(f"unknown case {case}")
            sys.exit(2)
    print(f"{case}: passed")


if __name__ == "__main__":
    main(sys.argv[1])
