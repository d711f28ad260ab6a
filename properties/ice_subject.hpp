#pragma once
// The kit's subject for the Ice law (solver/laws/ice_law.hpp, physics/ice_mat.hpp). The kit draws FrictMat pairs (contact_case.hpp) while Ice's material is IceMat
// (a FrictMat plus alpha_w, alpha_r, c_n, c_t, c_w, c_r, mu and the bond / breakability masks),
// so the subject's law is IceKitLaw: IceLaw with its Ice material parameters drawn as part of
// the configuration, one set per side (IceParams p1, p2), made into IceMat from the drawn
// FrictMat of that side. Every member forwards to IceLaw unchanged; ice_phys's combination rules
// (mean, min, AND, OR) are symmetric in the two sides and separate from frict_phys's, so swapping
// the particles (geometry suite) gives the same physics.
//
// Configurations (law()): pairing (beam, seed), each dissipation formula, and per side
// alpha_w, alpha_r 0..2, cohesions c = 1e2..9e9 Pa (forces in the paths are ~ E * overlap, so
// bonds both hold and break), mu 0..1, any bonded and breakable masks.
// Capabilities (law_subject.hpp):
//   elastic(law)     every sense bonded, nothing breakable: no slip, no break, no removal
//   bounded(law)     nothing bonded: the Coulomb limits in each sense (shear |Ft| <= |min(0,Fn)|
//                    tanPhi, twist |Tw| <= a |min(0,Fn)| tanPhi, rolling |Tr| <= a |min(0,Fn)| mu)
//   exact_slip(law)  the decided dissipation formula
//   rotational       twist and rolling springs
//   threshold        decisions(): the four break tests, where the response jumps (the 50-digit
//                    comparison stops at one decided within rounding of its limit)
//   breakable        IceBreakableSubject (below): whether a contact is removed at uN > 0 depends
//                    on the physics (F_nb = c_n A) and on earlier breaks of other senses (any break
//                    unbonds the normal sense), so its law() maps each drawn configuration onto one
//                    whose answer the configuration alone decides.

#include <cmath>
#include <cstdint>
#include <ostream>
#include <string_view>
#include <vector>

#include <rapidcheck.h>

#include "core/high_precision.hpp"
#include "generators.hpp"
#include "law_subject.hpp"
#include "laws/ice_law.hpp"
#include "physics/ice_mat.hpp"

namespace lawcheck::properties {

// The Ice fields of one side's IceMat (ice_mat.hpp, defaults as there).
struct IceParams {
  double alpha_w = 1;
  double alpha_r = 1;
  double c_n = 1e3;
  double c_t = 1e2;
  double c_w = 1e2;
  double c_r = 1e1;
  double mu = 0.05;
  std::uint8_t bonded = 0;
  std::uint8_t breakable = ice_all_senses;
};

inline IceMat ice_mat(const FrictMat& f, const IceParams& p) {
  IceMat m;
  static_cast<FrictMat&>(m) = f;
  m.alpha_w = p.alpha_w;
  m.alpha_r = p.alpha_r;
  m.c_n = p.c_n;
  m.c_t = p.c_t;
  m.c_w = p.c_w;
  m.c_r = p.c_r;
  m.mu = p.mu;
  m.bonded = p.bonded;
  m.breakable = p.breakable;
  return m;
}

// IceLaw seen through FrictMat: the Ice material parameters travel with the configuration.
template <class R>
struct IceKitLaw {
  using Scalar = R;
  using Phys = IcePhys<R>;
  using State = typename IceLaw<R>::State;
  using Material = FrictMat;
  template <class S> using rebind = IceKitLaw<S>;

  static constexpr std::string_view name = IceLaw<R>::name;
  static constexpr auto energy_kinds = IceLaw<R>::energy_kinds;

  IceLaw<R> ice;
  IceParams p1;
  IceParams p2;

  template <class S>
  rebind<S> cast() const {
    return {ice.template cast<S>(), p1, p2};
  }

  void validate() const { ice.validate(); }
  Phys make_phys(const FrictMat& m1, const FrictMat& m2, const ContactCreation& c) const {
    return ice.make_phys(ice_mat(m1, p1), ice_mat(m2, p2), c);
  }
  State initial_state(const ContactCreation& c, const Phys& ph) const { return ice.initial_state(c, configured(ph)); }
  ContactStiffness stiffness(const Phys& ph) const { return ice.stiffness(ph); }
  template <bool TrackEnergy>
  LocalResponse<R> step(const LocalGeom<R>& g, const Phys& ph, State& s, const R& dt) const {
    return ice.template step<TrackEnergy>(g, configured(ph), s, dt);
  }
  // The kit builds a case's physics once, from the drawn configuration, and runs the mapped
  // configurations (elastic, bounded, breaking, unbreakable: the masks and c_n = 0) on it; the
  // fields those maps change are therefore taken from this configuration at each step. On the
  // physics this configuration made itself, this is the identity (make_phys computes the same
  // AND, OR and min(c_n) A = 0).
  Phys configured(Phys ph) const {
    ph.bonded = bonded();
    ph.breakable = breakable();
    if (p1.c_n == 0 || p2.c_n == 0) ph.f_nb = R(0);
    return ph;
  }
  R elastic_energy(const LocalGeom<R>& g, const Phys& ph, const State& s) const {
    return ice.elastic_energy(g, ph, s);
  }

  std::uint8_t bonded() const { return static_cast<std::uint8_t>(p1.bonded & p2.bonded); }
  std::uint8_t breakable() const { return static_cast<std::uint8_t>(p1.breakable | p2.breakable); }
};

static_assert(SolverLaw<IceKitLaw<double>>);
static_assert(ContactLaw<IceKitLaw<HighPrecision>>);

inline void showValue(const IceParams& p, std::ostream& os) {
  os << "{alphaW=" << p.alpha_w << " alphaR=" << p.alpha_r << " cN=" << p.c_n << " cT=" << p.c_t
     << " cW=" << p.c_w << " cR=" << p.c_r << " mu=" << p.mu << " bonded=\"" << format_ice_senses(p.bonded)
     << "\" breakable=\"" << format_ice_senses(p.breakable) << "\"}";
}

inline void showValue(const IceKitLaw<double>& law, std::ostream& os) {
  os << "IceLaw{pairing=" << name_of(law.ice.pairing) << " dissipation=" << name_of(law.ice.dissipation)
     << "} side1 ";
  showValue(law.p1, os);
  os << " side2 ";
  showValue(law.p2, os);
}

namespace gen {

inline rc::Gen<std::uint8_t> ice_senses() {
  return rc::gen::map(rc::gen::inRange(0, int(ice_all_senses) + 1), [](int m) { return std::uint8_t(m); });
}

inline rc::Gen<IceParams> ice_params() {
  return rc::gen::build<IceParams>(
      rc::gen::set(&IceParams::alpha_w, tenths(0, 20)), rc::gen::set(&IceParams::alpha_r, tenths(0, 20)),
      rc::gen::set(&IceParams::c_n, decimal(2, 9)), rc::gen::set(&IceParams::c_t, decimal(2, 9)),
      rc::gen::set(&IceParams::c_w, decimal(2, 9)), rc::gen::set(&IceParams::c_r, decimal(2, 9)),
      rc::gen::set(&IceParams::mu, tenths(0, 10)), rc::gen::set(&IceParams::bonded, ice_senses()),
      rc::gen::set(&IceParams::breakable, ice_senses()));
}

}  // namespace gen

struct IceSubject {
  using Law = IceKitLaw<double>;
  static constexpr bool rotational_stiffness = true;

  static rc::Gen<Law> law() {
    return rc::gen::apply(
        [](IcePairing pairing, PlasticDissipation dissipation, IceParams p1, IceParams p2) {
          Law law;
          law.ice.pairing = pairing;
          law.ice.dissipation = dissipation;
          law.p1 = p1;
          law.p2 = p2;
          return law;
        },
        rc::gen::element(IcePairing::beam, IcePairing::seed), gen::element_of(all_plastic_dissipations),
        gen::ice_params(), gen::ice_params());
  }

  // Bonded in all four senses, none breakable: no sense slips, breaks or lets go in tension.
  static Law elastic(Law law) {
    for (IceParams* p : {&law.p1, &law.p2}) {
      p->bonded = ice_all_senses;
      p->breakable = 0;
    }
    return law;
  }
  // Unbonded (the AND of the sides' masks): every sense under its Coulomb limit.
  static Law bounded(Law law) {
    law.p1.bonded = law.p2.bonded = 0;
    return law;
  }
  static Law exact_slip(Law law) {
    law.ice.dissipation = decided_plastic_dissipation;
    return law;
  }
  static double yield_force(const IcePhys<double>& ph, double fn) {
    const double neg_fn = fn < 0 ? -fn : 0.0;
    return neg_fn * ph.tan_phi;
  }
  static double tangential_stiffness(const IcePhys<double>& ph) { return ph.kt; }

  // The shear yield slip at uN0 (CoulombSubject's); |uN| without friction or shear stiffness.
  static double path_unit(const Law&, const IcePhys<double>& ph, double uN) {
    const double slip = ph.kn * std::abs(uN) * ph.tan_phi / ph.kt;
    return std::isfinite(slip) && slip > 0 ? slip : std::abs(uN);
  }
  // ThresholdSubject: the break tests of the senses bonded and breakable at creation (a sense
  // broken earlier in the contact's life only adds a needless cut), on the trial values the law
  // tests (laws/ice_law.hpp): Fn = kn uN > F_nb, |Ft + kt du_t| > F_tb, |Tw + k_w dphi_x| > T_wb,
  // |Tr + k_r dphi_yz| > T_rb. A break is the jump (bonded -> yield, or removed); the slip tests
  // are radial returns, continuous in the trial value, and need no entry.
  static std::vector<ThresholdDecision> decisions(const Law& law, const IcePhys<double>& phys, const Vec3d& f,
                                                  const Vec3d& t, double uN, const Vec3d& du, const Vec3d& dphi) {
    const IcePhys<double> ph = law.configured(phys);
    const std::uint8_t fragile = ph.bonded & ph.breakable;
    std::vector<ThresholdDecision> out;
    const auto test = [&](std::uint8_t sense, double value, double size, double limit) {
      if (fragile & sense) out.push_back({value, limit, size});
    };
    const double fn = ph.kn * uN;
    test(ice_n, fn, std::abs(fn), ph.f_nb);
    const Vec2d dft = ph.kt * du.tail<2>();
    test(ice_t, (f.tail<2>() + dft).norm(), f.tail<2>().norm() + dft.norm(), ph.f_tb);
    const double dtw = ph.k_w * dphi.x();
    test(ice_w, std::abs(t.x() + dtw), std::abs(t.x()) + std::abs(dtw), ph.t_wb);
    const Vec2d dtr = ph.k_r * dphi.tail<2>();
    test(ice_r, (t.tail<2>() + dtr).norm(), t.tail<2>().norm() + dtr.norm(), ph.t_rb);
    return out;
  }

  static std::vector<double> parameters(const IcePhys<double>& ph) {
    return {ph.kn,   ph.kt,   ph.tan_phi, ph.k_w,  ph.k_r,          ph.f_nb,          ph.f_tb,
            ph.t_wb, ph.t_rb, ph.lever,   ph.mu,   double(ph.bonded), double(ph.breakable)};
  }
};

// The breakable suite's subject. A configuration decides by itself whether its contact is
// removed at the first uN > 0 only when
//   - the normal sense is unbonded (removed at uN > 0 whatever the other bonds), or
//   - the normal sense is bonded and breakable with c_n = 0 on a side (F_nb = min c_n A = 0:
//     it breaks at Fn = kn uN > 0), or
//   - the normal sense is bonded and no bonded sense is breakable (nothing ever breaks).
// A bonded normal sense with F_nb > 0, or one that is not breakable while another bonded sense
// is (a shear break unbonds the normal sense too), breaks at a load the physics decides. law()
// maps such draws onto the second case (c_n = 0, normal breakable on side 1); the general
// suites run IceSubject's unrestricted configurations.
struct IceBreakableSubject : IceSubject {
  static Law decidable(Law law) {
    const bool bonded_n = law.bonded() & ice_n;
    const bool fragile = law.bonded() & law.breakable();
    const bool breaks_at_touch = (law.breakable() & ice_n) && (law.p1.c_n == 0 || law.p2.c_n == 0);
    if (bonded_n && fragile && !breaks_at_touch) {
      law.p1.breakable = static_cast<std::uint8_t>(law.p1.breakable | ice_n);
      law.p1.c_n = 0;
    }
    return law;
  }
  static rc::Gen<Law> law() { return rc::gen::map(IceSubject::law(), &decidable); }

  static bool breaks(const Law& law) { return !(law.bonded() & ice_n) || (law.bonded() & law.breakable()); }
  static Law breaking(Law law) {
    law.p1.bonded = static_cast<std::uint8_t>(law.p1.bonded & ~ice_n);
    return law;
  }
  static Law unbreakable(Law law) {
    for (IceParams* p : {&law.p1, &law.p2}) {
      p->bonded = static_cast<std::uint8_t>(p->bonded | ice_n);
      p->breakable = 0;
    }
    return law;
  }
};

static_assert(CoulombBoundedSubject<IceSubject>);
static_assert(RotationalSubject<IceSubject>);
static_assert(ThresholdSubject<IceSubject>);
static_assert(BreakableSubject<IceBreakableSubject>);

}  // namespace lawcheck::properties
