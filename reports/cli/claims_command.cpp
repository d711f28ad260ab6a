// `lawcheck claims [--json] [--seed 000] [--ledger FILE]`: the claims ledger -- every
// checkable statement of the seeds with its verdict, the correct statement, the evidence and the
// ctest that decides it. Text: counts per verdict per seed, then the entries; --json: the entries
// as in reports/claims/claims.json plus the counts. --seed keeps one seed's entries; --ledger reads
// another ledger file instead of the one compiled in (to check an edited copy), through the input
// layer every JSON file takes (cli/input.hpp). A bad ledger or
// an unknown seed is an InputError naming the entry and field: one stderr line, exit 2.
#include <memory>
#include <string>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "claims/claims_ledger.hpp"
#include "cli/command.hpp"
#include "cli/input.hpp"
#include "core/input_error.hpp"

namespace lawcheck::cli {

namespace {

using nlohmann::json;
using reports::Claim;
using reports::ClaimsLedger;
using reports::Verdict;

json counts_json(const ClaimsLedger& l) {
  json out = json::object();
  for (const auto& s : l.seeds) {
    json per = json::object();
    for (Verdict v : reports::all_verdicts) per[std::string(reports::name_of(v))] = l.count(s.id, v);
    out[s.id] = per;
  }
  return out;
}

json claim_json(const Claim& c) {
  json j = {{"id", c.id},     {"seed", c.seed},
            {"line", c.line}, {"quote", c.quote},
            {"verdict", std::string(reports::name_of(c.verdict))}, {"evidence", c.evidence},
            {"tests", c.tests}};
  if (!c.also_in.empty()) j["also_in"] = c.also_in;
  if (!c.correct.empty()) j["correct"] = c.correct;
  if (!c.measured_by.empty()) j["measured_by"] = c.measured_by;
  if (!c.reason.empty()) j["reason"] = c.reason;
  return j;
}

void print_text(const ClaimsLedger& l) {
  fmt::print("{:<6}", "seed");
  for (Verdict v : reports::all_verdicts) fmt::print(" {:>{}}", reports::name_of(v), reports::name_of(v).size());
  fmt::print("\n");
  for (const auto& s : l.seeds) {
    fmt::print("{:<6}", s.id);
    for (Verdict v : reports::all_verdicts) fmt::print(" {:>{}}", l.count(s.id, v), reports::name_of(v).size());
    fmt::print("\n");
  }
  for (const auto& s : l.seeds) {
    fmt::print("\nseed {} -- {} ({})\n", s.id, s.title, s.file);
    for (const auto& c : l.claims) {
      if (c.seed != s.id) continue;
      fmt::print("\n  {} [line {}] {}\n    \"{}\"\n", c.id, c.line, reports::name_of(c.verdict), c.quote);
      if (!c.correct.empty()) fmt::print("    correct: {}\n", c.correct);
      fmt::print("    evidence: {}\n", c.evidence);
      if (!c.measured_by.empty()) fmt::print("    measured by: {}\n", c.measured_by);
      if (!c.reason.empty()) fmt::print("    {}: {}\n", c.verdict == Verdict::not_yet_decided ? "needed" : "why", c.reason);
      for (const auto& t : c.tests) fmt::print("    test: {}\n", t);
    }
  }
}

}  // namespace

void add_claims_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("claims", "the claims ledger: every statement of the seeds with verdict and test");
  struct Args {
    bool json = false;
    std::string seed, ledger;
  };
  auto a = std::make_shared<Args>();
  cmd->add_flag("--json", a->json, "print JSON");
  cmd->add_option("--seed", a->seed, "only this seed's entries, e.g. 000")->check(non_empty("--seed"));
  cmd->add_option("--ledger", a->ledger, "read this ledger file instead of the built-in reports/claims/claims.json")
      ->check(non_empty("--ledger"));
  cmd->callback([a] {
    ClaimsLedger l = a->ledger.empty() ? reports::builtin_claims_ledger()
                                       : reports::claims_ledger_from_json(load_json_file("--ledger", a->ledger));
    if (!a->seed.empty()) {
      std::string ids;
      for (const auto& s : l.seeds) ids += (ids.empty() ? "" : ", ") + s.id;
      std::erase_if(l.seeds, [&](const reports::SeedFile& s) { return s.id != a->seed; });
      if (l.seeds.empty()) throw InputError("--seed", a->seed, "not a seed of the ledger (" + ids + ")");
      std::erase_if(l.claims, [&](const Claim& c) { return c.seed != a->seed; });
    }
    if (a->json) {
      json seeds = json::array(), claims = json::array();
      for (const auto& s : l.seeds) seeds.push_back({{"id", s.id}, {"file", s.file}, {"title", s.title}});
      for (const auto& c : l.claims) claims.push_back(claim_json(c));
      fmt::print("{}\n", json{{"seeds", seeds}, {"counts", counts_json(l)}, {"claims", claims}}.dump(2));
    } else {
      print_text(l);
    }
  });
}

}  // namespace lawcheck::cli
