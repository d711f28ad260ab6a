#pragma once
// When a LawTester stage ends (seed 001: Woo's LawTesterStage.until, there a Python expression).
// Here a small, JSON-friendly language, parsed once:
//   "<quantity> <op> <number>"   op: < <= > >=
//   "broken"                     the contact no longer exists (Woo's `not C`)
// quantities: t, steps (of this stage), uN, uy, uz, |ut|, Fn, Fy, Fz, |Ft|, elastic, plastic, work
// e.g. "uN <= -1e-5", "|Ft| >= 0.7", "steps >= 1000". Unknown names, operators or numbers are
// InputErrors naming the field the text came from.

#include <string>
#include <string_view>

#include "tester/law_tester_record.hpp"

namespace lawcheck {

class UntilCondition {
public:
  UntilCondition() = default;  // never holds: a stage needs a real condition
  static UntilCondition parse(std::string_view text, std::string_view field);

  bool holds(const LawTesterRecord& r) const;
  const std::string& text() const { return text_; }
  bool is_set() const { return quantity_ != Quantity::never; }

private:
  enum class Quantity { never, broken, time, steps, uN, uy, uz, ut, Fn, Fy, Fz, Ft, elastic, plastic, work };
  enum class Op { lt, le, gt, ge };
  Quantity quantity_ = Quantity::never;
  Op op_ = Op::lt;
  double value_ = 0;
  std::string text_ = "never";
};

}  // namespace lawcheck
