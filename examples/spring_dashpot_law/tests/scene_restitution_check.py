#!/usr/bin/env python3
"""The example program's `run` on a scene of two spheres under the example law, against the
linear spring-dashpot's closed form (restitution_check.py derives it and its tolerance).

Usage: scene_restitution_check.py PROGRAM SCENE.json

The spheres meet head-on at relative speed v0; after the contact their relative velocity is
-e v0 with e = exp(-pi zeta / sqrt(1 - zeta^2)), zeta = c / (2 sqrt(m* kn)), kn = pi E r / 2,
m* = m / 2; tolerance 4 zeta omega dt + (omega dt)^2. Momentum is conserved to rounding
(16 N eps of m v0, N steps).
"""
import json
import math
import subprocess
import sys

program, scene_path = sys.argv[1], sys.argv[2]
scene = json.load(open(scene_path))
mat = scene["materials"]["glass"]
left, right = scene["bodies"]
r = left["sphere"]["radius"]
c = scene["law"]["damping"]
kn = math.pi * mat["young"] * r / 2
m = 4 / 3 * math.pi * r**3 * mat["density"]
zeta = c / (2 * math.sqrt(m / 2 * kn))
e_closed = math.exp(-math.pi * zeta / math.sqrt(1 - zeta**2))

out = subprocess.run([program, "run", scene_path, "--json"], capture_output=True, text=True)
if out.returncode != 0:
    sys.exit(f"run exited {out.returncode}: {out.stderr.strip()}")
result = json.loads(out.stdout)
v = {b["id"]: b["velocity"][0] for b in result["bodies"]}
v0 = left["velocity"][0] - right["velocity"][0]
e = (v["right"] - v["left"]) / v0
omega_dt = math.sqrt(kn / (m / 2)) * result["dt"]
tol = 4 * zeta * omega_dt + omega_dt**2
momentum = m * (v["left"] + v["right"])
mtol = 16 * (result["steps"] + 1) * 2.0**-52 * m * abs(v0)
print(f"zeta = {zeta:.6f}, closed form e = {e_closed:.9f}, achieved e = {e:.9f}, |diff| = {abs(e - e_closed):.3e}, "
      f"tolerance {tol:.3e}; momentum {momentum:.3g} (bound {mtol:.3g}); balance {result['energy']['balance_error']:.3g}")
if not (0.2 < zeta < 1):
    sys.exit("the scene must be damped enough for the check to mean something (0.2 < zeta < 1)")
sys.exit(0 if abs(e - e_closed) <= tol and abs(momentum) <= mtol else 1)
