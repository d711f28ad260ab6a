#!/usr/bin/env python3
"""Usage: scene_examples_test.py LAWCHECK EXAMPLES_DIR CASE

The example scenes of examples/scenes run through `lawcheck run`, each checked against closed
forms computed here from the scene file itself (never against output lawcheck produced before).
CASE is one of: cradle, settling, oblique, between, hung, threads, format, piston. Every measurement is
printed before it is asserted; all checks of a case run, then the case fails if any did.

Rounding bounds: a run of N steps adds each step at most a few roundings (eps = 2^-52 relative)
to a conserved sum; they are bounded here by 16 N eps of the sum's scale, linear growth (the
worst case, no cancellation assumed).
Kink bound (cli/balance_guard.hpp): a linear contact spring entered or left within a step books
its energy with an error of at most (omega dt)^2 / 4 of the impact's energy, omega = sqrt(kn/m*),
per onset and per release; the ledger is exact in between (dynamics/energy_ledger.hpp).
"""
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

EPS = 2.0 ** -52
failures = []


def check(name, ok, detail):
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}")
    if not ok:
        failures.append(name)


def run(lawcheck, scene_path, *extra):
    with tempfile.TemporaryDirectory() as tmp:
        out_csv = os.path.join(tmp, "out.csv")
        p = subprocess.run([lawcheck, "run", scene_path, "--json", "--csv", out_csv, *extra],
                           capture_output=True, text=True, timeout=120)
        if p.returncode != 0:
            print(p.stderr)
            sys.exit(f"lawcheck run {scene_path} exited {p.returncode}")
        with open(out_csv, newline="") as f:
            rows = [{k: float(v) for k, v in r.items()} for r in csv.DictReader(f)]
        return json.loads(p.stdout), rows, p.stdout


def load(path):
    with open(path) as f:
        return json.load(f)


def sphere_mass(scene, body):
    r = body["sphere"]["radius"]
    return 4.0 / 3.0 * math.pi * r ** 3 * scene["materials"][body["material"]].get("density", 2600)


def linear_kn(young, r1, r2):
    # seed 000 with lawcheck's default rules: A = pi min(r1, r2)^2, kn = E A / (r1 + r2)
    return young * math.pi * min(r1, r2) ** 2 / (r1 + r2)


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def worst_balance(rows):
    return max(abs(r["balance_error"]) for r in rows)


def case_cradle(lawcheck, d):
    path = os.path.join(d, "newtons_cradle.json")
    scene = load(path)
    out, rows, _ = run(lawcheck, path)
    masses = {b["id"]: sphere_mass(scene, b) for b in scene["bodies"]}
    p0 = sum(masses[b["id"]] * b.get("velocity", [0, 0, 0])[0] for b in scene["bodies"])
    p1 = sum(masses[b["id"]] * b["velocity"][0] for b in out["bodies"])
    scale = sum(masses[b["id"]] * abs(v) for b in scene["bodies"] for v in b.get("velocity", [0, 0, 0]))
    n, bodies = out["steps"] + 1, len(scene["bodies"])
    tol = 16 * n * bodies * EPS * scale
    check("momentum is conserved to rounding", abs(p1 - p0) <= tol,
          f"p0 = {p0:.17g}, p_end = {p1:.17g}, |diff| = {abs(p1 - p0):.3g} <= 16 N bodies eps sum|m v| = {tol:.3g}")
    r = scene["bodies"][0]["sphere"]["radius"]
    m = masses["striker"]
    omega = math.sqrt(linear_kn(scene["materials"]["steel"]["young"], r, r) / (m / 2))
    impacts = bodies - 1
    bound = 2 * impacts * (omega * out["dt"]) ** 2 / 4
    check("the ledger closes within the kinks' bound", worst_balance(rows) <= bound,
          f"largest |balance error| {worst_balance(rows):.3g} <= {2 * impacts} kinks x (omega dt)^2/4 = {bound:.3g}")
    ke0 = 0.5 * m * scene["bodies"][0]["velocity"][0] ** 2
    check("the kinetic energy returns after the last impact", abs(out["energy"]["kinetic"] - ke0) <= bound * ke0,
          f"K_end = {out['energy']['kinetic']:.9g} J, K_0 = {ke0:.9g} J")


def case_settling(lawcheck, d):
    path = os.path.join(d, "settling_sphere.json")
    scene = load(path)
    out, rows, _ = run(lawcheck, path)
    law = scene["law"]
    k, n_exp, c = law["contactStiffness"], law["contactStiffnessExponent"], law["contactDamping"]
    ball = scene["bodies"][0]
    m, r, g = sphere_mass(scene, ball), ball["sphere"]["radius"], abs(scene["gravity"][2])
    rest = (m * g / k) ** (1 / n_exp)  # k x^n = m g
    overlap = r - out["bodies"][0]["position"][2]
    # Linear spring-dashpot (n = 1, chi = 0 at e = 1): the overlap is x_s (1 - e^{-zeta w t}(cos + ...)),
    # within x_s e^{-zeta w t} / sqrt(1 - zeta^2) of rest; the leapfrog's damping, from v_{n-1/2},
    # shifts the decay exponent by a relative O(omega dt), allowed as (1 - omega dt).
    # Rounding floor: z moves by whole ulps, so a velocity below ulp(z)/dt may persist unseen by the
    # position (x += dt v rounds to x); its dashpot force c v then shifts the rest by up to
    # c ulp(z) / (k dt), besides the ulp of z itself: 2 (1 + c/(k dt)) ulp(z), and 2 ulp(z)/dt.
    omega = math.sqrt(k / m)
    zeta = c / (2 * math.sqrt(k * m))
    t, dt, z = out["time"], out["dt"], out["bodies"][0]["position"][2]
    decay = rest * math.exp(-zeta * omega * t * (1 - omega * dt)) / math.sqrt(1 - zeta ** 2)
    tol = decay + 2 * (1 + c / (k * dt)) * math.ulp(z)
    check("the sphere rests at the static overlap (m g / k)^(1/n)", abs(overlap - rest) <= tol,
          f"overlap {overlap:.15g} m, (m g/k)^(1/n) = {rest:.15g} m, |diff| {abs(overlap - rest):.3g} <= {tol:.3g}")
    vtol = omega * decay + 2 * math.ulp(z) / dt
    check("the sphere is at rest", abs(out["bodies"][0]["velocity"][2]) <= vtol,
          f"v_z = {out['bodies'][0]['velocity'][2]:.3g} m/s <= omega x_s e^(-zeta w t) + 2 ulp(z)/dt = {vtol:.3g}")
    # n = 1 within one contact: spring, dashpot (booked as its trapezoid) and gravity are exact in
    # the ledger, and the contact starts at zero overlap (no kink): rounding only.
    bound = 16 * (out["steps"] + 1) * EPS
    check("the ledger closes to rounding", worst_balance(rows) <= bound,
          f"largest |balance error| {worst_balance(rows):.3g} <= 16 N eps = {bound:.3g}")
    # At rest the drop's potential energy m g x_s went into the spring (k x_s^2/2) and the dashpot:
    # to the ledger's closure (relative to its scale, the gravity term m g z ~ m g r) and the
    # energy of the rest's own offset, (m g + k x_s) tol.
    etol = bound * m * g * r + (m * g + k * rest) * tol
    check("the dissipated energy is the drop's potential energy less the stored energy",
          abs(out["energy"]["viscous"] - (m * g * rest - 0.5 * k * rest ** 2)) <= etol,
          f"viscous {out['energy']['viscous']:.15g} J, m g x_s - k x_s^2/2 = {m * g * rest - 0.5 * k * rest ** 2:.15g} J "
          f"(tolerance {etol:.3g})")


def momenta(scene, bodies_state):
    """Linear and angular momentum (about the origin) of the scene's free spheres."""
    p, L, scale_p, scale_l = [0.0] * 3, [0.0] * 3, 0.0, 0.0
    for b in scene["bodies"]:
        if b.get("fixed"):
            continue
        st = bodies_state[b["id"]]
        m = sphere_mass(scene, b)
        inertia = 0.4 * m * b["sphere"]["radius"] ** 2
        xv = cross(st["position"], st["velocity"])
        for k in range(3):
            p[k] += m * st["velocity"][k]
            L[k] += m * xv[k] + inertia * st["spin"][k]
        scale_p += m * math.sqrt(sum(v * v for v in st["velocity"]))
        scale_l += m * math.sqrt(sum(x * x for x in st["position"])) * math.sqrt(sum(v * v for v in st["velocity"])) \
            + inertia * math.sqrt(sum(w * w for w in st["spin"]))
    return p, L, scale_p, scale_l


def case_oblique(lawcheck, d):
    path = os.path.join(d, "oblique_impact_with_spin.json")
    scene = load(path)
    out, rows, _ = run(lawcheck, path)
    initial = {b["id"]: {"position": b["position"], "velocity": b.get("velocity", [0, 0, 0]),
                         "spin": b.get("spin", [0, 0, 0])} for b in scene["bodies"]}
    final = {b["id"]: b for b in out["bodies"]}
    p0, l0, sp0, sl0 = momenta(scene, initial)
    p1, l1, sp1, sl1 = momenta(scene, final)
    n = out["steps"] + 1
    # Leapfrog conserves sum m x_n x v_{n+1/2} + I w_{n+1/2} exactly in exact arithmetic when the
    # contact forces and torques balance about one contact point; the reported v_N, w_N are the
    # mean of two such sums (run_command.cpp): equal to the initial value up to rounding.
    tol_p = 16 * n * EPS * max(sp0, sp1)
    tol_l = 16 * n * EPS * max(sl0, sl1)
    dp = max(abs(a - b) for a, b in zip(p0, p1))
    dl = max(abs(a - b) for a, b in zip(l0, l1))
    check("linear momentum is conserved to rounding", dp <= tol_p, f"p0 = {p0}, p_end = {p1}, |diff| {dp:.3g} <= {tol_p:.3g}")
    check("angular momentum (orbital + spin) is conserved to rounding", dl <= tol_l,
          f"L0 = {l0}, L_end = {l1}, |diff| {dl:.3g} <= {tol_l:.3g}")
    changed = max(abs(a - b) for a, b in zip(final["ball"]["spin"], initial["ball"]["spin"]))
    check("the impact happened (friction changed the ball's spin)", changed > 1.0, f"|delta w| = {changed:.6g} rad/s")
    b1, b2 = scene["bodies"]
    m1, m2 = sphere_mass(scene, b1), sphere_mass(scene, b2)
    r1, r2 = b1["sphere"]["radius"], b2["sphere"]["radius"]
    omega = math.sqrt(linear_kn(scene["materials"]["glass"]["young"], r1, r2) * (1 / m1 + 1 / m2))
    bound = 2 * (omega * out["dt"]) ** 2 / 4
    check("the ledger closes within the kinks' bound", worst_balance(rows) <= bound,
          f"largest |balance error| {worst_balance(rows):.3g} <= 2 kinks x (omega dt)^2/4 = {bound:.3g}")


def case_between(lawcheck, d):
    path = os.path.join(d, "between_fixed_spheres.json")
    scene = load(path)
    out, rows, _ = run(lawcheck, path)
    ball, left, right = scene["bodies"]
    r, rf = ball["sphere"]["radius"], left["sphere"]["radius"]
    m = sphere_mass(scene, ball)
    v0 = ball["velocity"][0]
    kn = linear_kn(scene["materials"]["steel"]["young"], r, rf)
    omega = math.sqrt(kn / m)
    dt = out["dt"]
    gap = (right["position"][0] - rf) - (left["position"][0] + rf) - 2 * r
    # One period: the free flight across the gap twice, and two contacts of half an oscillation
    # of the leapfrog's linear spring, pi / omega_dt with omega_dt = (2/dt) asin(omega dt / 2).
    omega_dt = 2 / dt * math.asin(omega * dt / 2)
    period = 2 * gap / v0 + 2 * math.pi / omega_dt
    # Measured between reversals of v_x (each found to within dt): each contact's onset and release
    # land on the step grid (+-dt each, two contacts), and the ends of the count, +-dt each.
    # v_x changes sign once per contact, mid-contact.
    starts = [row["t"] for prev, row in zip(rows, rows[1:]) if (prev["ball.vx"] > 0) != (row["ball.vx"] > 0)]
    periods = (len(starts) - 1) / 2
    measured = (starts[-1] - starts[0]) / periods
    tol = 4 * dt + 2 * dt / periods
    check("the ball bounces with the closed-form period", abs(measured - period) <= tol,
          f"{len(starts)} reversals, period {measured:.9g} s, closed form {period:.9g} s, |diff| "
          f"{abs(measured - period):.3g} <= 4 dt + 2 dt/periods = {tol:.3g}")
    kinks = 2 * (len(starts))
    bound = kinks * (omega * dt) ** 2 / 4
    speed = abs(out["bodies"][0]["velocity"][0])
    check("the elastic bounces keep the speed", abs(speed - v0) <= bound * v0,
          f"|v_end| = {speed:.12g} m/s, v0 = {v0} (bound {bound * v0:.3g})")
    check("the ledger closes within the kinks' bound", worst_balance(rows) <= bound,
          f"largest |balance error| {worst_balance(rows):.3g} <= {kinks} kinks x (omega dt)^2/4 = {bound:.3g}")
    check("the fixed spheres do no work", out["energy"]["work"] == 0.0, f"work {out['energy']['work']}")


def period_of(rows, z_eq):
    """Mean period from the upward crossings of z = z_eq, each found by linear interpolation (at a
    crossing z'' = 0, so the interpolation errs by O(dt^3))."""
    ups = []
    for a, b in zip(rows, rows[1:]):
        za, zb = a["bob.z"] - z_eq, b["bob.z"] - z_eq
        if za < 0 <= zb:
            ups.append(a["t"] + (b["t"] - a["t"]) * (-za) / (zb - za))
    return (ups[-1] - ups[0]) / (len(ups) - 1), len(ups) - 1


def case_hung(lawcheck, d):
    path = os.path.join(d, "hung_sphere.json")
    scene = load(path)
    bob, spring = scene["bodies"][0], scene["springs"][0]
    m, k, g = sphere_mass(scene, bob), spring["stiffness"], scene["gravity"][2]
    z_eq = spring["anchor"][2] + m * g / k
    exact = 2 * math.pi * math.sqrt(m / k)
    errors = []
    with tempfile.TemporaryDirectory() as tmp:
        for refine in (1, 2, 4):
            s = dict(scene)
            s["dt"] = scene["dt"] / refine
            p = os.path.join(tmp, f"hung_{refine}.json")
            with open(p, "w") as f:
                json.dump(s, f)
            out, rows, _ = run(lawcheck, p)
            dt = out["dt"]
            period, count = period_of(rows, z_eq)
            # Leapfrog on x'' = -omega^2 x turns by omega_dt dt a step, sin(omega_dt dt/2) = omega dt/2.
            omega = math.sqrt(k / m)
            leapfrog = 2 * math.pi / (2 / dt * math.asin(omega * dt / 2))
            # Crossing interpolation O(dt^3) over `count` periods plus the rounding of t.
            tol = (omega * dt) ** 3 * exact / count + 16 * EPS * out["time"]
            check(f"dt/{refine}: the period is the leapfrog's closed form", abs(period - leapfrog) <= tol,
                  f"{count} periods, T = {period:.15g} s, leapfrog 2 pi/omega_dt = {leapfrog:.15g} s, "
                  f"2 pi sqrt(m/k) = {exact:.15g} s, |T - leapfrog| {abs(period - leapfrog):.3g} <= {tol:.3g}")
            bound = 16 * (out["steps"] + 1) * EPS
            check(f"dt/{refine}: spring and gravity close the ledger to rounding", worst_balance(rows) <= bound,
                  f"largest |balance error| {worst_balance(rows):.3g} <= 16 N eps = {bound:.3g}")
            errors.append(period - exact)
    for a, b in zip(errors, errors[1:]):
        order = math.log2(a / b) if a / b > 0 else float("nan")
        # The leapfrog's relative period error is (omega dt)^2/24 + O(dt^4): at omega dt <= 0.06 the
        # O(dt^4) term shifts the halving ratio by (omega dt)^2 / 10 < 0.01 of 4.
        check("halving dt quarters the period error: second order", abs(order - 2) <= 0.01,
              f"errors {a:.6g} s -> {b:.6g} s, observed order {order:.5f}")


def case_threads(lawcheck, d):
    """A packing of 512 spheres of radii 0.9 r ... r on a lattice of spacing 1.9 r (about half the
    neighbours overlap from the start: ~700 contacts, blocks for both threads) settling on a wall
    under gravity: 1 and 2 threads, the same JSON bits."""
    rng_state = 12345

    def uniform():
        nonlocal rng_state
        rng_state = (1103515245 * rng_state + 12345) % 2 ** 31
        return rng_state / 2 ** 31

    r, n = 0.005, 8
    bodies = [{"id": "floor", "wall": {"axis": "z", "position": 0}, "material": "grain"}]
    for i in range(n):
        for j in range(n):
            for k in range(n):
                bodies.append({"id": f"s{i}_{j}_{k}", "sphere": {"radius": r * (0.9 + 0.1 * uniform())},
                               "material": "grain", "position": [i * 1.9 * r, j * 1.9 * r, r + k * 1.9 * r],
                               "velocity": [0.05 * (uniform() - 0.5), 0.05 * (uniform() - 0.5), -0.1]})
    scene = {"law": {"name": "linear"}, "materials": {"grain": {"young": 1e7, "density": 2600, "tanPhi": 0.4}},
             "gravity": [0, 0, -9.81], "bodies": bodies, "dt": "auto", "steps": 1000, "record": {"every": 1000}}
    with tempfile.TemporaryDirectory() as tmp:
        p = os.path.join(tmp, "packing.json")
        with open(p, "w") as f:
            json.dump(scene, f)
        outs = []
        for threads in ("1", "2"):
            out, rows, text = run(lawcheck, p, "--threads", threads)
            outs.append((out, text))
    e = outs[0][0]["energy"]
    check("the packing is in contact: elastic energy stored and slip dissipated", e["elastic"] > 0 and e["plastic_shear"] > 0,
          f"elastic {e['elastic']:.6g} J, plastic_shear {e['plastic_shear']:.6g} J after {outs[0][0]['steps']} steps")
    same = outs[0][1] == outs[1][1]
    diff = [a for a, b in zip(outs[0][1].splitlines(), outs[1][1].splitlines()) if a != b][:3]
    check("1 and 2 threads print the same bits", same, "identical JSON" if same else f"first differences {diff}")


def case_format(lawcheck, d):
    """The format page's example: every key of the format in one scene, run with dt auto."""
    path = os.path.join(d, "format_example.json")
    scene = load(path)
    out, rows, _ = run(lawcheck, path)
    check("dt auto is the documented 0.1 of the stable limit", out["dt"] == 0.1 * out["stable_dt"],
          f"dt {out['dt']:.6g} s, stable_dt {out['stable_dt']:.6g} s")
    expected_steps = math.ceil(scene["duration"] / out["dt"])
    check("duration becomes ceil(duration/dt) steps", out["steps"] == expected_steps, f"{out['steps']} steps")
    every = scene["record"]["every"]
    check("the CSV has a row every record.every steps, and the last", len(rows) == out["steps"] // every + 1 +
          (1 if out["steps"] % every else 0), f"{len(rows)} rows")
    columns = ["t"] + [f"ball.{q}" for q in ("x", "y", "z", "vx", "vy", "vz", "wx", "wy", "wz")] + \
        ["kinetic", "gravity", "springs", "elastic", "work", "balance_error"]
    missing = [c for c in columns if c not in rows[0]]
    check("the CSV has the documented columns", not missing, f"missing {missing}")
    keys = {"kinetic", "gravity", "springs", "elastic", "work", "balance_error"}
    check("the JSON energy has the documented keys", keys <= set(out["energy"]), f"{sorted(out['energy'])}")
    r0 = rows[0]
    k = scene["springs"][0]["stiffness"]
    stretch2 = sum((r0[f"ball.{q}"] - a) ** 2 for q, a in zip("xyz", scene["springs"][0]["anchor"]))
    check("the spring's energy at t_0 is k |x - anchor|^2 / 2", abs(r0["springs"] - k / 2 * stretch2) <= 4 * EPS * k * stretch2,
          f"{r0['springs']:.17g} J vs {k / 2 * stretch2:.17g} J")


def case_piston(lawcheck, d):
    """A wall moving at v_w hits a sphere at rest: an elastic bounce off an infinitely heavy body
    moving at v_w sends the sphere off at 2 v_w, and the wall's work is its kinetic energy,
    2 m v_w^2 (scene written here: the moving-boundary case of the format)."""
    vw, r, young, rho = 0.1, 0.01, 1e7, 2600.0
    scene = {"law": {"name": "linear"}, "materials": {"m": {"young": young, "density": rho}},
             "bodies": [{"id": "ball", "sphere": {"radius": r}, "material": "m", "position": [0.012, 0, 0]},
                        {"id": "piston", "wall": {"axis": "x", "position": 0}, "material": "m", "velocity": [vw, 0, 0]}],
             "dt": 2e-6, "duration": 0.03, "record": {"every": 10}}
    with tempfile.TemporaryDirectory() as tmp:
        p = os.path.join(tmp, "piston.json")
        with open(p, "w") as f:
            json.dump(scene, f)
        out, rows, _ = run(lawcheck, p)
    m = 4.0 / 3.0 * math.pi * r ** 3 * rho
    kn = young * math.pi * r * r / r  # sphere-wall: A = pi r^2, l1 + l2 = r (a wall has no length)
    eps_kink = 2 * (math.sqrt(kn / m) * out["dt"]) ** 2 / 4  # onset and release, of the impact's energy
    v = out["bodies"][0]["velocity"][0]
    check("the sphere leaves at twice the wall's speed", abs(v - 2 * vw) <= eps_kink * vw,
          f"v = {v:.12g} m/s, 2 v_w = {2 * vw} m/s, bound {eps_kink * vw:.3g}")
    work = out["energy"]["work"]
    check("the wall's work is the sphere's kinetic energy 2 m v_w^2", abs(work - 2 * m * vw ** 2) <= 4 * eps_kink * m * vw ** 2,
          f"work {work:.12g} J, 2 m v_w^2 = {2 * m * vw ** 2:.12g} J")
    check("the ledger with the wall's work closes within the kinks' bound", worst_balance(rows) <= eps_kink,
          f"largest |balance error| {worst_balance(rows):.3g} <= {eps_kink:.3g}")


CASES = {"cradle": case_cradle, "settling": case_settling, "oblique": case_oblique, "between": case_between,
         "hung": case_hung, "threads": case_threads, "format": case_format, "piston": case_piston}

if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[3] not in CASES:
        sys.exit(__doc__)
    CASES[sys.argv[3]](sys.argv[1], sys.argv[2])
    if failures:
        sys.exit(f"{len(failures)} check(s) failed: {failures}")
    print("all checks passed")
