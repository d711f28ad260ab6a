#include "geometry/closest_points.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace lawcheck {

double closest_on_segment(const Vec3d& q, const Vec3d& p, const Vec3d& d) {
  const double dd = d.squaredNorm();
  if (dd == 0) return 0;
  return std::clamp((q - p).dot(d) / dd, 0.0, 1.0);
}

TrianglePoint closest_on_triangle(const Vec3d& q, const Vec3d& a, const Vec3d& b, const Vec3d& c) {
  // Ericson 5.1.5: find the Voronoi region of q (3 vertices, 3 edges, face) from dot products.
  const Vec3d ab = b - a, ac = c - a, ap = q - a;
  const double d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0 && d2 <= 0) return {a, false};
  const Vec3d bp = q - b;
  const double d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0 && d4 <= d3) return {b, false};
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return {a + d1 / (d1 - d3) * ab, false};
  const Vec3d cp = q - c;
  const double d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0 && d5 <= d6) return {c, false};
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return {a + d2 / (d2 - d6) * ac, false};
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0)
    return {b + (d4 - d3) / ((d4 - d3) + (d5 - d6)) * (c - b), false};
  const double inv = 1 / (va + vb + vc);
  return {a + ab * (vb * inv) + ac * (vc * inv), true};
}

SegmentPair closest_segment_segment(const Vec3d& p1, const Vec3d& d1, const Vec3d& p2,
                                    const Vec3d& d2) {
  const auto pair_at = [&](double s, double t) {
    return SegmentPair{p1 + s * d1, p2 + t * d2, s > 0 && s < 1 && t > 0 && t < 1};
  };
  const auto dist = [](const SegmentPair& q) { return (q.on2 - q.on1).norm(); };

  // Ericson 5.1.9: minimise |p1 + s d1 - p2 - t d2|^2 over the unit square.
  const Vec3d r = p1 - p2;
  const double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r), c = d1.dot(r);
  const double b = d1.dot(d2);
  double s = 0, t = 0;
  if (a == 0 && e == 0) {
    return pair_at(0, 0);
  } else if (a == 0) {
    t = std::clamp(f / e, 0.0, 1.0);
  } else if (e == 0) {
    s = std::clamp(-c / a, 0.0, 1.0);
  } else {
    const double denom = a * e - b * b;
    s = denom > 0 ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0.0;
    t = (b * s + f) / e;
    if (t < 0) {
      t = 0;
      s = std::clamp(-c / a, 0.0, 1.0);
    } else if (t > 1) {
      t = 1;
      s = std::clamp((b - c) / a, 0.0, 1.0);
    }
  }
  SegmentPair best = pair_at(s, t);
  double best_dist = dist(best);

  // For nearly parallel segments denom = |d1 x d2|^2 is lost to cancellation and s is arbitrary.
  // The minimum of a convex quadratic over the square is then on its boundary, i.e. between an
  // endpoint of one segment and the other segment: try all four.
  const std::array<SegmentPair, 4> ends{
      pair_at(0, closest_on_segment(p1, p2, d2)), pair_at(1, closest_on_segment(p1 + d1, p2, d2)),
      pair_at(closest_on_segment(p2, p1, d1), 0), pair_at(closest_on_segment(p2 + d2, p1, d1), 1)};
  for (const auto& q : ends)
    if (const double dq = dist(q); dq < best_dist) best = q, best_dist = dq;

  // Parallel segments touch along a whole interval; take its middle (projected onto segment 1),
  // which is the same physical place whichever segment is called 1. Accepted when as close as the
  // best pair up to rounding of the inputs (1e-12 of the lengths and distances involved), and only
  // for segments parallel to rounding (sin^2 of their angle <= 1e-12): a crossing pair has one
  // closest point, and a "middle" accepted within the tolerance would move it by up to
  // sqrt(1e-12 L d) depending on which segment is called 1 (found by the symmetry property).
  if (a > 0 && e > 0 && a * e - b * b <= 1e-12 * a * e) {
    const double sa = -c / a, sb = (b - c) / a;
    const double lo = std::max(0.0, std::min(sa, sb)), hi = std::min(1.0, std::max(sa, sb));
    if (lo <= hi) {
      const Vec3d q = p1 + (lo + hi) / 2 * d1;
      const SegmentPair mid = pair_at((lo + hi) / 2, closest_on_segment(q, p2, d2));
      const double tol = 1e-12 * (std::sqrt(a) + std::sqrt(e) + best_dist);
      if (dist(mid) <= best_dist + tol) best = mid;
    }
  }
  return best;
}

}  // namespace lawcheck
