#pragma once
// The LinEl6 study (seed 000 "Purely elastic model 6-DoF model"; law in solver/laws/linel6_law.hpp):
// LawTester runs of the real LinEl6Law<double> returning plain data for the report.
//
// Six closed forms. Each local DoF (normal, two tangents, twist, two bendings) is driven alone out
// and back; at every step its load must be k x and the stored energy 1/2 kn uN^2 + 1/2 k x^2, with
// kn, kt from the 50-digit stiffness oracle (oracles/stiffness.hpp, seed 000 eqs. (2)-(4)) for the
// same doubles the solver is given, and kw = kn l^2, kb = kt l^2 formed here in 50 digits -- never
// the law's own stiffnesses or energy. Three measures per DoF: the law's load against k x, the
// law's elastic energy against the closed form, and the LawTester's trapezoidal work (which does
// not call the law's energy) against the same closed form.
// Two more runs decide the claims the six closed forms leave open: the rotational rule under a
// change of scale (the ratio of rotational to translational eigenfrequency^2, (kw/I)/(kn/m), with
// kw and kn measured as load/displacement) for the three rules, and a material with ktDivKn = 0.
// Each claim of seed 000 about LinEl6 gets the verdict these numbers give (`claims`); the ledger
// (reports/claims/claims.json) holds the same ids, and reports/tests checks that they agree.

#include <string>
#include <vector>

#include "claims/claims_ledger.hpp"     // Verdict
#include "laws/linel6_law.hpp"          // RotationalStiffness
#include "study/dissipation_study.hpp"  // Check

namespace lawcheck::reports {

struct LinEl6Dof {
  std::string name;          // normal, shear y, shear z, twist, bending y, bending z
  std::string law_tex;       // the closed form, TeX: "F_n = k_n u_N"
  std::string load_unit, displacement_unit, stiffness_unit;
  double k_oracle = 0;       // the closed form's stiffness (oracle, 50 digits, rounded to double)
  double k_measured = 0;     // load / displacement at the peak
  double peak_displacement = 0, peak_load = 0, peak_energy = 0;
  double load_error = 0;     // max over the run of |load - k x|, over the peak |k x|
  double energy_error = 0;   // max |law's elastic energy - closed form|, over the peak energy
  double work_error = 0;     // max |LawTester's trapezoidal work - closed form|, over the peak energy
  double final_load = 0;     // |load after out and back - load at the start|, over the peak |load|
  std::size_t steps = 0;     // records of the run
};

// Torque/rotation over force/displacement as eigenfrequencies^2, at scale 1 and scale 2.
struct LinEl6ScaleRow {
  RotationalStiffness rule;
  int power = 0;             // kw = kn l^power
  double ratio_1 = 0, ratio_2 = 0;  // (kw/I_eff) / (kn/m_eff), measured, at scale 1 and 2
  double change() const { return ratio_2 / ratio_1; }
  double predicted() const;  // 2^(power - 2): scale-free only for power 2
};

// ktDivKn = 0 (kt = kb = 0), all six DoFs driven at once.
struct LinEl6ZeroStiffness {
  double largest_shear_force = 0;     // max |Ft| over the run [N]
  double largest_bending_torque = 0;  // max |Tb| [N m]
  double energy_error = 0;            // max |E - (kn uN^2 + kw rx^2)/2|, over the peak energy
  bool all_finite = true;
  std::size_t steps = 0;
};

struct LinEl6Claim {
  std::string id;        // the ledger's id ("000-24")
  Verdict verdict;       // what this run's numbers give
  std::string measured;  // the figure that decides it
  std::string test;      // the ctest that checks the verdict
};

struct LinEl6Study {
  double radius1 = 0, radius2 = 0, uN0 = 0, dt = 0, char_len = 0;
  FrictMat material1, material2;
  double coulomb_multiple = 0;  // peak shear force over |Fn| tanPhi
  std::vector<LinEl6Dof> dofs;
  std::vector<LinEl6ScaleRow> scale;
  LinEl6ZeroStiffness zero_stiffness;
  std::vector<LinEl6Claim> claims;
  std::vector<Check> checks;
};

LinEl6Study run_linel6_study();

}  // namespace lawcheck::reports
