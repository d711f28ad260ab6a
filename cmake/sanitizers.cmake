# ASan + UBSan for the whole tree when LAWCHECK_SANITIZE is on (scripts/test.sh runs the suite
# under it in CI). UBSan is made fatal so that a report fails the test instead of scrolling by.
#
# UBSan's checks, chosen for CI time (measured on linear_coulomb_properties_test.cpp, one CPU,
# -O1 -g1: 24 s without sanitizers, 67 s with address,undefined, 46 s as below):
# - off: vptr (dynamic-type checks of polymorphic classes: lawcheck has no virtual function and no
#   dynamic_cast, so it instruments GoogleTest and RapidCheck only; 12 s of the 67), null (a null
#   dereference is a SEGV that ASan reports with its stack anyway) and alignment (a misaligned
#   aligned-SIMD access faults and ASan reports it; 14 s of the 67);
# - on: float-cast-overflow, which -fsanitize=undefined leaves out in GCC and which matters most in
#   a numerical code: a double converted to an integer it does not fit (a step count from 1e300).
if(LAWCHECK_SANITIZE)
  set(lawcheck_sanitizers -fsanitize=address,undefined,float-cast-overflow -fno-sanitize=vptr,null,alignment)
  add_compile_options(${lawcheck_sanitizers} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(${lawcheck_sanitizers})
endif()
