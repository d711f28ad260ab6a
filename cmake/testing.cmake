# lawcheck_test(NAME name SOURCES a.cpp ... LIBS lib ... LABELS label ...)
# One GoogleTest executable whose test cases are discovered into CTest one by one, so each
# test's name (a sentence of what it proves) is a ctest entry of its own.
#
# Build time: every test source parses GoogleTest, RapidCheck, Eigen and Boost.Multiprecision,
# ~4 s of a CPU each. They are parsed once into a precompiled header that every test target
# reuses (lawcheck_test_pch links the same libraries, so its flags and macros match).
add_library(lawcheck_test_pch OBJECT ${CMAKE_CURRENT_LIST_DIR}/test_pch.cpp)
target_precompile_headers(lawcheck_test_pch PRIVATE
  <gtest/gtest.h> <rapidcheck.h> <rapidcheck/gtest.h>
  <Eigen/Core> <Eigen/Geometry> <boost/multiprecision/cpp_bin_float.hpp> <boost/multiprecision/eigen.hpp>
  <boost/math/constants/constants.hpp> <algorithm> <cmath> <functional> <string> <vector>)
lawcheck_warnings(lawcheck_test_pch)
# What the header needs, linked by the header's target and by every test target alike so that
# the compile flags and predefined macros match (GCC refuses a header built with others:
# -Winvalid-pch, an error under -Werror). Linking them adds include paths and flags only: an
# oracle test still cannot include the solver.
add_library(lawcheck_test_toolchain INTERFACE)
target_link_libraries(lawcheck_test_toolchain INTERFACE lawcheck::build_flags Eigen3::Eigen Boost::headers GTest::gtest rapidcheck
                      rapidcheck_gtest $<$<BOOL:${OpenMP_CXX_FOUND}>:OpenMP::OpenMP_CXX>)
target_link_libraries(lawcheck_test_pch PRIVATE lawcheck_test_toolchain)

function(lawcheck_test)
  cmake_parse_arguments(T "" "NAME" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE ${T_LIBS} lawcheck_test_toolchain GTest::gtest_main)
  lawcheck_warnings(${T_NAME})
  target_precompile_headers(${T_NAME} REUSE_FROM lawcheck_test_pch)
  # OMP_WAIT_POLICY=passive: ctest -j runs tests side by side on few cores, and GOMP's default
  # spinning at barriers then costs orders of magnitude in wall time (the two-thread test: 4 s
  # passive against 60 s spinning on an oversubscribed machine).
  gtest_discover_tests(${T_NAME} PROPERTIES LABELS "${T_LABELS}" ENVIRONMENT OMP_WAIT_POLICY=passive
                       DISCOVERY_TIMEOUT 60)
endfunction()
