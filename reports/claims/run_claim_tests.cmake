# The ledger's own check (ctest Claims.EveryNamedTestExistsAndPasses, label `claims`): every test
# named in claims.json exists in the build tree, is not disabled, and passes.
#   cmake -DLEDGER=claims.json -DBUILD=<build dir> -DCTEST=<ctest> -DWORK=<scratch dir> -P run_claim_tests.cmake
# The named tests run through one nested ctest, `ctest -R '^(name1|name2|...)$'`, so each keeps
# its own properties (WILL_FAIL, PASS_REGULAR_EXPRESSION, environment, working directory). The
# nested ctest is started in WORK, whose CTestTestfile.cmake only points at BUILD (subdirs with an
# absolute path): the test tree is the build's, but the nested run writes its Testing/ logs into
# WORK instead of overwriting those of the ctest run that started it.

cmake_minimum_required(VERSION 3.25)  # string(JSON), IN_LIST

foreach(var LEDGER BUILD CTEST WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_claim_tests.cmake: -D${var}=... is required")
  endif()
endforeach()

# The test names of the ledger, once each (the loader has already checked that a name has only
# letters, digits, '_' and '.': the ledger's gtest ClaimsLedger.* fails otherwise).
file(READ "${LEDGER}" ledger)
string(JSON n_claims LENGTH "${ledger}" claims)
set(names)
math(EXPR last "${n_claims} - 1")
foreach(i RANGE ${last})
  string(JSON n_tests ERROR_VARIABLE no_tests LENGTH "${ledger}" claims ${i} tests)
  if(no_tests OR n_tests EQUAL 0)
    continue()
  endif()
  math(EXPR last_test "${n_tests} - 1")
  foreach(k RANGE ${last_test})
    string(JSON name GET "${ledger}" claims ${i} tests ${k})
    list(APPEND names "${name}")
  endforeach()
endforeach()
list(REMOVE_DUPLICATES names)
list(LENGTH names n_names)
if(n_names EQUAL 0)
  message(FATAL_ERROR "the ledger ${LEDGER} names no test")
endif()

file(MAKE_DIRECTORY "${WORK}")
file(WRITE "${WORK}/CTestTestfile.cmake" "subdirs(\"${BUILD}\")\n")

# 1. Every name exists and is not disabled.
execute_process(COMMAND "${CTEST}" -N WORKING_DIRECTORY "${WORK}" OUTPUT_VARIABLE listing RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ctest -N in ${BUILD} failed (${rc})")
endif()
string(REPLACE "\n" ";" lines "${listing}")
set(known)
set(disabled)
foreach(line IN LISTS lines)
  if(line MATCHES "Test +#[0-9]+: ([^ ]+)( \\(Disabled\\))?$")
    list(APPEND known "${CMAKE_MATCH_1}")
    if(CMAKE_MATCH_2)
      list(APPEND disabled "${CMAKE_MATCH_1}")
    endif()
  endif()
endforeach()
set(missing)
set(off)
foreach(name IN LISTS names)
  if(NOT name IN_LIST known)
    list(APPEND missing "${name}")
  elseif(name IN_LIST disabled)
    list(APPEND off "${name}")
  endif()
endforeach()
set(problems "")
if(missing)
  string(REPLACE ";" "\n  " missing_text "${missing}")
  string(APPEND problems "tests that do not exist in ${BUILD}:\n  ${missing_text}\n")
endif()
if(off)
  string(REPLACE ";" "\n  " off_text "${off}")
  string(APPEND problems "tests that are disabled:\n  ${off_text}\n")
endif()
if(problems)
  message(FATAL_ERROR "the ledger ${LEDGER} names ${problems}")
endif()

# 2. Every named test passes: one nested ctest over exactly those names.
set(alternatives)
foreach(name IN LISTS names)
  string(REPLACE "." "\\." escaped "${name}")
  list(APPEND alternatives "${escaped}")
endforeach()
string(REPLACE ";" "|" regex "${alternatives}")
execute_process(COMMAND "${CTEST}" --output-on-failure -R "^(${regex})$"
                WORKING_DIRECTORY "${WORK}" OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}${err}")
if(out MATCHES "tests passed, ([0-9]+) tests failed out of ([0-9]+)")
  set(failed ${CMAKE_MATCH_1})
  set(ran ${CMAKE_MATCH_2})
else()
  message(FATAL_ERROR "could not read the nested ctest's summary")
endif()
if(NOT rc EQUAL 0 OR NOT failed EQUAL 0)
  message(FATAL_ERROR "${failed} of the ledger's ${ran} tests failed (list above)")
endif()
if(NOT ran EQUAL n_names)
  message(FATAL_ERROR "the ledger names ${n_names} tests but ${ran} ran")
endif()
message("claims ledger: all ${n_names} named tests exist and pass")
