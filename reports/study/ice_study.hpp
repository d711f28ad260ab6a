#pragma once
// The Ice law study (seed 002): LawTester runs of the real IceLaw<double>
// returning plain data for the report -- per sense (shear, twist, rolling) an unbonded cyclic
// load-displacement loop and its dissipation against the exact 1D elasto-plastic oracle
// (oracles/coulomb_slip_1d.hpp); per sense (n, t, w, r) the measured break load against the
// closed forms F_nb = c_n A, F_tb = c_t A, T_wb = c_w A^1.5, T_rb = c_r A^1.5; and the seed's
// claims with their verdicts (as decided in solver/laws/ice_law.hpp, each with its ctest).
// Verdicts (checks) are computed from the measured numbers.

#include <string>
#include <vector>

#include "study/dissipation_study.hpp"  // Check

namespace lawcheck::reports {

struct IceLoop {
  std::string sense;         // shear, twist, rolling
  std::string xlabel, ylabel;
  double k = 0, yield = 0;   // the sense's stiffness and yield at the study's uN
  std::vector<double> x, y;  // displacement/rotation and force/torque, every step
  double peak = 0;           // max |load| over the loop
  double dissipation = 0;    // booked by the law in this sense [J]
  double oracle = 0;         // exact 1D elasto-plastic dissipation of the same vertices [J]
  double other_kinds = 0;    // booked in any other energy kind [J]
  double steps = 0;          // records of the run
  double rel_error() const { return oracle != 0 ? (dissipation - oracle) / oracle : 0.0; }
};

struct IceBreak {
  std::string sense;        // normal, shear, twist, rolling
  std::string formula;      // the closed form as TeX: "F_{nb} = c_n A", ...
  double closed_form = 0;   // the limit from the materials [N or N m]
  double before = 0;        // |load| in the last step before the break
  double increment = 0;     // k * speed * dt: one step's load increment
  std::size_t step = 0;     // record index of the break
  double released = 0;      // energy booked as released [J]
  double worst_balance = 0; // max |work - elastic - dissipated| over the run [J]
  double energy_scale = 0;  // largest energy term of the run [J]
  bool all_bonds_gone = false;  // after the break the driven sense is unbonded (removed or at yield)
};

struct IceClaim {
  std::string seed_writes;
  std::string right;
  std::string why;
  std::string test;  // ctest name that shows it
};

struct IceStudy {
  double radius = 0, dt = 0, uN = 0, area = 0;
  std::vector<IceLoop> loops;
  std::vector<IceBreak> breaks;
  std::vector<IceClaim> claims;
  std::vector<Check> checks;
};

IceStudy run_ice_study();

}  // namespace lawcheck::reports
