// The kit's teeth on the Hertz-Mindlin law: four deliberately wrong variants of it, each a bug of
// the kind such a law gets wrong, must be rejected by the fast property set of its subject
// (mutation_kit.hpp) extended by the law's own properties (hertz_mindlin_properties.hpp):
//   wrong_exponent                the normal force 4/3 E* R*^(1/3) delta^(5/3) instead of Hertz's
//                                 delta^(3/2) (dimensionally consistent; the energy stays Hertz's)
//   tangential_stiffness_from_e   k_t = 8 E* sqrt(R* delta): Mindlin's G* replaced by E*, in the
//                                 force and the energy alike (a consistent, passive, wrong law)
//   no_cap_on_unloading           the Coulomb cap is skipped in a step whose overlap falls
//   friction_of_larger_material   a pair takes the larger of the two friction coefficients
// - HertzMindlinKitRejects.<Mutant>: the whole set on one mutant, printing which properties caught
//   it (with their counterexamples); asserts the ones designed to catch it are among them;
// - HertzMindlinMutationScore.EveryMutantIsKilled: each mutant until its first kill; prints
//   "mutation score: k/N killed" and asserts N/N.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "hertz_mindlin_properties.hpp"
#include "hertz_mindlin_subject.hpp"
#include "mutation_kit.hpp"

namespace lawcheck::properties::hertz_mindlin_mutation_test {
namespace {

enum class Mutation { wrong_exponent, tangential_stiffness_from_e, no_cap_on_unloading, friction_of_larger_material };

// The mutation a default-constructed mutant carries (the kit's generators build laws; the test
// is single-threaded), set for a scope by MutationScope.
Mutation chosen = Mutation::wrong_exponent;

class MutationScope {
 public:
  explicit MutationScope(Mutation m) : saved_(chosen) { chosen = m; }
  ~MutationScope() { chosen = saved_; }
  MutationScope(const MutationScope&) = delete;
  MutationScope& operator=(const MutationScope&) = delete;

 private:
  Mutation saved_;
};

template <class R>
struct MutantHertzMindlinLaw {
  using Scalar = R;
  using Phys = HertzMindlinPhys<R>;
  using State = typename HertzMindlinLaw<R>::State;
  using Material = HertzMindlinMat;
  template <class S> using rebind = MutantHertzMindlinLaw<S>;
  static constexpr std::string_view name = "mutant_hertz_mindlin";
  static constexpr auto energy_kinds = HertzMindlinLaw<R>::energy_kinds;
  static constexpr LawNeeds needs = HertzMindlinLaw<R>::needs;

  HertzMindlinLaw<R> correct;
  Mutation mutation = chosen;

  // The subject's hooks read the correct law's parameters.
  operator const HertzMindlinLaw<R>&() const { return correct; }

  template <class S>
  rebind<S> cast() const {
    return {correct.template cast<S>(), mutation};
  }
  void validate() const { correct.validate(); }
  Phys make_phys(const HertzMindlinMat& m1, const HertzMindlinMat& m2, const ContactCreation& c) const {
    Phys ph = correct.make_phys(m1, m2, c);
    if (mutation == Mutation::friction_of_larger_material) ph.friction = R(std::max(m1.friction, m2.friction));
    return ph;
  }
  State initial_state(const ContactCreation& c, const Phys& ph) const { return correct.initial_state(c, ph); }
  ContactStiffness stiffness(const Phys& ph) const { return correct.stiffness(as_law_sees(ph)); }
  R elastic_energy(const LocalGeom<R>& g, const Phys& ph, const State& s) const {
    return correct.elastic_energy(g, as_law_sees(ph), s);
  }

  template <bool TrackEnergy>
  LocalResponse<R> step(const LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) const {
    using std::pow;
    using std::sqrt;
    Phys seen = as_law_sees(ph);
    if (mutation == Mutation::no_cap_on_unloading && -g.uN < s.delta) seen.friction = R(1e30);
    auto r = correct.template step<TrackEnergy>(g, seen, s, dt);
    if (mutation == Mutation::wrong_exponent && !r.broken) {
      const R d = -g.uN;
      r.force.x() += R(4) / 3 * ph.e_eff * (sqrt(ph.r_eff) * pow(d, R(1.5)) - pow(ph.r_eff, R(1) / 3) * pow(d, R(5) / 3));
    }
    return r;
  }

 private:
  Phys as_law_sees(Phys ph) const {
    if (mutation == Mutation::tangential_stiffness_from_e) ph.g_eff = ph.e_eff;
    return ph;
  }
};

static_assert(SolverLaw<MutantHertzMindlinLaw<double>>);

template <class R>
void showValue(const MutantHertzMindlinLaw<R>& law, std::ostream& os) {
  os << "MutantHertzMindlinLaw<" << int(law.mutation) << ">";
  showValue(law.correct, os);
}

struct MutantSubject : HertzMindlinSubject {
  using Law = MutantHertzMindlinLaw<double>;
  static rc::Gen<Law> law() {
    return rc::gen::map(HertzMindlinSubject::law(), [](HertzMindlinLaw<double> l) { return Law{l}; });
  }
  static const HertzMindlinLaw<double>& parameters_of(const Law& law) { return law.correct; }
};

// The subject's fast set and the law's own properties.
std::vector<KitProperty> hertz_mindlin_kit() {
  auto kit = fast_kit<MutantSubject>();
  kit.push_back({"CoulombBound", &hertz_mindlin_tangential_force_stays_within_coulomb_bound<MutantSubject>});
  kit.push_back({"ClosedForms", &one_step_from_rest_gives_hertz_mindlin_closed_forms<MutantSubject>});
  return kit;
}

void expect_rejected_by(Mutation m, const std::vector<std::string>& designed) {
  const MutationScope scope(m);
  const auto r = names_rejecting(hertz_mindlin_kit());
  for (const auto& name : designed)
    EXPECT_TRUE(std::find(r.begin(), r.end(), name) != r.end()) << name << " does not reject the mutant";
}

TEST(HertzMindlinKitRejects, ANormalForceWithTheWrongExponent) {
  expect_rejected_by(Mutation::wrong_exponent, {"ClosedForms", "LedgerCloses"});
}
TEST(HertzMindlinKitRejects, ATangentialStiffnessFromYoungsModulusInsteadOfTheShearModulus) {
  expect_rejected_by(Mutation::tangential_stiffness_from_e, {"ClosedForms"});
}
TEST(HertzMindlinKitRejects, ACoulombCapSkippedWhileTheOverlapFalls) {
  expect_rejected_by(Mutation::no_cap_on_unloading, {"CoulombBound"});
}
TEST(HertzMindlinKitRejects, APairThatTakesTheLargerFriction) {
  expect_rejected_by(Mutation::friction_of_larger_material, {"CoulombBound"});
}

TEST(HertzMindlinMutationScore, EveryMutantIsKilled) {
  const Mutation all[] = {Mutation::wrong_exponent, Mutation::tangential_stiffness_from_e,
                          Mutation::no_cap_on_unloading, Mutation::friction_of_larger_material};
  const char* names[] = {"wrong_exponent", "tangential_stiffness_from_e", "no_cap_on_unloading",
                         "friction_of_larger_material"};
  int killed = 0;
  for (std::size_t k = 0; k < std::size(all); ++k) {
    const MutationScope scope(all[k]);
    const std::string by = first_rejecting_of(hertz_mindlin_kit());
    std::cout << (by.empty() ? "SURVIVED " : "killed   ") << names[k] << (by.empty() ? "" : " by " + by) << std::endl;
    if (!by.empty()) ++killed;
  }
  std::cout << "mutation score: " << killed << '/' << std::size(all) << " killed" << std::endl;
  EXPECT_EQ(killed, int(std::size(all)));
}

}  // namespace
}  // namespace lawcheck::properties::hertz_mindlin_mutation_test
