// The ctest results the dashboard shows: see ctest_results.hpp.
#include "render/ctest_results.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>

#include "render/bench_summary.hpp"  // iso_seconds
#include "render/build_tree.hpp"

namespace lawcheck::reports {

namespace fs = std::filesystem;
namespace pt = boost::property_tree;

namespace {

// Boost.PropertyTree's XML reader (RapidXML inside; entities decoded) keeps attributes under
// "<xmlattr>" and comments under "<xmlcomment>"; the element's text is the node's data.
constexpr const char* kAttr = "<xmlattr>";
constexpr const char* kComment = "<xmlcomment>";

std::string attribute(const pt::ptree& node, const std::string& element, const std::string& name) {
  const auto value = node.get_optional<std::string>(std::string(kAttr) + "." + name);
  if (!value) throw std::runtime_error("<" + element + "> without the attribute " + name);
  return *value;
}

CtestStatus status_named(const std::string& test, const std::string& s) {
  if (s == "run") return CtestStatus::passed;
  if (s == "fail") return CtestStatus::failed;
  if (s == "notrun") return CtestStatus::not_run;
  if (s == "disabled") return CtestStatus::disabled;
  throw std::runtime_error("test " + test + ": unknown status=\"" + s + "\"");
}

// RapidCheck's line for a property that held: "OK, passed N tests" at the start of a line.
std::optional<long long> rapidcheck_cases(const std::string& out) {
  static const std::string mark = "OK, passed ";
  std::optional<long long> sum;
  for (auto p = out.find(mark); p != std::string::npos; p = out.find(mark, p + 1)) {
    if (p > 0 && out[p - 1] != '\n') continue;
    std::size_t q = p + mark.size();
    long long n = 0;
    const std::size_t digits = q;
    for (; q < out.size() && out[q] >= '0' && out[q] <= '9' && q - digits < 18; ++q) n = n * 10 + (out[q] - '0');
    if (q == digits || out.compare(q, 5, " test") != 0) continue;
    sum = sum.value_or(0) + n;
  }
  return sum;
}

CtestRun parse(const fs::path& file) {
  pt::ptree doc;
  pt::read_xml(file.string(), doc);  // throws xml_parser_error "file(line): what" on malformed XML
  const pt::ptree* suite = nullptr;
  for (const auto& [name, child] : doc) {
    if (name == kComment) continue;
    if (name != "testsuite" || suite)
      throw std::runtime_error("the document is not one <testsuite> (found <" + name + ">)");
    suite = &child;
  }
  if (!suite) throw std::runtime_error("no <testsuite>");
  CtestRun run;
  run.file = file;
  run.timestamp = attribute(*suite, "testsuite", "timestamp");
  if (!iso_seconds(run.timestamp)) throw std::runtime_error("timestamp=\"" + run.timestamp + "\" is no ISO 8601 time");
  for (const auto& [name, child] : *suite) {
    if (name == kAttr || name == kComment) continue;
    if (name != "testcase") throw std::runtime_error("<testsuite> holds a <" + name + ">, not only <testcase>");
    CtestCase c;
    c.name = attribute(child, "testcase", "name");
    c.status = status_named(c.name, attribute(child, "testcase", "status"));
    for (const auto& [part, body] : child) {
      if (part == kAttr || part == kComment || part == "failure" || part == "skipped" || part == "system-err") continue;
      if (part != "system-out") throw std::runtime_error("test " + c.name + ": unexpected <" + part + ">");
      if (c.status == CtestStatus::passed) c.cases = rapidcheck_cases(body.data());
    }
    if ((c.status == CtestStatus::failed) != (child.count("failure") > 0))
      throw std::runtime_error("test " + c.name + ": status and <failure> disagree");
    run.tests.push_back(std::move(c));
  }
  return run;
}

}  // namespace

CtestRun read_ctest_junit(const fs::path& file) {
  CtestRun run;
  run.file = file;
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) {
    run.problem = "no ctest results found (run scripts/test.sh)";
    return run;
  }
  try {
    run = parse(file);
  } catch (const std::exception& e) {
    run.problem = std::string("not a ctest JUnit file: ") + e.what();
  }
  return run;
}

fs::path default_ctest_junit() {
  const char* env = std::getenv("LAWCHECK_CTEST_JUNIT");
  if (env && *env) return env;
  const fs::path build = running_build_tree();
  return build.empty() ? fs::path{} : build / "ctest-junit.xml";
}

CtestRun read_default_ctest_run() { return read_ctest_junit(default_ctest_junit()); }

CtestTally tally(const CtestRun& run, const std::vector<std::string>& suites) {
  CtestTally t;
  for (const auto& c : run.tests) {
    const std::string suite = c.name.substr(0, c.name.find('.'));
    if (std::find(suites.begin(), suites.end(), suite) == suites.end()) continue;
    ++t.total;
    t.failed += c.status == CtestStatus::failed ? 1 : 0;
    if (c.status != CtestStatus::passed) continue;
    ++t.passed;
    if (!c.cases) continue;
    ++t.with_cases;
    t.cases += *c.cases;
    t.fewest_cases = std::min(t.fewest_cases.value_or(*c.cases), *c.cases);
  }
  return t;
}

std::optional<CtestStatus> status_of(const CtestRun& run, const std::string& name) {
  for (const auto& c : run.tests)
    if (c.name == name) return c.status;
  return std::nullopt;
}

}  // namespace lawcheck::reports
