#pragma once
// The contact loop's explicit vectors, where the vectoriser's own code for moving values
// between per-contact or per-particle records and per-lane arrays was the cost: GCC's generic
// vectors (vector_size, __builtin_shufflevector), so the same code on any x86-64 (AVX's
// three-operand 256-bit forms with LAWCHECK_NATIVE, pairs of SSE2 operations without), no
// intrinsics. Pure data movement and the same additions as before: every value keeps its bits.
//
// Four records of four doubles (one per contact, e.g. a frame quaternion) to four arrays of four
// lanes and back: a 4 x 4 transpose in registers, four in-lane unpacks and four 128-bit lane swaps
// (vunpck*pd, vperm2f128). Left to the vectoriser, the same strided loads and stores take about
// three times as many shuffles, and the loop is bound by its shuffles, not by its arithmetic.

#include <array>
#include <cstddef>
#include <cstring>

// Without AVX (LAWCHECK_NATIVE=OFF, the sanitizer build) GCC notes that a function returning a
// 32-byte vector would pass it differently with AVX (-Wpsabi). Every function here is inlined
// into its caller, never called across objects built with and without AVX, so the note does not
// apply.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace lawcheck {

using Double4 = double __attribute__((vector_size(4 * sizeof(double))));
using Double2 = double __attribute__((vector_size(2 * sizeof(double))));

[[gnu::always_inline]] inline Double4 load_double4(const double* p) {
  Double4 v;
  std::memcpy(&v, p, sizeof v);  // unaligned: a record need not start on 32 bytes
  return v;
}
[[gnu::always_inline]] inline Double2 load_double2(const double* p) {
  Double2 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
[[gnu::always_inline]] inline void store_double4(double* p, const Double4& v) { std::memcpy(p, &v, sizeof v); }

// Rows a, b, c, d become the columns: a = (a0 b0 c0 d0), b = (a1 b1 c1 d1), ...
[[gnu::always_inline]] inline void transpose4(Double4& a, Double4& b, Double4& c, Double4& d) {
  const Double4 ab02 = __builtin_shufflevector(a, b, 0, 4, 2, 6);  // a0 b0 a2 b2
  const Double4 ab13 = __builtin_shufflevector(a, b, 1, 5, 3, 7);  // a1 b1 a3 b3
  const Double4 cd02 = __builtin_shufflevector(c, d, 0, 4, 2, 6);  // c0 d0 c2 d2
  const Double4 cd13 = __builtin_shufflevector(c, d, 1, 5, 3, 7);  // c1 d1 c3 d3
  a = __builtin_shufflevector(ab02, cd02, 0, 1, 4, 5);
  b = __builtin_shufflevector(ab13, cd13, 0, 1, 4, 5);
  c = __builtin_shufflevector(ab02, cd02, 2, 3, 6, 7);
  d = __builtin_shufflevector(ab13, cd13, 2, 3, 6, 7);
}

// The last m % 4 records of the two below, one value at a time: out of line (and cold, so not
// vectorised), a tail of at most three records does not widen the callers' code.
[[gnu::noinline, gnu::cold]] inline void copy_records_tail(const double* const (&from)[4], std::size_t from_stride,
                                                         double* const (&to)[4], std::size_t to_stride,
                                                         std::size_t k, std::size_t m) {
  for (; k < m; ++k)
    for (int i = 0; i < 4; ++i) to[i][to_stride * k] = from[i][from_stride * k];
}

// Records rec[4 k + i] (k = 0 .. m - 1, i = 0 .. 3) into columns col[i][k]; col[i] and rec must
// not overlap.
[[gnu::always_inline]] inline void records_to_columns(const double* rec, double* const (&col)[4], std::size_t m) {
  std::size_t k = 0;
  for (; k + 4 <= m; k += 4) {
    Double4 a = load_double4(rec + 4 * k), b = load_double4(rec + 4 * k + 4), c = load_double4(rec + 4 * k + 8),
            d = load_double4(rec + 4 * k + 12);
    transpose4(a, b, c, d);
    store_double4(col[0] + k, a);
    store_double4(col[1] + k, b);
    store_double4(col[2] + k, c);
    store_double4(col[3] + k, d);
  }
  if (k < m) copy_records_tail({rec, rec + 1, rec + 2, rec + 3}, 4, col, 1, k, m);
}

// The inverse: columns col[i][k] into records rec[4 k + i].
[[gnu::always_inline]] inline void columns_to_records(const double* const (&col)[4], double* rec, std::size_t m) {
  std::size_t k = 0;
  for (; k + 4 <= m; k += 4) {
    Double4 a = load_double4(col[0] + k), b = load_double4(col[1] + k), c = load_double4(col[2] + k),
            d = load_double4(col[3] + k);
    transpose4(a, b, c, d);
    store_double4(rec + 4 * k, a);
    store_double4(rec + 4 * k + 4, b);
    store_double4(rec + 4 * k + 8, c);
    store_double4(rec + 4 * k + 12, d);
  }
  if (k < m) copy_records_tail(col, 1, {rec, rec + 1, rec + 2, rec + 3}, 4, k, m);
}

// Four records of 3 doubles (a particle's position, velocity, spin) as three arrays of four lanes:
// each record's (x, y) as one 16-byte load and z alone (a 32-byte load would read past the last
// record of its array), the four (x, y) pairs turned into an x and a y vector by two in-lane
// unpacks (dynamics/sphere_pair_block.hpp's gather).
struct Vec3Quad {
  Double4 x, y, z;
};

// Four records of 3 doubles in one array (e.g. particles' pos, vel, ang_vel: Eigen Vec3d, packed).
using Records4 = std::array<const double*, 4>;
[[gnu::always_inline]] inline Records4 records4(const double* a, const std::array<std::size_t, 4>& id) {
  return {a + 3 * id[0], a + 3 * id[1], a + 3 * id[2], a + 3 * id[3]};
}

// Four (x, y) pairs and four z as three lane vectors: the pairs split by two in-lane unpacks.
[[gnu::always_inline]] inline Vec3Quad vec3_quad_of(const Double2 (&xy)[4], const double (&z)[4]) {
  const Double4 lo = __builtin_shufflevector(xy[0], xy[2], 0, 1, 2, 3);  // x0 y0 x2 y2
  const Double4 hi = __builtin_shufflevector(xy[1], xy[3], 0, 1, 2, 3);  // x1 y1 x3 y3
  return {__builtin_shufflevector(lo, hi, 0, 4, 2, 6), __builtin_shufflevector(lo, hi, 1, 5, 3, 7),
          Double4{z[0], z[1], z[2], z[3]}};
}

// Records p as three lane vectors.
[[gnu::always_inline]] inline Vec3Quad vec3_quad(const Records4& p) {
  Double2 xy[4];
  double z[4];
  for (int c = 0; c < 4; ++c) {
    xy[c] = load_double2(p[c]);
    z[c] = p[c][2];
  }
  return vec3_quad_of(xy, z);
}

// The differences b - a of four pairs of records, taken before the split, as three lane vectors.
[[gnu::always_inline]] inline Vec3Quad vec3_quad_difference(const Records4& a, const Records4& b) {
  Double2 xy[4];
  double z[4];
  for (int c = 0; c < 4; ++c) {
    xy[c] = load_double2(b[c]) - load_double2(a[c]);
    z[c] = b[c][2] - a[c][2];
  }
  return vec3_quad_of(xy, z);
}

}  // namespace lawcheck

#pragma GCC diagnostic pop
