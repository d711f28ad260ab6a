#!/usr/bin/env python3
"""lawcheck's contact step against LAMMPS gran/hooke/history, in the same run.

    vs_lammps.py compare --benchmarks BIN --export BIN --work DIR [--lmp lmp] [--rounds 3]
                         [--warmup 2000] [--steps 2000] [--min-time 0.5]
    vs_lammps.py check   --export BIN --work DIR [--lmp lmp]

compare (scripts/bench.sh --vs-lammps): exports the 10^4-sphere benchmark packing
(lawcheck_lammps_export), then runs, alternately for `rounds` rounds, lawcheck's
`contact_step/spheres:10000` (Google Benchmark, 3 repetitions of >= min-time s) and LAMMPS on the
exported packing (benchmarks/lammps/in.contact_step: `warmup` untimed steps, then `steps` timed
ones); prints each round and the medians over rounds, ns per contact-step:
  lawcheck  wall-clock time of Simulation::contact_step / all its contacts (sphere-sphere and
            sphere-wall; the median of the repetitions);
  LAMMPS    the timing breakdown's "Pair" (wall-clock) / timed steps / mean sphere-sphere contacts
            (compute contact/atom, every 100 steps); also per neighbour-list pair, a lower bound;
  ratio     LAMMPS / lawcheck: > 1 means lawcheck is faster.
Both clocks are wall-clock (LAMMPS's timer has no CPU time per section), so each round also prints
lawcheck's CPU/real and LAMMPS's "% CPU use": below ~95 % the machine was busy. On a busy machine a
second, load-corrected ratio is printed too: lawcheck's CPU time against LAMMPS's Pair time times
its CPU share, which assumes the lost time spread evenly over LAMMPS's loop (an estimate).
check (ctest -L lammps): exports the 10^3 packing and asks LAMMPS to count its sphere-sphere
contacts at step 0; they must equal lawcheck's (same positions and radii to 17 digits, same
criterion: overlap).
Exit: 0 done, 1 a run failed or the check did not hold, 2 usage or (compare) no lmp, 77 (check)
no lmp or no exporter built.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
INPUT = HERE / "in.contact_step"


class RunFailed(Exception):
    pass


def run(cmd, cwd=None):
    env = dict(os.environ, OMP_NUM_THREADS="1")
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        tail = "\n".join((r.stdout + r.stderr).strip().splitlines()[-5:])
        raise RunFailed(f"{' '.join(map(str, cmd))} exited {r.returncode}:\n{tail}")
    return r.stdout


def export(exporter, work, spheres):
    run([exporter, "--spheres", str(spheres), "--out", work])
    settings = (Path(work) / "settings.lmp").read_text()
    m = re.search(r"^variable lawcheck_sphere_contacts equal (\d+)$", settings, re.M)
    if not m:
        raise RunFailed(f"no lawcheck_sphere_contacts in {work}/settings.lmp")
    return int(m.group(1))


def lammps(lmp, work, warmup, steps):
    """The timed run's figures, parsed from LAMMPS's screen output."""
    out = run([lmp, "-nocite", "-log", "none", "-in", INPUT, "-var", "dir", work,
               "-var", "warmup", str(warmup), "-var", "steps", str(steps)], cwd=work)
    runs = out.split("Step v_contacts c_fastest KinEng")
    if len(runs) != 3:
        raise RunFailed("LAMMPS output: expected two runs")

    def thermo(text):
        return [(int(a), float(b), float(c)) for a, b, c in
                re.findall(r"^\s*(\d+)\s+(\S+)\s+(\S+)\s+\S+\s*$", text.split("Loop time")[0], re.M)]

    warm, timed = thermo(runs[1]), thermo(runs[2])
    loop = re.search(r"Loop time of (\S+) on 1 procs for (\d+) steps with (\d+) atoms", runs[2])
    pair = re.search(r"^Pair\s*\|\s*\S+\s*\|\s*(\S+)", runs[2], re.M)
    cpu = re.search(r"^(\S+)% CPU use", runs[2], re.M)
    neigh = re.search(r"Total # of neighbors = (\d+)", runs[2])
    builds = re.search(r"Neighbor list builds = (\d+)", runs[2])
    if not (loop and pair and cpu and neigh and builds and len(timed) >= 2 and warm):
        raise RunFailed("LAMMPS output: timing breakdown or thermo lines not found")
    # timed[0] is the run's setup line, counted on a stale list (in.contact_step)
    contacts = statistics.mean(c for _, c, _ in timed[1:])
    n_steps = int(loop.group(2))
    return {
        "step0_contacts": warm[0][1] if warm[0][0] == 0 else None,
        "pair_s": float(pair.group(1)),
        "steps": n_steps,
        "contacts": contacts,
        "neighbours": int(neigh.group(1)),
        "builds": int(builds.group(1)),
        "cpu_pct": float(cpu.group(1)),
        "fastest": timed[-1][2],
        "ns_per_contact": float(pair.group(1)) / n_steps / contacts * 1e9,
        "ns_per_pair": float(pair.group(1)) / n_steps / int(neigh.group(1)) * 1e9,
    }


def lawcheck(benchmarks, min_time):
    out = run([benchmarks, "--benchmark_filter=^contact_step/spheres:10000$",
               "--benchmark_repetitions=3", f"--benchmark_min_time={min_time}",
               "--benchmark_format=json"])
    reps = [b for b in json.loads(out)["benchmarks"] if b.get("run_type") == "iteration"]
    if not reps:
        raise RunFailed("lawcheck_benchmarks: no contact_step/spheres:10000 repetitions")
    scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[reps[0]["time_unit"]]
    contacts = reps[0]["contacts"]
    real = statistics.median(b["real_time"] * scale / contacts for b in reps)
    cpu = statistics.median(b["cpu_time"] * scale / contacts for b in reps)
    return {"ns_per_contact": real, "cpu_ns_per_contact": cpu, "cpu_over_real": cpu / real,
            "contacts": contacts}


def compare(a):
    work = Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    exported = export(a.export, work, 10_000)
    print(f"vs-lammps: {time.strftime('%Y-%m-%d %H:%M:%S %Z')}, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; {a.rounds} rounds, LAMMPS "
          f"{a.warmup} warm-up + {a.steps} timed steps", flush=True)
    rows = []
    for k in range(1, a.rounds + 1):
        lc = lawcheck(a.benchmarks, a.min_time)
        lm = lammps(a.lmp, work, a.warmup, a.steps)
        if lm["step0_contacts"] != exported:
            raise RunFailed(f"LAMMPS counts {lm['step0_contacts']} sphere-sphere contacts at step 0, "
                            f"lawcheck {exported}: the export is not the benchmark's packing")
        rows.append((lc, lm))
        print(f"round {k}: lawcheck {lc['ns_per_contact']:.1f} ns/contact "
              f"({lc['contacts']:.0f} contacts, CPU/real {lc['cpu_over_real']:.2f}); "
              f"LAMMPS Pair {lm['ns_per_contact']:.1f} ns/contact ({lm['contacts']:.0f} sphere "
              f"contacts, {lm['neighbours']} neighbour pairs, {lm['ns_per_pair']:.1f} ns/pair, "
              f"{lm['builds']} list builds, {lm['cpu_pct']:.1f}% CPU, fastest sphere "
              f"{lm['fastest']:.2g} m/s); ratio {lm['ns_per_contact'] / lc['ns_per_contact']:.2f}",
              flush=True)
    med = statistics.median
    lc_ns = med(r[0]["ns_per_contact"] for r in rows)
    lm_ns = med(r[1]["ns_per_contact"] for r in rows)
    lm_pair = med(r[1]["ns_per_pair"] for r in rows)
    lc_cpu = med(r[0]["cpu_ns_per_contact"] for r in rows)
    lm_cpu = med(r[1]["ns_per_contact"] * r[1]["cpu_pct"] / 100 for r in rows)
    print()
    print(f"{'medians over rounds':38s} ns per contact-step")
    print(f"{'lawcheck contact_step/spheres:10000':38s} {lc_ns:8.1f}")
    print(f"{'LAMMPS gran/hooke/history, Pair':38s} {lm_ns:8.1f}   ({lm_pair:.1f} per neighbour pair)")
    print(f"{'ratio LAMMPS / lawcheck':38s} {lm_ns / lc_ns:8.2f}   "
          f"(per neighbour pair: {lm_pair / lc_ns:.2f}; > 1: lawcheck faster)")
    if min(r[1]["cpu_pct"] for r in rows) < 95 or min(r[0]["cpu_over_real"] for r in rows) < 0.95:
        print(f"busy machine; load-corrected estimate: lawcheck {lc_cpu:.1f} (CPU time), LAMMPS "
              f"{lm_cpu:.1f} (Pair x % CPU use), ratio {lm_cpu / lc_cpu:.2f}")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


def check(a):
    work = Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    exported = export(a.export, work, 1_000)
    lm = lammps(a.lmp, work, 0, 100)
    print(f"sphere-sphere contacts of the 10^3 packing: lawcheck {exported}, "
          f"LAMMPS at step 0 {lm['step0_contacts']}")
    return 0 if lm["step0_contacts"] == exported else 1


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("mode", choices=["compare", "check"])
    p.add_argument("--benchmarks", help="lawcheck_benchmarks (compare)")
    p.add_argument("--export", required=True, help="lawcheck_lammps_export")
    p.add_argument("--work", required=True, help="directory for the exported packing")
    p.add_argument("--lmp", default="lmp")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--warmup", type=int, default=2000)
    p.add_argument("--steps", type=int, default=2000)
    p.add_argument("--min-time", type=float, default=0.5)
    a = p.parse_args()
    lmp = shutil.which(a.lmp)
    if not lmp:
        print(f"vs_lammps.py: LAMMPS ({a.lmp}) is not installed (Debian: apt-get install lammps)",
              file=sys.stderr)
        return 77 if a.mode == "check" else 2
    a.lmp = lmp
    if a.mode == "check" and not Path(a.export).is_file():
        print(f"vs_lammps.py: {a.export} is not built (cmake --build BUILD --target "
              "lawcheck_lammps_export)", file=sys.stderr)
        return 77
    if a.mode == "compare":
        if not a.benchmarks:
            p.error("compare needs --benchmarks")
        if a.rounds < 1 or a.steps < 200 or a.warmup < 0 or a.min_time <= 0:
            p.error("--rounds >= 1, --steps >= 200, --warmup >= 0, --min-time > 0")
    try:
        return compare(a) if a.mode == "compare" else check(a)
    except RunFailed as e:
        print(f"vs_lammps.py: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
