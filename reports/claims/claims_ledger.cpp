// Reading and validating the claims ledger: see claims_ledger.hpp for the format.
#include "claims/claims_ledger.hpp"

#include <algorithm>
#include <limits>
#include <set>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "core/input_error.hpp"

namespace lawcheck::reports {

namespace detail {
// The text of claims.json, compiled in by claims/embed_ledger.cmake (claims_ledger_text.cpp).
std::string_view embedded_claims_json();
}  // namespace detail

namespace {

using nlohmann::json;

void only_keys(const json& j, const std::string& where, const std::set<std::string>& allowed) {
  if (!j.is_object()) throw InputError(where, j.dump(), "must be a JSON object");
  for (const auto& [key, value] : j.items())
    if (!allowed.contains(key)) throw InputError(where + "." + key, value.dump(), "unknown key");
}

const json& field(const json& j, const std::string& where, const std::string& key) {
  if (!j.contains(key)) throw InputError(where + "." + key, "(missing)", "required");
  return j.at(key);
}

std::string text(const json& j, const std::string& where, const std::string& key, bool required) {
  if (!j.contains(key)) {
    if (required) throw InputError(where + "." + key, "(missing)", "required");
    return {};
  }
  const json& v = j.at(key);
  if (!v.is_string()) throw InputError(where + "." + key, v.dump(), "must be a string");
  std::string s = v.get<std::string>();
  if (required && s.find_first_not_of(" \t\n") == std::string::npos)
    throw InputError(where + "." + key, v.dump(), "must not be empty");
  return s;
}

std::vector<std::string> strings(const json& j, const std::string& where, const std::string& key) {
  if (!j.contains(key)) return {};
  const json& v = j.at(key);
  if (!v.is_array()) throw InputError(where + "." + key, v.dump(), "must be an array of strings");
  std::vector<std::string> out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_string() || v[i].get<std::string>().empty())
      throw InputError(fmt::format("{}.{}[{}]", where, key, i), v[i].dump(), "must be a non-empty string");
    out.push_back(v[i].get<std::string>());
  }
  return out;
}

Verdict parse_verdict(const std::string& s, const std::string& where) {
  for (Verdict v : all_verdicts)
    if (name_of(v) == s) return v;
  std::string list;
  for (Verdict v : all_verdicts) list += (list.empty() ? "" : ", ") + std::string(name_of(v));
  throw InputError(where, s, "unknown verdict (expected one of " + list + ")");
}

// A ctest name the ledger's ctest can put into a regular expression as is (dots escaped there).
bool plain_test_name(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
  });
}

SeedFile parse_seed(const json& j, std::size_t i) {
  const std::string where = fmt::format("seeds[{}]", i);
  only_keys(j, where, {"id", "file", "title"});
  return {text(j, where, "id", true), text(j, where, "file", true), text(j, where, "title", true)};
}

Claim parse_claim(const json& j, std::size_t i, const std::set<std::string>& seed_ids) {
  const std::string at = fmt::format("claims[{}]", i);
  if (!j.is_object()) throw InputError(at, j.dump(), "must be a JSON object");
  Claim c;
  c.id = text(j, at, "id", true);
  const std::string where = at + " (" + c.id + ")";
  only_keys(j, where,
            {"id", "seed", "also_in", "line", "quote", "verdict", "correct", "evidence", "measured_by", "reason", "tests"});
  c.seed = text(j, where, "seed", true);
  if (!seed_ids.contains(c.seed)) throw InputError(where + ".seed", c.seed, "not one of the ledger's seeds");
  c.also_in = strings(j, where, "also_in");
  for (const auto& s : c.also_in)
    if (!seed_ids.contains(s) || s == c.seed)
      throw InputError(where + ".also_in", s, "must name another of the ledger's seeds");
  const json& line = field(j, where, "line");
  // An integer beyond int (a line 1e12) would wrap in the cast below.
  if (!line.is_number_integer() || line.get<long long>() < 1 || line.get<long long>() > std::numeric_limits<int>::max())
    throw InputError(where + ".line", line.dump(), "must be a positive integer (line of the quote in the seed)");
  c.line = static_cast<int>(line.get<long long>());
  c.quote = text(j, where, "quote", true);
  c.verdict = parse_verdict(text(j, where, "verdict", true), where + ".verdict");
  c.correct = text(j, where, "correct", needs_correction(c.verdict));
  c.evidence = text(j, where, "evidence", true);
  c.measured_by = text(j, where, "measured_by", false);
  const bool undecided = !needs_test(c.verdict);
  c.reason = text(j, where, "reason", undecided);
  c.tests = strings(j, where, "tests");
  if (needs_test(c.verdict) && c.tests.empty())
    throw InputError(where + ".tests", "[]", fmt::format("a verdict \"{}\" needs a test that decides it", name_of(c.verdict)));
  for (const auto& t : c.tests)
    if (!plain_test_name(t)) throw InputError(where + ".tests", t, "a ctest name has only letters, digits, '_' and '.'");
  return c;
}

}  // namespace

std::string_view name_of(Verdict v) {
  switch (v) {
    case Verdict::holds: return "holds";
    case Verdict::wrong: return "wrong";
    case Verdict::typo: return "typo";
    case Verdict::ambiguous: return "ambiguous";
    case Verdict::answered: return "open question answered";
    case Verdict::not_decidable: return "not decidable here";
    case Verdict::not_yet_decided: return "not yet decided";
  }
  return "?";
}

bool needs_test(Verdict v) { return v != Verdict::not_decidable && v != Verdict::not_yet_decided; }

bool needs_correction(Verdict v) { return v != Verdict::holds && needs_test(v); }

int ClaimsLedger::count(std::string_view seed, Verdict v) const {
  return static_cast<int>(
      std::count_if(claims.begin(), claims.end(), [&](const Claim& c) { return c.seed == seed && c.verdict == v; }));
}

std::vector<std::string> ClaimsLedger::test_names() const {
  std::vector<std::string> out;
  for (const auto& c : claims)
    for (const auto& t : c.tests)
      if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
  return out;
}

ClaimsLedger parse_claims_ledger(std::string_view json_text) {
  json root;
  try {
    root = json::parse(json_text);
  } catch (const json::parse_error& e) {
    throw InputError("claims ledger", "(text)", std::string("is not valid JSON: ") + e.what());
  }
  return claims_ledger_from_json(root);
}

ClaimsLedger claims_ledger_from_json(const json& root) {
  only_keys(root, "ledger", {"seeds", "claims"});
  ClaimsLedger ledger;
  const json& seeds = field(root, "ledger", "seeds");
  if (!seeds.is_array() || seeds.empty()) throw InputError("seeds", seeds.dump(), "must be a non-empty array");
  std::set<std::string> seed_ids;
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    ledger.seeds.push_back(parse_seed(seeds[i], i));
    if (!seed_ids.insert(ledger.seeds.back().id).second)
      throw InputError(fmt::format("seeds[{}].id", i), ledger.seeds.back().id, "duplicate seed id");
  }
  const json& claims = field(root, "ledger", "claims");
  if (!claims.is_array()) throw InputError("claims", claims.dump(), "must be an array");
  std::set<std::string> ids;
  for (std::size_t i = 0; i < claims.size(); ++i) {
    ledger.claims.push_back(parse_claim(claims[i], i, seed_ids));
    if (!ids.insert(ledger.claims.back().id).second)
      throw InputError(fmt::format("claims[{}].id", i), ledger.claims.back().id, "duplicate claim id");
  }
  return ledger;
}

std::string_view builtin_claims_json() { return detail::embedded_claims_json(); }

const ClaimsLedger& builtin_claims_ledger() {
  static const ClaimsLedger ledger = parse_claims_ledger(detail::embedded_claims_json());
  return ledger;
}

}  // namespace lawcheck::reports
