#pragma once
// Typeset math in the HTML report: KaTeX from Debian's `libjs-katex` (installed by
// scripts/setup.sh), inlined into index.html -- its script, its stylesheet and its fonts, each font
// as a data: URI in the CSS -- so that the page stays one self-contained file that renders offline.
// On load a small script calls katex.render on every <span class="tex"> the document model wrote
// (render/document.hpp) with throwOnError off, so a formula KaTeX cannot parse shows as a
// `katex-error` span (the browser test, reports/tests/report_browser_test.sh, looks for those).
// report.md keeps the TeX between $...$ and needs none of this.

#include <filesystem>
#include <string>

namespace lawcheck::reports {

struct KatexAssets {
  std::string head;      // <style> with the fonts inlined, for Document::to_html's head
  std::string body_end;  // <script> KaTeX + the render call, for Document::to_html's body_end
};

// $LAWCHECK_KATEX_DIR if set, else Debian's /usr/share/javascript/katex.
std::filesystem::path katex_dir();

// Reads katex.min.js, katex.min.css and every font the CSS names (only the woff2 of each
// @font-face: every browser that runs this KaTeX reads woff2; the woff/ttf fallbacks would triple
// the page). Throws std::runtime_error naming the missing or unexpected file and the package.
KatexAssets load_katex(const std::filesystem::path& dir = katex_dir());

}  // namespace lawcheck::reports
