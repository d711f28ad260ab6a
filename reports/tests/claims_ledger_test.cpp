// The claims ledger: the built-in ledger parses and is complete, every finding made before the
// ledger existed is an entry, a malformed entry is an InputError naming the entry and the field, and
// the report section counts every verdict per seed. Whether the named tests exist and pass is the
// ctest Claims.EveryNamedTestExistsAndPasses (reports/claims/run_claim_tests.cmake).
#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "claims/claims_ledger.hpp"
#include "core/input_error.hpp"
#include "render/claims_section.hpp"

namespace lawcheck::reports::claims_ledger_test {
namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(ClaimsLedger, BuiltInLedgerHasAtLeastFortyCompleteEntriesOverAllFiveSeeds) {
  const ClaimsLedger& l = builtin_claims_ledger();
  std::printf("%zu entries, %zu distinct tests\n", l.claims.size(), l.test_names().size());
  for (const auto& s : l.seeds) {
    std::printf("seed %s:", s.id.c_str());
    for (Verdict v : all_verdicts) std::printf(" %s %d,", std::string(name_of(v)).c_str(), l.count(s.id, v));
    std::printf("\n");
  }
  EXPECT_GE(l.claims.size(), 40u);
  std::set<std::string> seeds;
  for (const auto& s : l.seeds) seeds.insert(s.id);
  EXPECT_EQ(seeds, (std::set<std::string>{"000", "001", "002", "003", "004"}));
  std::set<std::string> with_entries;
  for (const auto& c : l.claims) {
    with_entries.insert(c.seed);
    EXPECT_FALSE(c.quote.empty()) << c.id;
    EXPECT_FALSE(c.evidence.empty()) << c.id;
    if (needs_test(c.verdict)) {
      EXPECT_FALSE(c.tests.empty()) << c.id;
    } else {
      EXPECT_FALSE(c.reason.empty()) << c.id;
    }
    if (needs_correction(c.verdict)) {
      EXPECT_FALSE(c.correct.empty()) << c.id;
    }
  }
  EXPECT_EQ(with_entries, seeds);  // every seed has entries
}

// The findings made before the ledger are entries, each with a test.
TEST(ClaimsLedger, EveryEarlierFindingIsAnEntryWithADecidingTest) {
  const ClaimsLedger& l = builtin_claims_ledger();
  const struct {
    const char* seed;
    const char* quote_part;  // a piece of the seed's text the entry quotes
    Verdict verdict;
  } findings[] = {
      {"004", "does not match?!", Verdict::answered},
      {"000", "l_2&=\\frac{u_N}{2}", Verdict::typo},
      {"003", "e_\\mathrm{rep}", Verdict::typo},
      {"003", "\\text{if } e_\\mathrm{res} > 0", Verdict::wrong},
      {"000", "yet another formulation", Verdict::wrong},
      {"000", "\\frac{T_n}{k_w}", Verdict::typo},
      {"000", "N/m", Verdict::wrong},
      {"002", "F_{ty}&=\\min(0,F_n\\tan\\phi)", Verdict::wrong},
      {"002", "T_{wb}&=c_w A^{\\frac{3}{2}}", Verdict::holds},
      {"003", "Hunt-Crossley restitution is valid for a very small energy loss", Verdict::holds},
      {"003", "much more accurate regarding the coefficient of restitution", Verdict::holds},
  };
  for (const auto& f : findings) {
    int found = 0;
    for (const auto& c : l.claims)
      if (c.seed == f.seed && contains(c.quote, f.quote_part) && c.verdict == f.verdict && !c.tests.empty()) ++found;
    EXPECT_GE(found, 1) << "seed " << f.seed << ": no entry quoting \"" << f.quote_part << "\" with verdict "
                        << name_of(f.verdict);
  }
}

TEST(ClaimsLedger, EachMalformedEntryIsAnInputErrorNamingTheEntryAndTheField) {
  using nlohmann::json;
  json claim = {{"id", "000-01"},      {"seed", "000"},         {"line", 3},
                {"quote", "F_n = u_n k_n"}, {"verdict", "holds"},  {"evidence", "measured"},
                {"tests", json::array({"LinearCoulombLaw.NormalForceIsKnTimesUN"})}};
  json good = json::object();
  good["seeds"] = json::array({json{{"id", "000"}, {"file", "000_x.txt"}, {"title", "linear"}}});
  good["claims"] = json::array({claim});
  EXPECT_EQ(parse_claims_ledger(good.dump()).claims.size(), 1u);
  const struct {
    const char* pointer;  // JSON pointer of the value to change
    json value;
    const char* field;    // the InputError's field
  } cases[] = {
      {"/claims/0/verdict", "maybe", "claims[0] (000-01).verdict"},
      {"/claims/0/verdict", "wrong", "claims[0] (000-01).correct"},  // not "holds": needs the correct statement
      {"/claims/0/tests", json::array(), "claims[0] (000-01).tests"},
      {"/claims/0/tests", json::array({"Suite.Name|Other"}), "claims[0] (000-01).tests"},
      {"/claims/0/seed", "007", "claims[0] (000-01).seed"},
      {"/claims/0/line", 0, "claims[0] (000-01).line"},
      {"/claims/0/quote", "", "claims[0] (000-01).quote"},
      {"/claims/0/evidence", 3, "claims[0] (000-01).evidence"},
      {"/claims/0/verdict", "not decidable here", "claims[0] (000-01).reason"},
      {"/claims/0/typo", "x", "claims[0] (000-01).typo"},
  };
  for (const auto& c : cases) {
    json bad = good;
    bad[json::json_pointer(c.pointer)] = c.value;
    try {
      parse_claims_ledger(bad.dump());
      ADD_FAILURE() << c.pointer << " = " << c.value.dump() << " accepted";
    } catch (const InputError& e) {
      std::printf("%s = %s: %s\n", c.pointer, c.value.dump().c_str(), e.what());
      EXPECT_EQ(e.field(), c.field) << e.what();
    }
  }
  json twice = good;
  twice["claims"].push_back(good["claims"][0]);
  EXPECT_THROW(parse_claims_ledger(twice.dump()), InputError);  // duplicate id
  EXPECT_THROW(parse_claims_ledger("{\"seeds\": ["), InputError);
}

TEST(ClaimsSection, SummaryCountsEveryVerdictPerSeedAndEverySeedListsItsEntries) {
  const ClaimsLedger& l = builtin_claims_ledger();
  Document doc;
  append_claims_section(doc, l, 2);
  const std::string md = doc.to_markdown();
  // The summary table: one row per seed and a total row, whose last cell is the number of entries.
  const Block* table = nullptr;
  int seed_headings = 0;
  std::size_t listed = 0;
  for (const auto& b : doc.blocks()) {
    if (b.kind == Block::Kind::table && !table) table = &b;
    if (b.kind == Block::Kind::heading && b.level == 3) ++seed_headings;
    if (b.kind == Block::Kind::list) listed += b.items.size();
  }
  ASSERT_NE(table, nullptr);
  ASSERT_EQ(table->rows.size(), l.seeds.size() + 1);
  EXPECT_EQ(table->rows.back().back(), std::to_string(l.claims.size()));
  for (std::size_t k = 0; k < all_verdicts.size(); ++k) {
    int total = 0;
    for (std::size_t s = 0; s < l.seeds.size(); ++s) total += std::stoi(table->rows[s][k + 1]);
    EXPECT_EQ(std::to_string(total), table->rows.back()[k + 1]) << name_of(all_verdicts[k]);
  }
  EXPECT_EQ(seed_headings, static_cast<int>(l.seeds.size()));
  EXPECT_EQ(listed, l.claims.size());
  for (const auto& c : l.claims) EXPECT_TRUE(contains(md, "**" + c.id + "**")) << c.id;
}

}  // namespace
}  // namespace lawcheck::reports::claims_ledger_test
