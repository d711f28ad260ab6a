# lawcheck's built-in laws, by their registered names (LawSpec / Law::name): the one list the build
# enumerates them from -- the benchmarks' required suites (benchmarks/CMakeLists.txt), the LawTester
# example and the every-surface test of each law (reports/CMakeLists.txt). The C++ side lists the
# same laws in laws/builtin_laws.hpp; the ctest Laws.TheRegisteredLawsAreTheBuildsListOfLaws fails
# when the two disagree (`lawcheck laws --json` against this list), and each law needs its example
# examples/lawtest/<name>.json.
set(LAWCHECK_BUILTIN_LAWS linear linel6 ice exudyn hertz_mindlin)
