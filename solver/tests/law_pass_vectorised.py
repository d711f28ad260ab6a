#!/usr/bin/python3
"""Fails when the linear law's pass is no longer vectorised (ctest LawPass.LinearLawPassIsVectorised).

usage: law_pass_vectorised.py OBJECT [--function SUBSTRING ...]

Reads the machine code of law_pass_vector_probe.cpp's object (objdump -d -C) and, for each function
whose demangled name contains a SUBSTRING (default: the linear law's law_pass, energy off and on),
requires one innermost loop (a conditional backward branch with no other backward branch inside)
that does the law's arithmetic on packed doubles:
  - a packed square root ((v)sqrtpd): the linear law takes one square root per contact (the
    tangential force's norm for the Coulomb cap), so only a loop doing several contacts per
    iteration packs it; a scalar loop shows (v)sqrtsd, and GCC's straight-line (SLP) vectoriser,
    which packs a few independent operations of one contact, has no second square root to pair
    it with;
  - at least 90 % of the loop's double arithmetic (add, sub, mul, div, sqrt, min, max, FMA) packed:
    a vectorised loop has none scalar (the measured figure: 100 %; GCC's scalar remainder runs as
    a separate loop after it), a scalar one at most the few SLP pairs.
Any register width counts (ymm with AVX2, zmm with AVX-512; GCC may mix both): the check holds
for a native build on an AVX2 and on an AVX-512 host. A portable SSE2 build keeps the pass scalar
(GCC 12's cost model), and its ctest is not registered (solver/tests/CMakeLists.txt).

Why the machine code and not GCC's -fopt-info-vec: the report names source lines of a header
that every edit moves, and speaks of loops the optimiser later removes or of versions of the loop
that never run; the object is what runs. Why a square root and a share and not an instruction
count: counts move with the compiler version and the ISA, the share of packed arithmetic does not.
Exit: 0 vectorised, 1 not (one line per function, with the loops' counts), 2 no such function or no
objdump.
"""
import argparse
import re
import shutil
import subprocess
import sys

HEADER = re.compile(r"^[0-9a-f]+ <(.*)>:$")
INSTRUCTION = re.compile(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$")
BRANCH = re.compile(r"^j(?!mp)\w+$")
ARITHMETIC = re.compile(r"^v?(add|sub|mul|div|sqrt|min|max|f\w*madd\w*|f\w*msub\w*)(pd|sd)$")
DEFAULT_FUNCTIONS = ["law_pass<false, lawcheck::LinearCoulombLaw<double>",
                     "law_pass<true, lawcheck::LinearCoulombLaw<double>"]
MIN_PACKED_SHARE = 0.9


def functions(obj, wanted):
    run = subprocess.run(["objdump", "-d", "-C", "--no-show-raw-insn", obj], capture_output=True, text=True)
    if run.returncode != 0:
        print(f"law_pass_vectorised.py: objdump cannot read {obj}: {run.stderr.strip()[:200]}", file=sys.stderr)
        sys.exit(2)
    out = run.stdout
    found, current = {}, None
    for line in out.splitlines():
        h = HEADER.match(line)
        if h:
            current = next((w for w in wanted if w in h.group(1)), None)
            if current:
                found.setdefault(current, [])
            continue
        i = INSTRUCTION.match(line)
        if current and i:
            found[current].append((int(i.group(1), 16), i.group(2), i.group(3)))
    return found


def innermost_loops(code):
    """[(start, [(address, mnemonic, operands)])] of the innermost loops of a function."""
    def target(operands):
        m = re.match(r"([0-9a-f]+)", operands)
        return int(m.group(1), 16) if m else None
    loops = []
    for a, mnemonic, operands in code:
        t = target(operands) if BRANCH.match(mnemonic) else None
        if t is None or t >= a:
            continue
        body = [x for x in code if t <= x[0] <= a]
        inner = any(BRANCH.match(m) and target(o) is not None and target(o) < x for x, m, o in body[:-1])
        if not inner:
            loops.append((t, body))
    return loops


def census(body):
    packed = sum(1 for _, m, _ in body if ARITHMETIC.match(m) and m.endswith("pd"))
    scalar = sum(1 for _, m, _ in body if ARITHMETIC.match(m) and m.endswith("sd"))
    sqrt_packed = any(re.match(r"^v?sqrtpd$", m) for _, m, _ in body)
    return packed, scalar, sqrt_packed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("object")
    ap.add_argument("--function", action="append")
    args = ap.parse_args()
    if not shutil.which("objdump"):
        print("law_pass_vectorised.py: objdump not found (Debian package binutils)", file=sys.stderr)
        return 2
    wanted = args.function or DEFAULT_FUNCTIONS
    found = functions(args.object, wanted)
    failed = False
    for w in wanted:
        if w not in found:
            print(f"law_pass_vectorised.py: no function matching '{w}' in {args.object}", file=sys.stderr)
            return 2
        loops = innermost_loops(found[w])
        counts = [(start, *census(body)) for start, body in loops]
        vector = [c for c in counts if c[3] and c[1] >= MIN_PACKED_SHARE * (c[1] + c[2])]
        described = ", ".join(f"loop at {s:x}: {p} packed / {q} scalar double ops, packed sqrt {'yes' if r else 'no'}"
                              for s, p, q, r in counts if p + q > 0) or "no loop with double arithmetic"
        if vector:
            print(f"vectorised: {w}...: {described}")
        else:
            failed = True
            print(f"NOT VECTORISED: {w}...: no innermost loop with a packed square root and >= "
                  f"{MIN_PACKED_SHARE:.0%} of its double arithmetic packed ({described})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
