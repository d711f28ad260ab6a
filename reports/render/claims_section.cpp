// The claims ledger's report section: see claims_section.hpp.
#include "render/claims_section.hpp"

#include <cctype>
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

int count(const std::string& s, const std::string& what) {
  int n = 0;
  for (auto p = s.find(what); p != std::string::npos; p = s.find(what, p + what.size())) ++n;
  return n;
}

std::string entry_text(const Claim& c) {
  std::string s = fmt::format("**{}** (line {}{}): {} -- **{}**.", c.id, c.line,
                              c.also_in.empty() ? "" : ", also in seed " + join(c.also_in, ", "), quote_text(c.quote),
                              name_of(c.verdict));
  if (!c.correct.empty()) s += " Correct: " + c.correct;
  s += " Evidence: " + c.evidence;
  if (!c.reason.empty()) s += (c.verdict == Verdict::not_yet_decided ? " Needed: " : " Why: ") + c.reason;
  if (!c.tests.empty()) s += " Decided by " + join(c.tests, ", ", "`") + ".";
  return s;
}

}  // namespace

std::string quote_text(const std::string& q) {
  if (q.find('$') != std::string::npos) {  // not TeX for us: literal dollars
    std::string out;
    for (char c : q) out += c == '$' ? std::string("\\$") : std::string(1, c);
    return fmt::format("\"{}\"", out);
  }
  if (q.find("\\(") != std::string::npos) {  // prose with inline math: \(x\) -> $x$
    std::string out;
    for (std::size_t i = 0; i < q.size(); ++i) {
      const bool delim = q[i] == '\\' && i + 1 < q.size() && (q[i + 1] == '(' || q[i + 1] == ')');
      out += delim ? '$' : q[i];
      i += delim ? 1 : 0;
    }
    return fmt::format("\"{}\"", out);
  }
  bool tex = q.find('_') != std::string::npos || q.find('^') != std::string::npos;
  for (std::size_t i = 0; i + 1 < q.size() && !tex; ++i)
    tex = q[i] == '\\' && std::isalpha(static_cast<unsigned char>(q[i + 1]));
  if (!tex) return fmt::format("`{}`", q);
  std::string t = q;
  for (int open = count(t, "\\begin{cases}") - count(t, "\\end{cases}"); open > 0; --open) t += " \\end{cases}";
  if (t.find('&') != std::string::npos && t.find("\\begin{") == std::string::npos)
    t = fmt::format("\\begin{{aligned}}{}\\end{{aligned}}", t);
  return fmt::format("${}$", t);
}

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

std::string claims_heading(const std::string& number) {
  return (number.empty() ? "" : number + " ") + "Claims ledger: which statements of the seeds hold";
}

void append_claims_section(Document& doc, const ClaimsLedger& ledger, int level, const std::string& number) {
  doc.heading(level, claims_heading(number));
  doc.paragraph(fmt::format(
      "Every checkable statement of the five seeds (formulas, sign conventions, notes, worked examples, open todos "
      "and warnings), {} entries, each with its verdict, the correct statement where it does not hold, the evidence "
      "and the ctest that decides it (data: `reports/claims/claims.json`; `lawcheck claims [--json] [--seed 000]`; "
      "the ctest `Claims.EveryNamedTestExistsAndPasses` runs every named test, {} in all).",
      ledger.claims.size(), ledger.test_names().size()));
  append_claims_summary(doc, ledger);
  int sub = 0;
  for (const auto& seed : ledger.seeds) {
    const std::string title = fmt::format("Seed {}: {}", seed.id, seed.title);
    doc.heading(level + 1, number.empty() ? title : fmt::format("{}{} {}", number, ++sub, title));
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
