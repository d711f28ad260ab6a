#pragma once
// The claims ledger: every checkable statement of the five seeds -- formula, sign
// convention, "note that", worked example, open todo/warning -- with a verdict and the ctest that
// decides it. The data is one file, reports/claims/claims.json, compiled into the program (so
// `lawcheck claims` and the report need no file at run time) and read here.
//
// Format (one JSON object):
//   "seeds":  [{"id": "000", "file": "000_....txt", "title": "..."}, ...]
//   "claims": [{"id": "000-01", "seed": "000", "also_in": ["004"], "line": 23,
//               "quote": "...", "verdict": "holds", "correct": "...", "evidence": "...",
//               "measured_by": "...", "reason": "...", "tests": ["Suite.Name", ...]}, ...]
//   id           unique; by convention <seed>-<nn>
//   seed         the seed file the quote is taken from; also_in: seeds repeating the statement
//   line         line of the quote in that file
//   verdict      holds | wrong | typo | ambiguous | open question answered |
//                not decidable here | not yet decided
//   correct      the right statement: required for wrong, typo, ambiguous and open question
//                answered (the answer); optional otherwise
//   evidence     closed form, oracle value or measured number
//   measured_by  how the numbers in evidence were obtained (command or ctest -V of a test)
//   tests        exact ctest names that decide the verdict; required (non-empty) unless the
//                verdict is "not decidable here" or "not yet decided"
//   reason       why it is not decidable here, or which test is still needed; required for those
//                two verdicts
// Test names may use only letters, digits, '_' and '.', so that the ledger's ctest can join them
// into one regular expression (reports/claims/run_claim_tests.cmake).
//
// Every violation is an InputError naming the entry ("claims[3] (000-04).verdict") and the value.

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace lawcheck::reports {

enum class Verdict { holds, wrong, typo, ambiguous, answered, not_decidable, not_yet_decided };

inline constexpr std::array all_verdicts = {Verdict::holds,    Verdict::wrong,         Verdict::typo,
                                            Verdict::ambiguous, Verdict::answered,     Verdict::not_decidable,
                                            Verdict::not_yet_decided};

// The verdict as written in the ledger ("open question answered", "not decidable here", ...).
std::string_view name_of(Verdict v);
// True for the verdicts that must name a deciding test.
bool needs_test(Verdict v);
// True for the verdicts that must give the correct statement (wrong, typo, ambiguous, answered).
bool needs_correction(Verdict v);

struct SeedFile {
  std::string id;     // "000"
  std::string file;   // "000_dd142b5a529fe4ca.txt"
  std::string title;  // what the seed documents
};

struct Claim {
  std::string id;
  std::string seed;
  std::vector<std::string> also_in;
  int line = 0;
  std::string quote;
  Verdict verdict = Verdict::holds;
  std::string correct;
  std::string evidence;
  std::string measured_by;
  std::string reason;
  std::vector<std::string> tests;
};

struct ClaimsLedger {
  std::vector<SeedFile> seeds;
  std::vector<Claim> claims;

  // Count of the claims of `seed` (its id) with verdict v.
  int count(std::string_view seed, Verdict v) const;
  // Every test name the ledger uses, once, in order of first use.
  std::vector<std::string> test_names() const;
};

// Validates a parsed ledger; throws InputError naming the entry and field. A ledger file given
// on the command line is read and parsed by the CLI's input layer (reports/cli/input.hpp: regular
// file, size, depth, duplicate keys, numbers in range) and handed here.
ClaimsLedger claims_ledger_from_json(const nlohmann::json& root);
// Parses and validates the ledger text (the built-in one, and tests).
ClaimsLedger parse_claims_ledger(std::string_view json_text);
// The ledger compiled into the program (reports/claims/claims.json at build time).
std::string_view builtin_claims_json();
const ClaimsLedger& builtin_claims_ledger();

}  // namespace lawcheck::reports
