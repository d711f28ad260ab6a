# lawcheck_add_law_benchmarks(TARGET name SOURCES a.cpp ... [LAWS law ...] [SMOKE_FILTER regex]
#                             [BASELINE file [FILTER regex]])
# A benchmark executable for one's own contact laws (benchmarks/law_benchmarks.hpp: the sources
# register them with register_law_benchmarks), linked to lawcheck::benchmarks and Google
# Benchmark's main, with
#   - a ctest `<name>.smoke` (label benchmark): every benchmark once at its smallest size
#     (SMOKE_FILTER, default the suites' smallest: /n:1000/ and /spheres:1000), through
#     benchmarks/smoke_run.py, which fails on a crash, a benchmark's error, a non-finite figure,
#     or a law of LAWS without its law_kernel and contact_step benchmarks;
#   - with BASELINE, targets `<name>_baseline` and `<name>_gate` (not built by default):
#     benchmarks/law_bench.py records BASELINE from the benchmarks FILTER selects (default all;
#     9 repetitions: run it on a quiet machine and commit the file), or compares a new run with it
#     and fails on a regression (> 10 % slower with U-test p < 0.05). The same script runs by hand
#     with --binary and --baseline.
# The packings the contact step runs on are settled once and cached in <build>/bench-cache
# (LAWCHECK_BENCH_CACHE, benchmarks/packing_cache.hpp).
#
# LAWCHECK_BENCHMARK_SCRIPTS: where smoke_run.py, law_bench.py and regression_gate.py live
# (default: lawcheck's benchmarks/ folder next to this file's).
if(NOT DEFINED LAWCHECK_BENCHMARK_SCRIPTS)
  get_filename_component(LAWCHECK_BENCHMARK_SCRIPTS "${CMAKE_CURRENT_LIST_DIR}/../benchmarks" ABSOLUTE)
endif()

function(lawcheck_add_law_benchmarks)
  cmake_parse_arguments(B "" "TARGET;SMOKE_FILTER;BASELINE;FILTER" "SOURCES;LAWS" ${ARGN})
  if(NOT B_TARGET OR NOT B_SOURCES)
    message(FATAL_ERROR "lawcheck_add_law_benchmarks: TARGET and SOURCES are required")
  endif()
  if(NOT B_SMOKE_FILTER)
    set(B_SMOKE_FILTER "/n:1000/|/spheres:1000(/|$)")
  endif()
  if(NOT B_FILTER)
    set(B_FILTER ".")
  endif()
  add_executable(${B_TARGET} ${B_SOURCES})
  target_link_libraries(${B_TARGET} PRIVATE lawcheck::benchmarks benchmark::benchmark_main)

  set(laws)
  foreach(law IN LISTS B_LAWS)
    list(APPEND laws --law ${law})
  endforeach()
  set(cache "LAWCHECK_BENCH_CACHE=${CMAKE_BINARY_DIR}/bench-cache")
  add_test(NAME ${B_TARGET}.smoke
    COMMAND /usr/bin/python3 ${LAWCHECK_BENCHMARK_SCRIPTS}/smoke_run.py --binary $<TARGET_FILE:${B_TARGET}>
            --filter "${B_SMOKE_FILTER}" ${laws})
  # OMP_WAIT_POLICY=passive: ctest -j runs tests side by side, and OpenMP's spinning threads would
  # steal the cores (cmake/testing.cmake).
  set_tests_properties(${B_TARGET}.smoke PROPERTIES LABELS benchmark
                       ENVIRONMENT "${cache};OMP_WAIT_POLICY=passive")

  if(B_BASELINE)
    set(gate /usr/bin/python3 ${LAWCHECK_BENCHMARK_SCRIPTS}/law_bench.py --binary $<TARGET_FILE:${B_TARGET}>
             --baseline ${B_BASELINE} --filter ${B_FILTER} --out ${CMAKE_CURRENT_BINARY_DIR}/${B_TARGET}-results)
    add_custom_target(${B_TARGET}_baseline
      COMMAND ${CMAKE_COMMAND} -E env ${cache} ${gate} --refresh-baseline
      DEPENDS ${B_TARGET} USES_TERMINAL VERBATIM)
    add_custom_target(${B_TARGET}_gate
      COMMAND ${CMAKE_COMMAND} -E env ${cache} ${gate}
      DEPENDS ${B_TARGET} USES_TERMINAL VERBATIM)
  endif()
endfunction()
