#pragma once
// Plots for the report: gnuplot (Debian package gnuplot-nox, installed by scripts/setup.sh) run
// as a subprocess on a script and data files written to a fresh temporary directory, producing an
// SVG (`set terminal svg`) that the report inlines. No plotting library is linked: gnuplot is the
// only dependency, and a missing gnuplot is a clear error, not a silent report without plots.
// Every plot is 800 px wide with its key below the axes: a key inside the axes hid data wherever
// the curves happened to run, and the page shows plots at their own width (>= 640 px).

#include <string>
#include <vector>

namespace lawcheck::reports {

struct Series {
  std::string label;
  std::vector<double> x;
  std::vector<double> y;
  std::string style = "linespoints";  // gnuplot "with" clause: lines, points, linespoints
};

struct PlotSpec {
  std::string title;
  std::string xlabel;
  std::string ylabel;
  bool logx = false;
  bool logy = false;
  std::vector<Series> series;
};

// Throws std::runtime_error naming the problem if gnuplot is not installed or fails.
std::string render_svg(const PlotSpec& spec);

// True if `gnuplot` can be run (checked once).
bool gnuplot_available();

}  // namespace lawcheck::reports
