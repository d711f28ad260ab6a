# ASan + UBSan for the whole tree when LAWCHECK_SANITIZE is on (scripts/test.sh runs the suite
# under it in CI). UBSan is made fatal so that a report fails the test instead of scrolling by.
if(LAWCHECK_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
