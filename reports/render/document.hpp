#pragma once
// A small document model for the report: headings, paragraphs, lists, tables and figures, written
// once by the studies' renderers and emitted both as Markdown (report.md, figures linked as files)
// and as one self-contained HTML page (index.html, figures inlined as data URIs, so the page
// travels alone).
//
// Inline markup in every text (headings, paragraphs, list items, table cells), the Markdown
// subset both outputs understand: `code`, **bold**, [text](#anchor) links, and math as TeX between
// $...$ (inline) or $$...$$ (display); \$ is a literal dollar. report.md keeps the TeX as written
// (GitHub and most Markdown viewers typeset it); index.html puts each formula's TeX, HTML-escaped,
// into <span class="tex"> (class "tex tex-display" for $$) for the page's script to typeset
// (render/katex.hpp). An unclosed $ is an error, not a silently broken formula.
//
// Headings get ids in the HTML: GitHub's anchor of the heading text (`anchor_of`), so that
// [text](#anchor) links work alike in index.html and in report.md rendered by GitHub.

#include <string>
#include <vector>

namespace lawcheck::reports {

struct Figure {
  std::string file;     // e.g. "plots/hysteresis_1d_error.svg", relative to the output directory
  std::string caption;
  std::string svg;      // the SVG document text
};

struct Block {
  enum class Kind { heading, paragraph, list, table, figure, preformatted, box_begin, box_end };
  Kind kind = Kind::paragraph;
  int level = 0;                                // heading level
  std::string text;                             // heading, paragraph, preformatted; box: CSS class
  std::vector<std::string> items;               // list items, or table header
  std::vector<std::vector<std::string>> rows;   // table rows
  Figure figure;
};

class Document {
public:
  void heading(int level, std::string text);
  void paragraph(std::string text);
  void list(std::vector<std::string> items);
  void table(std::vector<std::string> header, std::vector<std::vector<std::string>> rows);
  void figure(Figure f);
  void preformatted(std::string text);
  // An HTML <div class="css_class"> around the blocks up to the matching end_box (layout only: the
  // dashboard's columns); nothing in Markdown.
  void begin_box(std::string css_class);
  void end_box();

  const std::vector<Block>& blocks() const { return blocks_; }

  std::string to_markdown() const;
  // head: extra <head> content (styles); body_end: content before </body> (scripts).
  std::string to_html(const std::string& title, const std::string& head = "", const std::string& body_end = "") const;

private:
  std::vector<Block> blocks_;
};

std::string base64(const std::string& bytes);

// A formatted number as TeX for use between $...$: "1e+06" -> "10^{6}", "-3.142e-04" ->
// "-3.142 \cdot 10^{-4}"; a number without exponent stays as it is.
std::string tex_number(const std::string& formatted);

// GitHub's anchor of a heading: the text without inline markup, lower-cased, every character that
// is not a letter, digit, '-', '_' or space dropped, spaces turned into '-' ("1.2 Decision" ->
// "12-decision"). A repeated anchor gets "-1", "-2", ... in order (Document::to_html does that).
std::string anchor_of(const std::string& heading);

}  // namespace lawcheck::reports
