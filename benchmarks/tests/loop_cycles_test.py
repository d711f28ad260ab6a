#!/usr/bin/python3
"""Checks of benchmarks/loop_cycles.py's loop finding on hand-written objdump listings (no
llvm-mca needed): which backward branches it takes for an innermost vector loop. Usage:
loop_cycles_test.py CASE (one ctest per case).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from loop_cycles import innermost_vector_loops  # noqa: E402


def listing(rows):
    """[(address, text)] from 'address: text' lines."""
    return [(int(a, 16), t.strip()) for a, t in (r.split(":", 1) for r in rows)]


def vector_body(start, n, reg="ymm"):
    return [f"{start + 4 * i:x}: vaddpd %{reg}1,%{reg}2,%{reg}3" for i in range(n)]


def inner_loop_only():
    # an outer loop (100 -> 200) around an inner vector loop (110 -> 150): only the inner one
    rows = ["100: mov %rax,%rbx"] + vector_body(0x110, 16) + ["150: jne 110", "160: add $1,%rcx",
                                                                 "200: jne 100"]
    loops = innermost_vector_loops(listing(rows))
    assert [(s, l) for s, _, l in loops] == [(0x110, 4)], loops
    assert len(loops[0][1]) == 17, len(loops[0][1])  # 16 vector instructions and the branch


def backward_jmp_is_not_a_loop():
    # a fully unrolled copy reached by a backward jmp, then a conditional branch forward
    rows = vector_body(0x100, 16) + ["140: je 300", "200: jmp 100"]
    assert innermost_vector_loops(listing(rows)) == []


def scalar_loop_is_skipped_and_zmm_has_8_lanes():
    rows = [f"{0x100 + 4 * i:x}: vmovsd (%rax),%xmm0" for i in range(20)] + ["150: jne 100"]
    rows += vector_body(0x200, 10, "zmm") + ["230: jne 200"]
    loops = innermost_vector_loops(listing(rows))
    assert [(s, l) for s, _, l in loops] == [(0x200, 8)], loops


CASES = {f.__name__: f for f in (inner_loop_only, backward_jmp_is_not_a_loop,
                                 scalar_loop_is_skipped_and_zmm_has_8_lanes)}

if __name__ == "__main__":
    CASES[sys.argv[1]]()
    print(f"{sys.argv[1]}: ok")
