// The report renderer: a self-contained HTML page (every figure inlined as a data URI, nothing
// fetched from elsewhere) and Markdown that links the SVG files written beside it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "render/document.hpp"
#include "render/gnuplot.hpp"

namespace lawcheck::reports {
namespace {

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
  PlotSpec spec{"t", "x", "y", true, true, {{"a <b>", {1, 2, 4}, {1, 0.5, 0.25}}}, "top right"};
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
  EXPECT_NE(html.find("<code>code</code>"), std::string::npos);
  const std::string md = doc.to_markdown();
  EXPECT_NE(md.find("![caption](plots/x.svg)"), std::string::npos);
  EXPECT_NE(md.find("| b\\|c |"), std::string::npos);
}

}  // namespace
}  // namespace lawcheck::reports
