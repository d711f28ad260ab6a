#include "tester/until_condition.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <sstream>
#include <utility>
#include <vector>

#include "core/input_error.hpp"

namespace lawcheck {

UntilCondition UntilCondition::parse(std::string_view text, std::string_view field) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> tok;
  for (std::string t; in >> t;) tok.push_back(t);
  UntilCondition c;
  c.text_ = std::string(text);
  if (tok.size() == 1 && tok[0] == "broken") {
    c.quantity_ = Quantity::broken;
    return c;
  }
  if (tok.size() != 3)
    throw InputError(field, text, "expected \"<quantity> <op> <number>\" or \"broken\"");
  static const std::array<std::pair<std::string_view, Quantity>, 13> names{{
      {"t", Quantity::time}, {"steps", Quantity::steps}, {"uN", Quantity::uN}, {"uy", Quantity::uy},
      {"uz", Quantity::uz}, {"|ut|", Quantity::ut}, {"Fn", Quantity::Fn}, {"Fy", Quantity::Fy},
      {"Fz", Quantity::Fz}, {"|Ft|", Quantity::Ft}, {"elastic", Quantity::elastic},
      {"plastic", Quantity::plastic}, {"work", Quantity::work}}};
  bool known = false;
  for (const auto& [name, q] : names)
    if (tok[0] == name) {
      c.quantity_ = q;
      known = true;
    }
  if (!known)
    throw InputError(field, text,
                     fmt::format("unknown quantity '{}' (t, steps, uN, uy, uz, |ut|, Fn, Fy, Fz, |Ft|, "
                                 "elastic, plastic, work, or the condition broken)",
                                 tok[0]));
  if (tok[1] == "<") c.op_ = Op::lt;
  else if (tok[1] == "<=") c.op_ = Op::le;
  else if (tok[1] == ">") c.op_ = Op::gt;
  else if (tok[1] == ">=") c.op_ = Op::ge;
  else throw InputError(field, text, fmt::format("unknown operator '{}' (<, <=, >, >=)", tok[1]));
  const std::string& num = tok[2];
  const auto [end, ec] = std::from_chars(num.data(), num.data() + num.size(), c.value_);
  if (ec != std::errc{} || end != num.data() + num.size() || !std::isfinite(c.value_))
    throw InputError(field, text, fmt::format("'{}' is not a finite number", num));
  return c;
}

bool UntilCondition::holds(const LawTesterRecord& r) const {
  double x = 0;
  switch (quantity_) {
    case Quantity::never: return false;
    case Quantity::broken: return !r.in_contact;
    case Quantity::time: x = r.time; break;
    case Quantity::steps: x = static_cast<double>(r.stage_steps); break;
    case Quantity::uN: x = r.u.x(); break;
    case Quantity::uy: x = r.u.y(); break;
    case Quantity::uz: x = r.u.z(); break;
    case Quantity::ut: x = r.ut_norm(); break;
    case Quantity::Fn: x = r.force.x(); break;
    case Quantity::Fy: x = r.force.y(); break;
    case Quantity::Fz: x = r.force.z(); break;
    case Quantity::Ft: x = r.ft_norm(); break;
    case Quantity::elastic: x = r.elastic; break;
    case Quantity::plastic: x = r.plastic; break;
    case Quantity::work: x = r.work; break;
  }
  switch (op_) {
    case Op::lt: return x < value_;
    case Op::le: return x <= value_;
    case Op::gt: return x > value_;
    case Op::ge: return x >= value_;
  }
  return false;
}

}  // namespace lawcheck
