#!/usr/bin/python3
"""Cycles per contact of the contact loop's vector loops, by llvm-mca's model of the CPU
(benchmarks/README.md, "The regression gate"). Static and deterministic: it reads the
benchmark binary's machine code, so it resolves a change of a few cycles on a machine whose
wall-clock figures drift by +-25 %, and it tells a loop bound by its operations' throughput from
one bound by its chain of dependent operations (the two figures it prints).

usage: loop_cycles.py BENCHMARK_BINARY [--function SUBSTRING ...] [--mcpu NAME] [--iterations K]

For each function whose demangled name contains one of the substrings (default: the sphere pairs'
hot path, sphere_pair_kinematics, law_pass, sphere_pair_forces), every innermost loop of vector
code (a conditional backward branch with no other backward branch inside, >= 8 instructions on
ymm/zmm registers; a loop GCC unrolled fully is straight code, not listed) goes through `llvm-mca -mcpu=NAME -iterations=K` (default: the CPU GCC's
-march=native resolves to; 200). Printed per loop: instructions, the simulated cycles per
iteration, the throughput bound (llvm-mca's "Block RThroughput": the cycles if nothing waited for
anything), and cycles per contact (per iteration / lanes: 4 doubles per ymm, 8 per zmm). A loop
whose cycles are far above its throughput bound waits on its dependency chain.

llvm-mca comes with Debian's `llvm` package; like `lmp` for --vs-lammps it is an optional tool,
not a build dependency. Exit status 2 when it or objdump is missing, or no loop is found.
"""
import argparse
import re
import shutil
import subprocess
import sys

DEFAULT_FUNCTIONS = ["sphere_pair_kinematics", "law_pass", "sphere_pair_forces"]
HEADER = re.compile(r"^([0-9a-f]+) <(.*)>:$")
INSTRUCTION = re.compile(r"^\s+([0-9a-f]+):\s+(.*)$")
BRANCH = re.compile(r"^j\w+\s+([0-9a-f]+)")


def native_cpu():
    out = subprocess.run(["gcc", "-march=native", "-Q", "--help=target"], capture_output=True, text=True).stdout
    m = re.search(r"^\s+-march=\s+(\S+)", out, re.M)
    return m.group(1) if m else "native"


def functions(binary, wanted):
    """{demangled name: [(address, instruction text)]} of the functions matching `wanted`."""
    out = subprocess.run(["objdump", "-d", "-C", "--no-show-raw-insn", binary], capture_output=True, text=True,
                         check=True).stdout
    found, current = {}, None
    for line in out.splitlines():
        h = HEADER.match(line)
        if h:
            current = h.group(2) if any(w in h.group(2) for w in wanted) else None
            if current:
                found[current] = []
            continue
        i = INSTRUCTION.match(line)
        if current and i:
            found[current].append((int(i.group(1), 16), i.group(2)))
    return found


def innermost_vector_loops(code):
    loops = []
    for a, text in code:
        b = BRANCH.match(text)
        # a loop's back edge: a conditional branch backwards (a backward jmp is a jump into code
        # laid out earlier, e.g. a fully unrolled copy of a loop)
        if not b or text.startswith("jmp") or int(b.group(1), 16) >= a:
            continue
        start = int(b.group(1), 16)
        body = [(x, t) for x, t in code if start <= x <= a]
        inner = any(BRANCH.match(t) and int(BRANCH.match(t).group(1), 16) < x for x, t in body[:-1])
        vector = sum(("%ymm" in t or "%zmm" in t) for _, t in body)
        if not inner and vector >= 8:
            loops.append((start, body, 8 if any("%zmm" in t for _, t in body) else 4))
    return loops


def mca(body, cpu, iterations):
    lines = []
    for _, t in body:
        t = re.sub(r"<.*?>", "", re.sub(r"#.*", "", t)).strip()
        if t and not t.startswith("j"):  # the loop's branches: llvm-mca models straight-line code
            lines.append(t)
    p = subprocess.run(["llvm-mca", f"-mcpu={cpu}", f"-iterations={iterations}"], input="\n".join(lines) + "\n",
                       capture_output=True, text=True)
    cycles = re.search(r"Total Cycles:\s+(\d+)", p.stdout)
    bound = re.search(r"Block RThroughput:\s+([\d.]+)", p.stdout)
    if p.returncode != 0 or not cycles or not bound:
        sys.exit(f"loop_cycles.py: llvm-mca failed: {p.stderr.strip()[:300]}")
    return int(cycles.group(1)) / iterations, float(bound.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary")
    ap.add_argument("--function", action="append", help="substring of a demangled function name (repeatable)")
    ap.add_argument("--mcpu", default=None)
    ap.add_argument("--iterations", type=int, default=200)
    args = ap.parse_args()
    for tool in ("objdump", "llvm-mca", "gcc"):
        if not shutil.which(tool):
            print(f"loop_cycles.py: {tool} not found (llvm-mca: Debian package llvm)", file=sys.stderr)
            return 2
    cpu = args.mcpu or native_cpu()
    found = functions(args.binary, args.function or DEFAULT_FUNCTIONS)
    print(f"llvm-mca -mcpu={cpu}, {args.iterations} iterations per loop")
    total_loops = 0
    for name, code in found.items():
        loops = innermost_vector_loops(code)
        if not loops:
            continue
        total_loops += len(loops)
        print(f"\n{name[:150]}")
        print(f"  {'loop at':>10} {'instr':>6} {'cycles/iter':>12} {'bound':>7} {'cycles/contact':>15}")
        per_contact = 0.0
        for start, body, lanes in loops:
            cycles, bound = mca(body, cpu, args.iterations)
            per_contact += cycles / lanes
            print(f"  {start:>10x} {len(body):>6} {cycles:>12.1f} {bound:>7.1f} {cycles / lanes:>15.2f}")
        print(f"  {'all loops':>10} {'':>6} {'':>12} {'':>7} {per_contact:>15.2f}")
    if total_loops == 0:
        print("loop_cycles.py: no vector loop found in the functions asked for", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
