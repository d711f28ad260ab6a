#include "render/document.hpp"

#include <fmt/format.h>

namespace lawcheck::reports {

void Document::heading(int level, std::string text) {
  Block b;
  b.kind = Block::Kind::heading;
  b.level = level;
  b.text = std::move(text);
  blocks_.push_back(std::move(b));
}

void Document::paragraph(std::string text) {
  Block b;
  b.kind = Block::Kind::paragraph;
  b.text = std::move(text);
  blocks_.push_back(std::move(b));
}

void Document::list(std::vector<std::string> items) {
  Block b;
  b.kind = Block::Kind::list;
  b.items = std::move(items);
  blocks_.push_back(std::move(b));
}

void Document::table(std::vector<std::string> header, std::vector<std::vector<std::string>> rows) {
  Block b;
  b.kind = Block::Kind::table;
  b.items = std::move(header);
  b.rows = std::move(rows);
  blocks_.push_back(std::move(b));
}

void Document::figure(Figure f) {
  Block b;
  b.kind = Block::Kind::figure;
  b.figure = std::move(f);
  blocks_.push_back(std::move(b));
}

void Document::preformatted(std::string text) {
  Block b;
  b.kind = Block::Kind::preformatted;
  b.text = std::move(text);
  blocks_.push_back(std::move(b));
}

namespace {

std::string md_cell(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// Escapes text and turns `code` spans and **bold** into HTML.
std::string inline_html(const std::string& s) {
  std::string out;
  bool code = false, bold = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '`') {
      out += code ? "</code>" : "<code>";
      code = !code;
    } else if (!code && s.compare(i, 2, "**") == 0) {
      out += bold ? "</strong>" : "<strong>";
      bold = !bold;
      ++i;
    } else {
      out += escape(std::string(1, s[i]));
    }
  }
  if (code) out += "</code>";
  if (bold) out += "</strong>";
  return out;
}

}  // namespace

std::string Document::to_markdown() const {
  std::string out;
  for (const Block& b : blocks_) {
    switch (b.kind) {
      case Block::Kind::heading: out += std::string(b.level, '#') + " " + b.text + "\n\n"; break;
      case Block::Kind::paragraph: out += b.text + "\n\n"; break;
      case Block::Kind::list:
        for (const auto& i : b.items) out += "- " + i + "\n";
        out += "\n";
        break;
      case Block::Kind::table: {
        std::string head = "|", rule = "|";
        for (const auto& h : b.items) {
          head.append(" ").append(md_cell(h)).append(" |");
          rule += "---|";
        }
        out += head + "\n" + rule + "\n";
        for (const auto& r : b.rows) {
          std::string line = "|";
          for (const auto& c : r) line.append(" ").append(md_cell(c)).append(" |");
          out += line + "\n";
        }
        out += "\n";
        break;
      }
      case Block::Kind::figure:
        out += fmt::format("![{}]({})\n\n*{}*\n\n", b.figure.caption, b.figure.file, b.figure.caption);
        break;
      case Block::Kind::preformatted: out += "```\n" + b.text + "\n```\n\n"; break;
    }
  }
  return out;
}

std::string Document::to_html(const std::string& title) const {
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n"
      "<style>\nbody{{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.45}}\n"
      "table{{border-collapse:collapse;margin:1rem 0}}td,th{{border:1px solid #bbb;padding:.2rem .5rem;"
      "text-align:right}}th{{background:#eee}}code{{background:#f4f4f4;padding:0 .2rem}}\n"
      "figure{{margin:1rem 0}}figcaption{{font-style:italic;font-size:.9rem}}img{{max-width:100%}}\n"
      "pre{{background:#f4f4f4;padding:.5rem;overflow-x:auto}}\n</style>\n</head>\n<body>\n",
      escape(title));
  for (const Block& b : blocks_) {
    switch (b.kind) {
      case Block::Kind::heading:
        out += fmt::format("<h{0}>{1}</h{0}>\n", b.level, inline_html(b.text));
        break;
      case Block::Kind::paragraph: out += "<p>" + inline_html(b.text) + "</p>\n"; break;
      case Block::Kind::list:
        out += "<ul>\n";
        for (const auto& i : b.items) out += "<li>" + inline_html(i) + "</li>\n";
        out += "</ul>\n";
        break;
      case Block::Kind::table:
        out += "<table>\n<tr>";
        for (const auto& h : b.items) out += "<th>" + inline_html(h) + "</th>";
        out += "</tr>\n";
        for (const auto& r : b.rows) {
          out += "<tr>";
          for (const auto& c : r) out += "<td>" + inline_html(c) + "</td>";
          out += "</tr>\n";
        }
        out += "</table>\n";
        break;
      case Block::Kind::figure:
        out += fmt::format(
            "<figure><img alt=\"{0}\" src=\"data:image/svg+xml;base64,{1}\"><figcaption>{0}</figcaption></figure>\n",
            escape(b.figure.caption), base64(b.figure.svg));
        break;
      case Block::Kind::preformatted: out += "<pre>" + escape(b.text) + "</pre>\n"; break;
    }
  }
  out += "</body>\n</html>\n";
  return out;
}

std::string base64(const std::string& bytes) {
  static constexpr char table[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned v = (unsigned(static_cast<unsigned char>(bytes[i])) << 16) |
                       (unsigned(static_cast<unsigned char>(bytes[i + 1])) << 8) |
                       unsigned(static_cast<unsigned char>(bytes[i + 2]));
    out += table[(v >> 18) & 63];
    out += table[(v >> 12) & 63];
    out += table[(v >> 6) & 63];
    out += table[v & 63];
  }
  if (i < bytes.size()) {
    unsigned v = unsigned(static_cast<unsigned char>(bytes[i])) << 16;
    if (i + 1 < bytes.size()) v |= unsigned(static_cast<unsigned char>(bytes[i + 1])) << 8;
    out += table[(v >> 18) & 63];
    out += table[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? table[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

}  // namespace lawcheck::reports
