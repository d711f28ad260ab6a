#pragma once
// The one input layer of every `lawcheck` subcommand: numbers on the command line and
// in JSON, JSON files, and output paths all enter through here, so every command keeps the same
// contract (README "Exit codes and limits"): bad input -> InputError naming the field as the user
// wrote it (an option "--kt", a JSON path "stages[1].maxSteps") with a bounded excerpt of the
// value -> one stderr line, exit 2.
//
//   numbers   strict decimal text: [+-] digits [. digits] [e|E [+-] digits] (or .digits); no hex,
//             no inf/nan, no empty string, no blanks or trailing junk; the value must be a finite
//             double whose magnitude is 0 or in [DBL_MIN, DBL_MAX] (1e400 and 1e-400 are
//             rejected, not rounded to inf or 0);
//   counts    decimal digits only, in a stated [min, max];
//   lists     comma-separated items, none empty ("8,,32" and ",,," are errors);
//   files     every input file (scenes, scenarios, the claims ledger) is a regular file, checked on
//             the descriptor opened without blocking: a FIFO, device or directory is refused;
//   JSON      a regular file of at most max_json_bytes, nested at most max_json_depth deep, no key
//             twice in one object, numbers inside the double range; a violation names the JSON
//             path where it happened;
//   outputs   checked before any work: a --csv file is created (truncated) up front (not a
//             directory or FIFO), a report directory created and probed for writing, every path
//             error named with the option; a write error at the end is a failed run (exit 1), as
//             is a failed write to stdout, a closed pipe included (main.cpp ignores SIGPIPE).

#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "core/input_error.hpp"
#include "dynamics/state_error.hpp"

namespace lawcheck::cli {

inline constexpr std::size_t max_json_bytes = std::size_t{16} << 20;  // 16 MiB
inline constexpr std::size_t max_json_depth = 64;

// [+-] (digits [. digits*] | . digits) [(e|E) [+-] digits]
inline bool is_decimal(std::string_view t) {
  std::size_t i = 0;
  auto digits = [&] {
    const std::size_t from = i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
    return i - from;
  };
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
  std::size_t mantissa = digits();
  if (i < t.size() && t[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    if (digits() == 0) return false;
  }
  return i == t.size();
}

// The double of a strict decimal number (see the header comment); InputError naming `field`.
inline double parse_number(std::string_view field, std::string_view text) {
  if (text.empty()) throw InputError(field, "''", "empty: a decimal number is required");
  if (!is_decimal(text))
    throw InputError(field, text, "not a decimal number (digits, '.', exponent; no hex, inf, nan or blanks)");
  const std::string s(text);
  errno = 0;
  const double x = std::strtod(s.c_str(), nullptr);
  if (errno == ERANGE || !std::isfinite(x) || (x != 0 && std::abs(x) < DBL_MIN))
    throw InputError(field, text, "outside the range of a double (magnitude 0 or 2.2e-308 to 1.8e308)");
  return x;
}

// A count: decimal digits only, in [min, max].
inline std::uint64_t parse_count(std::string_view field, std::string_view text, std::uint64_t min,
                                 std::uint64_t max) {
  if (text.empty()) throw InputError(field, "''", "empty: a whole number is required");
  if (text.find_first_not_of("0123456789") != std::string_view::npos)
    throw InputError(field, text, "not a whole number (decimal digits only)");
  const std::uint64_t n = text.size() > 19 ? UINT64_MAX : std::stoull(std::string(text));
  if (n < min || n > max) throw InputError(field, text, fmt::format("must be in [{}, {}]", min, max));
  return n;
}

// "a,b,c" -> {"a", "b", "c"}; an empty list or an empty item is an InputError naming `field`.
inline std::vector<std::string> split_list(std::string_view field, std::string_view text) {
  std::vector<std::string> items;
  std::size_t from = 0;
  while (true) {
    const std::size_t comma = text.find(',', from);
    const std::string_view item = text.substr(from, comma == std::string_view::npos ? text.npos : comma - from);
    if (item.empty())
      throw InputError(field, text.empty() ? std::string_view("''") : text,
                       fmt::format("item {} is empty: give comma-separated values", items.size() + 1));
    items.emplace_back(item);
    if (comma == std::string_view::npos) return items;
    from = comma + 1;
  }
}

// CLI11: checks an option's text with parse_number before CLI11 converts it (which would take ""
// as 0 and "0x10" as 16), so the error names the option as typed.
inline CLI::Validator decimal_number(std::string option) {
  return CLI::Validator(
      [option](std::string& text) {
        parse_number(option, text);
        return std::string();
      },
      "", "decimal");
}

// CLI11: rejects an empty text ('') for an option that names a file or a word.
inline CLI::Validator non_empty(std::string option) {
  return CLI::Validator(
      [option](std::string& text) {
        if (text.empty()) throw InputError(option, "''", "empty: a value is required");
        return std::string();
      },
      "", "non-empty");
}

inline CLI::Option* add_number(CLI::App* cmd, const std::string& option, double& target, const std::string& help) {
  return cmd->add_option(option, target, help)->check(decimal_number(option))->capture_default_str();
}

// A computed value about to be printed or used: NaN or inf means the run blew up (StateError, exit 1).
inline double finite_result(std::string_view what, double value) {
  if (!std::isfinite(value)) throw StateError(fmt::format("the run blew up: {} = {}", what, value));
  return value;
}

// A derived quantity of several inputs that must be a finite, normal, positive double;
// InputError naming the inputs (`fields`) otherwise.
inline double derived_positive(std::string_view fields, std::string_view what, double value) {
  if (!(std::isfinite(value) && value >= DBL_MIN))
    throw InputError(fields, fmt::format("{} = {}", what, value),
                     "input out of range: this derived quantity is not a finite positive double");
  return value;
}

namespace detail {

// Where the JSON parser is: one frame per open object or array (the key being read, or the index).
struct JsonTrail {
  struct Frame {
    bool object;
    std::string key;
    std::size_t index = 0;
    std::set<std::string> keys;
  };
  std::vector<Frame> frames;
  std::string duplicate;  // path of a key given twice, reported with its second value

  std::string path(std::string_view last_key = {}) const {
    std::string p;
    for (std::size_t k = 0; k < frames.size(); ++k) {
      const Frame& f = frames[k];
      const std::string_view key = k + 1 == frames.size() && !last_key.empty() ? last_key : std::string_view(f.key);
      if (!f.object)
        p += fmt::format("[{}]", f.index);
      else if (!key.empty())
        p += (p.empty() ? "" : ".") + std::string(key);
    }
    return p;
  }
  void element_done() {
    if (!frames.empty() && !frames.back().object) ++frames.back().index;
  }
};

}  // namespace detail

namespace detail {

// nlohmann's SAX events, checked (depth, duplicate keys, where the parser is) and handed to its
// DOM builder. Not json::parse with a callback: nlohmann 3.11.2's callback parser scans the
// parent container at the end of every object (json_sax_dom_callback_parser::end_object),
// quadratic in an array of objects -- 200 001 lawtest stages took 27 s to parse.
class CheckedSax {
public:
  using json = nlohmann::json;
  CheckedSax(json& root, const std::string& field, const std::string& origin)
      : dom_(root), field_(field), origin_(origin) {}

  bool null() { return scalar(nullptr) && dom_.null(); }
  bool boolean(bool v) { return scalar(v) && dom_.boolean(v); }
  bool number_integer(json::number_integer_t v) { return scalar(v) && dom_.number_integer(v); }
  bool number_unsigned(json::number_unsigned_t v) { return scalar(v) && dom_.number_unsigned(v); }
  bool number_float(json::number_float_t v, const json::string_t& s) { return scalar(v) && dom_.number_float(v, s); }
  bool string(json::string_t& v) { return scalar(v) && dom_.string(v); }
  bool binary(json::binary_t& v) { return scalar(json::binary(v)) && dom_.binary(v); }
  bool start_object(std::size_t n) { return open(true) && dom_.start_object(n); }
  bool start_array(std::size_t n) { return open(false) && dom_.start_array(n); }
  bool key(json::string_t& k) {
    auto& f = trail_.frames.back();
    if (!f.keys.insert(k).second) trail_.duplicate = trail_.path(k);
    f.key = k;
    return dom_.key(k);
  }
  bool end_object() { return close() && dom_.end_object(); }
  bool end_array() { return close() && dom_.end_array(); }
  template <class Exception>
  bool parse_error(std::size_t, const std::string& token, const Exception& e) {
    // 406: "number overflow parsing '1e400'": name the JSON path of the number.
    if (e.id == 406) {
      const std::string where = trail_.path();
      throw InputError(where.empty() ? field_ : where, token,
                       "outside the range of a double (it would read as inf; magnitude up to 1.8e308)");
    }
    throw InputError(field_, origin_, fmt::format("malformed JSON ({})", input_excerpt(e.what(), 200)));
  }

private:
  // A value after a key given twice in its object: the error, with that value.
  void duplicate(const std::string& value) const {
    if (!trail_.duplicate.empty()) throw InputError(trail_.duplicate, value, "duplicate key in one JSON object");
  }
  bool scalar(const json& v) {
    duplicate(v.dump());
    trail_.element_done();
    return true;
  }
  bool open(bool object) {
    duplicate(object ? "{...}" : "[...]");
    if (trail_.frames.size() >= max_json_depth)
      throw InputError(field_, origin_,
                       fmt::format("JSON nested deeper than {} levels (at {})", max_json_depth, trail_.path()));
    trail_.frames.push_back({object, {}, 0, {}});
    return true;
  }
  bool close() {
    trail_.frames.pop_back();
    trail_.element_done();
    return true;
  }

  nlohmann::detail::json_sax_dom_parser<json> dom_;
  JsonTrail trail_;
  const std::string& field_;
  const std::string& origin_;
};

}  // namespace detail

// Parses JSON `text` read from `origin` (a file name, for messages) under the limits above.
// `field` names the document ("scenario", "scene").
inline nlohmann::json parse_json(const std::string& field, const std::string& origin, const std::string& text) {
  nlohmann::json root;
  detail::CheckedSax sax(root, field, origin);
  nlohmann::json::sax_parse(text, &sax);
  return root;
}

// The text of the input file `path` named by `field` (an argument or option, for messages): a
// regular file of at most `max_bytes`. Opened without blocking (O_NONBLOCK: a FIFO with no writer
// would block in open() forever) and checked on the open descriptor (fstat), so a FIFO, a device
// (/dev/zero would be read until memory runs out) or a directory is an InputError before any read.
inline std::string read_regular_file(const std::string& field, const std::string& path, std::size_t max_bytes) {
  if (path.empty()) throw InputError(field, "''", "empty: give a file name");
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    const int err = errno;
    throw InputError(field, path, err == ENOENT ? std::string("no such file")
                                                : fmt::format("cannot open the file ({})", std::strerror(err)));
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw InputError(field, path, fmt::format("cannot stat the file ({})", std::strerror(errno)));
  if (S_ISDIR(st.st_mode)) throw InputError(field, path, "is a directory, not a file");
  if (!S_ISREG(st.st_mode))
    throw InputError(field, path, "is not a regular file (a FIFO, device or socket cannot be read as input)");
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes)
    throw InputError(field, path, fmt::format("larger than the {} MiB limit of an input file", max_bytes >> 20));
  std::string text;
  char buf[65536];
  while (true) {
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputError(field, path, fmt::format("read error ({})", std::strerror(errno)));
    }
    if (got == 0) break;
    text.append(buf, static_cast<std::size_t>(got));
    if (text.size() > max_bytes)  // a file that grows while it is read
      throw InputError(field, path, fmt::format("larger than the {} MiB limit of an input file", max_bytes >> 20));
  }
  return text;
}

// Reads and parses a JSON file under the limits above (read_regular_file, parse_json).
inline nlohmann::json load_json_file(const std::string& field, const std::string& path) {
  return parse_json(field, path, read_regular_file(field, path, max_json_bytes));
}

// An output file named by `option` (--csv): created (truncated) now, before any work, so that an
// unwritable path fails fast (InputError, exit 2). A directory or a FIFO is refused before any
// open (a FIFO with no reader would block in open() forever); a character device such as
// /dev/null or /dev/full is a legitimate sink. Every error of the path (too long, missing
// directory, no permission) names the option and the path.
inline std::ofstream open_output_file(const std::string& option, const std::string& path) {
  if (path.empty()) throw InputError(option, "''", "empty: give a file name");
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw InputError(option, path, "is a directory, not a file");
    if (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))
      throw InputError(option, path, "is a FIFO or socket, not a file (writing it could block)");
  } else if (errno != ENOENT) {
    throw InputError(option, path, fmt::format("cannot use the path ({})", std::strerror(errno)));
  }
  std::ofstream out(path, std::ios::trunc);
  if (!out) throw InputError(option, path, fmt::format("cannot create the file ({})", std::strerror(errno)));
  return out;
}

// Flushes and closes an output file; a write error (disk full, /dev/full) fails the run (exit 1).
inline void close_output_file(const std::string& option, const std::string& path, std::ofstream& out) {
  out.flush();
  out.close();
  if (!out) throw std::runtime_error(fmt::format("{} {}: writing the file failed (disk full or I/O error)", option, path));
}

// An output directory named by `option` (report --out): created if missing and probed for writing
// before any work.
inline void prepare_output_dir(const std::string& option, const std::string& dir) {
  namespace fs = std::filesystem;
  if (dir.empty()) throw InputError(option, "''", "empty: give a directory");
  std::error_code ec;
  const fs::file_status st = fs::status(dir, ec);
  if (ec && ec != std::errc::no_such_file_or_directory)
    throw InputError(option, dir, fmt::format("cannot use the path ({})", ec.message()));
  if (fs::exists(st) && !fs::is_directory(st)) throw InputError(option, dir, "exists and is not a directory");
  fs::create_directories(dir, ec);
  if (ec) throw InputError(option, dir, fmt::format("cannot create the directory ({})", ec.message()));
  const fs::path probe = fs::path(dir) / ".lawcheck-write-probe";
  {
    std::ofstream out(probe);
    out << "probe\n";
    out.flush();
    if (!out) throw InputError(option, dir, "the directory is not writable");
  }
  fs::remove(probe, ec);
}

}  // namespace lawcheck::cli
