# Zero warnings under -Wall -Wextra -Wpedantic is a project rule; -Werror keeps it that way.
function(lawcheck_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror)
endfunction()
