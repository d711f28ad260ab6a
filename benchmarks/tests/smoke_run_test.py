#!/usr/bin/python3
"""Check of benchmarks/smoke_run.py, the benchmark smoke test lawcheck_add_law_benchmarks
registers: fake binaries -- small scripts writing Google Benchmark JSON -- with one defect each,
and the exit status and the finding's line asserted. Usage: smoke_run_test.py CASE (one ctest per
case). Nothing is timed.
"""
import json
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SMOKE_RUN = os.path.join(HERE, "..", "smoke_run.py")

COMPLETE = [{"name": "law_kernel/mylaw/n:1000/energy:0", "ns_per_contact": 5e-9},
            {"name": "contact_step/mylaw/spheres:1000", "ns_per_contact": 4e-8},
            {"name": "stream_triad/mib:1"}]


def smoke(d, runs, laws, status=0):
    """smoke_run.py's exit status and output on a fake binary writing these runs."""
    path = os.path.join(d, "fake_bench")
    with open(path, "w") as f:
        f.write("#!/usr/bin/python3\nimport json, sys\n"
                "flags = dict(a[2:].split('=', 1) for a in sys.argv[1:])\n"
                f"runs = json.loads({json.dumps(runs)!r})\n"
                "json.dump({'benchmarks': runs}, open(flags['benchmark_out'], 'w'))\n"
                f"sys.exit({status})\n")
    os.chmod(path, 0o755)
    args = [sys.executable, SMOKE_RUN, "--binary", path]
    for law in laws:
        args += ["--law", law]
    p = subprocess.run(args, capture_output=True, text=True)
    out = p.stdout + p.stderr
    print(out)
    return p.returncode, out


def check(cond, what):
    if not cond:
        print(f"FAILED: {what}")
        sys.exit(1)


def main(case):
    with tempfile.TemporaryDirectory() as d:
        if case == "PassesACompleteRun":
            rc, out = smoke(d, COMPLETE, ["mylaw"])
            check(rc == 0, f"exit 0, got {rc}")
            check("3 benchmarks, 0 findings" in out, "the summary")
        elif case == "FailsWhenALawHasNoContactStepBenchmark":
            rc, out = smoke(d, COMPLETE[:1], ["mylaw"])
            check(rc == 1, f"exit 1, got {rc}")
            check("no contact_step/mylaw/ benchmark ran" in out, "the missing suite named")
        elif case == "FailsWhenALawIsMissing":
            rc, out = smoke(d, COMPLETE, ["mylaw", "otherlaw"])
            check(rc == 1, f"exit 1, got {rc}")
            check("no law_kernel/otherlaw/ benchmark ran" in out, "the missing law named")
        elif case == "FailsWhenABenchmarkReportsAnError":
            runs = COMPLETE + [{"name": "contact_step/mylaw/spheres:10000", "error_occurred": True,
                                "error_message": "StateError: non-finite force"}]
            rc, out = smoke(d, runs, ["mylaw"])
            check(rc == 1, f"exit 1, got {rc}")
            check("contact_step/mylaw/spheres:10000: error: StateError: non-finite force" in out, "the error named")
        elif case == "FailsOnANonFiniteFigure":
            runs = [dict(COMPLETE[0], ns_per_contact=math.inf)] + COMPLETE[1:]
            rc, out = smoke(d, runs, ["mylaw"])
            check(rc == 1, f"exit 1, got {rc}")
            check("law_kernel/mylaw/n:1000/energy:0: ns_per_contact = inf" in out, "the figure named")
        elif case == "FailsWhenTheBinaryFails":
            rc, out = smoke(d, COMPLETE, ["mylaw"], status=134)
            check(rc == 1, f"exit 1, got {rc}")
            check("exited with 134" in out, "the status named")
        else:
            print(f"unknown case {case}")
            sys.exit(2)
    print(f"{case}: passed")


if __name__ == "__main__":
    main(sys.argv[1])
