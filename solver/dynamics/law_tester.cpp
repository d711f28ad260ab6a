#include "dynamics/law_tester.hpp"

#include <algorithm>
#include <ostream>

namespace lawcheck {

void validate(const LawTesterSetup& setup, const std::vector<LawTesterStage>& stages) {
  for (std::size_t k = 0; k < 2; ++k) {
    require_positive(fmt::format("radii[{}]", k), setup.radii[k]);
    setup.materials[k].validate(fmt::format("materials[{}]", k));
  }
  require_positive("dt", setup.dt);
  require_finite("initialUN", setup.initial_uN);
  const double rmin = std::min(setup.radii[0], setup.radii[1]);
  if (setup.initial_uN > 0 || setup.initial_uN <= -rmin)
    throw InputError("initialUN", setup.initial_uN, "must be in (-min radius, 0]: the contact exists at the start");
  if (stages.empty()) throw InputError("stages", "[]", "at least one stage is needed");
  // Free DoFs move dynamically: dt must then respect the p-wave limit r sqrt(rho/E)
  // (dynamics/time_step.hpp).
  double dt_limit = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < 2; ++k)
    dt_limit = std::min(dt_limit, setup.radii[k] * std::sqrt(setup.materials[k].density / setup.materials[k].young));
  for (std::size_t i = 0; i < stages.size(); ++i) {
    const LawTesterStage& s = stages[i];
    const std::string p = fmt::format("stages[{}]", i);
    if (s.whats.size() != 6 || s.whats.find_first_not_of("v.") != std::string::npos)
      throw InputError(p + ".whats", s.whats, "six characters, each 'v' (prescribed velocity) or '.' (free)");
    for (std::size_t d = 0; d < 6; ++d) require_finite(fmt::format("{}.values[{}]", p, d), s.values[d]);
    if (!s.until.is_set()) throw InputError(p + ".until", s.until.text(), "every stage needs an end condition");
    if (s.max_steps == 0) throw InputError(p + ".maxSteps", 0, "must be at least 1");
    if (s.whats.find('.') != std::string::npos && setup.dt > dt_limit)
      throw InputError("dt", setup.dt,
                       fmt::format("above the stable limit {} (p-wave estimate; {} has free DoFs)", dt_limit, p));
  }
}

void write_csv(std::ostream& out, std::span<const LawTesterRecord> records) {
  out << "stage,step,t,uN,uy,uz,rx,ry,rz,Fn,Fy,Fz,Tx,Ty,Tz,elastic,plastic,kinetic,work,in_contact\n";
  for (const auto& r : records)
    out << fmt::format("{},{},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},"
                       "{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{}\n",
                       r.stage, r.step, r.time, r.u.x(), r.u.y(), r.u.z(), r.rot.x(), r.rot.y(), r.rot.z(),
                       r.force.x(), r.force.y(), r.force.z(), r.torque.x(), r.torque.y(), r.torque.z(),
                       r.elastic, r.plastic, r.kinetic, r.work, r.in_contact ? 1 : 0);
}

}  // namespace lawcheck
