// Must not compile: a law whose per-contact State holds a std::vector (law rule 13). The contact
// loop copies a State byte for byte; the compiler says which rule the law breaks.
#include <vector>

#include "dynamics/simulation.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace {

struct LawWithVectorState : lawcheck::LinearCoulombLaw<double> {
  struct State {
    std::vector<double> history;
  };
  template <bool TrackEnergy>
  lawcheck::LocalResponse<double> step(const lawcheck::LocalGeom<double>&, const Phys&, State&, const double&) const {
    return {};
  }
  double elastic_energy(const lawcheck::LocalGeom<double>&, const Phys&, const State&) const { return 0; }
  State initial_state(const lawcheck::ContactCreation&, const Phys&) const { return {}; }
};

}  // namespace

int main() { lawcheck::Simulation<LawWithVectorState> sim; }
