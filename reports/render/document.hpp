#pragma once
// A small document model for the report: headings, paragraphs, lists, tables and figures, written
// once by the studies' renderers and emitted both as Markdown (report.md, figures linked as files)
// and as one self-contained HTML page (index.html, figures inlined as data URIs, so the page
// travels alone). Inline `code` spans in text are kept in both outputs.

#include <string>
#include <vector>

namespace lawcheck::reports {

struct Figure {
  std::string file;     // e.g. "plots/hysteresis_1d_error.svg", relative to the output directory
  std::string caption;
  std::string svg;      // the SVG document text
};

struct Block {
  enum class Kind { heading, paragraph, list, table, figure, preformatted };
  Kind kind = Kind::paragraph;
  int level = 0;                                // heading level
  std::string text;                             // heading, paragraph, preformatted
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

  const std::vector<Block>& blocks() const { return blocks_; }

  std::string to_markdown() const;
  std::string to_html(const std::string& title) const;

private:
  std::vector<Block> blocks_;
};

std::string base64(const std::string& bytes);

}  // namespace lawcheck::reports
