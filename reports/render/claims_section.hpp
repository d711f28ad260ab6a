#pragma once
// The claims ledger's part of the report: a summary table of the verdicts per seed
// (counts per verdict, one row per seed and a total), then one section per seed listing its
// entries (quote, verdict, correct statement, evidence, deciding tests). The lead wires it into
// report.cpp; `lawcheck claims` prints the same data as text or JSON.

#include <string>

#include "claims/claims_ledger.hpp"
#include "render/document.hpp"

namespace lawcheck::reports {

// The section's heading for `number` ("6." gives "6. Claims ledger: ..."; unnumbered if empty).
std::string claims_heading(const std::string& number = "");

// A quote as report text: TeX quotes (the seeds' `.. math::` and :math: text: a TeX command, `_` or
// `^`) between $...$ -- `&`-aligned rows inside `aligned`, a quoted fragment's unclosed
// \begin{cases} closed -- so that they are typeset; prose with \(...\) gets $...$; code and
// plain prose stay verbatim `code`.
std::string quote_text(const std::string& quote);

// Appends the summary and the per-seed sections at heading level `level` (sections at level + 1,
// numbered "<number>1 Seed 000: ...", e.g. 6.1, 6.2, ... for number "6."; unnumbered if empty).
void append_claims_section(Document& doc, const ClaimsLedger& ledger, int level = 2, const std::string& number = "");

// Only the summary table (counts per verdict per seed), e.g. for a front-page dashboard.
void append_claims_summary(Document& doc, const ClaimsLedger& ledger);

}  // namespace lawcheck::reports
