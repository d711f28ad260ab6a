#pragma once
// `lawcheck run`'s passage guard: a run in which a sphere's centre crosses a wall's plane, or a
// sphere's centre enters another sphere, no longer resolves its contacts -- the bodies have passed
// through each other -- and its state is not a result. It ends the run (StateError, exit 1)
// naming both bodies, the step and the time.
//
// The test, once per step, after the step moved the centres from x0 (its start) to x1:
//  - sphere-sphere: the swept test of the centres' segments over the step. With the relative
//    position d(s) = d0 + s (d1 - d0), s in [0, 1] (both centres move on straight lines within a
//    step of the leapfrog), the closest approach min |d(s)| below the larger radius means a centre
//    was inside the other sphere during the step (an overlap beyond the smaller radius): they
//    passed through each other, or were about to, even when both ends of the step look apart.
//  - sphere-wall: the centre's signed height over the plane on the wall's free side,
//    side (x1 - p1) along the axis, at or below 0 (a half-space: the segment crosses the plane iff
//    an end does).
// Which pairs: the solver's contacts of the step (every law's batches: sphere pairs, and
// sphere-wall in the other pairs), never all pairs: a sphere moves less than its radius per step
// (run_command.cpp's displacement guard, checked first), so a centre can only reach the far side
// of a static wall, or the inside of another sphere, from a step that started in contact with it,
// and that step's contacts hold the pair. A wall that moves along its axis is checked against every
// free sphere each step (its own motion is not bounded by a radius); walls rarely move. No
// allocation: a loop over the contact arrays and the bodies, once per step.

#include <cstdint>
#include <variant>
#include <vector>

#include <fmt/core.h>

#include "cli/scene.hpp"
#include "dynamics/state_error.hpp"

namespace lawcheck::cli {

class PassageGuard {
public:
  explicit PassageGuard(const Scene& s) : s_(s) {
    for (std::size_t k = 0; k < s.bodies.size(); ++k) {
      const SceneBody& b = s.bodies[k];
      if (const auto* w = std::get_if<Wall>(&b.shape); w && b.velocity[w->axis] != 0)
        moving_walls_.push_back(static_cast<std::uint32_t>(k));
      else if (std::holds_alternative<Sphere>(b.shape) && !b.fixed)
        free_spheres_.push_back(static_cast<std::uint32_t>(k));
    }
  }

  // After step n (it took the scene from t_n to t_{n+1}): x0 the centres at its start, x1 at its end.
  void check(const SceneSimulation& sim, const std::vector<Vec3d>& x0, const std::vector<Vec3d>& x1,
             std::uint64_t n, double dt) const {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (pairs(sim.template sphere_contacts<I>(), x0, x1, n, dt), ...);
      (pairs(sim.template other_contacts<I>(), x0, x1, n, dt), ...);
    }(std::make_index_sequence<scene_law_kinds>{});
    for (std::uint32_t w : moving_walls_)
      for (std::uint32_t k : free_spheres_) wall(w, k, x1, n, dt);
  }

private:
  template <class Batch>
  void pairs(const Batch& b, const std::vector<Vec3d>& x0, const std::vector<Vec3d>& x1, std::uint64_t n,
             double dt) const {
    for (std::size_t c = 0; c < b.size(); ++c) {
      const std::uint32_t i = b.id1[c], j = b.id2[c];
      const Shape& si = s_.bodies[i].shape;
      const Shape& sj = s_.bodies[j].shape;
      if (std::holds_alternative<Wall>(si))
        wall(i, j, x1, n, dt);
      else if (std::holds_alternative<Wall>(sj))
        wall(j, i, x1, n, dt);
      else
        spheres(i, j, x0, x1, n, dt);
    }
  }

  void wall(std::uint32_t w, std::uint32_t k, const std::vector<Vec3d>& x1, std::uint64_t n, double dt) const {
    const Wall& wl = std::get<Wall>(s_.bodies[w].shape);
    const double h = wl.sense * (x1[k][wl.axis] - x1[w][wl.axis]);
    if (h > 0) return;
    throw StateError(fmt::format("body \"{}\" passed through wall \"{}\" in step {} (t = {:.6g} s to {:.6g} s): its "
                                 "centre is at {} = {:.6g} m, on the wall's solid side (free side \"{}\" of {} = "
                                 "{:.6g} m); dt = {:.6g} s does not resolve this contact; no results reported",
                                 s_.bodies[k].id, s_.bodies[w].id, n, static_cast<double>(n) * dt,
                                 static_cast<double>(n + 1) * dt, static_cast<char>('x' + wl.axis), x1[k][wl.axis],
                                 wl.sense > 0 ? "+" : "-", static_cast<char>('x' + wl.axis), x1[w][wl.axis], dt));
  }

  void spheres(std::uint32_t i, std::uint32_t j, const std::vector<Vec3d>& x0, const std::vector<Vec3d>& x1,
               std::uint64_t n, double dt) const {
    const double ri = std::get<Sphere>(s_.bodies[i].shape).radius, rj = std::get<Sphere>(s_.bodies[j].shape).radius;
    const double r = std::max(ri, rj);
    const Vec3d d0 = x0[j] - x0[i], d1 = x1[j] - x1[i], move = d1 - d0;
    // The closest point of the segment d0 -> d1 to the origin: s* = -d0.move / |move|^2 in [0, 1].
    const double mm = move.squaredNorm();
    const double at = mm > 0 ? std::clamp(-d0.dot(move) / mm, 0.0, 1.0) : 0.0;
    const Vec3d closest = d0 + at * move;
    if (closest.squaredNorm() >= r * r) return;
    throw StateError(fmt::format("bodies \"{}\" and \"{}\" passed through each other in step {} (t = {:.6g} s to "
                                 "{:.6g} s): their centres came within {:.6g} m, inside the larger radius {:.6g} m; "
                                 "dt = {:.6g} s does not resolve this contact; no results reported",
                                 s_.bodies[i].id, s_.bodies[j].id, n, static_cast<double>(n) * dt,
                                 static_cast<double>(n + 1) * dt, closest.norm(), r, dt));
  }

  const Scene& s_;
  std::vector<std::uint32_t> moving_walls_, free_spheres_;
};

}  // namespace lawcheck::cli
