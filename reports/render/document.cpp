#include "render/document.hpp"

#include <cctype>
#include <map>
#include <stdexcept>
#include <string_view>

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

void Document::begin_box(std::string css_class) {
  Block b;
  b.kind = Block::Kind::box_begin;
  b.text = std::move(css_class);
  blocks_.push_back(std::move(b));
}

void Document::end_box() {
  Block b;
  b.kind = Block::Kind::box_end;
  blocks_.push_back(std::move(b));
}

std::string anchor_of(const std::string& heading) {
  std::string out;
  for (char c : heading) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '-' || c == '_') out += static_cast<char>(std::tolower(u));
    else if (c == ' ') out += '-';
  }
  return out;
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

// Code as HTML: a line-break opportunity (<wbr>) after each separator of an identifier's parts
// (. _ / : ,) and where CamelCase starts a word (an upper-case letter after a lower-case letter
// or a digit), so that a long test name wraps between its words, never inside one (CSS
// overflow-wrap:anywhere broke "linear" into "lin|ear"); a code span with neither such a place nor
// a space is one word and never wraps (class "word": a browser would break "000-22" at its hyphen).
std::string code_html(const std::string& s) {
  constexpr std::string_view separators = "._/:,";
  std::string out;
  bool breakable = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    const auto prev = i > 0 ? static_cast<unsigned char>(s[i - 1]) : ' ';
    if (std::isupper(c) && (std::islower(prev) || std::isdigit(prev))) {
      out += "<wbr>";
      breakable = true;
    }
    out += escape(std::string(1, s[i]));
    breakable = breakable || std::isspace(c);
    if (i + 1 < s.size() && separators.find(s[i]) != std::string_view::npos &&
        separators.find(s[i + 1]) == std::string_view::npos) {
      out += "<wbr>";
      breakable = true;
    }
  }
  return (breakable ? "<code>" : "<code class=\"word\">") + out + "</code>";
}

// A table cell that is a number, optionally signed, in scientific notation, with a trailing % or
// a short parenthesised note ("1350254.72 (= Woo)", not "000 (Woo: contact laws)"), or a count
// "a/b": right-aligned in HTML.
bool number_cell(const std::string& s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  const std::size_t digits = i;
  while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.')) ++i;
  if (i == digits || !std::isdigit(static_cast<unsigned char>(s[digits]))) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  }
  if (i < s.size() && s[i] == '/') {
    ++i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  }
  const std::string_view rest = std::string_view(s).substr(i);
  return rest.empty() || rest == "%" || rest == " %" || (rest.substr(0, 2) == " (" && rest.size() <= 16);
}

std::string excerpt(const std::string& s) { return s.size() <= 80 ? s : s.substr(0, 77) + "..."; }

// The length of a number with a signed exponent ("1.8e-16", "2e+05") starting at s[i] and not
// inside a word, else 0.
std::size_t signed_exponent_number(const std::string& s, std::size_t i) {
  auto digit = [&](std::size_t k) { return k < s.size() && std::isdigit(static_cast<unsigned char>(s[k])); };
  if (!digit(i) || (i > 0 && (std::isalnum(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '.'))) return 0;
  std::size_t k = i;
  while (digit(k) || (k < s.size() && s[k] == '.')) ++k;
  if (k + 2 >= s.size() || (s[k] != 'e' && s[k] != 'E') || (s[k + 1] != '-' && s[k + 1] != '+') || !digit(k + 2)) return 0;
  k += 2;
  while (digit(k)) ++k;
  return k - i;
}

// Escapes text and turns the inline markup (document.hpp) into HTML. A formula's TeX is kept
// verbatim (escaped) for the page's script; nothing inside `code` or $...$ is markup.
std::string inline_html(const std::string& s) {
  std::string out;
  bool bold = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '`') {
      const auto end = s.find('`', i + 1);
      const auto stop = end == std::string::npos ? s.size() : end;
      out += code_html(s.substr(i + 1, stop - i - 1));
      i = stop;
    } else if (s.compare(i, 2, "\\$") == 0) {
      out += '$';
      ++i;
    } else if (s[i] == '$') {
      const bool display = s.compare(i, 2, "$$") == 0;
      const std::size_t open = display ? 2 : 1;
      const auto end = s.find(display ? "$$" : "$", i + open);
      if (end == std::string::npos || end == i + open)
        throw std::runtime_error("report text has an unclosed or empty $...$ formula: " + excerpt(s.substr(i)));
      out += fmt::format("<span class=\"{}\">{}</span>", display ? "tex tex-display" : "tex",
                         escape(s.substr(i + open, end - i - open)));
      i = end + open - 1;
    } else if (s.compare(i, 2, "**") == 0) {
      out += bold ? "</strong>" : "<strong>";
      bold = !bold;
      ++i;
    } else if (s[i] == '[') {
      // [text](href), text without brackets; anything else is a literal '[' (e.g. "in [0, 1)").
      const auto close = s.find(']', i + 1);
      const auto paren = close == std::string::npos ? close : s.find(')', close);
      if (close != std::string::npos && s.compare(close, 2, "](") == 0 && paren != std::string::npos &&
          s.find('[', i + 1) > close) {
        out += "<a href=\"" + escape(s.substr(close + 2, paren - close - 2)) + "\">" +
               inline_html(s.substr(i + 1, close - i - 1)) + "</a>";
        i = paren;
      } else {
        out += '[';
      }
    } else if (const std::size_t n = signed_exponent_number(s, i)) {
      // "1.8e-16": a browser may break a line at its hyphen (a table cell broke "1.8e-|16").
      out += "<span class=\"nb\">" + escape(s.substr(i, n)) + "</span>";
      i += n - 1;
    } else {
      out += escape(std::string(1, s[i]));
    }
  }
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
      case Block::Kind::box_begin:
      case Block::Kind::box_end: break;
    }
  }
  return out;
}

std::string Document::to_html(const std::string& title, const std::string& head, const std::string& body_end) const {
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n"
      "<style>\nbody{{font-family:sans-serif;max-width:76rem;margin:1rem auto;padding:0 1rem;line-height:1.45}}\n"
      // Prose reads from the left, numbers line up on their last digit (number_cell).
      "table{{border-collapse:collapse;margin:1rem 0}}td,th{{border:1px solid #bbb;padding:.2rem .5rem;"
      "text-align:left;vertical-align:top}}td.num{{text-align:right;white-space:nowrap}}th{{background:#eee}}"
      "code{{background:#f4f4f4;padding:0 .2rem}}code.word{{white-space:nowrap}}.nb{{white-space:nowrap}}\n"
      "figure{{margin:1rem 0}}figcaption{{font-style:italic;font-size:.9rem}}img{{max-width:100%}}\n"
      "pre{{background:#f4f4f4;padding:.5rem;overflow-x:auto}}\n"
      // The dashboard (render/dashboard.hpp): the laws' table across the page, then the studies and
      // figures beside a plot at 640 px, its smallest readable width.
      ".dashboard{{font-size:.8rem;line-height:1.3}}.dashboard table{{margin:.3rem 0}}.dashboard p{{margin:.35rem 0}}"
      ".dash-row{{display:grid;grid-template-columns:minmax(0,1fr) 640px;gap:1rem}}"
      ".dash-plot figure{{margin:0}}.dash-plot img{{width:640px}}\n</style>\n{}</head>\n<body>\n",
      escape(title), head);
  std::map<std::string, int> anchors;  // anchor -> times used, for GitHub's -1, -2 suffixes
  for (const Block& b : blocks_) {
    switch (b.kind) {
      case Block::Kind::heading:
      {
        std::string id = anchor_of(b.text);
        if (const int n = anchors[id]++) id += fmt::format("-{}", n);
        out += fmt::format("<h{0} id=\"{2}\">{1}</h{0}>\n", b.level, inline_html(b.text), escape(id));
        break;
      }
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
          for (const auto& c : r) out += (number_cell(c) ? "<td class=\"num\">" : "<td>") + inline_html(c) + "</td>";
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
      case Block::Kind::box_begin: out += "<div class=\"" + escape(b.text) + "\">\n"; break;
      case Block::Kind::box_end: out += "</div>\n"; break;
    }
  }
  out += body_end + "</body>\n</html>\n";
  return out;
}

std::string tex_number(const std::string& formatted) {
  const auto e = formatted.find_first_of("eE");
  if (e == std::string::npos) return formatted;
  const std::string mantissa = formatted.substr(0, e);
  const int exponent = std::stoi(formatted.substr(e + 1));
  const std::string power = fmt::format("10^{{{}}}", exponent);
  if (mantissa == "1" || mantissa == "-1") return (mantissa == "-1" ? "-" : "") + power;
  return mantissa + " \\cdot " + power;
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
