#pragma once
// The LinEl6 study's section of the report (study/linel6_study.hpp): the seed's claims about
// LinEl6 with the verdict this run's numbers give beside the ledger's, the six closed forms
// against the stiffness oracle (translations and rotations in two tables, so that every column
// has one unit), the rotational rule under a change of scale, the zero-stiffness run and the checks.

#include <string>

#include "claims/claims_ledger.hpp"
#include "render/document.hpp"
#include "render/report.hpp"  // SummaryRow
#include "study/linel6_study.hpp"

namespace lawcheck::reports {

// The section's level-1 heading for `number` ("3." gives "3. LinEl6 ..."; unnumbered if empty).
std::string linel6_heading(const std::string& number);

// Appends the section (subsections "<number>1 ...", ...); `ledger` gives each claim's quote and
// the ledger's verdict.
void append_linel6_section(Document& doc, const LinEl6Study& s, const ClaimsLedger& ledger,
                           const std::string& number = "");

// The study's row of the report's summary: PASS if every check passes.
SummaryRow linel6_summary(const LinEl6Study& s);

}  // namespace lawcheck::reports
