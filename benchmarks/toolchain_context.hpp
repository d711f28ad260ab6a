#pragma once
// The toolchain a benchmark binary was built with, in Google Benchmark's JSON context
// (lawcheck_compiler, lawcheck_march, lawcheck_libraries): an instruction count is a property of
// the machine code, so the instruction-count gate (benchmarks/instruction_gate.py) compares two
// counts only when these agree, and asks for a re-baseline otherwise.

namespace lawcheck::benchmarks {

// Adds the context once per process (every suite's registration calls it).
void record_toolchain_context();

}  // namespace lawcheck::benchmarks
