#!/usr/bin/env python3
"""Usage: scene_stable_limit_test.py LAWCHECK

`lawcheck run`'s stable limit covers the contacts that can occur and the springs, nothing else
(cli/scene_time_step.hpp). A lone steel sphere on an anchor spring under gravity, no other body and
no wall, can touch nothing: its limit is the spring's, sqrt(2 m / k) by the solver's per-particle
rule (dynamics/time_step.hpp, particle_dt: Omega^2 = 2 K/m), not the p-wave or contact estimate
r sqrt(rho/E) = 2e-6 s of its stiff material. The same sphere with a wall below it, or a second
sphere, can touch something: the given dt is then refused (exit 2, naming dt). Every measurement
is printed before it is asserted; all checks run, then the test fails if any did.
"""
import json
import math
import os
import subprocess
import sys
import tempfile

EPS = 2.0 ** -52
failures = []

R, RHO, YOUNG, K, ANCHOR_Z = 0.01, 7800.0, 2.1e11, 100.0, 0.0
M = 4.0 / 3.0 * math.pi * R ** 3 * RHO
G = -9.81
DT = 5.7e-5


def check(name, ok, detail):
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}")
    if not ok:
        failures.append(name)


def scene(dt, extra_bodies=()):
    return {
        "law": {"name": "linear"},
        "materials": {"steel": {"young": YOUNG, "density": RHO, "ktDivKn": 0.3, "tanPhi": 0.5}},
        "gravity": [0, 0, G],
        "bodies": [{"id": "bob", "sphere": {"radius": R}, "material": "steel",
                    "position": [0, 0, ANCHOR_Z - 0.01]}] + list(extra_bodies),
        "springs": [{"body": "bob", "anchor": [0, 0, ANCHOR_Z], "stiffness": K, "restLength": 0}],
        "dt": dt,
        "duration": 0.3,
        "record": {"every": 1},
    }


def run(tmp, name, s):
    path = os.path.join(tmp, name + ".json")
    with open(path, "w") as f:
        json.dump(s, f)
    p = subprocess.run([sys.argv[1], "run", path, "--json"], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr.strip()


def main():
    # The spring's own limit (particle_dt with K = k, no rotation, no damping): 2 / sqrt(2 k / m).
    spring_limit = math.sqrt(2 * M / K)
    p_wave = R * math.sqrt(RHO / YOUNG)
    print(f"m = {M:.6g} kg, spring limit sqrt(2 m/k) = {spring_limit:.6g} s, p-wave r sqrt(rho/E) = {p_wave:.3g} s, "
          f"dt = {DT:g} s")
    with tempfile.TemporaryDirectory() as tmp:
        rc, out, err = run(tmp, "lone", scene(DT))
        check("a lone sphere on a spring runs at a dt above its material's contact estimate", rc == 0,
              f"exit {rc} {err}")
        if rc == 0:
            o = json.loads(out)
            check("its stable limit is the spring's", abs(o["stable_dt"] - spring_limit) <= 16 * EPS * spring_limit,
                  f"stable_dt {o['stable_dt']:.17g} s, sqrt(2 m/k) {spring_limit:.17g} s")
            # Spring and gravity only: linear forces, the leapfrog ledger closes to rounding, a few
            # roundings a step over N steps (as the hung-sphere example's bound).
            bound = 16 * (o["steps"] + 1) * EPS
            check("spring and gravity close the ledger to rounding", abs(o["energy"]["balance_error"]) <= bound,
                  f"|balance error| {abs(o['energy']['balance_error']):.3g} <= 16 N eps = {bound:.3g}")
        rc, out, err = run(tmp, "lone_auto", scene("auto"))
        check("a lone sphere on a spring runs with dt auto", rc == 0, f"exit {rc} {err}")
        if rc == 0:
            o = json.loads(out)
            want = 0.1 * spring_limit  # auto_dt_safety x the limit (cli/scene_time_step.hpp)
            check("auto picks a tenth of the spring's limit", abs(o["dt"] - want) <= 16 * EPS * want,
                  f"dt {o['dt']:.17g} s, 0.1 sqrt(2 m/k) {want:.17g} s")
        wall = {"id": "floor", "wall": {"axis": "z", "position": -0.5}, "material": "steel"}
        rc, _, err = run(tmp, "wall", scene(DT, [wall]))
        check("with a wall below, the contact it can make limits dt: refused naming dt",
              rc == 2 and "invalid dt =" in err and len(err.splitlines()) == 1, f"exit {rc}: {err}")
        other = {"id": "other", "sphere": {"radius": R}, "material": "steel", "position": [1, 0, 0]}
        rc, _, err = run(tmp, "pair", scene(DT, [other]))
        check("with a second sphere, the contact they can make limits dt: refused naming dt",
              rc == 2 and "invalid dt =" in err and len(err.splitlines()) == 1, f"exit {rc}: {err}")
    if failures:
        sys.exit(f"{len(failures)} check(s) failed: {', '.join(failures)}")


main()
