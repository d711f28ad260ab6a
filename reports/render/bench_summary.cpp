// Contact-loop benchmark figures for the report: see bench_summary.hpp.
#include "render/bench_summary.hpp"
#include "render/build_tree.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

namespace lawcheck::reports {

namespace fs = std::filesystem;

namespace {

// Google Benchmark JSON (benchmark 1.7, the --benchmark_out format): context.date and, per
// repetition (run_type "iteration"), the user counter ns_per_contact. That counter is a rate with
// kInvert (benchmarks/per_item_counter.hpp): seconds per contact, so the value times 1e9 is ns.
struct Run {
  std::string date;
  std::map<std::string, std::vector<double>> ns_per_contact;  // run name -> one value per repetition
};

Run read_run(const fs::path& p) {
  std::ifstream in(p);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  const auto j = nlohmann::json::parse(in);
  Run r;
  r.date = j.at("context").at("date").get<std::string>();
  for (const auto& b : j.at("benchmarks")) {
    const std::string name = b.value("run_name", b.value("name", ""));
    if (b.value("run_type", "") != "iteration" || name.rfind("contact_step", 0) != 0 || !b.contains("ns_per_contact"))
      continue;
    r.ns_per_contact[name].push_back(b.at("ns_per_contact").get<double>() * 1e9);
  }
  return r;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

std::optional<std::chrono::sys_seconds> iso_seconds(const std::string& iso) {
  using namespace std::chrono;
  int y, mo, d, h, mi, s, n = 0;
  if (std::sscanf(iso.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &s, &n) != 6) return std::nullopt;
  const year_month_day date{year{y}, month{static_cast<unsigned>(mo)}, day{static_cast<unsigned>(d)}};
  if (!date.ok() || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 60) return std::nullopt;
  const sys_seconds t = sys_days{date} + hours{h} + minutes{mi} + seconds{s};
  const std::string zone = iso.substr(static_cast<std::size_t>(n));
  int oh = 0, om = 0;
  char sign = 0;
  if (zone == "Z" || zone.empty()) return t;
  if (std::sscanf(zone.c_str(), "%c%2d:%2d", &sign, &oh, &om) != 3 || (sign != '+' && sign != '-')) return std::nullopt;
  const minutes offset = hours{oh} + minutes{om};
  return sign == '+' ? t - offset : t + offset;
}

BenchSummary read_bench_summary(const fs::path& baseline, const fs::path& results_dir) {
  BenchSummary out;
  out.baseline = baseline;
  out.results_dir = results_dir;
  Run base;
  try {
    base = read_run(baseline);
  } catch (const std::exception& e) {
    out.problem = std::string("baseline not read: ") + e.what();
    return out;
  }
  out.baseline_date = base.date;
  if (base.ns_per_contact.empty()) {
    out.problem = "the baseline holds no contact_step benchmark with ns_per_contact";
    return out;
  }
  // Newest first by file name: bench.sh names each run by its UTC start time.
  std::vector<fs::path> runs;
  std::error_code ec;
  for (fs::directory_iterator it(results_dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string f = it->path().filename().string();
    if (f.rfind("bench-", 0) == 0 && f.size() > 5 && f.compare(f.size() - 5, 5, ".json") == 0) runs.push_back(it->path());
  }
  std::sort(runs.rbegin(), runs.rend());
  const auto base_time = iso_seconds(base.date);
  Run latest;
  for (const auto& p : runs) {
    try {
      Run r = read_run(p);
      const auto t = iso_seconds(r.date);
      if (r.ns_per_contact.empty() || !t || !base_time || *t <= *base_time) continue;
      out.latest = p;
      out.latest_date = r.date;
      latest = std::move(r);
      break;
    } catch (const std::exception&) {
      continue;  // an interrupted run's partial file is not a run
    }
  }
  for (const auto& [name, values] : base.ns_per_contact) {
    BenchFigure f{name, median(values), std::nullopt};
    if (auto it = latest.ns_per_contact.find(name); it != latest.ns_per_contact.end()) f.latest_ns = median(it->second);
    out.figures.push_back(std::move(f));
  }
  return out;
}

BenchSummary read_default_bench_summary() {
  const fs::path source = running_source_tree();
  if (source.empty()) return {};
  const char* env = std::getenv("LAWCHECK_BENCH_BUILD");
  const fs::path build = env && *env ? fs::path(env) : source / "build" / "bench";
  return read_bench_summary(source / "benchmarks" / "baseline.json", build / "results");
}

}  // namespace lawcheck::reports
