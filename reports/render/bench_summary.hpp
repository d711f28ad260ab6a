#pragma once
// The contact-loop benchmark figures the report shows: the medians of ns per contact of
// the `contact_step*` benchmarks in benchmarks/baseline.json, and the same from the newest run
// `scripts/bench.sh` left in its results directory (build/bench/results/bench-<UTC time>.json, or
// $LAWCHECK_BENCH_BUILD/results as bench.sh uses) if that run is newer than the baseline, with
// the ratio new/baseline. The report does not time anything itself: these are files, read as they
// are, and the report says which ones and from when (benchmarks/README.md for how they are made).

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace lawcheck::reports {

struct BenchFigure {
  std::string name;                 // Google Benchmark run name, e.g. "contact_step/spheres:10000"
  double baseline_ns = 0;           // median over the baseline's repetitions, ns per contact
  std::optional<double> latest_ns;  // the same in the newer run, if it has this benchmark
};

struct BenchSummary {
  std::filesystem::path baseline;      // the file read (or looked for)
  std::string baseline_date;           // its context.date
  std::optional<std::filesystem::path> latest;  // the newer run, if one was found
  std::string latest_date;
  std::filesystem::path results_dir;   // where newer runs were looked for
  std::vector<BenchFigure> figures;    // empty if the baseline could not be read
  std::string problem;                 // why there are no figures (missing or unreadable file), else ""
};

// Reads `baseline` and the newest bench-*.json in `results_dir` whose context.date is later than
// the baseline's and which holds a contact_step benchmark. Never throws: a missing or malformed
// file is reported in `problem` (the report must not fail for want of a benchmark run).
BenchSummary read_bench_summary(const std::filesystem::path& baseline, const std::filesystem::path& results_dir);

// The baseline of this source tree and the results directory scripts/bench.sh writes to.
BenchSummary read_default_bench_summary();

// The UTC instant of an ISO 8601 time "2026-11-23T06:25:20+00:00" (offset, 'Z' or none: UTC);
// nullopt if it is not one (a date the calendar does not have, such as 2026-02-30, included).
std::optional<std::chrono::sys_seconds> iso_seconds(const std::string& iso);

}  // namespace lawcheck::reports
