#!/usr/bin/env python3
"""Usage: law_surfaces_test.py LAWCHECK LAWTEST_EXAMPLE

One registered law through every command that runs it: its LawTester example (`lawtest`), one
impact sphere-sphere and one sphere-wall (`impact`), and two scenes (`run`): two spheres head-on,
and one sphere dropped on a wall under gravity. The law and its material are the example's
(LAWTEST_EXAMPLE: "law" and "materials"[0]), so a new law needs only its example. Every run asserts
the physics it can, every measurement printed first; all checks run, then the test fails if any
did.

Bounds:
- Rounding: a sum conserved over N steps carries a few roundings a step, 16 N eps of its scale
  (linear growth, no cancellation assumed; as scene_examples_test.py).
- The ledger of a run (`run`, `impact`): the commands refuse a balance error above the guard's
  max_balance_error = 0.05 (cli/balance_guard.hpp), which exit 0 already asserts. Here it is
  asserted tighter, from the contact's kinks (balance_guard.hpp): within a smooth contact the
  leapfrog ledger closes to rounding; entered or left within a step, a spring books up to
  (omega dt)^2 / 4 of the impact's energy per kink, and the laws' own first-order bookkeeping
  adds up to (the largest measured over the laws at `impact`'s largest dt, omega dt = pi/20)
  2.3e-2 there, i.e. at most 2.3e-2 (omega dt) / (pi/20) at a smaller one. `run`'s "auto" dt is a
  tenth of the stable limit, omega dt <= 0.2 on the stiffest mode (cli/scene_time_step.hpp); the
  scenes here run at a tenth of that, omega dt <= 0.02, so |balance error| <= 2 (0.02)^2 / 4 +
  2.3e-2 x 0.02 / (pi/20) = 3.1e-3.
- The lawtest's ledger: work - elastic - dissipated, the history's own balance, closes within the
  command's guard (0.05 of the largest |work|); where the law's bookkeeping is exact it closes to
  rounding, which lawtest_examples_test.py asserts law by law.
- hertz_mindlin's restitution (its dashpot maps the requested e exactly: the oracle's achieved
  restitution is the requested one, reports/chung_ooi): the convergence bound of the dynamics
  tests (solver/tests/dynamics_hertz_mindlin_test.cpp), first order in dt: halving dt twice must
  shrink |e - e_requested| at least 2-fold (4 for first order; margin 2 for the onset phase, which
  changes with dt: one halving alone need not shrink it, measured 8.7e-5 -> 7.5e-5 -> 8.3e-6; a
  single onset phase per dt, so the dynamics tests' Richardson check on the mean over five phases
  does not apply here).
"""
import json
import math
import os
import subprocess
import sys
import tempfile

EPS = 2.0 ** -52
failures = []
GUARD = 0.05
RUN_LEDGER = 2 * 0.02 ** 2 / 4 + 2.3e-2 * 0.02 / (math.pi / 20)


def check(name, ok, detail):
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}")
    if not ok:
        failures.append(name)


def command(args, tmp, name, doc):
    path = os.path.join(tmp, name + ".json")
    with open(path, "w") as f:
        json.dump(doc, f)
    p = subprocess.run([sys.argv[1], *args[:1], path, *args[1:]], capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        check(f"{name} exits 0", False, f"exit {p.returncode}: {p.stderr.strip()}")
        return None
    return p.stdout


def mass(material, r):
    return 4.0 / 3.0 * math.pi * r ** 3 * material.get("density", 2600)


def run_scene(tmp, name, law, material, bodies, gravity, duration, dt):
    doc = {"law": law, "materials": {"m": material}, "gravity": gravity, "bodies": bodies, "dt": dt,
           "duration": duration}
    out = command(["run", "--json"], tmp, name, doc)
    return json.loads(out) if out else None


def limit_of(tmp, name, law, material, bodies, gravity):
    o = run_scene(tmp, name + "_limit", law, material, bodies, gravity, 1e-12, "auto")
    return o["stable_dt"] if o else None


def two_spheres(r, v):
    gap = r * 1.01
    return [{"id": "a", "sphere": {"radius": r}, "material": "m", "position": [-gap, 0, 0], "velocity": [v, 0, 0]},
            {"id": "b", "sphere": {"radius": r}, "material": "m", "position": [gap, 0, 0], "velocity": [-v, 0, 0]}]


def main():
    example = sys.argv[2]
    scenario = json.load(open(example))
    law, material = scenario["law"], scenario["materials"][0]
    name = law["name"]
    r = scenario["radii"][0]
    v = 0.5
    print(f"law {name}: {json.dumps(law)}, material {json.dumps(material)}, r = {r} m")
    with tempfile.TemporaryDirectory() as tmp:
        # lawtest: its example, with the history's own ledger.
        csv_path = os.path.join(tmp, "h.csv")
        p = subprocess.run([sys.argv[1], "lawtest", example, "--csv", csv_path], capture_output=True, text=True,
                           timeout=60)
        check("lawtest runs its example", p.returncode == 0, f"exit {p.returncode} {p.stderr.strip()}")
        if p.returncode == 0:
            import csv
            with open(csv_path, newline="") as f:
                rows = list(csv.DictReader(f))
            fixed = {"stage", "step", "t", "uN", "uy", "uz", "rx", "ry", "rz", "Fn", "Fy", "Fz", "Tx", "Ty", "Tz",
                     "elastic", "plastic", "kinetic", "work", "in_contact"}
            kinds = [k for k in rows[0] if k not in fixed]
            scale = max(abs(float(x["work"])) for x in rows)
            worst = max(abs(float(x["work"]) - float(x["elastic"]) - sum(float(x[k]) for k in kinds)) for x in rows)
            check("lawtest: work = elastic + dissipated within the guard", worst <= GUARD * scale,
                  f"worst |work - elastic - dissipated| {worst:.3g} J <= {GUARD} x max |work| {scale:.3g} J "
                  f"({len(rows)} records, kinds {kinds})")

        # impact: sphere-sphere and sphere-wall, the command's own ledger and guard.
        for radii in ([r, r], [r, "wall"]):
            out = command(["impact", "--json"], tmp, "impact", {"law": law, "materials": [material], "radii": radii,
                                                              "speed": v})
            if out is None:
                continue
            o = json.loads(out)
            e = o["achieved_restitution"]
            check(f"impact {radii}: 0 <= e <= 1 (a passive law gives back no more than it got)", 0 <= e <= 1 + 1e-9,
                  f"achieved restitution {e:.12g}")
            if "balance_error" in o:
                check(f"impact {radii}: ledger within the guard", abs(o["balance_error"]) <= GUARD,
                      f"balance error {o['balance_error']:.3g}")

        # run: two spheres head-on, no wall, no gravity.
        bodies = two_spheres(r, v)
        limit = limit_of(tmp, "pair", law, material, bodies, [0, 0, 0])
        if limit:
            dt = limit / 100
            m = mass(material, r)
            # until well after separation: the contact lasts less than pi / omega_min; 50 000 steps.
            o = run_scene(tmp, "pair", law, material, bodies, [0, 0, 0], 50000 * dt, dt)
            if o:
                va, vb = o["bodies"][0]["velocity"][0], o["bodies"][1]["velocity"][0]
                p_tol = 16 * (o["steps"] + 1) * EPS * 2 * m * v
                check("run two spheres: momentum is conserved to rounding", abs(m * va + m * vb) <= p_tol,
                      f"p = {m * va + m * vb:.3g} kg m/s, bound {p_tol:.3g}")
                check("run two spheres: they part (no pass-through, no sticking)", va < 0 < vb,
                      f"va = {va:.9g} m/s, vb = {vb:.9g} m/s")
                be = o["energy"]["balance_error"]
                check("run two spheres: the ledger closes within the kink bound", abs(be) <= RUN_LEDGER,
                      f"|balance error| {abs(be):.3g} <= {RUN_LEDGER:.3g}")
                if name == "hertz_mindlin":
                    # a restitution that dissipates (the example's default is 1, elastic)
                    law = dict(law, restitution=0.5)
                    want = law["restitution"]
                    es = []
                    for k in (1, 2, 4):
                        ok = run_scene(tmp, f"pair_{k}", law, material, bodies, [0, 0, 0], 50000 * dt, 4 * dt / k)
                        if not ok:
                            return
                        es.append((ok["bodies"][1]["velocity"][0] - ok["bodies"][0]["velocity"][0]) / (2 * v))
                    errs = [abs(x - want) for x in es]
                    print("hertz_mindlin two spheres, dt = 4, 2, 1 x stable_dt/100: e = "
                          + ", ".join(f"{x:.12f}" for x in es) + f" (requested {want})")
                    check("run hertz_mindlin: halving dt twice shrinks |e - requested| at least 2-fold",
                          errs[2] <= errs[0] / 2, f"errors {errs[0]:.3e} -> {errs[1]:.3e} -> {errs[2]:.3e}")

        # run: one sphere dropped on a wall under gravity.
        g = -9.81
        drop = [{"id": "ball", "sphere": {"radius": r}, "material": "m", "position": [0, 0, r * 1.01],
                 "velocity": [0, 0, -v]},
                {"id": "floor", "wall": {"axis": "z", "position": 0}, "material": "m"}]
        limit = limit_of(tmp, "drop", law, material, drop, [0, 0, g])
        if limit:
            dt = limit / 100
            o = run_scene(tmp, "drop", law, material, drop, [0, 0, g], 50000 * dt, dt)
            if o:
                z = o["bodies"][0]["position"][2]
                check("run sphere on a wall: it stays above the wall", z > 0, f"z = {z:.9g} m")
                be = o["energy"]["balance_error"]
                check("run sphere on a wall: the ledger closes within the kink bound", abs(be) <= RUN_LEDGER,
                      f"|balance error| {abs(be):.3g} <= {RUN_LEDGER:.3g}")
    if failures:
        sys.exit(f"{len(failures)} check(s) failed: {', '.join(failures)}")


main()
