# lawcheck_build_flags: the compile options and definitions that change what a lawcheck object is,
# as an INTERFACE target that every lawcheck library links PUBLIC. A target that links any of them
# (a test here, or a user's law through the installed package) compiles with the same flags, so
# Eigen's alignment, the contact loop's layout and every result bit agree across the objects.
#
# - -march=native (LAWCHECK_NATIVE, on by default): the contact loop's `omp simd` passes gather
#   the particles' data with AVX2/AVX-512 instructions, which the x86-64 baseline (SSE2) lacks
#   (benchmarks/README.md measures both). It also moves Eigen's largest alignment from 16 to 32 or
#   64 bytes: objects built with and without it disagree on the layout of every fixed-size Eigen
#   member, and mixing them crashes. Off: binaries for any x86-64.
# - -march=<ISA> (LAWCHECK_MARCH, e.g. x86-64-v3; empty by default; wins over LAWCHECK_NATIVE): a
#   named instruction set instead of this machine's, carried, probed and installed the same way. The
#   instruction-count gate (scripts/bench.sh --instructions) builds x86-64-v3 (AVX2, FMA, BMI2):
#   the passes vectorise as on an AVX2 host, and valgrind 3.19, which cannot decode AVX-512, runs
#   the binary on any x86-64-v3 host, an AVX-512 one included (a -march=native binary dies there
#   with SIGILL at its first EVEX instruction; the baseline, SSE2, keeps the passes scalar).
# - -ffp-contract=off: no FMA contraction, so a native build computes the bits a portable one does
#   and a test's rounding-level margins do not depend on the CPU.
# - -fno-math-errno: with errno GCC keeps the library's sqrt behind a branch for negative
#   arguments, and a loop with a call does not vectorise. Same results; only errno is no longer set
#   by math functions (nothing here reads it after one; strtod still sets it).
# - -fno-trapping-math: no floating-point operation is assumed to trap, so a select between two
#   computed values may compute both. Same results; nothing here enables traps or reads the flags.
# - -fopenmp-simd: `omp simd` is honoured with or without OpenMP's threads.
# - LAWCHECK_PASS_TIMES (off by default): time-stamp counter reads between the contact loop's block
#   passes (scripts/bench.sh --pass-times); it changes the simulation's scratch layout.
add_library(lawcheck_build_flags INTERFACE)
add_library(lawcheck::build_flags ALIAS lawcheck_build_flags)
set(lawcheck_carried_options -ffp-contract=off -fno-math-errno -fno-trapping-math -fopenmp-simd)
if(LAWCHECK_MARCH)
  if(NOT LAWCHECK_MARCH MATCHES "^[A-Za-z0-9._-]+$")
    message(FATAL_ERROR "lawcheck: LAWCHECK_MARCH = '${LAWCHECK_MARCH}': an -march name such as x86-64-v3")
  endif()
  list(PREPEND lawcheck_carried_options -march=${LAWCHECK_MARCH})
elseif(LAWCHECK_NATIVE)
  list(PREPEND lawcheck_carried_options -march=native)
endif()
target_compile_options(lawcheck_build_flags INTERFACE ${lawcheck_carried_options})
target_compile_features(lawcheck_build_flags INTERFACE cxx_std_20)
if(LAWCHECK_PASS_TIMES)
  target_compile_definitions(lawcheck_build_flags INTERFACE LAWCHECK_PASS_TIMES)
endif()

# What those flags make of the target machine, recorded in a header (core/build_config.hpp) that
# every solver header includes: a translation unit compiled with other flags (a consumer that
# overrides -march after lawcheck's, or builds without them at all) stops with an #error naming the
# option, instead of linking objects that disagree on Eigen's alignment and crash at run time.
# The probe asks the compiler which instruction sets and which Eigen alignment the flags give.
set(lawcheck_probe_source ${CMAKE_CURRENT_BINARY_DIR}/lawcheck_flags_probe.cpp)
file(WRITE ${lawcheck_probe_source} "#include <Eigen/Core>\nlawcheck_eigen_align = EIGEN_MAX_STATIC_ALIGN_BYTES ;\n")
get_target_property(lawcheck_eigen_include Eigen3::Eigen INTERFACE_INCLUDE_DIRECTORIES)
foreach(mode IN ITEMS -dM "")
  execute_process(
    COMMAND ${CMAKE_CXX_COMPILER} -std=c++20 ${lawcheck_carried_options} -I${lawcheck_eigen_include} ${mode} -E
            ${lawcheck_probe_source}
    OUTPUT_VARIABLE lawcheck_probe_out RESULT_VARIABLE lawcheck_probe_result ERROR_VARIABLE lawcheck_probe_error)
  if(NOT lawcheck_probe_result EQUAL 0)
    message(FATAL_ERROR "lawcheck: probing the compiler's target macros failed: ${lawcheck_probe_error}")
  endif()
  if(mode STREQUAL "-dM")
    set(lawcheck_probe_macros "${lawcheck_probe_out}")
  elseif(lawcheck_probe_out MATCHES "lawcheck_eigen_align = ([0-9]+) ;")
    set(LAWCHECK_BUILT_EIGEN_ALIGN ${CMAKE_MATCH_1})
  else()
    message(FATAL_ERROR "lawcheck: could not read Eigen's EIGEN_MAX_STATIC_ALIGN_BYTES under lawcheck's flags")
  endif()
endforeach()
function(lawcheck_probe_macro macro out)
  if(lawcheck_probe_macros MATCHES "#define ${macro} ([0-9]+)")
    set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
  else()
    set(${out} 0 PARENT_SCOPE)
  endif()
endfunction()
lawcheck_probe_macro(__AVX__ LAWCHECK_BUILT_AVX)
lawcheck_probe_macro(__AVX2__ LAWCHECK_BUILT_AVX2)
lawcheck_probe_macro(__AVX512F__ LAWCHECK_BUILT_AVX512F)
# A bad -march name fails the probe's compile above, at configure time. The probe cannot tell
# x86-64-v3 from a -march=native AVX2 CPU (the same macros, the same alignment), nor need it: the
# objects agree on every layout; only the bits a CPU-tuned GCC picks may differ, which
# -ffp-contract=off already pins.
if(LAWCHECK_MARCH)
  set(LAWCHECK_BUILT_MARCH "-march=${LAWCHECK_MARCH}")
elseif(LAWCHECK_NATIVE)
  set(LAWCHECK_BUILT_MARCH "-march=native")
else()
  set(LAWCHECK_BUILT_MARCH "no -march (the x86-64 baseline)")
endif()
set(lawcheck_generated_include ${CMAKE_CURRENT_BINARY_DIR}/generated)
configure_file(${CMAKE_CURRENT_LIST_DIR}/build_config.hpp.in ${lawcheck_generated_include}/core/build_config.hpp @ONLY)
message(STATUS "lawcheck: ${lawcheck_carried_options}: AVX ${LAWCHECK_BUILT_AVX}, AVX2 ${LAWCHECK_BUILT_AVX2}, "
               "AVX-512F ${LAWCHECK_BUILT_AVX512F}, Eigen alignment ${LAWCHECK_BUILT_EIGEN_ALIGN} bytes")
