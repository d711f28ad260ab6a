#pragma once
// The ctest results the report's dashboard shows (per law, the properties passed and the oracles
// agreed, with case counts). The report runs no ctest itself: it reads the JUnit XML that
// `ctest --output-junit FILE` (CMake >= 3.21) wrote at the end of the newest test run of the build
// this program belongs to -- ctest-junit.xml in that build directory, where `scripts/test.sh` writes
// it for build/release and where `ctest --output-junit ctest-junit.xml` puts it in any build -- or
// the file $LAWCHECK_CTEST_JUNIT names, and says which file and from when.
//
// The format, as CMake 3.25's cmCTestTestHandler writes it (checked on a made-up project): one
// <testsuite timestamp="YYYY-MM-DDTHH:MM:SS" ...> whose children are <testcase name="Suite.Test"
// status="run|fail|notrun|disabled">, each with an optional <failure/> or <skipped/> and a
// <system-out> holding the test's output (ctest keeps the first 1024 bytes of a passing test's).
// RapidCheck prints "OK, passed N tests" there for each property it ran: the case count.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace lawcheck::reports {

enum class CtestStatus { passed, failed, not_run, disabled };

struct CtestCase {
  std::string name;                  // "LinEl6LawProperty.ClosedElasticLoopReturnsTheSameEnergy"
  CtestStatus status = CtestStatus::passed;
  std::optional<long long> cases;    // sum of RapidCheck's "OK, passed N tests" in its output, if any
};

struct CtestRun {
  std::filesystem::path file;        // the file read (or looked for)
  std::string timestamp;             // the run's <testsuite timestamp> (the machine's local time)
  std::vector<CtestCase> tests;      // empty if `problem` is set
  std::string problem;               // why there are no results (missing or malformed file), else ""
};

// Reads a ctest JUnit file. Never throws: a missing file gives the problem "no ctest results found
// (run scripts/test.sh)", a file that is not the format above names what is wrong (the report must
// not fail for want of a test run).
CtestRun read_ctest_junit(const std::filesystem::path& file);

// $LAWCHECK_CTEST_JUNIT if set and not empty, else ctest-junit.xml in this program's build directory.
std::filesystem::path default_ctest_junit();
CtestRun read_default_ctest_run();

// Counts over the tests whose suite (the name up to its first '.') is one of `suites`.
struct CtestTally {
  int total = 0, passed = 0, failed = 0;  // failed: status fail (not run and disabled are neither)
  int with_cases = 0;                     // passed tests whose output gave a case count
  long long cases = 0;                    // their cases, summed
  std::optional<long long> fewest_cases;  // the smallest of those counts
};
CtestTally tally(const CtestRun& run, const std::vector<std::string>& suites);

// The status of one test by its full name, nullopt if the run does not have it.
std::optional<CtestStatus> status_of(const CtestRun& run, const std::string& name);

}  // namespace lawcheck::reports
