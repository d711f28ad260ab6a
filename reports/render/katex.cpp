// KaTeX inlined into the HTML report: see katex.hpp.
#include "render/katex.hpp"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <regex>
#include <stdexcept>

#include "render/document.hpp"

namespace lawcheck::reports {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPackage = "Debian package libjs-katex (scripts/setup.sh installs it)";

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("KaTeX file missing: " + p.string() + " (" + kPackage + ")");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Each @font-face's `src:` list (woff2, woff, ttf) becomes its woff2 entry as a data: URI.
std::string inline_fonts(const std::string& css, const fs::path& dir) {
  static const std::regex src(R"(src:([^;}]*))");
  static const std::regex woff2(R"(url\(([^)]*\.woff2)\)\s*format\(['"]woff2['"]\))");
  std::string out;
  auto last = css.cbegin();
  for (std::sregex_iterator it(css.begin(), css.end(), src), end; it != end; ++it) {
    std::smatch font;
    const std::string list = (*it)[1].str();
    if (!std::regex_search(list, font, woff2))
      throw std::runtime_error("KaTeX stylesheet " + (dir / "katex.min.css").string() +
                               ": a @font-face without a woff2 font (" + list.substr(0, 80) + ")");
    out.append(last, (*it)[0].first);
    out += "src:url(data:font/woff2;base64," + base64(read_file(dir / font[1].str())) + ") format('woff2')";
    last = (*it)[0].second;
  }
  out.append(last, css.cend());
  // Nothing else may point outside the page.
  for (auto pos = out.find("url("); pos != std::string::npos; pos = out.find("url(", pos + 4))
    if (out.compare(pos, 9, "url(data:") != 0)
      throw std::runtime_error("KaTeX stylesheet " + (dir / "katex.min.css").string() +
                               " refers to a file outside @font-face src: " + out.substr(pos, 60));
  return out;
}

// Macros of the seeds' documentation sources that quoted formulas use (render/claims_section.cpp
// typesets the quotes): Woo's time-level marks in seed 000 (\curr{x} the value at the current step,
// \pprev{x} at the previous mid-step, \prev/\next, \Dt the time step), drawn with the superscripts
// of Yade's documentation, which Woo's descends from (glyphs only, not checked against Woo's own
// preamble), and Exudyn's left upper index \LU{frame}{vector} (seed 003).
constexpr const char* kMacros =
    R"({"\\curr":"{#1}^{\\circ}","\\pprev":"{#1}^{\\ominus}","\\prev":"{#1}^{-}","\\next":"{#1}^{+}",)"
    R"("\\Dt":"\\Delta t","\\LU":"{}^{#1}{#2}"})";

}  // namespace

fs::path katex_dir() {
  const char* env = std::getenv("LAWCHECK_KATEX_DIR");
  return env && *env ? fs::path(env) : fs::path("/usr/share/javascript/katex");
}

KatexAssets load_katex(const fs::path& dir) {
  const std::string js = read_file(dir / "katex.min.js");
  // Inlined in <script>, the text must not close the element early.
  if (js.find("</script") != std::string::npos)
    throw std::runtime_error("KaTeX script " + (dir / "katex.min.js").string() + " contains </script: cannot inline it");
  KatexAssets a;
  a.head = "<style>\n" + inline_fonts(read_file(dir / "katex.min.css"), dir) +
           "\n.tex-display{display:block;text-align:center;margin:.5rem 0}\n</style>\n";
  a.body_end = "<script>\n" + js + "\n</script>\n<script>\n(function(){var m=" + kMacros +
               ";document.querySelectorAll('span.tex').forEach(function(e){katex.render(e.textContent,e,"
               "{displayMode:e.classList.contains('tex-display'),throwOnError:false,macros:m});});})();\n</script>\n";
  return a;
}

}  // namespace lawcheck::reports
