// lawcheck_lammps_export: a benchmark packing (packing_cache.hpp, the very spheres the contact-step
// suite runs on) as LAMMPS input, for the same-run comparison with LAMMPS's
// `pair_style gran/hooke/history` (scripts/bench.sh --vs-lammps, benchmarks/README.md
// "LAMMPS, same run").
//
//   lawcheck_lammps_export --out DIR [--spheres 10000]
//
// writes
//   DIR/packing.data  LAMMPS data file, atom_style sphere: box = the packing's walls (x, y) and
//                     floor (z = 0) up to one largest diameter above the top sphere; per sphere
//                     "id type diameter density x y z", then "id vx vy vz wx wy wz" (the
//                     packing's residual velocities, as the benchmark simulation starts with them);
//   DIR/settings.lmp  `variable` lines read by benchmarks/lammps/in.contact_step: the solver's own
//                     stiffness, friction and time step for this packing (below), and lawcheck's
//                     contact counts.
//
// What LAMMPS is given, and why (gran/hooke/history has one kn and one kt for all pairs, lawcheck's
// linear law one per contact):
// - kn, kt: the means of lawcheck's FrictPhys over the packing's sphere-sphere contacts (kn =
//   A/(l1/E1 + l2/E2) with A = pi min(r1, r2)^2, l_i = r_i: seed 000 eq. (3), frict_phys.hpp;
//   kt = ktDivKn kn, eq. (4)), and over its sphere-wall contacts for the walls (kn = pi E r / 2);
//   with radii in [0.8, 1.2] r0 a contact's kn lies within 0.7..1.35 of the mean (10^4 packing);
// - xmu: tanPhi of the contacts (min of the two materials: 0.5 for FrictMat defaults);
// - dt: the benchmark simulation's own (half the solver's stable estimate, sphere_packing.cpp);
// - gravity: the packing's (sphere_packing.hpp);
// - damping: lawcheck settles with Cundall's non-viscous damping (0.4), which LAMMPS has not;
//   gran/hooke/history's viscous normal damping F = -meff gamma_n v_n instead, with gamma_n giving
//   the mean contact a damping ratio zeta = gamma_n / (2 sqrt(kn / meff)) of 0.3 (restitution
//   exp(-pi zeta / sqrt(1 - zeta^2)) = 0.37): enough that the readjustment to LAMMPS's single kn
//   dies out in the input's warm-up, and gamma_n dt ~ 0.2, far from the damped oscillator's
//   stability limit. gamma_t: LAMMPS's default, gamma_n / 2.
// Exit: 0 written; 1 a file could not be written; 2 bad arguments (the argument and its value).

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <boost/math/constants/constants.hpp>
#include <fmt/format.h>
#include <fmt/os.h>

#include "core/input_error.hpp"
#include "packing_cache.hpp"
#include "physics/frict_mat.hpp"

namespace lawcheck::bench {
namespace {

constexpr double damping_ratio = 0.3;  // zeta of the mean sphere-sphere contact (header)

struct Arguments {
  std::size_t spheres = 10'000;
  std::filesystem::path out;
};

Arguments parse(std::span<char*> args) {
  Arguments a;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg == "-h" || arg == "--help") {
      std::puts("usage: lawcheck_lammps_export --out DIR [--spheres 1000|10000|100000|1000000]");
      std::exit(0);
    }
    if (arg != "--out" && arg != "--spheres")
      throw InputError("argument", arg, "unknown (expected --out DIR, --spheres N)");
    if (i + 1 == args.size()) throw InputError(arg, "", "needs a value");
    const std::string_view value = args[++i];
    if (arg == "--out") {
      if (value.empty()) throw InputError("--out", value, "empty");
      a.out = value;
    } else if (value == "1000" || value == "10000" || value == "100000" || value == "1000000") {
      a.spheres = std::stoul(std::string(value));
    } else {
      throw InputError("--spheres", value, "must be one of the benchmark sizes 1000, 10000, 100000, 1000000");
    }
  }
  if (a.out.empty()) throw InputError("--out", "", "missing (the directory to write)");
  return a;
}

struct Mean {
  double sum = 0;
  double min = INFINITY;
  double max = -INFINITY;
  std::size_t n = 0;
  void add(double x) {
    sum += x;
    min = std::min(min, x);
    max = std::max(max, x);
    ++n;
  }
  double value() const { return n ? sum / static_cast<double>(n) : 0.0; }
};

struct Stiffness {
  Mean kn, kt, tan_phi;
};

template <class Batch>
Stiffness stiffness(const Batch& b) {
  Stiffness s;
  for (std::size_t k = 0; k < b.size(); ++k) {
    const auto ph = b.phys[k];
    s.kn.add(ph.kn);
    s.kt.add(ph.kt);
    s.tan_phi.add(ph.tan_phi);
  }
  return s;
}

void write_data(const std::filesystem::path& file, const SpherePacking& p, double density) {
  const double dmax = 2 * *std::max_element(p.radius.begin(), p.radius.end());
  auto out = fmt::output_file(file.string());
  out.print("LAMMPS data file: lawcheck benchmark packing of {} spheres (lawcheck_lammps_export)\n\n",
            p.size());
  out.print("{} atoms\n1 atom types\n\n", p.size());
  out.print("0 {} xlo xhi\n0 {} ylo yhi\n0 {} zlo zhi\n", p.box.x(), p.box.y(),
            p.box.z() + dmax);
  out.print("\nAtoms # sphere\n\n");
  for (std::size_t i = 0; i < p.size(); ++i)
    out.print("{} 1 {} {} {} {} {}\n", i + 1, 2 * p.radius[i], density,
              p.pos[i].x(), p.pos[i].y(), p.pos[i].z());
  out.print("\nVelocities\n\n");
  for (std::size_t i = 0; i < p.size(); ++i)
    out.print("{} {} {} {} {} {} {}\n", i + 1, p.vel[i].x(),
              p.vel[i].y(), p.vel[i].z(), p.ang_vel[i].x(), p.ang_vel[i].y(), p.ang_vel[i].z());
  out.close();  // throws on a write error (exit 1)
}

int run(const Arguments& a) {
  const SpherePacking& p = packing(a.spheres);
  const BenchSimulation sim = simulate_packing(p);  // the contact-step suite's simulation
  const Stiffness pair = stiffness(sim.sphere_contacts()), wall = stiffness(sim.other_contacts());
  const FrictMat mat{};  // sphere_packing.cpp: FrictMat defaults for spheres and walls
  if (pair.kn.n == 0 || wall.kn.n == 0)
    throw std::runtime_error(fmt::format("packing of {} spheres has no sphere-sphere or no wall contact",
                                         a.spheres));

  // Mean sphere: m = 4/3 pi r^3 rho with r^3 averaged; meff = m / 2 for two of them.
  constexpr double pi = boost::math::constants::pi<double>();
  double r3 = 0;
  for (double r : p.radius) r3 += r * r * r;
  const double meff = 4.0 / 3.0 * pi * r3 / static_cast<double>(p.size()) * mat.density / 2;
  const double gamma_n = 2 * damping_ratio * std::sqrt(pair.kn.value() / meff);

  std::filesystem::create_directories(a.out);
  write_data(a.out / "packing.data", p, mat.density);
  auto s = fmt::output_file((a.out / "settings.lmp").string());
  s.print("# lawcheck_lammps_export: settings of the {}-sphere benchmark packing (benchmarks/lammps_export.cpp)\n",
          p.size());
  s.print("# sphere-sphere kn over {} contacts: mean {:.6g}, min {:.6g}, max {:.6g} N/m\n", pair.kn.n,
          pair.kn.value(), pair.kn.min, pair.kn.max);
  s.print("# sphere-wall kn over {} contacts: mean {:.6g}, min {:.6g}, max {:.6g} N/m\n", wall.kn.n,
          wall.kn.value(), wall.kn.min, wall.kn.max);
  s.print("variable kn equal {}\n", pair.kn.value());
  s.print("variable kt equal {}\n", pair.kt.value());
  s.print("variable kn_wall equal {}\n", wall.kn.value());
  s.print("variable kt_wall equal {}\n", wall.kt.value());
  s.print("variable xmu equal {}\n", pair.tan_phi.value());
  s.print("variable xmu_wall equal {}\n", wall.tan_phi.value());
  s.print("variable gamma_n equal {}\n", gamma_n);
  s.print("variable dt equal {}\n", sim.dt());
  s.print("variable gravity equal {}\n", packing_gravity);
  s.print("variable lx equal {}\n", p.box.x());
  s.print("variable ly equal {}\n", p.box.y());
  s.print("variable lawcheck_sphere_contacts equal {}\n", pair.kn.n);
  s.print("variable lawcheck_wall_contacts equal {}\n", wall.kn.n);
  s.close();
  std::printf("lawcheck_lammps_export: %zu spheres, %zu sphere-sphere and %zu wall contacts -> %s\n",
              p.size(), pair.kn.n, wall.kn.n, a.out.c_str());
  return 0;
}

}  // namespace
}  // namespace lawcheck::bench

int main(int argc, char** argv) {
  try {
    return lawcheck::bench::run(lawcheck::bench::parse(std::span(argv, static_cast<std::size_t>(argc))));
  } catch (const lawcheck::InputError& e) {
    std::fprintf(stderr, "lawcheck_lammps_export: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lawcheck_lammps_export: %s\n", e.what());
    return 1;
  }
}
