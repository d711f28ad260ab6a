#!/usr/bin/env python3
"""Usage: lawtest_examples_test.py LAWCHECK EXAMPLES_DIR LAW

The example LawTester scenarios of examples/lawtest (one per built-in law) through
`lawcheck lawtest --csv`, each checked against the closed forms of its law computed here from the
scenario file. Stiffnesses with lawcheck's default rules (seed 000; docs/formats.md): two spheres
of radius r, A = pi r^2, l1 + l2 = 2 r, so kn = E A / (2 r) = pi E r / 2 and kt = ktDivKn kn.
Rounding bounds: a quantity summed over N steps of the history (the incremental forces, the work)
carries at most a few roundings a step: 16 N eps of its scale (linear growth, no cancellation
assumed). Every measurement is printed before it is asserted.
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


def history(lawcheck, path):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "h.csv")
        p = subprocess.run([lawcheck, "lawtest", path, "--csv", out], capture_output=True, text=True, timeout=60)
        print(p.stdout)
        if p.returncode != 0:
            sys.exit(f"lawcheck lawtest {path} exited {p.returncode}: {p.stderr}")
        with open(out, newline="") as f:
            return [{k: float(v) for k, v in r.items()} for r in csv.DictReader(f)]


def kn_of(scenario):
    r = scenario["radii"][0]
    return math.pi * scenario["materials"][0]["young"] * r / 2


def last_of_stage(rows, stage):
    return [r for r in rows if r["stage"] == stage][-1]


def balance(rows, kinds):
    n = len(rows)
    scale = max(abs(r["work"]) for r in rows)
    worst = max(abs(r["work"] - r["elastic"] - sum(r[k] for k in kinds)) for r in rows)
    return worst, 16 * n * EPS * scale


def case_linear(lawcheck, d):
    s = json.load(open(os.path.join(d, "linear.json")))
    rows = history(lawcheck, os.path.join(d, "linear.json"))
    kn = kn_of(s)
    kt = s["materials"][0]["ktDivKn"] * kn
    tan_phi = s["materials"][0]["tanPhi"]
    c = last_of_stage(rows, 0)
    n = len(rows)
    check("compressed: Fn = kn uN (seed 000 eq. (3))", abs(c["Fn"] - kn * c["uN"]) <= 16 * EPS * abs(kn * c["uN"]),
          f"Fn {c['Fn']:.17g} N, kn uN = {kn * c['uN']:.17g} N")
    e = last_of_stage(rows, 1)
    fy = tan_phi * abs(e["Fn"])
    check("sheared past yield: |Ft| = tanPhi |Fn| (Coulomb)", abs(abs(e["Fy"]) - fy) <= 16 * n * EPS * fy,
          f"|Ft| {abs(e['Fy']):.17g} N, tanPhi |Fn| = {fy:.17g} N")
    # 1D slip at constant Fn: D = Fy (u_t - Fy/kt); the step that crosses yield errs by at most
    # kt du^2 / 2 (du = one step's tangential increment, the part of it booked at the wrong force).
    du = s["stages"][1]["values"][1] * s["dt"]
    slip_d = fy * (abs(e["uy"]) - fy / kt)
    check("dissipated = Fy (u_t - Fy/kt) (exact 1D slip)", abs(e["plastic_shear"] - slip_d) <= kt * du * du / 2,
          f"plastic_shear {e['plastic_shear']:.12g} J, closed form {slip_d:.12g} J, bound {kt * du * du / 2:.3g}")
    worst, bound = balance(rows, ["plastic_shear", "released"])
    check("the balance work - elastic - dissipated closes to rounding", worst <= bound, f"{worst:.3g} <= {bound:.3g}")


def case_linel6(lawcheck, d):
    s = json.load(open(os.path.join(d, "linel6.json")))
    rows = history(lawcheck, os.path.join(d, "linel6.json"))
    kn = kn_of(s)
    l = s["law"]["charLen"]
    kw = kn * l * l  # the default rotationalStiffness "squared": kw = kn l^2
    t = last_of_stage(rows, 1)
    n = len(rows)
    check("twisted: |Tx| = kn l^2 |rx|", abs(abs(t["Tx"]) - kw * abs(t["rx"])) <= 16 * n * EPS * kw * abs(t["rx"]),
          f"|Tx| {abs(t['Tx']):.17g} N m, kw |rx| = {kw * abs(t['rx']):.17g} N m")
    e_closed = kn * t["uN"] ** 2 / 2 + kw * t["rx"] ** 2 / 2
    check("elastic = kn uN^2/2 + kw rx^2/2", abs(t["elastic"] - e_closed) <= 16 * n * EPS * e_closed,
          f"{t['elastic']:.17g} J vs {e_closed:.17g} J")
    u = last_of_stage(rows, 2)
    check("untwisted: the twist's work comes back (purely elastic)", abs(u["work"] - kn * u["uN"] ** 2 / 2) <= 16 * n * EPS * t["work"],
          f"work {u['work']:.17g} J, kn uN^2/2 = {kn * u['uN'] ** 2 / 2:.17g} J")
    worst, bound = balance(rows, ["released"])
    check("the balance work - elastic - dissipated closes to rounding", worst <= bound, f"{worst:.3g} <= {bound:.3g}")


def case_ice(lawcheck, d):
    s = json.load(open(os.path.join(d, "ice.json")))
    rows = history(lawcheck, os.path.join(d, "ice.json"))
    kn = kn_of(s)
    r = s["radii"][0]
    fb = s["materials"][0]["cohesionN"] * math.pi * r * r  # seed 002: F_nb = c_n A
    du = s["stages"][0]["values"][0] * s["dt"]
    peak = max(row["Fn"] for row in rows)
    # The bond breaks at the first step whose tension exceeds F_nb: the largest tension held lies
    # within one step's increment kn du below it.
    check("the normal bond holds up to c_n A and breaks there", fb - kn * du <= peak <= fb,
          f"largest tension {peak:.12g} N, c_n A = {fb:.12g} N, one step kn du = {kn * du:.3g} N")
    last = rows[-1]
    check("broken: no force, no elastic energy", last["Fn"] == 0 and last["elastic"] == 0,
          f"Fn {last['Fn']}, elastic {last['elastic']}")
    # Released: the spring's energy at breakage, between the last step it held, peak^2/(2 kn), and
    # the step that broke it, one increment further, (peak + kn du)^2/(2 kn).
    low, high = peak ** 2 / (2 * kn), (peak + kn * du) ** 2 / (2 * kn)
    check("the energy released is the bond's elastic energy at breakage, Fn^2/(2 kn)",
          low * (1 - 16 * EPS) <= last["released"] <= high * (1 + 16 * EPS),
          f"released {last['released']:.12g} J in [{low:.12g}, {high:.12g}] J")
    worst, bound = balance(rows, ["plastic_shear", "plastic_twist", "plastic_rolling", "released"])
    check("the balance work - elastic - dissipated closes to rounding", worst <= bound, f"{worst:.3g} <= {bound:.3g}")


def case_exudyn(lawcheck, d):
    s = json.load(open(os.path.join(d, "exudyn.json")))
    rows = history(lawcheck, os.path.join(d, "exudyn.json"))
    law = s["law"]
    k, n_exp = law["contactStiffness"], law["contactStiffnessExponent"]
    last = rows[-1]
    delta = -last["uN"]
    check("compressed: |Fn| = k delta^n (seed 003, e = 1: no hysteresis)",
          abs(abs(last["Fn"]) - k * delta ** n_exp) <= 16 * EPS * k * delta ** n_exp,
          f"|Fn| {abs(last['Fn']):.17g} N, k delta^n = {k * delta ** n_exp:.17g} N")
    e_closed = k * delta ** (n_exp + 1) / (n_exp + 1)
    check("elastic = k delta^(n+1)/(n+1)", abs(last["elastic"] - e_closed) <= 16 * EPS * e_closed,
          f"{last['elastic']:.17g} J vs {e_closed:.17g} J")
    # The work is the trapezoid of F over the steps of h; for F = k x^n its error is, by
    # Euler-Maclaurin, h^2/12 (F'(delta) - F'(0)) = h^2 k n delta^(n-1)/12, i.e.
    # n (n + 1)/12 (h/delta)^2 of the elastic energy (0.3125 (h/delta)^2 at n = 3/2): second order.
    h = abs(s["stages"][0]["values"][0]) * s["dt"]
    predicted = n_exp * (n_exp + 1) / 12 * (h / delta) ** 2 * e_closed
    err = last["work"] - last["elastic"]
    check("work - elastic is the trapezoid's second-order error", abs(err - predicted) <= 0.01 * predicted,
          f"{err:.6g} J, Euler-Maclaurin h^2 k n delta^(n-1)/12 = {predicted:.6g} J")


def case_hertz_mindlin(lawcheck, d):
    s = json.load(open(os.path.join(d, "hertz_mindlin.json")))
    rows = history(lawcheck, os.path.join(d, "hertz_mindlin.json"))
    m, r = s["materials"][0], s["radii"][0]
    young, nu = m["young"], m["poisson"]
    # Two equal spheres (laws/hertz_mindlin_law.hpp): E* = E / (2 (1 - nu^2)), R* = r / 2,
    # G* = 1 / (2 * 2 (2 - nu)(1 + nu) / E).
    e_star, r_star = young / (2 * (1 - nu * nu)), r / 2
    g_star = 1 / (4 * (2 - nu) * (1 + nu) / young)
    k = 4 / 3 * e_star * math.sqrt(r_star)
    end = last_of_stage(rows, 0)
    delta = -end["uN"]
    check("compressed: |Fn| = 4/3 E* sqrt(R*) delta^(3/2) (Hertz)",
          abs(abs(end["Fn"]) - k * delta ** 1.5) <= 16 * EPS * k * delta ** 1.5,
          f"|Fn| {abs(end['Fn']):.17g} N, Hertz {k * delta ** 1.5:.17g} N")
    e_closed = 2 / 5 * k * delta ** 2.5
    check("elastic = 8/15 E* sqrt(R*) delta^(5/2)", abs(end["elastic"] - e_closed) <= 16 * EPS * e_closed,
          f"{end['elastic']:.17g} J vs {e_closed:.17g} J")
    # The trapezoid's error on F = k x^(3/2) (as for exudyn above): n (n + 1)/12 (h/delta)^2 of E.
    h = abs(s["stages"][0]["values"][0]) * s["dt"]
    predicted = 1.5 * 2.5 / 12 * (h / delta) ** 2 * e_closed
    err = end["work"] - end["elastic"]
    check("work - elastic is the trapezoid's second-order error", abs(err - predicted) <= 0.01 * predicted,
          f"{err:.6g} J, Euler-Maclaurin = {predicted:.6g} J")
    # Shear at (rounding-)constant delta, sticking: the incremental force is k_t u_t with Mindlin's
    # k_t = 8 G* sqrt(R* delta). Bound: 16 N eps of the force (the increments' roundings) plus the
    # drift of delta over the stage (k_t ~ delta^(1/2): half its relative spread).
    shear = [row for row in rows if row["stage"] == 1]
    last = shear[-1]
    deltas = [-row["uN"] for row in shear]
    spread = (max(deltas) - min(deltas)) / min(deltas)
    kt = 8 * g_star * math.sqrt(r_star * delta)
    ft = kt * last["uy"]
    bound = (16 * len(shear) * EPS + spread / 2) * abs(ft)
    check("sheared, sticking: Ft = 8 G* sqrt(R* delta) u_t (Mindlin)", abs(last["Fy"] - ft) <= bound,
          f"Fy {last['Fy']:.17g} N, Mindlin {ft:.17g} N (bound {bound:.3g} N)")
    check("sticking: |Ft| below the cap mu F_H", abs(last["Fy"]) < m["friction"] * k * delta ** 1.5,
          f"{abs(last['Fy']):.6g} N < {m['friction'] * k * delta ** 1.5:.6g} N")
    e_total = 2 / 5 * k * delta ** 2.5 + ft * ft / (2 * kt)
    check("elastic = Hertz's + Ft^2 / (2 k_t)", abs(last["elastic"] - e_total) <= bound / abs(ft) * e_total + 16 * EPS * e_total,
          f"{last['elastic']:.17g} J vs {e_total:.17g} J")
    worst, bnd = balance(rows, ["plastic_shear", "viscous", "released"])
    worst_rel = worst / max(abs(row["work"]) for row in rows)
    # The normal spring is booked by its exact potential, the work by the trapezoid: the balance
    # closes to the compress stage's trapezoid error, predicted above.
    check("the balance work - elastic - dissipated is the compression's trapezoid error",
          worst <= 1.01 * predicted + bnd, f"{worst:.3g} J ({worst_rel:.3g} of the work) <= {1.01 * predicted + bnd:.3g} J")


CASES = {"linear": case_linear, "linel6": case_linel6, "ice": case_ice, "exudyn": case_exudyn,
         "hertz_mindlin": case_hertz_mindlin}

if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[3] not in CASES:
        sys.exit(__doc__)
    CASES[sys.argv[3]](sys.argv[1], sys.argv[2])
    if failures:
        sys.exit(f"{len(failures)} check(s) failed: {failures}")
    print("all checks passed")
