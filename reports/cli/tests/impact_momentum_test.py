#!/usr/bin/env python3
"""`lawcheck impact --json` on oblique sphere-sphere impacts of the linear law: the velocities and
spins it reports after the impact obey the momentum and angular-momentum balance of the two bodies
to rounding, and the echoed inputs are the scene's.

Why the balances are exact up to rounding in the solver's leapfrog (x_{n+1} = x_n + dt v_{n+1/2}):
the contact pushes body 1 with F and body 2 with -F, and turns each about its centre with
(c - x_i) x (+-F) for the one contact point c; the linear law has no rolling or twisting torque.
Then P = sum m v and A_n = sum (m x_n x v_{n+1/2} + I w_{n+1/2}) change by dt sum(F_i) = 0 and by
dt sum(x_n x F_i + T_i) = 0 each step (x_{n-1} x v_{n-1/2} = x_n x v_{n-1/2}). Before the impact,
body 1 starts on the line through the origin along its velocity (x_1 || v_1) and body 2 is at rest,
so P_0 = m1 v1 and A_0 = I1 w1 + I2 w2, known from the inputs alone. After the impact the run
reports x and v at its last step, where the force is zero (the contact has ended), so
x_{n+1} x v_{n+1/2} = x_n x v_{n+1/2} = A_n.

Tolerance: each step rounds every update of P and A a few times (about 4 roundings per component:
the force times dt, the sum, the cross product), each at most eps of the scale of its terms, and
the errors add at most linearly over the N steps: |error| <= 16 eps N S with S the scale
sum(m |x||v| + I |w|) (or sum m |v| for P), an upper bound, not a fit. A wrong-signed torque or a
spin update with the wrong inertia breaks A by O(1) of S.

Usage: impact_momentum_test.py PATH/TO/lawcheck
"""
import json
import math
import subprocess
import sys
import tempfile

EPS = 2.0**-52


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def norm(a):
    return math.sqrt(sum(x * x for x in a))


def run(binary, scene):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(scene, f)
        path = f.name
    out = subprocess.run([binary, "impact", path, "--json"], capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"FAIL exit {out.returncode}: {out.stderr.strip()}")
    return json.loads(out.stdout)


def check(binary, scene):
    r = run(binary, scene)
    inputs = r["inputs"]
    failures = []
    if inputs["speed"] != scene["speed"] or inputs["angle"] != scene["angle"] or inputs["radii"] != scene["radii"]:
        failures.append(f"inputs not echoed: {inputs}")
    rho = [m["density"] for m in inputs["materials"]]
    radii = scene["radii"]
    mass = [4.0 / 3.0 * math.pi * radii[k] ** 3 * rho[k] for k in range(2)]
    inertia = [0.4 * mass[k] * radii[k] ** 2 for k in range(2)]
    a = math.radians(scene["angle"])
    v1 = [scene["speed"] * math.cos(a), scene["speed"] * math.sin(a), 0.0]
    spins = scene["spins"]
    p0 = [mass[0] * v1[d] for d in range(3)]
    a0 = [inertia[0] * spins[0][d] + inertia[1] * spins[1][d] for d in range(3)]
    bodies = r["after"]["bodies"]
    p1 = [sum(mass[k] * bodies[k]["velocity"][d] for k in range(2)) for d in range(3)]
    a1 = [0.0, 0.0, 0.0]
    s_p = mass[0] * norm(v1)
    s_a = sum(inertia[k] * norm(spins[k]) for k in range(2))
    for k in range(2):
        b = bodies[k]
        lin = cross(b["position"], b["velocity"])
        for d in range(3):
            a1[d] += mass[k] * lin[d] + inertia[k] * b["spin"][d]
        s_p += mass[k] * norm(b["velocity"])
        s_a += mass[k] * norm(b["position"]) * norm(b["velocity"]) + inertia[k] * norm(b["spin"])
    n = r["steps"]
    dp = norm([p1[d] - p0[d] for d in range(3)])
    da = norm([a1[d] - a0[d] for d in range(3)])
    bound_p = 16 * EPS * n * s_p
    bound_a = 16 * EPS * n * s_a
    # The spins must have changed by far more than the bound, or the check would be vacuous.
    spin_change = sum(inertia[k] * norm([bodies[k]["spin"][d] - spins[k][d] for d in range(3)]) for k in range(2))
    print(f"angle {scene['angle']:5.1f} deg, {n} steps: |dP| = {dp:.3e} (bound {bound_p:.3e}), "
          f"|dA| = {da:.3e} (bound {bound_a:.3e}), I |dw| = {spin_change:.3e}, "
          f"e_t = {r['after']['tangential_restitution']}, rebound {r['after']['rebound_angle']:.4f} deg")
    if not dp <= bound_p:
        failures.append(f"momentum changed by {dp:.3e} > {bound_p:.3e}")
    if not da <= bound_a:
        failures.append(f"angular momentum changed by {da:.3e} > {bound_a:.3e}")
    if not spin_change > 1e6 * bound_a:
        failures.append(f"the spins hardly changed ({spin_change:.3e}): no tangential impulse to check")
    return failures


def main():
    binary = sys.argv[1]
    failures = []
    for angle, spins, tan_phi in ((40.0, [[0, 0, 5], [1, 0, -3]], 0.3), (15.0, [[0, 0, 0], [0, 0, 0]], 0.5),
                                  (70.0, [[2, -1, 30], [0, 4, 0]], 0.1)):
        scene = {"law": {"name": "linear"}, "materials": [{"young": 1e7, "tanPhi": tan_phi}, {"young": 1e7, "density": 7800}],
                 "radii": [0.01, 0.015], "speed": 1.0, "angle": angle, "spins": spins}
        failures += [f"angle {angle}: {f}" for f in check(binary, scene)]
    head_on = run(binary, {"law": {"name": "linear"}, "radii": [0.01, 0.01], "speed": 1.0})
    if head_on["after"]["tangential_restitution"] is not None:
        failures.append("a head-on impact without spin reports a tangential restitution")
    for f in failures:
        print("FAIL", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
