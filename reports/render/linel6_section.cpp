// The LinEl6 study's section: see linel6_section.hpp.
#include "render/linel6_section.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "render/claims_section.hpp"

namespace lawcheck::reports {

// Named after the file: the library compiles as a unity build.
namespace linel6_section {

bool all_pass(const LinEl6Study& s) {
  return std::all_of(s.checks.begin(), s.checks.end(), [](const Check& c) { return c.passed; });
}

// One table per kind of DoF, so that each column has a single unit.
void dof_table(Document& doc, const LinEl6Study& s, bool rotations) {
  const LinEl6Dof* any = nullptr;
  std::vector<std::vector<std::string>> rows;
  for (std::size_t d = rotations ? 3 : 0; d < (rotations ? 6u : 3u); ++d) {
    const LinEl6Dof& r = s.dofs[d];
    any = &r;
    rows.push_back({r.name, "$" + r.law_tex + "$", fmt::format("{:.10e}", r.k_oracle),
                    fmt::format("{:.10e}", r.k_measured), sci(r.peak_displacement), sci(r.peak_load, 6),
                    sci(r.peak_energy), sci(r.load_error, 2), sci(r.energy_error, 2), sci(r.work_error, 2),
                    sci(r.final_load, 2)});
  }
  if (!any) return;
  doc.table({"DoF", "closed form", fmt::format("k, oracle [{}]", any->stiffness_unit),
             fmt::format("load / displacement at the peak [{}]", any->stiffness_unit),
             fmt::format("peak displacement [{}]", any->displacement_unit),
             fmt::format("peak load [{}]", any->load_unit), "peak energy [J]",
             "max |load - k x| / peak [-]", "max |E - E_exact| / peak [-]", "max |W - E_exact| / peak [-]",
             "|load| back at the start / peak [-]"},
            rows);
}

}  // namespace linel6_section

using linel6_section::all_pass;
using linel6_section::dof_table;

std::string linel6_heading(const std::string& number) {
  return (number.empty() ? "" : number + " ") + "LinEl6 (seed 000): six closed forms";
}

SummaryRow linel6_summary(const LinEl6Study& s) {
  double load = 0;
  for (const auto& d : s.dofs) load = std::max(load, d.load_error);
  return {"linel6 (seed 000)", all_pass(s),
          fmt::format("6 DoFs = k x (stiffness oracle) to {}; only kn l^2 scale-free; {} claims decided",
                      sci(load, 2), s.claims.size()),
          {}};
}

void append_linel6_section(Document& doc, const LinEl6Study& s, const ClaimsLedger& ledger, const std::string& number) {
  auto numbered = [&](int sub, const std::string& title) {
    return number.empty() ? title : fmt::format("{}{} {}", number, sub, title);
  };
  doc.heading(1, linel6_heading(number));
  doc.paragraph(fmt::format(
      "The `linel6` law (`solver/laws/linel6_law.hpp`) driven by the LawTester: two spheres $r_1 = {}$ m "
      "($E = {:g}$ MPa, ktDivKn {}, $\\tan\\phi = {}$) and $r_2 = {}$ m ($E = {:g}$ MPa, ktDivKn {}, "
      "$\\tan\\phi = {}$), compressed to $u_N = {}$ m, $\\Delta t = {}$ s, characteristic length $l = {}$ m, the "
      "default rule $k_w = k_n l^2$, $k_b = k_t l^2$. Each local DoF is driven alone out and back (200 steps each "
      "way). The closed forms take $k_n$, $k_t$ from the stiffness oracle (`oracles/stiffness.hpp`, 50 digits) and "
      "form $k_w$, $k_b$ in 50 digits; the energy is $E_\\mathrm{{exact}} = \\tfrac12 \\sum_j k_j x_j^2$ over the six "
      "DoFs, compared with the law's elastic energy and with the LawTester's trapezoidal work $W$, which does not "
      "call the law. Every number below is measured by this run.",
      s.radius1, s.material1.young / 1e6, s.material1.kt_div_kn, s.material1.tan_phi, s.radius2,
      s.material2.young / 1e6, s.material2.kt_div_kn, s.material2.tan_phi, tex_number(fmt::format("{}", s.uN0)), tex_number(fmt::format("{}", s.dt)), s.char_len));

  doc.heading(2, numbered(1, "The seed's claims, decided"));
  std::vector<std::vector<std::string>> rows;
  for (const auto& c : s.claims) {
    const Claim* entry = nullptr;
    for (const auto& l : ledger.claims)
      if (l.id == c.id) entry = &l;
    rows.push_back({"`" + c.id + "`", entry ? quote_text(entry->quote) : "(not in the ledger)",
                    std::string(name_of(c.verdict)), entry ? std::string(name_of(entry->verdict)) : "-", c.measured,
                    "`" + c.test + "`"});
  }
  doc.table({"claim", "the seed writes", "verdict of this run", "ledger's verdict", "measured", "ctest that checks it"},
            rows);

  doc.heading(2, numbered(2, "Six closed forms against the stiffness oracle"));
  doc.paragraph(fmt::format("Translations (the normal DoF runs from $u_N = {}$ m; the shear reaches {:.0f} times the "
                            "pair's Coulomb limit $|F_n| \\tan\\phi$, which a frictional law would cap):",
                            tex_number(fmt::format("{}", s.uN0)), s.coulomb_multiple));
  dof_table(doc, s, false);
  doc.paragraph("Rotations (twist about the normal, bending about the two tangents):");
  dof_table(doc, s, true);

  doc.heading(2, numbered(3, "The rotational rule under a change of scale"));
  doc.paragraph(
      "With $k_w = k_n l^p$, doubling the scene (radii, $u_N$ and $l$; materials fixed) multiplies $k_n$ by 2, the "
      "reduced mass $m$ by $2^3$, the reduced moment of inertia $I$ by $2^5$ and $k_w$ by $2^{1+p}$, so the ratio of "
      "the rotational to the translational eigenfrequency squared, $(k_w/I)/(k_n/m)$, changes by $2^{p-2}$: only "
      "$p = 2$ (N m/rad) leaves the law's dynamics independent of the unit of length. Measured with $k_w$ and $k_n$ "
      "taken as torque/rotation and force/displacement after ten steps of twist:");
  rows.clear();
  for (const auto& r : s.scale)
    rows.push_back({"`" + std::string(name_of(r.rule)) + "`",
                    r.power == 2 ? "$k_n l^2$" : r.power == 1 ? "$k_n l$" : "$k_n / l$", sci(r.ratio_1, 6),
                    sci(r.ratio_2, 6), fmt::format("{:.12f}", r.change()), fmt::format("{:.12f}", r.predicted())});
  doc.table({"rule", "$k_w$", "$(k_w/I)/(k_n/m)$ at scale 1 [-]", "at scale 2 [-]", "change [-]",
             "predicted $2^{p-2}$ [-]"},
            rows);

  doc.heading(2, numbered(4, "Zero tangential stiffness"));
  const auto& z = s.zero_stiffness;
  doc.paragraph(fmt::format(
      "Both materials with ktDivKn = 0 ($k_t = k_b = 0$), all six DoFs driven at once for {} steps: largest "
      "$|F_t|$ = {} N, largest $|T_b|$ = {} N m, every value finite: {}; the law's energy equals "
      "$(k_n u_N^2 + k_w \\varphi_n^2)/2$ to {} of its peak.",
      z.steps, z.largest_shear_force, z.largest_bending_torque, z.all_finite ? "yes" : "**no**", sci(z.energy_error, 2)));

  doc.heading(3, "Checks");
  rows.clear();
  for (const auto& c : s.checks) rows.push_back({c.passed ? "PASS" : "FAIL", c.name, c.detail});
  doc.table({"verdict", "check", "measured"}, rows);
}

}  // namespace lawcheck::reports
