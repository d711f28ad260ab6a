#pragma once
// Two particles in contact, moved kinematically (constant linear and angular velocities, no
// integrator) through the solver's geometry -> physics -> law chain (seed 001 steps 1-3): contact
// point, transported contact frame, local geometry, the law's physics (make_phys) and initial
// state, the law. What the symmetry and
// objectivity properties compare: the same motion seen with the particles swapped, or after a
// rigid motion of the whole configuration.
//
// Construction (build_scenario): particle b sits at its position with its orientation; particle
// a is placed along a direction d from b at the distance where their contact has uN = uN0, found
// by bisection (uN grows along the ray: the distance between convex shapes is convex under
// translation). Velocities are scaled so that the contact lives through the run: the normal
// relative displacement stays within |uN0|/2, a non-round particle turns by at most |uN0|/8 at
// its extremity, and the tangential relative displacement stays within a couple of yield slips
// and well below the curvature limit sqrt(R |uN0|) (moving s along a surface of radius R changes
// the gap by s^2 / 2R).

#include <algorithm>
#include <cmath>
#include <optional>
#include <ostream>
#include <span>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "contact_case.hpp"
#include "generators.hpp"
#include "geometry/contact_frame.hpp"
#include "geometry/contact_point.hpp"
#include "geometry/shapes.hpp"
#include "laws/contact_law.hpp"
#include "path_driver.hpp"

namespace lawcheck::properties {

struct Body {
  Shape shape;
  FrictMat mat;   // the kit's draw (the contact's FrictPhys for a Coulomb law's path unit)
  BodyPose pose;
  BodyVelocity vel;
  int side = 0;   // which of the law's two materials this body is made of (run_scenario): 0 for a,
                  // 1 for b when built, so that swapping the bodies swaps their materials too
};

struct TwoBodyScenario {
  Body a;
  Body b;
  StiffnessRules rules;
  double dt = 1e-5;
  int steps = 8;
};

// Integers and decimals the scenario is built from (what a counterexample shows).
struct ScenarioSpec {
  ShapeKind kind_a = ShapeKind::sphere;
  ShapeKind kind_b = ShapeKind::sphere;
  double size_a = 0.1;   // radius (facet: halfThick, may be 0)
  double size_b = 0.1;
  double extent = 0.1;   // capsule shaft / facet half-width
  FrictMat mat_a;
  FrictMat mat_b;
  StiffnessRules rules;
  double overlap = 1e-3;  // |uN0| / smallest radius
  gen::Rotation direction;  // d = direction * x
  gen::Rotation ori_a;
  gen::Rotation ori_b;
  std::array<int, 3> common{0, 0, 0};  // velocity shared by both particles, units of V
  int normal = 0;                      // relative normal velocity, units of |uN0| / (4 T)
  std::array<int, 2> tangential{0, 0}; // relative tangential velocity, units of V / 4
  std::array<int, 3> spin_a{0, 0, 0};
  std::array<int, 3> spin_b{0, 0, 0};
  double dt = 1e-5;
  int steps = 8;
};

inline Shape make_shape(ShapeKind kind, double size, double extent) {
  switch (kind) {
    case ShapeKind::sphere: return Sphere{size};
    case ShapeKind::wall: return Wall{2, 0};
    case ShapeKind::facet:
      return Facet{{Vec3d(-extent, -extent, 0), Vec3d(extent, -extent, 0), Vec3d(0, extent, 0)}, size};
    case ShapeKind::capsule: return Capsule{size, extent};
    case ShapeKind::inf_cylinder: return InfCylinder{size, 0};
  }
  return Sphere{size};
}

inline ContactCase contact_case_of(const TwoBodyScenario& s, double uN0) {
  return {{kind_of(s.a.shape), size_of(s.a.shape)}, {kind_of(s.b.shape), size_of(s.b.shape)},
          s.a.mat, s.b.mat, s.rules, uN0};
}

// How far a shape reaches from its particle's position (0 for the unbounded wall and cylinder,
// whose geometry works with coordinates of the other particle's size).
inline double reach(const Shape& shape) {
  if (const auto* f = std::get_if<Facet>(&shape)) {
    double r = 0;
    for (const auto& v : f->vertices) r = std::max(r, v.norm());
    return r + f->half_thick;
  }
  if (const auto* c = std::get_if<Capsule>(&shape)) return c->shaft / 2 + c->radius;
  return size_of(shape);
}

// Largest length of the configuration: the shapes' reach and the particles' distances from the
// origin (coordinates of that size carry rounding errors eps L).
inline double length_scale(const TwoBodyScenario& s) {
  return std::max({reach(s.a.shape), reach(s.b.shape), s.a.pose.pos.norm(), s.b.pose.pos.norm()});
}

inline std::optional<ContactPoint> contact_of(const TwoBodyScenario& s) {
  return contact_point(s.a.shape, s.a.pose, s.b.shape, s.b.pose);
}

// path_unit(contact, uN0): the tangential displacement of one unit (the yield slip of a Coulomb
// law, law_subject.hpp).
// Empty when the ray never reaches uN0 (d almost parallel to a wall or a cylinder's axis).
template <class PathUnit>
std::optional<TwoBodyScenario> build_scenario(const ScenarioSpec& spec, PathUnit&& path_unit) {
  TwoBodyScenario s;
  s.a = {make_shape(spec.kind_a, spec.size_a, spec.extent), spec.mat_a, {}, {}, 0};
  s.b = {make_shape(spec.kind_b, spec.size_b, spec.extent), spec.mat_b, {}, {}, 1};
  s.rules = spec.rules;
  s.dt = spec.dt;
  s.steps = spec.steps;
  s.a.pose.ori = spec.ori_a.quaternion();
  s.b.pose.ori = spec.ori_b.quaternion();
  const double ra = spec.size_a > 0 ? spec.size_a : spec.size_b;
  const double rb = spec.size_b > 0 ? spec.size_b : spec.size_a;
  const double smallest = std::min(ra, rb);
  const double uN0 = -spec.overlap * smallest;
  const Vec3d d = spec.direction.quaternion() * Vec3d::UnitX();
  // Bisection on the distance along d: no contact or uN > uN0 above, uN <= uN0 below.
  double lo = 0;
  double hi = 4 * (ra + rb + 2 * spec.extent);
  for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; ++i) {
    const double mid = (lo + hi) / 2;
    s.a.pose.pos = mid * d;
    const auto cp = contact_of(s);
    (cp && cp->uN <= uN0 ? lo : hi) = mid;
  }
  s.a.pose.pos = lo * d;
  const auto cp = contact_of(s);
  if (!cp || std::abs(cp->uN - uN0) > 1e-3 * std::abs(uN0)) return std::nullopt;
  const ContactCase c = contact_case_of(s, cp->uN);
  const double slip = path_unit(c, cp->uN);
  const double duration = spec.steps * spec.dt;
  const double travel = std::min(2 * slip, 0.3 * std::sqrt(smallest * std::abs(uN0)));
  const double v = travel / duration;
  const Vec3d n = cp->normal;
  const Vec3d t1 = n.unitOrthogonal();
  const Vec3d t2 = n.cross(t1);
  const auto vec = [](const std::array<int, 3>& i) { return Vec3d(i[0], i[1], i[2]); };
  // relative velocity of b w.r.t. a: the contact moves b along -n to compress (x points a -> b)
  const Vec3d rel = n * (spec.normal * std::abs(uN0) / (4 * duration)) +
                    (t1 * spec.tangential[0] + t2 * spec.tangential[1]) * (v / 4);
  s.b.vel.vel = vec(spec.common) * v;
  s.a.vel.vel = s.b.vel.vel - rel;
  // A sphere may spin freely (its surface speed ~ v); other shapes turn their extremity by at most
  // |uN0|/8 over the run (4 units x |uN0| / (32 reach)).
  const auto spin_scale = [&](const Shape& sh, double size) {
    if (std::holds_alternative<Sphere>(sh)) return v / (4 * size);
    const double reach = size + 2 * spec.extent;
    return std::abs(uN0) / (32 * reach * duration);
  };
  s.a.vel.ang_vel = vec(spec.spin_a) * spin_scale(s.a.shape, ra);
  s.b.vel.ang_vel = vec(spec.spin_b) * spin_scale(s.b.shape, rb);
  return s;
}

struct ScenarioStep {
  Vec3d force_a;        // global force on particle a
  Vec3d local_force;    // the law's force, contact-local
  Vec3d local_torque;   // the law's torque, contact-local
  Vec3d torque_a;       // global torque on a about its centre
  Vec3d torque_b;
  double elastic = 0;
  double dissipated = 0;  // so far
};

template <class Phys>
struct ScenarioRun {
  Phys phys{};
  double uN0 = 0;
  double rotation = 0;  // sum over steps of (|w_a| + |w_b|) dt: the rotation the particles made
  std::vector<ScenarioStep> steps;  // [0]: contact made; ends early if the contact is lost
  bool lost = false;
};

inline void advance(Body& b, double dt) {
  b.pose.pos += b.vel.vel * dt;
  const double w = b.vel.ang_vel.norm();
  if (w > 0) b.pose.ori = (Quatd(Eigen::AngleAxisd(w * dt, b.vel.ang_vel / w)) * b.pose.ori).normalized();
}

// materials: the law's own, [Body::side]; frame0: the contact frame at creation; default
// initial_frame(normal).
template <SolverLaw Law>
ScenarioRun<typename Law::Phys> run_scenario(const Law& law, TwoBodyScenario s,
                                             const std::array<typename Law::Material, 2>& materials,
                                             std::optional<ContactFrame> frame0 = std::nullopt) {
  ScenarioRun<typename Law::Phys> run;
  auto cp = contact_of(s);
  if (!cp) {
    run.lost = true;
    return run;
  }
  run.uN0 = cp->uN;
  const ContactCase c = contact_case_of(s, cp->uN);
  const ContactLengths lengths = lengths_of(c);
  const auto& ma = materials[s.a.side];
  const auto& mb = materials[s.b.side];
  run.phys = law.make_phys(ma, mb, creation_of(c, ma.density, mb.density));
  ContactFrame frame = frame0 ? *frame0 : initial_frame(cp->normal);
  typename Law::State state = initial_state_of(law, c.uN0, lengths, run.phys);
  double dissipated = 0;
  for (int k = 0; k <= s.steps; ++k) {
    if (k > 0) {
      advance(s.a, s.dt);
      advance(s.b, s.dt);
      run.rotation += (s.a.vel.ang_vel.norm() + s.b.vel.ang_vel.norm()) * s.dt;
      cp = contact_of(s);
      if (!cp) {
        run.lost = true;
        return run;
      }
      transport(frame, cp->normal, (s.a.vel.ang_vel + s.b.vel.ang_vel) / 2, s.dt);
    }
    auto g = local_geom(frame, *cp, s.a.pose, s.a.vel, s.b.pose, s.b.vel);
    if (k == 0) g.vel.setZero();  // a new contact has no increment yet
    const auto r = law.template step<true>(g, run.phys, state, s.dt);
    if (r.broken) {
      run.lost = true;
      return run;
    }
    dissipated += r.dissipation();
    ScenarioStep st;
    st.local_force = r.force;
    st.local_torque = r.torque;
    st.force_a = frame.ori * r.force;
    const Vec3d torque = frame.ori * r.torque;
    st.torque_a = (cp->point - s.a.pose.pos).cross(st.force_a) + torque;
    st.torque_b = (cp->point - s.b.pose.pos).cross(-st.force_a) - torque;
    st.elastic = law.elastic_energy(g, run.phys, state);
    st.dissipated = dissipated;
    run.steps.push_back(st);
  }
  return run;
}

// The same configuration after the rigid motion x -> q x + shift (poses, velocities).
inline TwoBodyScenario moved(TwoBodyScenario s, const Quatd& q, const Vec3d& shift) {
  for (Body* b : {&s.a, &s.b}) {
    b->pose.pos = q * b->pose.pos + shift;
    b->pose.ori = (q * b->pose.ori).normalized();
    b->vel.vel = q * b->vel.vel;
    b->vel.ang_vel = q * b->vel.ang_vel;
  }
  return s;
}

inline TwoBodyScenario swapped(TwoBodyScenario s) {
  std::swap(s.a, s.b);
  return s;
}

namespace gen {

rc::Gen<std::array<int, 3>> small_ints3(int lo, int hi);

// pairs: the shape pairs to draw from (the objectivity property leaves out the axis-aligned
// walls and cylinders, which a rotation would not map onto shapes the solver has). Defined in
// two_body_scenario.cpp, compiled once (generators.hpp).
rc::Gen<ScenarioSpec> scenario_spec(std::span<const std::pair<ShapeKind, ShapeKind>> pairs);

}  // namespace gen

inline void showValue(const ScenarioSpec& s, std::ostream& os) {
  const auto ints = [&](const auto& a) {
    os << '(';
    for (std::size_t i = 0; i < a.size(); ++i) os << (i ? " " : "") << a[i];
    os << ')';
  };
  os << name_of(s.kind_a) << '(' << s.size_a << ") ";
  showValue(s.mat_a, os);
  os << " -- " << name_of(s.kind_b) << '(' << s.size_b << ") ";
  showValue(s.mat_b, os);
  os << ", extent " << s.extent << ", lengths=" << name_of(s.rules.lengths)
     << " area=" << name_of(s.rules.area) << ", overlap " << s.overlap << " R, direction ";
  gen::showValue(s.direction, os);
  os << ", ori_a ";
  gen::showValue(s.ori_a, os);
  os << ", ori_b ";
  gen::showValue(s.ori_b, os);
  os << ", common ";
  ints(s.common);
  os << " normal " << s.normal << " tangential ";
  ints(s.tangential);
  os << " spin_a ";
  ints(s.spin_a);
  os << " spin_b ";
  ints(s.spin_b);
  os << ", " << s.steps << " steps of dt " << s.dt;
}

}  // namespace lawcheck::properties
