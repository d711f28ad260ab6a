#pragma once
// Closest points between the "cores" of round shapes: a sphere is a point, a capsule a segment,
// a thick facet a triangle, each swept by its radius (halfThick for a facet). Contact detection
// (contact_point.cpp) reduces every round pair to the closest points of two cores.
// Algorithms: Ericson, Real-Time Collision Detection (2005), sections 5.1.2 (point-segment),
// 5.1.5 (point-triangle by Voronoi regions) and 5.1.9 (segment-segment), with the parallel case
// of 5.1.9 replaced by a symmetric choice (see closest_segment_segment).

#include "core/vector_types.hpp"

namespace lawcheck {

// Parameter s in [0, 1] of the point of segment p + s d closest to q (d may be zero).
double closest_on_segment(const Vec3d& q, const Vec3d& p, const Vec3d& d);

struct TrianglePoint {
  Vec3d point;
  bool interior;  // in the open face region: the direction to the query is the face normal
};

TrianglePoint closest_on_triangle(const Vec3d& q, const Vec3d& a, const Vec3d& b, const Vec3d& c);

struct SegmentPair {
  Vec3d on1;
  Vec3d on2;
  bool interior;  // strictly inside both segments: on2 - on1 is along d1 x d2
};

// Closest points of segments p1 + s d1 and p2 + t d2, s, t in [0, 1]. When several pairs are
// equally close (parallel overlapping segments) the pair in the middle of the overlap is
// returned, so that swapping the segments swaps the pair and the contact point stays put.
SegmentPair closest_segment_segment(const Vec3d& p1, const Vec3d& d1, const Vec3d& p2,
                                    const Vec3d& d2);

}  // namespace lawcheck
