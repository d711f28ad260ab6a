#include "dynamics/particles.hpp"

#include <cmath>
#include <string>

#include <boost/math/constants/constants.hpp>
#include <fmt/format.h>

#include "core/input_error.hpp"

namespace lawcheck {

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

void require_finite_vec(const std::string& field, const Vec3d& v) {
  for (int k = 0; k < 3; ++k)
    if (!std::isfinite(v[k]))
      throw InputError(field, fmt::format("({}, {}, {})", v.x(), v.y(), v.z()), "must be finite");
}

struct MassProps {
  double mass = 0;
  Vec3d inertia = Vec3d::Zero();
  double radius = inf;  // bounding radius
};

// Checks sizes under the particle's own field names, then derives mass, inertia, bounding radius.
MassProps mass_props(const Shape& shape, double density, const std::string& p) {
  const double pi = boost::math::constants::pi<double>();
  MassProps out;
  if (const auto* s = std::get_if<Sphere>(&shape)) {
    require_positive(p + ".radius", s->radius);
    const double r = s->radius;
    out.mass = 4.0 / 3.0 * pi * r * r * r * density;
    out.inertia.setConstant(0.4 * out.mass * r * r);
    out.radius = r;
  } else if (const auto* c = std::get_if<Capsule>(&shape)) {
    require_positive(p + ".radius", c->radius);
    require_non_negative(p + ".shaft", c->shaft);
    const double r = c->radius, len = c->shaft;
    const double mc = pi * r * r * len * density;
    const double ms = 4.0 / 3.0 * pi * r * r * r * density;
    const double ix = mc * r * r / 2 + 0.4 * ms * r * r;
    const double iy = mc * (r * r / 4 + len * len / 12) + ms * (0.4 * r * r + len * len / 4 + 0.375 * len * r);
    out.mass = mc + ms;
    out.inertia = Vec3d(ix, iy, iy);
    out.radius = r + len / 2;
  } else if (const auto* f = std::get_if<Facet>(&shape)) {
    require_non_negative(p + ".halfThick", f->half_thick);
    double reach = 0;
    for (int k = 0; k < 3; ++k) {
      require_finite_vec(fmt::format("{}.vertices[{}]", p, k), f->vertices[static_cast<std::size_t>(k)]);
      reach = std::max(reach, f->vertices[static_cast<std::size_t>(k)].norm());
    }
    out.radius = reach + f->half_thick;
  } else if (const auto* y = std::get_if<InfCylinder>(&shape)) {
    require_positive(p + ".radius", y->radius);
  }
  // Axes, sense and degenerate facets: the geometry's own checks.
  validate(shape);
  return out;
}

}  // namespace

void Particles::reserve(std::size_t n) {
  for (auto* v : {&pos, &vel, &ang_vel, &force, &torque, &inertia}) v->reserve(n);
  ori.reserve(n);
  mass.reserve(n);
  blocked.reserve(n);
  shape.reserve(n);
  kind.reserve(n);
  radius.reserve(n);
  material.reserve(n);
}

std::size_t Particles::add(const ParticleSpec& spec, std::size_t material_count, double density) {
  const std::size_t i = size();
  const std::string p = fmt::format("particle[{}]", i);
  if (spec.material >= material_count)
    throw InputError(p + ".material", spec.material,
                     fmt::format("no such material ({} defined)", material_count));
  if (spec.blocked > dof::all)
    throw InputError(p + ".blocked", spec.blocked, "a 6-bit mask (x y z rx ry rz) is at most 63");
  require_finite_vec(p + ".pos", spec.pose.pos);
  require_finite_vec(p + ".vel", spec.velocity.vel);
  require_finite_vec(p + ".angVel", spec.velocity.ang_vel);
  const Quatd q = spec.pose.ori;
  if (!q.coeffs().allFinite() || std::abs(q.norm() - 1) > 1e-9)
    throw InputError(p + ".ori", fmt::format("({}, {}, {}, {})", q.w(), q.x(), q.y(), q.z()),
                     "must be a finite unit quaternion");
  const MassProps mp = mass_props(spec.shape, density, p);
  const ShapeKind k = kind_of(spec.shape);
  if (mp.mass == 0 && spec.blocked != dof::all)
    throw InputError(p + ".blocked", spec.blocked,
                     fmt::format("a {} has no finite mass: block all DoFs (63)", name_of(k)));

  pos.push_back(spec.pose.pos);
  ori.push_back(q.normalized());
  vel.push_back(spec.velocity.vel);
  ang_vel.push_back(spec.velocity.ang_vel);
  force.push_back(Vec3d::Zero());
  torque.push_back(Vec3d::Zero());
  mass.push_back(mp.mass);
  inertia.push_back(mp.inertia);
  blocked.push_back(spec.blocked);
  shape.push_back(spec.shape);
  kind.push_back(k);
  radius.push_back(mp.radius);
  material.push_back(spec.material);
  return i;
}

}  // namespace lawcheck
