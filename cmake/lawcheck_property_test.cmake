# lawcheck_property_test(NAME target SOURCES a.cpp ... [LIBS lib ...] [LABELS label ...])
#
# A law's property suites (the kit's LAWCHECK_*_PROPERTY_SUITE macros, properties/README.md) as one
# GoogleTest executable linked to lawcheck::properties (which carries lawcheck's compile flags),
# each property discovered as a ctest entry of its own and labelled `properties` (plus LABELS).
# Each property runs 1000 cases unless RC_PARAMS says otherwise.
include_guard(GLOBAL)
include(GoogleTest)

function(lawcheck_property_test)
  cmake_parse_arguments(T "" "NAME" "SOURCES;LIBS;LABELS" ${ARGN})
  if(NOT T_NAME OR NOT T_SOURCES)
    message(FATAL_ERROR "lawcheck_property_test: NAME and SOURCES are required")
  endif()
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE ${T_LIBS} lawcheck::properties GTest::gtest_main)
  # OMP_WAIT_POLICY=passive: ctest -j runs tests side by side on few cores, and GOMP's default
  # spinning at barriers then costs orders of magnitude in wall time.
  gtest_discover_tests(${T_NAME} PROPERTIES LABELS "properties;${T_LABELS}" ENVIRONMENT OMP_WAIT_POLICY=passive
                       DISCOVERY_TIMEOUT 60)
endfunction()
