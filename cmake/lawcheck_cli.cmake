# lawcheck_add_cli(TARGET name LAWS_HEADER header.hpp [LIBS lib ...])
#
# Your own `lawcheck` program: every command of lawcheck's, with your laws registered beside the
# four built-in ones (`laws`, `lawtest`, `impact`, `run` know them by name). LAWS_HEADER (a path, or a
# name on the include path of LIBS) defines
#     namespace lawcheck::cli { using ExtraLaws = std::tuple<MyLaw<double>>; }
# and specialises lawcheck::cli::LawSpec<MyLaw<double>> and MaterialSpec<MyMaterial> (the JSON keys
# of the law and its material: cli/law_spec.hpp). The commands that depend on the list of laws are
# compiled here, in your project; the others come from lawcheck::cli.
include_guard(GLOBAL)

function(lawcheck_add_cli)
  cmake_parse_arguments(C "" "TARGET;LAWS_HEADER" "LIBS" ${ARGN})
  if(NOT C_TARGET OR NOT C_LAWS_HEADER)
    message(FATAL_ERROR "lawcheck_add_cli: TARGET and LAWS_HEADER are required")
  endif()
  if(IS_ABSOLUTE "${C_LAWS_HEADER}" OR NOT EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/${C_LAWS_HEADER}")
    set(header "${C_LAWS_HEADER}")
  else()
    set(header "${CMAKE_CURRENT_SOURCE_DIR}/${C_LAWS_HEADER}")
  endif()
  add_executable(${C_TARGET} ${LAWCHECK_CLI_LAW_SOURCES})
  target_compile_definitions(${C_TARGET} PRIVATE LAWCHECK_EXTRA_LAWS_HEADER="${header}")
  target_link_libraries(${C_TARGET} PRIVATE ${C_LIBS} lawcheck::cli)
endfunction()
