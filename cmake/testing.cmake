# lawcheck_test(NAME name SOURCES a.cpp ... LIBS lib ... LABELS label ...)
# One GoogleTest executable whose test cases are discovered into CTest one by one, so each
# test's name (a sentence of what it proves) is a ctest entry of its own.
function(lawcheck_test)
  cmake_parse_arguments(T "" "NAME" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE ${T_LIBS} GTest::gtest GTest::gtest_main)
  lawcheck_warnings(${T_NAME})
  gtest_discover_tests(${T_NAME} PROPERTIES LABELS "${T_LABELS}" DISCOVERY_TIMEOUT 60)
endfunction()
