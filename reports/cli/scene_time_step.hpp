#pragma once
// The time step of a scene (`"dt"`: a number, or "auto"), checked before the run.
//
// The limit is the solver's own per-particle estimate (dynamics/time_step.hpp, particle_dt), taken
// before any contact exists, for the contacts each sphere can have and no other: the bodies are
// grouped in classes of (material, shape, size, fixed); for a free sphere of class a and every
// class b that has a body other than the sphere itself, the law of the pair builds the contact as
// the solver would at touch (contact_creation with both bodies' masses and radii of curvature,
// seed 000's default length rules, uN = 0) and the sphere bears it as many times as class-b bodies
// can touch it at
// once: every wall of class b, and at most floor(2 / (1 - cos theta)) spheres of radius r_b,
// sin theta = r_b / (r_a + r_b), since each touching sphere hides a cap of half-angle theta of the
// sphere's surface and the caps do not overlap (4 pi >= N 2 pi (1 - cos theta); 14 for equal
// spheres, the kissing number being 12). A body's springs add their stiffness to its translational
// load. A scene with nothing a sphere could touch (a lone sphere, no wall) is limited by its
// springs only (gravity, a constant force, sets no limit on the leapfrog step). The limit is also
// never above the solver's p-wave estimate (the one it checks before the first step, which a lone
// body does not get either: dynamics/time_step.hpp). So the solver's own check, over the contacts that actually form, never finds the
// step above its limit.
//   "auto" = auto_dt_safety x the limit: 0.1 keeps omega dt <= 0.2 on the stiffest mode, where a
//   contact's onset or release errs by at most (omega dt)^2 / 4 = 1 % of its energy
//   (cli/balance_guard.hpp), a fifth of the balance threshold.
//   A given dt above the limit is an InputError naming dt and the limit.
// The classes are at most max_dt_classes (C^2 contact builds): a scene with more distinct sizes
// must give its dt.

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <tuple>
#include <vector>

#include "cli/law_spec.hpp"
#include "cli/scene.hpp"
#include "dynamics/time_step.hpp"
#include "physics/contact_creation.hpp"
#include "physics/stiffness_rules.hpp"

namespace lawcheck::cli {

inline constexpr double auto_dt_safety = 0.1;
inline constexpr std::size_t max_dt_classes = 1024;

struct SceneStep {
  double dt;
  double limit;
  bool automatic;
};

// How many spheres of radius rb can touch one of radius ra at once (header).
inline double touching_spheres(double ra, double rb) {
  const double s = rb / (ra + rb);
  return std::floor(2 / (1 - std::sqrt(1 - s * s)));
}

inline SceneStep scene_time_step(const Scene& s, SceneSimulation& sim) {
  const auto& P = sim.particles();
  // A class is one kind of body as its contacts' creation sees it (contact_creation.hpp): material,
  // shape and size, and whether it moves; a moving body's mass follows from the rest (the first
  // body of the class stands for them all).
  struct Class {
    std::uint32_t material;
    bool wall;
    double size;
    bool fixed;
    std::size_t body;
    auto key() const { return std::tuple(material, wall, size, fixed); }
    ContactBody contact_body(const Particles& p) const {
      const ShapeSize shape = wall ? ShapeSize{ShapeKind::wall, 0} : ShapeSize{ShapeKind::sphere, size};
      return fixed ? fixed_body(shape) : ContactBody{shape, p.mass[body]};
    }
  };
  std::map<std::tuple<std::uint32_t, bool, double, bool>, std::size_t> index;
  std::vector<Class> classes;
  std::vector<double> count;
  std::vector<std::size_t> class_of(s.bodies.size());
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    const SceneBody& b = s.bodies[i];
    const auto* sphere = std::get_if<Sphere>(&b.shape);
    const Class c{b.material, sphere == nullptr, sphere ? sphere->radius : 0.0, P.is_static(i), i};
    const auto [it, fresh] = index.emplace(c.key(), classes.size());
    if (fresh) {
      if (classes.size() == max_dt_classes)
        throw InputError("dt", "\"auto\"",
                         fmt::format("more than {} distinct (material, shape, size) classes of bodies: give dt",
                                     max_dt_classes));
      classes.push_back(c);
      count.push_back(0);
    }
    count[it->second] += 1;
    class_of[i] = it->second;
  }
  // Per free-sphere class: the load of its stiffest possible neighbourhood.
  std::vector<ParticleStiffness> load(classes.size());
  for (std::size_t a = 0; a < classes.size(); ++a) {
    if (classes[a].wall || classes[a].fixed) continue;
    for (std::size_t b = 0; b < classes.size(); ++b) {
      const double others = count[b] - (a == b ? 1 : 0);
      if (others <= 0) continue;
      const double n = classes[b].wall ? others : std::min(others, touching_spheres(classes[a].size, classes[b].size));
      const std::size_t kind = s.kind_of_pair(classes[a].material, classes[b].material);
      scene_detail::with_kind(kind, [&](auto I) {
        using L = std::tuple_element_t<I, RegisteredLaws>;
        using M = typename L::Material;
        const L& law = std::get<I>(s.laws);
        const M* ma = s.materials[classes[a].material].template as<M>();
        const M* mb = s.materials[classes[b].material].template as<M>();
        const ContactCreation c = contact_creation(classes[a].contact_body(P), classes[b].contact_body(P), 0);
        const ContactStiffness k = law.stiffness(law.make_phys(*ma, *mb, c));
        check_contact_stiffness(law, k);
        load[a].add({n * k.normal, n * k.tangential, n * k.twist, n * k.bending, n * k.damping});
      });
    }
  }
  std::vector<ParticleStiffness> spring_load(s.bodies.size());
  for (const AnchorSpring& sp : s.springs) spring_load[sp.body].add({sp.stiffness, 0, 0, 0, 0});
  double limit = sim.stable_dt().dt;  // the p-wave estimate before any contact
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    if (s.bodies[i].fixed) continue;
    ParticleStiffness l = load[class_of[i]];
    l.translational += spring_load[i].translational;
    limit = std::min(limit, particle_dt(P.mass[i], P.inertia[i].minCoeff(), l));
  }
  if (!(limit < std::numeric_limits<double>::infinity())) {
    if (s.dt) return {*s.dt, limit, false};
    throw InputError("dt", "\"auto\"", "nothing in the scene limits the step (no contact can form, no spring): give dt");
  }
  derived_positive("dt", "the stable time step", limit);
  if (s.dt) {
    if (!(*s.dt <= limit))
      throw InputError("dt", *s.dt,
                       fmt::format("above the stable limit {:.6g} s of this scene (the solver's per-sphere estimate "
                                   "with every contact a sphere can have and its springs, docs/formats.md)",
                                   limit));
    return {*s.dt, limit, false};
  }
  return {auto_dt_safety * limit, limit, true};
}

}  // namespace lawcheck::cli
