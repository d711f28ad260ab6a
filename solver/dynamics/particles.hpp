#pragma once
// Particle storage as structure of arrays (DESIGN.md: data next to the loop that uses it).
// Time levels (leapfrog, seed 001 / Woo's Leapfrog): pos and ori at t_n, vel and ang_vel at
// t_{n-1/2}; force and torque are scratch accumulated at t_n by the contact loop.
//
// Mass and inertia from the material density:
//   sphere   m = 4/3 pi r^3 rho,  I = 2/5 m r^2 about every axis (no gyroscopic terms);
//   capsule  a cylinder of length L (body x axis) plus a full sphere split into two caps:
//            m_c = pi r^2 L rho, m_s = 4/3 pi r^3 rho,
//            I_x = m_c r^2/2 + 2/5 m_s r^2,
//            I_y = I_z = m_c (r^2/4 + L^2/12) + m_s (2/5 r^2 + L^2/4 + 3/8 L r)
//            (each cap's centroid sits 3r/8 from the cylinder's end face; parallel axis theorem).
// Walls, facets and infinite cylinders have no finite mass here: they must be static (all six
// DoFs blocked); they may still move with a prescribed velocity.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "geometry/body_state.hpp"
#include "geometry/shapes.hpp"

namespace lawcheck {

// Blocked degrees of freedom, global axes: a blocked DoF keeps its velocity (prescribed motion).
namespace dof {
inline constexpr std::uint8_t x = 1, y = 2, z = 4, rx = 8, ry = 16, rz = 32;
inline constexpr std::uint8_t none = 0, translations = 7, rotations = 56, all = 63;
}  // namespace dof

struct ParticleSpec {
  Shape shape = Sphere{1.0};
  BodyPose pose{};
  BodyVelocity velocity{};  // at t_{-1/2}
  std::uint32_t material = 0;
  std::uint8_t blocked = dof::none;
};

struct Particles {
  std::vector<Vec3d> pos, vel, ang_vel, force, torque;
  std::vector<Quatd> ori;
  std::vector<double> mass;
  std::vector<Vec3d> inertia;  // principal moments in the body frame
  std::vector<std::uint8_t> blocked;
  std::vector<Shape> shape;
  std::vector<ShapeKind> kind;
  std::vector<double> radius;  // sphere radius; bounding radius of other finite shapes; inf if infinite
  std::vector<std::uint32_t> material;

  std::size_t size() const { return pos.size(); }
  bool is_static(std::size_t i) const { return blocked[i] == dof::all; }
  bool is_infinite(std::size_t i) const { return radius[i] == std::numeric_limits<double>::infinity(); }

  // Validates everything (InputError naming "particle[i].<field>" and its value) before any array
  // grows, so a rejected particle leaves the storage untouched. Returns the new particle's index.
  // material_count: how many materials exist (spec.material must name one); density: that
  // material's density, for the mass and inertia.
  std::size_t add(const ParticleSpec& spec, std::size_t material_count, double density);
  void reserve(std::size_t n);
};

}  // namespace lawcheck
