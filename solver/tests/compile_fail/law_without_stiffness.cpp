// Must not compile: a law without `stiffness(phys)` (law rule 12), which the stable time step needs.
#include "dynamics/simulation.hpp"
#include "physics/frict_mat.hpp"
#include "physics/frict_phys.hpp"

namespace {

struct LawWithoutStiffness {
  using Scalar = double;
  using Material = lawcheck::FrictMat;
  using Phys = lawcheck::FrictPhys<double>;
  struct State {};
  template <class S> using rebind = LawWithoutStiffness;
  static constexpr std::string_view name = "no_stiffness";
  static constexpr std::array<lawcheck::EnergyKind, 0> energy_kinds{};
  template <class S> LawWithoutStiffness cast() const { return {}; }
  void validate() const {}
  Phys make_phys(const Material& a, const Material& b, const lawcheck::ContactCreation& c) const {
    return lawcheck::frict_phys(a, b, c.lengths);
  }
  State initial_state(const lawcheck::ContactCreation&, const Phys&) const { return {}; }
  template <bool TrackEnergy>
  lawcheck::LocalResponse<double> step(const lawcheck::LocalGeom<double>&, const Phys&, State&, const double&) const {
    return {};
  }
  double elastic_energy(const lawcheck::LocalGeom<double>&, const Phys&, const State&) const { return 0; }
};

}  // namespace

int main() { lawcheck::Simulation<LawWithoutStiffness> sim; }
