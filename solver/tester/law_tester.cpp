#include "tester/law_tester.hpp"

#include <algorithm>
#include <ostream>

namespace lawcheck {

void validate_stages(const std::vector<LawTesterStage>& stages, double dt, double dt_limit) {
  if (stages.empty()) throw InputError("stages", "[]", "at least one stage is needed");
  // Free DoFs move dynamically: dt must then respect the p-wave limit (dynamics/time_step.hpp).
  for (std::size_t i = 0; i < stages.size(); ++i) {
    const LawTesterStage& s = stages[i];
    const std::string p = fmt::format("stages[{}]", i);
    if (s.whats.size() != 6 || s.whats.find_first_not_of("v.") != std::string::npos)
      throw InputError(p + ".whats", s.whats, "six characters, each 'v' (prescribed velocity) or '.' (free)");
    for (std::size_t d = 0; d < 6; ++d) require_finite(fmt::format("{}.values[{}]", p, d), s.values[d]);
    if (!s.until.is_set()) throw InputError(p + ".until", s.until.text(), "every stage needs an end condition");
    if (s.max_steps == 0) throw InputError(p + ".maxSteps", 0, "must be at least 1");
    if (s.whats.find('.') != std::string::npos && dt > dt_limit)
      throw InputError("dt", dt,
                       fmt::format("above the stable limit {} (p-wave estimate; {} has free DoFs)", dt_limit, p));
  }
}

void write_csv(std::ostream& out, std::span<const LawTesterRecord> records, std::span<const EnergyKind> kinds) {
  out << "stage,step,t,uN,uy,uz,rx,ry,rz,Fn,Fy,Fz,Tx,Ty,Tz,elastic,plastic,kinetic,work,in_contact";
  for (EnergyKind k : kinds) out << ',' << name_of(k);
  out << '\n';
  for (const auto& r : records) {
    out << fmt::format("{},{},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},"
                       "{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{}",
                       r.stage, r.step, r.time, r.u.x(), r.u.y(), r.u.z(), r.rot.x(), r.rot.y(), r.rot.z(),
                       r.force.x(), r.force.y(), r.force.z(), r.torque.x(), r.torque.y(), r.torque.z(),
                       r.elastic, r.plastic, r.kinetic, r.work, r.in_contact ? 1 : 0);
    for (EnergyKind k : kinds) out << fmt::format(",{:.17g}", r.dissipated[k]);
    out << '\n';
  }
}

}  // namespace lawcheck
