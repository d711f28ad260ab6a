#!/usr/bin/python3
"""End-to-end check of the regression workflow: synthetic Google Benchmark JSON runs (9
repetitions each) go through the real compare.py (Mann-Whitney U) and benchmarks/regression_gate.py,
and the gate's exit status is asserted. Usage: regression_gate_test.py CASE (one ctest per case).

With 9 vs 9 repetitions and fully separated samples the two-sided U-test p-value is ~4e-5, far
below alpha = 0.05; identical samples give p = 1 -- so every verdict below is decided by the
threshold or by which clock is judged, not by borderline statistics.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GATE = os.path.join(HERE, "..", "regression_gate.py")
COMPARE = "/usr/share/benchmark/compare.py"
BASE_TIMES = [100.0, 101.0, 99.5, 100.5, 102.0, 98.0, 100.2, 99.8, 101.5]


def run_json(name, real_times, cpu_times):
    runs = []
    for i, (rt, ct) in enumerate(zip(real_times, cpu_times)):
        runs.append({"name": name, "run_name": name, "run_type": "iteration", "repetitions": 9,
                     "repetition_index": i, "threads": 1, "iterations": 1000,
                     "real_time": rt, "cpu_time": ct, "time_unit": "ns"})
    for agg, f in (("median", lambda v: sorted(v)[len(v) // 2]), ("mean", lambda v: sum(v) / len(v))):
        runs.append({"name": f"{name}_{agg}", "run_name": name, "run_type": "aggregate",
                     "repetitions": 9, "threads": 1, "aggregate_name": agg,
                     "aggregate_unit": "time", "iterations": 9, "real_time": f(real_times),
                     "cpu_time": f(cpu_times), "time_unit": "ns"})
    return {"context": {"date": "synthetic", "library_build_type": "release"}, "benchmarks": runs}


def gate_status(name, base_times, real_times, cpu_times):
    """Exit status of compare.py + gate for these baseline and new repetitions."""
    with tempfile.TemporaryDirectory() as d:
        base, new, diff = (os.path.join(d, f) for f in ("base.json", "new.json", "diff.json"))
        with open(base, "w") as f:
            json.dump(run_json(name, base_times, base_times), f)
        with open(new, "w") as f:
            json.dump(run_json(name, real_times, cpu_times), f)
        subprocess.run(["/usr/bin/python3", COMPARE, "-d", diff, "benchmarks", base, new],
                       check=True, stdout=subprocess.DEVNULL)
        r = subprocess.run(["/usr/bin/python3", GATE, diff, "--threshold", "10", "--alpha", "0.05"],
                           capture_output=True, text=True)
        print(r.stdout, r.stderr, sep="")
        return r.returncode


CASES = {
    # name: (benchmark name, real-time factor, cpu-time factor, expected exit status)
    "FailsWhenSignificantlySlowerThanThreshold": ("law/n:1", 1.20, 1.20, 1),
    "PassesWhenSlowerWithinThreshold": ("law/n:1", 1.05, 1.05, 0),
    "PassesWhenUnchanged": ("law/n:1", 1.0, 1.0, 0),
    "PassesWhenFaster": ("law/n:1", 0.80, 0.80, 0),
    "JudgesCpuTimeForSingleThreadedBenchmarks": ("law/n:1", 1.50, 1.0, 0),
    "JudgesRealTimeForRealTimeBenchmarks": ("threads/n:1/real_time", 1.0, 1.50, 0),
    "FailsWhenARealTimeBenchmarkIsSlower": ("threads/n:1/real_time", 1.20, 1.0, 1),
}

# Two overlapping bimodal samples: the median doubles (100 -> 200) but the U test sees one
# repetition moved from the low mode to the high one (p ~ 0.6): not evidence of a slowdown.
BIMODAL_BASE = [100.0] * 5 + [200.0] * 4
BIMODAL_NEW = [100.0] * 4 + [200.0] * 5

if __name__ == "__main__":
    case = sys.argv[1]
    if case == "PassesWhenSlowerButNotSignificant":
        status = gate_status("law/n:1", BIMODAL_BASE, BIMODAL_NEW, BIMODAL_NEW)
        expected = 0
    else:
        name, real_scale, cpu_scale, expected = CASES[case]
        status = gate_status(name, BASE_TIMES, [t * real_scale for t in BASE_TIMES],
                             [t * cpu_scale for t in BASE_TIMES])
    print(f"{case}: gate exit {status}, expected {expected}")
    sys.exit(0 if status == expected else 1)
