#!/usr/bin/python3
"""End-to-end check of benchmarks/law_bench.py, the baseline and gate driver an outside project
runs on its law's benchmark binary: a fake binary -- a small script that answers Google
Benchmark's flags with synthetic JSON -- is recorded as the baseline and then run again through
the real compare.py (Mann-Whitney U) and benchmarks/regression_gate.py, and the exit status and
output are asserted. Usage: law_bench_test.py CASE (one ctest per case).

The fake's repetition times are its cost times 1 + (i mod 5 - 2) / 100 (i the repetition): with 9
vs 9 repetitions two costs 20 % apart give fully separated samples (two-sided U-test p ~ 4e-4,
far below alpha = 0.05), equal costs identical samples (p = 1); so every verdict below is decided
by the costs, not by borderline statistics. Nothing is timed.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LAW_BENCH = os.path.join(HERE, "..", "law_bench.py")

FAKE = r'''#!/usr/bin/python3
import json, sys
cost, error, status, log = COST, ERROR, STATUS, LOG
flags = dict(a[2:].split("=", 1) for a in sys.argv[1:])
with open(log, "a") as f:
    f.write(" ".join(sys.argv[1:]) + "\n")
if status:
    sys.exit(status)
reps = int(flags.get("benchmark_repetitions", "1"))
runs = []
for name in ("law_kernel/mylaw/n:1000/energy:0", "contact_step/mylaw/spheres:1000"):
    times = [cost * (1 + ((i % 5) - 2) / 100) for i in range(reps)]
    for i, t in enumerate(times):
        run = {"name": name, "run_name": name, "run_type": "iteration", "repetitions": reps,
               "repetition_index": i, "threads": 1, "iterations": 1000, "real_time": t,
               "cpu_time": t, "time_unit": "ns", "ns_per_contact": t * 1e-12}
        if error:
            run.update(error_occurred=True, error_message=error)
        runs.append(run)
    for agg, value in (("median", sorted(times)[reps // 2]), ("mean", sum(times) / reps)):
        runs.append({"name": f"{name}_{agg}", "run_name": name, "run_type": "aggregate",
                     "repetitions": reps, "threads": 1, "aggregate_name": agg, "aggregate_unit": "time",
                     "iterations": reps, "real_time": value, "cpu_time": value, "time_unit": "ns"})
with open(flags["benchmark_out"], "w") as f:
    json.dump({"context": {"date": "synthetic"}, "benchmarks": runs}, f)
'''


def fake(d, cost, error=None, status=0):
    """A fake benchmark binary of this cost; its calls are logged in d/calls.log."""
    path = os.path.join(d, "fake_bench")
    text = (FAKE.replace("COST", repr(float(cost))).replace("ERROR", repr(error))
            .replace("STATUS", repr(status)).replace("LOG", repr(os.path.join(d, "calls.log"))))
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, 0o755)
    return path


def law_bench(d, binary, *extra):
    p = subprocess.run([sys.executable, LAW_BENCH, "--binary", binary, "--baseline",
                        os.path.join(d, "base", "baseline.json"), "--out", os.path.join(d, "results"),
                        *extra], capture_output=True, text=True)
    out = p.stdout + p.stderr
    print(out)
    return p.returncode, out


def calls(d):
    with open(os.path.join(d, "calls.log")) as f:
        return f.read().splitlines()


def check(cond, what):
    if not cond:
        print(f"FAILED: {what}")
        sys.exit(1)


def main(case):
    with tempfile.TemporaryDirectory() as d:
        baseline = os.path.join(d, "base", "baseline.json")
        if case == "RefreshRecordsNineRepetitionsOfTheFilteredBenchmarksAsTheBaseline":
            rc, _ = law_bench(d, fake(d, 100), "--refresh-baseline", "--filter", "mylaw")
            check(rc == 0, f"exit 0 after recording, got {rc}")
            with open(baseline) as f:
                runs = json.load(f)["benchmarks"]
            reps = [b for b in runs if b["run_type"] == "iteration"]
            check(len(reps) == 2 * 9, f"9 repetitions of each of 2 benchmarks kept, got {len(reps)}")
            flags = calls(d)[0].split()
            check("--benchmark_repetitions=9" in flags, "the binary asked for 9 repetitions")
            check("--benchmark_filter=mylaw" in flags, "the filter handed to the binary")
        elif case == "FailsWhenSlowerThanTheBaseline":
            law_bench(d, fake(d, 100), "--refresh-baseline")
            rc, out = law_bench(d, fake(d, 120))
            check(rc == 1, f"exit 1 for a 20 % slower run, got {rc}")
            check(out.count("REGRESSION") == 2, "both benchmarks flagged")
        elif case == "PassesWhenUnchanged":
            law_bench(d, fake(d, 100), "--refresh-baseline")
            rc, out = law_bench(d, fake(d, 100))
            check(rc == 0, f"exit 0 for an unchanged run, got {rc}")
            check("2 benchmarks, 0 regressions" in out, "the gate's summary")
        elif case == "PassesWhenSlowerWithinTheThreshold":
            law_bench(d, fake(d, 100), "--refresh-baseline")
            rc, _ = law_bench(d, fake(d, 105))
            check(rc == 0, f"exit 0 for 5 % slower at the 10 % threshold, got {rc}")
        elif case == "ExitsTwoWithoutABaseline":
            rc, out = law_bench(d, fake(d, 100))
            check(rc == 2, f"exit 2 without a baseline, got {rc}")
            check("baseline.json: no such file" in out, "the missing file named")
            check(not os.path.exists(os.path.join(d, "calls.log")), "the binary not run")
        elif case == "ExitsOneNamingABenchmarkThatReportsAnError":
            rc, out = law_bench(d, fake(d, 100, error="the law made no contact"), "--refresh-baseline")
            check(rc == 1, f"exit 1 for a benchmark error, got {rc}")
            check("law_kernel/mylaw/n:1000/energy:0: the law made no contact" in out, "the benchmark and error named")
            check(not os.path.exists(baseline), "no baseline recorded from a failed run")
        elif case == "ExitsOneWhenTheBinaryFails":
            rc, out = law_bench(d, fake(d, 100, status=134), "--refresh-baseline")
            check(rc == 1, f"exit 1 when the binary fails, got {rc}")
            check("exited with 134" in out, "the binary's status named")
        elif case == "ExitsTwoWithFewerThanTwoRepetitions":
            rc, out = law_bench(d, fake(d, 100), "--refresh-baseline", "--repetitions", "1")
            check(rc == 2, f"exit 2 for one repetition, got {rc}")
            check("--repetitions 1" in out, "the option named")
        else:
            print(f"unknown case {case}")
            sys.exit(2)
    print(f"{case}: passed")


if __name__ == "__main__":
    main(sys.argv[1])
