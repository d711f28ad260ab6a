# Compiles the claims ledger into the program: writes OUT, a C++ file defining
# lawcheck::reports::detail::embedded_claims_json() with the text of IN (claims.json) as a raw
# string literal. Run by the build (reports/CMakeLists.txt) whenever claims.json changes:
#   cmake -DIN=claims.json -DOUT=claims_ledger_text.cpp -P embed_ledger.cmake
file(READ "${IN}" text)
string(FIND "${text}" ")lawcheck_claims\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${IN} contains the raw-string delimiter )lawcheck_claims\"")
endif()
file(WRITE "${OUT}.tmp"
  "// Generated from ${IN} by embed_ledger.cmake: do not edit.\n"
  "#include <string_view>\n"
  "namespace lawcheck::reports::detail {\n"
  "std::string_view embedded_claims_json() {\n"
  "  static constexpr std::string_view text = R\"lawcheck_claims(${text})lawcheck_claims\";\n"
  "  return text;\n"
  "}\n"
  "}  // namespace lawcheck::reports::detail\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
