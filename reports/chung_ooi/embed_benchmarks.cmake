# Compiles Chung & Ooi's eight benchmark files into the program: writes OUT, a C++ file defining
# lawcheck::reports::detail::embedded_chung_ooi_json(n) with the text of DIR/test<n>.json (n = 1..8)
# as raw string literals, so the study, its tests and `lawcheck report` need no data file at run
# time. Run by the build (reports/CMakeLists.txt) whenever a file changes:
#   cmake -DDIR=reports/chung_ooi -DOUT=chung_ooi_text.cpp -P embed_benchmarks.cmake
set(body "")
foreach(n RANGE 1 8)
  file(READ "${DIR}/test${n}.json" text)
  string(FIND "${text}" ")chung_ooi\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${DIR}/test${n}.json contains the raw-string delimiter )chung_ooi\"")
  endif()
  string(APPEND body "    R\"chung_ooi(${text})chung_ooi\",\n")
endforeach()
file(WRITE "${OUT}.tmp"
  "// Generated from ${DIR}/test1.json ... test8.json by embed_benchmarks.cmake: do not edit.\n"
  "#include <array>\n"
  "#include <string_view>\n"
  "namespace lawcheck::reports::detail {\n"
  "std::string_view embedded_chung_ooi_json(int test) {\n"
  "  static constexpr std::array<std::string_view, 8> text = {\n${body}  };\n"
  "  return text.at(static_cast<std::size_t>(test - 1));\n"
  "}\n"
  "}  // namespace lawcheck::reports::detail\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
