// The linear law's pass (law_pass, dynamics/contact_block.hpp) as the contact loop compiles it:
// Simulation<LinearCoulombLaw>::contact_step instantiated here, with the solver's flags
// (lawcheck::build_flags), so that law_pass_vectorised.py reads the pass's machine code in this
// object. The pass must be compiled in its caller's context, not instantiated on its own: GCC
// vectorises it in the clone it makes for the contact loop's call (the state's column pointers
// passed as values, `.isra`), and a standalone instantiation, which must reload them through a
// reference after every store, stays scalar with energy off.
#include "dynamics/simulation.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck {

void linear_contact_step_probe(Simulation<LinearCoulombLaw<double>>& simulation) { simulation.contact_step(); }

}  // namespace lawcheck
