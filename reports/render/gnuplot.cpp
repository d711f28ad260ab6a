#include "render/gnuplot.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

namespace lawcheck::reports {

namespace fs = std::filesystem;

namespace {

// A private temporary directory, removed when it goes out of scope.
class TempDir {
public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "lawcheck-plot-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary directory for gnuplot");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

private:
  fs::path path_;
};

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

bool gnuplot_available() {
  static const bool ok = std::system("gnuplot --version >/dev/null 2>&1") == 0;
  return ok;
}

std::string render_svg(const PlotSpec& spec) {
  if (!gnuplot_available())
    throw std::runtime_error(
        "gnuplot not found: the report's plots need it (Debian: apt-get install gnuplot-nox, which "
        "scripts/setup.sh does)");
  TempDir dir;
  std::ostringstream script;
  // The key's rows add to the height, so the axes keep theirs: two entries per row if every label
  // fits half the width (about 45 characters of 11 pt sans, with the sample line), else one.
  std::size_t longest = 0;
  for (const Series& s : spec.series) longest = std::max(longest, s.label.size());
  const std::size_t key_rows = longest <= 45 ? (spec.series.size() + 1) / 2 : spec.series.size();
  script << fmt::format("set terminal svg size 800,{} noenhanced font 'sans,11' background rgb 'white'\n",
                        420 + 17 * key_rows)
         << "set output " << quoted((dir.path() / "plot.svg").string()) << "\n"
         << "set title " << quoted(spec.title) << "\n"
         << "set xlabel " << quoted(spec.xlabel) << "\n"
         << "set ylabel " << quoted(spec.ylabel) << "\n"
         << "set key outside below center maxcols 2\n"
         << "set grid\n";
  if (spec.logx) script << "set logscale x 2\n";
  if (spec.logy) script << "set logscale y\nset format y '%.0e'\n";
  std::string plot = "plot ";
  for (std::size_t i = 0; i < spec.series.size(); ++i) {
    const Series& s = spec.series[i];
    const fs::path data = dir.path() / fmt::format("s{}.dat", i);
    std::ofstream out(data);
    for (std::size_t k = 0; k < s.x.size() && k < s.y.size(); ++k) out << fmt::format("{:.17g} {:.17g}\n", s.x[k], s.y[k]);
    if (!out) throw std::runtime_error("cannot write gnuplot data to " + data.string());
    plot += fmt::format("{}{} using 1:2 with {} title {}", i ? ", " : "", quoted(data.string()), s.style,
                        quoted(s.label));
  }
  script << plot << "\n";
  const fs::path script_file = dir.path() / "plot.gp";
  {
    std::ofstream out(script_file);
    out << script.str();
  }
  const fs::path log = dir.path() / "gnuplot.log";
  const std::string cmd = fmt::format("gnuplot {} >{} 2>&1", quoted(script_file.string()), quoted(log.string()));
  if (std::system(cmd.c_str()) != 0) {
    std::ifstream in(log);
    std::string first;
    std::getline(in, first);
    throw std::runtime_error(fmt::format("gnuplot failed on plot '{}': {}", spec.title, first));
  }
  std::ifstream in(dir.path() / "plot.svg");
  std::ostringstream svg;
  svg << in.rdbuf();
  if (svg.str().empty()) throw std::runtime_error(fmt::format("gnuplot wrote no SVG for plot '{}'", spec.title));
  return svg.str();
}

}  // namespace lawcheck::reports
