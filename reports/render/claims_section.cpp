// The claims ledger's report section: see claims_section.hpp.
#include "render/claims_section.hpp"

#include <string>
#include <vector>

#include <fmt/core.h>

namespace lawcheck::reports {

namespace {

std::string join(const std::vector<std::string>& parts, const std::string& sep, const std::string& wrap = "") {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : sep) + wrap + p + wrap;
  return out;
}

std::string entry_text(const Claim& c) {
  std::string s = fmt::format("**{}** (line {}{}): `{}` -- **{}**.", c.id, c.line,
                              c.also_in.empty() ? "" : ", also in seed " + join(c.also_in, ", "), c.quote,
                              name_of(c.verdict));
  if (!c.correct.empty()) s += " Correct: " + c.correct;
  s += " Evidence: " + c.evidence;
  if (!c.reason.empty()) s += (c.verdict == Verdict::not_yet_decided ? " Needed: " : " Why: ") + c.reason;
  if (!c.tests.empty()) s += " Decided by " + join(c.tests, ", ", "`") + ".";
  return s;
}

}  // namespace

void append_claims_summary(Document& doc, const ClaimsLedger& ledger) {
  std::vector<std::string> header = {"seed"};
  for (Verdict v : all_verdicts) header.emplace_back(name_of(v));
  header.emplace_back("entries");
  std::vector<std::vector<std::string>> rows;
  std::vector<int> totals(all_verdicts.size(), 0);
  for (const auto& seed : ledger.seeds) {
    std::vector<std::string> row = {fmt::format("{} ({})", seed.id, seed.title)};
    int n = 0;
    for (std::size_t k = 0; k < all_verdicts.size(); ++k) {
      const int c = ledger.count(seed.id, all_verdicts[k]);
      totals[k] += c;
      n += c;
      row.push_back(std::to_string(c));
    }
    row.push_back(std::to_string(n));
    rows.push_back(row);
  }
  std::vector<std::string> total = {"all seeds"};
  for (int t : totals) total.push_back(std::to_string(t));
  total.push_back(std::to_string(ledger.claims.size()));
  rows.push_back(total);
  doc.table(header, rows);
}

void append_claims_section(Document& doc, const ClaimsLedger& ledger, int level) {
  doc.heading(level, "Claims ledger: which statements of the seeds hold");
  doc.paragraph(fmt::format(
      "Every checkable statement of the five seeds (formulas, sign conventions, notes, worked examples, open todos "
      "and warnings), {} entries, each with its verdict, the correct statement where it does not hold, the evidence "
      "and the ctest that decides it (data: `reports/claims/claims.json`; `lawcheck claims [--json] [--seed 000]`; "
      "the ctest `Claims.EveryNamedTestExistsAndPasses` runs every named test, {} in all).",
      ledger.claims.size(), ledger.test_names().size()));
  append_claims_summary(doc, ledger);
  for (const auto& seed : ledger.seeds) {
    doc.heading(level + 1, fmt::format("Seed {}: {}", seed.id, seed.title));
    doc.paragraph(fmt::format("`{}`", seed.file));
    std::vector<std::string> items;
    for (const auto& c : ledger.claims)
      if (c.seed == seed.id) items.push_back(entry_text(c));
    if (items.empty())
      doc.paragraph("No entries.");
    else
      doc.list(items);
  }
}

}  // namespace lawcheck::reports
