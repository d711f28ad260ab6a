// KaTeX inlined into the HTML report: see katex.hpp.
#include "render/katex.hpp"

#include <cstdlib>
#include <fstream>
#include <iterator>
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

// Each @font-face's `src:` list (woff2, woff, ttf) becomes its woff2 entry as a data: URI. Plain
// string search, not <regex>: GCC 12's <regex> trips -Wmaybe-uninitialized under the sanitizers.
std::string inline_fonts(const std::string& css, const fs::path& dir) {
  const auto bad = [&](const std::string& what) {
    return std::runtime_error("KaTeX stylesheet " + (dir / "katex.min.css").string() + ": " + what);
  };
  std::string out;
  std::size_t last = 0;
  for (std::size_t src = css.find("src:"); src != std::string::npos; src = css.find("src:", last)) {
    const std::size_t end = css.find_first_of(";}", src);
    if (end == std::string::npos) throw bad("an unterminated src: list");
    const std::string list = css.substr(src + 4, end - src - 4);
    // url(<file>.woff2) format('woff2')
    const std::size_t ext = list.find(".woff2)");
    const std::size_t open = ext == std::string::npos ? std::string::npos : list.rfind("url(", ext);
    const std::size_t format = ext == std::string::npos ? ext : list.find_first_not_of(" \t\n", ext + 7);
    const bool woff2 = format != std::string::npos &&
                       (list.compare(format, 15, "format('woff2')") == 0 || list.compare(format, 15, "format(\"woff2\")") == 0);
    if (open == std::string::npos || !woff2)
      throw bad("a @font-face without a woff2 font (" + list.substr(0, 80) + ")");
    const std::string file = list.substr(open + 4, ext + 6 - (open + 4));
    out.append(css, last, src - last);
    out += "src:url(data:font/woff2;base64," + base64(read_file(dir / file)) + ") format('woff2')";
    last = end;
  }
  out.append(css, last);
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
