// The report renderer: a self-contained HTML page (every figure inlined as a data URI, nothing
// fetched from elsewhere) and Markdown that links the SVG files written beside it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>
#include <vector>

#include "render/bench_summary.hpp"
#include "render/claims_section.hpp"
#include "render/ctest_results.hpp"
#include "render/dashboard.hpp"
#include "render/document.hpp"
#include "render/gnuplot.hpp"
#include "render/katex.hpp"

namespace lawcheck::reports::report_render_test {
namespace {

std::string fmt_dir() { return "lawcheck-bench-summary-test-" + std::to_string(::getpid()); }

TEST(ReportRender, Base64MatchesTheRfc4648Vectors) {
  // RFC 4648 section 10 test vectors.
  EXPECT_EQ(base64(""), "");
  EXPECT_EQ(base64("f"), "Zg==");
  EXPECT_EQ(base64("fo"), "Zm8=");
  EXPECT_EQ(base64("foo"), "Zm9v");
  EXPECT_EQ(base64("foob"), "Zm9vYg==");
  EXPECT_EQ(base64("fooba"), "Zm9vYmE=");
  EXPECT_EQ(base64("foobar"), "Zm9vYmFy");
}

TEST(ReportRender, GnuplotSvgIsInlinedAndTheHtmlFetchesNothing) {
  ASSERT_TRUE(gnuplot_available()) << "gnuplot-nox is a declared dependency (scripts/setup.sh)";
  PlotSpec spec{"t", "x", "y", true, true, {{"a <b>", {1, 2, 4}, {1, 0.5, 0.25}}}};
  const std::string svg = render_svg(spec);
  ASSERT_NE(svg.find("<svg"), std::string::npos);
  Document doc;
  doc.heading(1, "title & <things>");
  doc.paragraph("text with `code` and **bold**");
  doc.table({"a", "b|c"}, {{"1", "2"}});
  doc.figure({"plots/x.svg", "caption", svg});
  const std::string html = doc.to_html("t");
  std::printf("html %zu bytes, svg %zu bytes\n", html.size(), svg.size());
  EXPECT_NE(html.find("src=\"data:image/svg+xml;base64," + base64(svg) + "\""), std::string::npos);
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_NE(html.find("title &amp; &lt;things&gt;"), std::string::npos);
  EXPECT_NE(html.find("<code class=\"word\">code</code>"), std::string::npos);
  const std::string md = doc.to_markdown();
  EXPECT_NE(md.find("![caption](plots/x.svg)"), std::string::npos);
  EXPECT_NE(md.find("| b\\|c |"), std::string::npos);
}

TEST(ReportRender, NumbersAlignRightProseLeftAndIdentifiersBreakOnlyBetweenTheirWords) {
  Document doc;
  doc.table({"what", "value"}, {{"a prose cell", "-3.5e-03"}, {"`linear`", "10/10"}, {"1350254.72 (= Woo)", "12 %"},
                                {"`LinEl6Law.TorqueOverRotation`", "1e5x"}});
  const std::string html = doc.to_html("t");
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (auto at = html.find(what); at != std::string::npos; at = html.find(what, at + 1)) ++n;
    return n;
  };
  std::printf("%s\n", html.substr(html.find("<table>")).c_str());
  // Right-aligned: -3.5e-03, 10/10, 1350254.72 (= Woo), 12 %; left: the prose, the code, 1e5x.
  EXPECT_EQ(count("<td class=\"num\">"), 4u);
  // A number with a signed exponent never breaks at its hyphen, in a cell or in prose.
  EXPECT_NE(html.find("<td class=\"num\">-<span class=\"nb\">3.5e-03</span></td>"), std::string::npos);
  EXPECT_NE(html.find("<td>a prose cell</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>1e5x</td>"), std::string::npos);
  // A name without a word boundary gets no break opportunity; a test name gets one per word.
  EXPECT_NE(html.find("<code class=\"word\">linear</code>"), std::string::npos);
  EXPECT_NE(html.find("<code>Lin<wbr>El6<wbr>Law.<wbr>Torque<wbr>Over<wbr>Rotation</code>"), std::string::npos);
  EXPECT_EQ(html.find("overflow-wrap:anywhere"), std::string::npos);
}

TEST(ReportRender, TexStaysBetweenDollarsInMarkdownAndBecomesOneTexSpanPerFormulaInHtml) {
  Document doc;
  doc.paragraph("slip $s = (f_t - f_y)/k_t$, `$not math$`, a literal \\$5 and $$D = f_y s$$ <end>");
  doc.table({"x"}, {{"$|F| < f_y$"}});
  const std::string md = doc.to_markdown(), html = doc.to_html("t");
  EXPECT_NE(md.find("slip $s = (f_t - f_y)/k_t$, `$not math$`, a literal \\$5 and $$D = f_y s$$"), std::string::npos);
  EXPECT_NE(html.find("<span class=\"tex\">s = (f_t - f_y)/k_t</span>"), std::string::npos);
  EXPECT_NE(html.find("<span class=\"tex tex-display\">D = f_y s</span>"), std::string::npos);
  EXPECT_NE(html.find("<span class=\"tex\">|F| &lt; f_y</span>"), std::string::npos);
  EXPECT_NE(html.find("<code>$not math$</code>"), std::string::npos);
  EXPECT_NE(html.find("a literal $5"), std::string::npos);
  EXPECT_EQ(tex_number("1e+06"), "10^{6}");
  EXPECT_EQ(tex_number("-3.142e-04"), "-3.142 \\cdot 10^{-4}");
  EXPECT_EQ(tex_number("0.95"), "0.95");
  Document bad;
  bad.paragraph("an unclosed $x formula");
  EXPECT_THROW(bad.to_html("t"), std::runtime_error);
}

TEST(ReportRender, HeadingsGetGithubAnchorsAndLinksPointAtThem) {
  EXPECT_EQ(anchor_of("1.2 Decision"), "12-decision");
  EXPECT_EQ(anchor_of("2. Stiffness study: seed 004's \"does not match?!\""), "2-stiffness-study-seed-004s-does-not-match");
  EXPECT_EQ(anchor_of("Case `circle_2d`"), "case-circle_2d");
  Document doc;
  doc.heading(2, "Checks");
  doc.heading(2, "Checks");
  doc.paragraph("see [the decision](#12-decision) in [0, 1)");
  const std::string html = doc.to_html("t");
  EXPECT_NE(html.find("<h2 id=\"checks\">"), std::string::npos);
  EXPECT_NE(html.find("<h2 id=\"checks-1\">"), std::string::npos);
  EXPECT_NE(html.find("see <a href=\"#12-decision\">the decision</a> in [0, 1)"), std::string::npos);
}

TEST(ReportRender, SeedTexQuotesAreTypesetAndCodeAndProseStayVerbatim) {
  EXPECT_EQ(quote_text("A=\\pi\\min(l_1,l_2)^2"), "$A=\\pi\\min(l_1,l_2)^2$");
  EXPECT_EQ(quote_text("k_b&=l k_s"), "$\\begin{aligned}k_b&=l k_s\\end{aligned}$");
  EXPECT_EQ(quote_text("f_c= \\begin{cases} -f"), "$f_c= \\begin{cases} -f \\end{cases}$");
  EXPECT_EQ(quote_text("if(g.uN>0) return false;"), "`if(g.uN>0) return false;`");
  EXPECT_EQ(quote_text("minus the initial overlap"), "`minus the initial overlap`");
  EXPECT_EQ(quote_text("broken when \\(u_n>0\\)."), "\"broken when $u_n>0$.\"");
}

TEST(ReportRender, KatexIsInlinedWithEveryFontAsADataUriAndRendersEachTexSpan) {
  ASSERT_TRUE(std::filesystem::exists(katex_dir() / "katex.min.js")) << "libjs-katex is a declared dependency (scripts/setup.sh)";
  const KatexAssets k = load_katex();
  std::printf("head %zu bytes, body_end %zu bytes\n", k.head.size(), k.body_end.size());
  // katex.min.css of libjs-katex 0.16 declares 20 @font-face rules, each now one woff2 data: URI.
  std::size_t fonts = 0;
  for (auto p = k.head.find("url(data:font/woff2;base64,"); p != std::string::npos; p = k.head.find("url(data:font/woff2", p + 1))
    ++fonts;
  std::size_t faces = 0;
  for (auto p = k.head.find("@font-face"); p != std::string::npos; p = k.head.find("@font-face", p + 1)) ++faces;
  EXPECT_GT(faces, 0u);
  EXPECT_EQ(fonts, faces);
  EXPECT_EQ(k.head.find("url(fonts/"), std::string::npos);
  EXPECT_NE(k.body_end.find("katex.render(e.textContent"), std::string::npos);
  EXPECT_NE(k.body_end.find("renderToString"), std::string::npos);  // the library itself is inlined
}

TEST(ReportRender, MissingKatexIsAnErrorNamingTheFileAndThePackage) {
  try {
    load_katex("/nonexistent/katex");
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/katex/katex.min.js"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("libjs-katex"), std::string::npos) << e.what();
  }
}

// A Google Benchmark JSON with the given contact_step repetitions (counter in seconds per contact).
void write_run(const std::filesystem::path& p, const std::string& date, const std::vector<double>& ns) {
  std::ofstream out(p);
  out << "{\"context\": {\"date\": \"" << date << "\"}, \"benchmarks\": [";
  for (std::size_t i = 0; i < ns.size(); ++i)
    out << (i ? "," : "") << "{\"name\": \"contact_step/spheres:10000\", \"run_name\": \"contact_step/spheres:10000\", "
        << "\"run_type\": \"iteration\", \"ns_per_contact\": " << ns[i] * 1e-9 << "}";
  out << ", {\"name\": \"contact_step/spheres:10000_median\", \"run_name\": \"contact_step/spheres:10000\", "
         "\"run_type\": \"aggregate\", \"ns_per_contact\": 1.0}]}";
}

TEST(ReportRender, BenchSummaryTakesMediansAndOnlyARunNewerThanTheBaseline) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / fmt_dir();
  fs::remove_all(dir);
  fs::create_directories(dir / "results");
  write_run(dir / "baseline.json", "2026-11-23T06:25:20+00:00", {90, 100, 95});
  BenchSummary none = read_bench_summary(dir / "baseline.json", dir / "results");
  ASSERT_EQ(none.figures.size(), 1u);
  EXPECT_DOUBLE_EQ(none.figures[0].baseline_ns, 95);
  EXPECT_FALSE(none.latest);
  // Older than the baseline (07:25 at +02:00 is 05:25 UTC) and a broken file: neither counts.
  write_run(dir / "results" / "bench-20261123T052500Z.json", "2026-11-23T07:25:00+02:00", {50, 50});
  { std::ofstream(dir / "results" / "bench-20261124T000000Z.json") << "{\"context\": "; }
  EXPECT_FALSE(read_bench_summary(dir / "baseline.json", dir / "results").latest);
  write_run(dir / "results" / "bench-20261123T120000Z.json", "2026-11-23T12:00:00+00:00", {110, 120, 130, 140});
  const BenchSummary s = read_bench_summary(dir / "baseline.json", dir / "results");
  ASSERT_TRUE(s.latest);
  EXPECT_EQ(s.latest->filename(), "bench-20261123T120000Z.json");
  ASSERT_TRUE(s.figures[0].latest_ns);
  EXPECT_DOUBLE_EQ(*s.figures[0].latest_ns, 125);
  // The calendar: 1970-01-02T00:00 is 86400 s after the epoch; February 30 is no date.
  EXPECT_EQ(iso_seconds("1970-01-02T00:00:00Z"), std::chrono::sys_seconds{std::chrono::seconds{86400}});
  EXPECT_EQ(iso_seconds("2024-03-01T00:00:00+00:00").value() - iso_seconds("2024-02-28T00:00:00Z").value(),
            std::chrono::hours{48});  // 2024 is a leap year
  EXPECT_FALSE(iso_seconds("2026-02-30T00:00:00Z"));
  const BenchSummary missing = read_bench_summary(dir / "nothing.json", dir / "results");
  EXPECT_TRUE(missing.figures.empty());
  EXPECT_NE(missing.problem.find("nothing.json"), std::string::npos) << missing.problem;
  fs::remove_all(dir);
}

// A made-up JUnit file in the format CMake 3.25's `ctest --output-junit` writes (statuses run, fail,
// notrun, disabled; the test's output in <system-out>, XML-escaped).
void write_junit(const std::filesystem::path& p, const std::string& cases, const std::string& root = "testsuite") {
  std::ofstream(p) << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<" << root
                   << " name=\"(empty)\" tests=\"6\" timestamp=\"2026-11-23T07:33:40\">\n" << cases << "</" << root
                   << ">\n";
}

std::string junit_case(const std::string& name, const std::string& status, const std::string& out,
                       const std::string& extra = "") {
  return "<testcase name=\"" + name + "\" classname=\"" + name + "\" time=\"0.1\" status=\"" + status + "\">" + extra +
         "<system-out>" + out + "</system-out></testcase>\n";
}

TEST(ReportRender, CtestJunitGivesEachTestsStatusAndSumsRapidChecksCaseCountsPerSuite) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("lawcheck-junit-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string cases =
      junit_case("LinEl6LawProperty.A", "run", "Using configuration: seed=1\nOK, passed 1000 tests\n30% - &quot;broke&quot;\n") +
      junit_case("LinEl6LawProperty.B", "run", "[property] B max_success=250\nOK, passed 250 tests\n") +
      junit_case("LinEl6LawProperty.C", "fail", "Falsifiable after 3 tests\nOK, passed 7 tests\n", "<failure message=\"\"/>") +
      junit_case("LinEl6Law.D", "notrun", "Unable to find executable", "<skipped message=\"Unable to find executable\"/>") +
      junit_case("LinEl6Law.E", "disabled", "Disabled") +
      junit_case("LinEl6Law.F", "run", "[  PASSED  ] 1 test.\nnot OK, passed 5 tests &lt;&amp;&gt;\n");
  write_junit(dir / "good.xml", cases);
  const CtestRun run = read_ctest_junit(dir / "good.xml");
  ASSERT_EQ(run.problem, "");
  EXPECT_EQ(run.timestamp, "2026-11-23T07:33:40");
  ASSERT_EQ(run.tests.size(), 6u);
  EXPECT_EQ(status_of(run, "LinEl6LawProperty.C"), CtestStatus::failed);
  EXPECT_EQ(status_of(run, "LinEl6Law.D"), CtestStatus::not_run);
  EXPECT_EQ(status_of(run, "LinEl6Law.E"), CtestStatus::disabled);
  EXPECT_FALSE(status_of(run, "LinEl6Law"));
  const CtestTally p = tally(run, {"LinEl6LawProperty"});
  std::printf("properties: %d/%d passed, %d failed, %lld cases over %d\n", p.passed, p.total, p.failed, p.cases,
              p.with_cases);
  EXPECT_EQ(p.total, 3);
  EXPECT_EQ(p.passed, 2);
  EXPECT_EQ(p.failed, 1);
  EXPECT_EQ(p.with_cases, 2);
  EXPECT_EQ(p.cases, 1250);  // a failed property's cases do not count
  EXPECT_EQ(p.fewest_cases, 250);
  const CtestTally l = tally(run, {"LinEl6Law", "NoSuchSuite"});  // suite = the name up to its first '.'
  EXPECT_EQ(l.total, 3);
  EXPECT_EQ(l.passed, 1);
  EXPECT_EQ(l.failed, 0);
  EXPECT_EQ(l.with_cases, 0);  // "[  PASSED  ] 1 test." and a mid-line "OK, passed" are no case counts
  EXPECT_EQ(tally(run, {}).total, 0);

  EXPECT_EQ(read_ctest_junit(dir / "none.xml").problem, "no ctest results found (run scripts/test.sh)");
  const struct {
    const char* what;
    std::string cases, root, problem;
  } bad[] = {
      {"truncated", cases.substr(0, cases.size() / 2), "testsuite", "not a ctest JUnit file"},
      {"unknown status", junit_case("A.B", "passed", ""), "testsuite", "unknown status=\"passed\""},
      {"other root", junit_case("A.B", "run", ""), "testsuites", "not one <testsuite>"},
      {"fail without <failure>", junit_case("A.B", "fail", ""), "testsuite", "status and <failure> disagree"},
      {"other element", "<properties/>", "testsuite", "holds a <properties>"},
  };
  for (const auto& b : bad) {
    write_junit(dir / "bad.xml", b.cases, b.root);
    const CtestRun r = read_ctest_junit(dir / "bad.xml");
    std::printf("%s: %s\n", b.what, r.problem.c_str());
    EXPECT_NE(r.problem.find(b.problem), std::string::npos) << b.what << ": " << r.problem;
    EXPECT_TRUE(r.tests.empty()) << b.what;
  }
  fs::remove_all(dir);
}

// The dashboard's verdicts come from the inputs: a failed check of a study, or a failed ctest of a
// law's suites, makes that law FAIL (saying which); without a ctest run every ctest cell says how
// to get one. Studies without cases (nothing measured) stand in for the real ones.
TEST(Dashboard, ALawFailsOnAFailedCheckOrCtestAndEmptyCtestCellsSayHowToFillThem) {
  const DissipationStudy dissipation{};
  const StiffnessStudy stiffness{};
  LinEl6Study linel6;
  linel6.checks.push_back({"a check that failed", false, "measured"});
  const IceStudy ice{};
  const RestitutionStudy restitution{};
  const BenchSummary bench{};
  const Figure plot{"plots/x.svg", "caption", "<svg/>"};
  const DashboardLinks links{"d", "dd", "s", "l6", "ice", "r", "b", "c"};
  CtestRun run;
  run.tests = {{"IceLaw.Breaks", CtestStatus::failed, {}}, {"ExudynLawProperty.P", CtestStatus::passed, 1000}};
  auto markdown = [&](const CtestRun& ctest) {
    Document doc;
    append_dashboard(doc, {dissipation, stiffness, linel6, ice, restitution,
                           {{"linel6 (seed 000)", false, "key", "l6"}}, builtin_claims_ledger(), bench, ctest, plot,
                           links, {}});
    return doc.to_markdown();
  };
  auto row = [](const std::string& md, const std::string& law) {
    const auto at = md.find("| `" + law + "` |");
    return at == std::string::npos ? std::string() : md.substr(at, md.find('\n', at) - at);
  };
  const std::string md = markdown(run);
  for (const char* law : {"linear", "linel6", "ice", "exudyn"}) std::printf("%s\n", row(md, law).c_str());
  EXPECT_NE(row(md, "linear").find("**[PASS](#d)**"), std::string::npos);  // no checks: none failed
  EXPECT_NE(row(md, "linel6").find("**[FAIL](#l6)** (study)"), std::string::npos);
  EXPECT_NE(row(md, "ice").find("**[FAIL](#ice)** (1 ctest failed)"), std::string::npos);
  // The restitution study passes only if it has cases and all converge: an empty one fails.
  EXPECT_NE(row(md, "exudyn").find("**[FAIL](#r)** (study)"), std::string::npos);
  EXPECT_NE(md.find("| [linel6 (seed 000)](#l6) | **[FAIL](#l6)** | key |"), std::string::npos);
  CtestRun none;
  none.problem = "no ctest results found (run scripts/test.sh)";
  const std::string empty = markdown(none);
  const std::string cells = row(empty, "ice");
  std::printf("%s\n", cells.c_str());
  std::size_t hints = 0;
  for (auto at = cells.find("`bash scripts/test.sh` fills it"); at != std::string::npos;
       at = cells.find("`bash scripts/test.sh` fills it", at + 1))
    ++hints;
  EXPECT_EQ(hints, 3u);  // properties, law tests, oracles' tests
  EXPECT_NE(row(empty, "ice").find("**[PASS](#ice)**"), std::string::npos);
  EXPECT_NE(empty.find("--output-junit ctest-junit.xml"), std::string::npos);
}

}  // namespace
}  // namespace lawcheck::reports::report_render_test
