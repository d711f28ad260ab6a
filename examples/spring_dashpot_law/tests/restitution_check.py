#!/usr/bin/env python3
"""The example program's `impact` against the linear spring-dashpot's closed form.

Usage: restitution_check.py PROGRAM SCENE.json

Two equal spheres (radius r, Young's modulus E, density rho) meet head-on. The law's physics
(spring_dashpot_law.hpp) with lawcheck's default stiffness rules (A = pi r^2, l1 = l2 = r) gives
kn = A / (2 r / E) = pi E r / 2, and the pair's effective mass is m* = m / 2, m = 4/3 pi r^3 rho. A
linear spring-dashpot released at zero overlap gives back
    e = exp(-pi zeta / sqrt(1 - zeta^2)),  zeta = c / (2 sqrt(m* kn)).
Tolerance, from the step dt the program reports: the contact starts and ends between two steps,
and at those instants the dashpot's force c v jumps (the spring's force is zero there), so each
end moves an impulse of at most c v dt, i.e. 2 zeta omega dt of the rebound ratio; the leapfrog's
own error on the oscillation is second order, (omega dt)^2, omega = sqrt(kn / m*). So
    |e_achieved - e| <= 4 zeta omega dt + (omega dt)^2.
"""
import json
import math
import subprocess
import sys

program, scene_path = sys.argv[1], sys.argv[2]
scene = json.load(open(scene_path))
mat = scene["materials"][0]
r = scene["radii"][0]
c = scene["law"]["damping"]
kn = math.pi * mat["young"] * r / 2
m_eff = 4 / 3 * math.pi * r**3 * mat["density"] / 2
zeta = c / (2 * math.sqrt(m_eff * kn))
e_closed = math.exp(-math.pi * zeta / math.sqrt(1 - zeta**2))

out = subprocess.run([program, "impact", scene_path, "--json"], capture_output=True, text=True)
if out.returncode != 0:
    sys.exit(f"impact exited {out.returncode}: {out.stderr.strip()}")
result = json.loads(out.stdout)
omega_dt = math.sqrt(kn / m_eff) * result["dt"]
tol = 4 * zeta * omega_dt + omega_dt**2
e = result["achieved_restitution"]
print(f"zeta = {zeta:.6f}, closed form e = {e_closed:.9f}, achieved e = {e:.9f}, "
      f"|diff| = {abs(e - e_closed):.3e}, tolerance 4 zeta omega dt + (omega dt)^2 = {tol:.3e}")
print(f"the program's own oracle: {result['oracle']['achieved_restitution']}")
if not (0.2 < zeta < 1):
    sys.exit("the scene must be damped enough for the check to mean something (0.2 < zeta < 1)")
sys.exit(0 if abs(e - e_closed) <= tol else 1)
