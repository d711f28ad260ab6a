// The contact frame (seed 001 step 1, Woo's L6Geom trsf): its construction, its transport with
// the pair, and the local relative velocities handed to the law.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "geometry/contact_frame.hpp"

namespace lawcheck::geometry_contact_frame_test {
namespace {

// Largest deviation of a frame from a right-handed orthonormal basis.
double orthonormality_error(const Quatd& q) {
  const Mat3d r = q.toRotationMatrix();
  return std::max((r.transpose() * r - Mat3d::Identity()).cwiseAbs().maxCoeff(),
                  std::abs(r.determinant() - 1));
}

Vec3d axis(const Quatd& q, int i) { return q * Vec3d::Unit(i); }

// The smallest rotation taking unit a to unit b from its angle atan2(|a x b|, a.b) and axis: a few
// eps at any angle (Eigen's FromTwoVectors divides by sqrt(1 + cos), and its JacobiSVD branch trips
// GCC 12's false -Wmaybe-uninitialized under AVX-512). Any axis perpendicular to a when b = -a.
Quatd smallest_rotation_reference(const Vec3d& a, const Vec3d& b) {
  const Vec3d c = a.cross(b);
  const Vec3d u = c.norm() > 0 ? Vec3d(c.normalized()) : a.unitOrthogonal();
  return Quatd(Eigen::AngleAxisd(std::atan2(c.norm(), a.dot(b)), u));
}

TEST(GeometryContactFrame, InitialFrameIsRightHandedOrthonormalWithTheNormalAsX) {
  // Rounding budget in units of eps = 2.2e-16 (all numbers O(1)): building the axes (normalise,
  // cross product) ~3, matrix -> quaternion (square root, divisions) ~5, quaternion -> matrix or
  // rotating e_x ~5, and the check itself, R^T R (3 products, 2 sums) ~5 and det R ~8. So |x - n|
  // <= ~10 eps = 2.2e-15 and the orthonormality error <= ~25 eps = 5.5e-15.
  std::mt19937_64 rng(1);
  std::normal_distribution<double> g;
  double worst_axes = 0, worst_x = 0;
  for (int k = 0; k < 10000; ++k) {
    const Vec3d n = Vec3d(g(rng), g(rng), g(rng)).normalized();
    const ContactFrame f = initial_frame(n);
    worst_axes = std::max(worst_axes, orthonormality_error(f.ori));
    worst_x = std::max(worst_x, (axis(f.ori, 0) - n).norm());
    ASSERT_EQ(f.ori.coeffs(), initial_frame(n).ori.coeffs()) << "not deterministic";
    ASSERT_EQ(f.mid.coeffs(), f.ori.coeffs());
  }
  std::printf("  10000 random normals: orthonormality error %.3g, |x - n| %.3g\n", worst_axes,
              worst_x);
  EXPECT_LE(worst_axes, 5.5e-15);
  EXPECT_LE(worst_x, 2.2e-15);
}

TEST(GeometryContactFrame, AFixedNormalTwistsByTheNormalPartOfTheSpin) {
  // n = z: initial tangents y = e_x (least aligned axis), z = n x y = e_y. Spin w = (3, -1, 2),
  // dt = 0.1: the frame is spun by theta = dt |w| about w and swung back onto z, which leaves the
  // twist of the swing-twist decomposition of that rotation: psi = 2 atan(tan(theta/2) w.n/|w|)
  // (= dt w.n = 0.2 to first order; 0.2016 here); the mid frame twists by psi/2.
  const Vec3d w(3, -1, 2);
  const double theta = 0.1 * w.norm();
  const double psi = 2 * std::atan(std::tan(theta / 2) * w.z() / w.norm());
  ContactFrame f = initial_frame(Vec3d::UnitZ());
  EXPECT_LE((axis(f.ori, 1) - Vec3d::UnitX()).norm(), 1e-16);
  transport(f, Vec3d::UnitZ(), w, 0.1);
  const Vec3d y = axis(f.ori, 1), ym = axis(f.mid, 1);
  std::printf("  psi = %.17g; y = (%.17g, %.17g, %.17g), mid y = (%.17g, %.17g, %.17g)\n", psi,
              y.x(), y.y(), y.z(), ym.x(), ym.y(), ym.z());
  // ~10 roundings of O(1) numbers in AngleAxis, FromTwoVectors and three quaternion products:
  // 1e-15 (~5 eps) with margin 2.
  EXPECT_LE((y - Vec3d(std::cos(psi), std::sin(psi), 0)).norm(), 1e-15);
  EXPECT_LE((ym - Vec3d(std::cos(psi / 2), std::sin(psi / 2), 0)).norm(), 1e-15);
  EXPECT_LE((axis(f.ori, 0) - Vec3d::UnitZ()).norm(), 1e-15);

  // A spin perpendicular to the normal (rolling on a fixed normal) does not twist at all.
  ContactFrame g = initial_frame(Vec3d::UnitZ());
  transport(g, Vec3d::UnitZ(), Vec3d(3, -1, 0), 0.1);
  EXPECT_LE((axis(g.ori, 1) - Vec3d::UnitX()).norm(), 1e-15);
}

TEST(GeometryContactFrame, ATurningNormalCarriesTheTangentsByTheShortestRotation) {
  // n: x -> y with no spin is a quarter turn about z; the tangents (e_y, e_z) become (-e_x, e_z),
  // and the mid frame is the eighth turn.
  ContactFrame f = initial_frame(Vec3d::UnitX());
  transport(f, Vec3d::UnitY(), Vec3d::Zero(), 0.1);
  EXPECT_LE((axis(f.ori, 0) - Vec3d::UnitY()).norm(), 1e-15);
  EXPECT_LE((axis(f.ori, 1) + Vec3d::UnitX()).norm(), 1e-15);
  EXPECT_LE((axis(f.ori, 2) - Vec3d::UnitZ()).norm(), 1e-15);
  EXPECT_LE((axis(f.mid, 0) - Vec3d(1, 1, 0).normalized()).norm(), 1e-15);
  EXPECT_LE((axis(f.mid, 2) - Vec3d::UnitZ()).norm(), 1e-15);
}

TEST(GeometryContactFrame, ANormalFlippingWithinOneStepStillGivesTheSmallestRotation) {
  // A normal turning by 120 deg or more in one step (e.g. a centre pushed through a two-sided
  // wall) takes transport's "through -a" branch. The frame must stay orthonormal with x on the
  // new normal (few-eps budgets as above), and its tangents must be those of the smallest
  // rotation, compared with smallest_rotation_reference (a few eps at any angle): 1e-14 is ~45 eps,
  // the budget of the transport's far branch (smallest_rotation_far, two normalisations and two
  // quaternion products) with margin. Exactly opposite normals have no unique smallest rotation;
  // only validity is checked there.
  for (const Vec3d& to : {Vec3d(-1, 0, 0), Vec3d(-0.9, 0.1, 0.2).normalized(),
                          Vec3d(-0.5, std::sqrt(0.75), 0)}) {
    ContactFrame f = initial_frame(Vec3d::UnitX());
    const Quatd reference = smallest_rotation_reference(Vec3d::UnitX(), to) * f.ori;
    transport(f, to, Vec3d::Zero(), 0.1);
    const double tangents = (f.ori.toRotationMatrix() - reference.toRotationMatrix()).norm();
    std::printf("  to (%.3f, %.3f, %.3f): |x - n| = %.3g, orthonormality %.3g, tangents vs reference %.3g\n",
                to.x(), to.y(), to.z(), (axis(f.ori, 0) - to).norm(), orthonormality_error(f.ori),
                tangents);
    EXPECT_LE((axis(f.ori, 0) - to).norm(), 2.2e-15);
    EXPECT_LE(orthonormality_error(f.ori), 5.5e-15);
    EXPECT_LE(orthonormality_error(f.mid), 5.5e-15);
    if (to.x() > -1) {
      EXPECT_LE(tangents, 1e-14);
    }
  }
}

TEST(GeometryContactFrame, TransportKeepsTheFrameOrthonormalOverAHundredThousandRandomSteps) {
  // Each step renormalises the quaternion, so rounding does not accumulate: the frame is as
  // orthonormal after 1e5 steps as after one (a unit quaternion's matrix is orthonormal to a few
  // eps), and its x axis is re-aimed at the given normal every step (FromTwoVectors, a few eps).
  // The budget of InitialFrameIsRightHandedOrthonormalWithTheNormalAsX plus one transport step
  // (~10 eps more) stays under 1e-14 (~45 eps) for any number of steps; an accumulating drift of
  // even 0.1 eps per step would reach ~2e-12 here.
  std::mt19937_64 rng(7);
  std::normal_distribution<double> g;
  Vec3d n = Vec3d(1, 2, 3).normalized();
  ContactFrame f = initial_frame(n);
  double worst_axes = 0, worst_x = 0, worst_late = 0;
  const int steps = 100000;
  for (int k = 0; k < steps; ++k) {
    const Vec3d turn = 1e-2 * Vec3d(g(rng), g(rng), g(rng));  // up to a few degrees per step
    n = (Quatd(Eigen::AngleAxisd(turn.norm(), turn.normalized())) * n).normalized();
    transport(f, n, Vec3d(g(rng), g(rng), g(rng)), 1e-2);
    const double e = std::max(orthonormality_error(f.ori), orthonormality_error(f.mid));
    worst_axes = std::max(worst_axes, e);
    worst_x = std::max(worst_x, (axis(f.ori, 0) - n).norm());
    if (k >= steps - 1000) worst_late = std::max(worst_late, e);
  }
  std::printf("  1e5 steps: orthonormality error max %.3g (last 1000 steps %.3g), |x - n| max %.3g\n",
              worst_axes, worst_late, worst_x);
  EXPECT_LE(worst_axes, 1e-14);
  EXPECT_LE(worst_x, 1e-14);
}

TEST(GeometryContactFrame, TheSpinQuaternionIsTheExponentialToRoundingWithAndWithoutItsPolynomial) {
  // rotation_by takes Taylor polynomials for half angles a with a^2 <= 1e-3 and std::sin/cos
  // above. Against Eigen's AngleAxis (std::sin/cos of a): the polynomials' truncation is below
  // 2.5e-17, Horner's rounding and AngleAxis's own a few eps of O(1) coefficients, so 2 eps
  // (4.4e-16) bounds both branches; a dropped Taylor term (t^3/720 at t = 1e-3 is 1.4e-12) would
  // exceed it by four orders.
  std::mt19937_64 rng(3);
  std::normal_distribution<double> g;
  double worst_poly = 0, worst_trig = 0;
  int poly = 0, trig = 0;
  for (int k = 0; k < 20000; ++k) {
    const Vec3d dir = Vec3d(g(rng), g(rng), g(rng)).normalized();
    // Half angles from 0.0316 down to 3.16e-8 (polynomial), then from 0.0316 up to 0.19 (sin/cos).
    const double j = static_cast<double>(k % 1000) / 1000.0;
    const double a = std::sqrt(1e-3) * (k < 10000 ? std::pow(10.0, -6 * j) : 1.0 + 5.0 * j);
    const Quatd q = rotation_by(2 * a * dir);
    const Quatd ref(Eigen::AngleAxisd(2 * a, dir));
    const double err = std::min((q.coeffs() - ref.coeffs()).cwiseAbs().maxCoeff(),
                                (q.coeffs() + ref.coeffs()).cwiseAbs().maxCoeff());
    if (a * a <= 1e-3) {
      worst_poly = std::max(worst_poly, err);
      ++poly;
    } else {
      worst_trig = std::max(worst_trig, err);
      ++trig;
    }
  }
  std::printf("  largest coefficient error: polynomial branch %.3g (%d turns), sin/cos branch %.3g (%d turns)\n",
              worst_poly, poly, worst_trig, trig);
  ASSERT_GT(poly, 1000);
  ASSERT_GT(trig, 1000);
  EXPECT_LE(worst_poly, 4.4e-16);
  EXPECT_LE(worst_trig, 4.4e-16);
}

TEST(GeometryContactFrame, TheNormalisationPolynomialIsTheInverseSquareRootToRoundingWithinItsLimit) {
  // inv_sqrt_near_4(e) against 1/sqrt(4 (1 + e)) in long double (64-bit mantissa: 5e-20 here).
  // Within |e| <= 5e-4 the truncation is below 3.9e-18 (contact_frame.hpp) and the rounding is
  // that of the last addition, half an ulp of the result 1/2 (5.6e-17; the bracket's own roundings
  // are scaled down by |e|): one ulp of 1/2, 2^-53 = 1.1e-16, bounds it with margin. Dropping the
  // e^4 term would err by 35/256 |e|^4 = 8.5e-15 at the limit, and just beyond the limit the
  // truncation itself is measured to grow past the bound (the limit is not slack by decades).
  const double ulp = std::ldexp(1.0, -53);
  const double q_out = 4 * (1 - 4 * unit_polynomial_limit);  // |e| = 2e-3: 4x the limit
  const long double ref_out = 1.0L / std::sqrt(static_cast<long double>(q_out));
  const double worst_out =
      static_cast<double>(std::abs(static_cast<long double>(inv_sqrt_near_4(q_out / 4 - 1)) - ref_out));
  double worst_in = 0;
  for (int k = 0; k <= 4000; ++k) {
    const double sign = k % 2 == 0 ? 1.0 : -1.0;
    const double mag = unit_polynomial_limit * std::pow(10.0, -12.0 * static_cast<double>(k / 2) / 2000.0);
    const double q = 4 * (1 + sign * mag);
    const double e = q / 4 - 1;  // exact (Sterbenz), as finish_frame_step computes it
    const long double ref = 1.0L / std::sqrt(static_cast<long double>(q));
    worst_in = std::max(worst_in, static_cast<double>(std::abs(static_cast<long double>(inv_sqrt_near_4(e)) - ref)));
  }
  std::printf("  |e| <= %.3g: largest error %.3g (%.2f ulp of 1/2); at |e| = %.3g: %.3g\n", unit_polynomial_limit,
              worst_in, worst_in / ulp, 4 * unit_polynomial_limit, worst_out);
  EXPECT_LE(worst_in, ulp);
  EXPECT_GT(worst_out, ulp);
}

TEST(GeometryContactFrame, TheCommonFrameStepIsTheExactOneToRoundingAndHandsLargerStepsOn) {
  // frame_step_common (polynomial normalisations) against frame_step_general (1/std::sqrt) over
  // random frames, turns up to 0.09 rad and swings up to 0.09 rad: where the common step accepts,
  // both frames agree to rounding -- each coefficient goes through ~10 roundings of O(1) numbers
  // on either path (spin, axis, swing, product, normalisation), so 10 eps = 2.2e-15; and it must
  // accept every step inside its limits (spin t <= 1e-3, swing and step e within 5e-4, with a 1 %
  // margin for rounding at the boundary) and refuse every step outside them.
  std::mt19937_64 rng(11);
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(0, 1);
  double worst = 0;
  int accepted = 0, refused = 0, misjudged = 0;
  for (int k = 0; k < 20000; ++k) {
    const Quatd old = Quatd(g(rng), g(rng), g(rng), g(rng)).normalized();
    const Vec3d turn = 0.09 * std::pow(u(rng), 2) * Vec3d(g(rng), g(rng), g(rng)).normalized();
    const Vec3d a = (rotation_by(turn) * old) * Vec3d::UnitX();
    const Vec3d perp = a.cross(Vec3d(g(rng), g(rng), g(rng))).normalized();
    const double swing = 0.09 * std::pow(u(rng), 2);
    const Vec3d n = (Quatd(Eigen::AngleAxisd(swing, perp)) * a).normalized();
    const FrameStepValues v = frame_step_common(quat_values(old), n.x(), n.y(), n.z(), turn.x(), turn.y(), turn.z());
    const FrameStep exact = frame_step_general(old, n, turn);
    const double step = 2 * std::acos(std::min(1.0, std::abs(exact.ori.dot(old))));  // angle of ori old^-1
    const double t = turn.squaredNorm() / 4, e_swing = std::pow(std::sin(swing / 2), 2),
                 e_step = std::pow(std::sin(step / 4), 2);
    const double lim = unit_polynomial_limit;
    const bool inside = t <= 0.99 * spin_polynomial_limit && e_swing <= 0.99 * lim && e_step <= 0.99 * lim;
    const bool outside = t > 1.01 * spin_polynomial_limit || e_swing > 1.01 * lim || e_step > 1.01 * lim;
    if ((inside && !v.common) || (outside && v.common)) ++misjudged;
    if (!v.common) {
      ++refused;
      continue;
    }
    ++accepted;
    worst = std::max({worst, (to_quat(v.ori).coeffs() - exact.ori.coeffs()).cwiseAbs().maxCoeff(),
                      (to_quat(v.mid).coeffs() - exact.mid.coeffs()).cwiseAbs().maxCoeff()});
  }
  std::printf("  %d steps taken by the polynomials (largest coefficient difference %.3g), %d refused, %d misjudged\n",
              accepted, worst, refused, misjudged);
  EXPECT_GT(accepted, 5000);
  EXPECT_GT(refused, 2000);
  EXPECT_EQ(misjudged, 0);
  EXPECT_LE(worst, 2.2e-15);
}

TEST(GeometryContactFrame, LocalGeomGivesTheVelocityOfTwoRelativeToOneAtTheContactPoint) {
  // Particle 1 at the origin moves at (0, 1, 0) and spins (0, 0, 1); particle 2 at (2, 0, 0) is
  // at rest; contact point (1, 0, 0). Material point of 1 there: (0, 1, 0) + e_z x e_x = (0, 2, 0);
  // so 2 relative to 1 moves at (0, -2, 0), spin difference (0, 0, -1). Frame for n = e_x:
  // tangents e_y, e_z, so local = global here.
  const ContactFrame f = initial_frame(Vec3d::UnitX());
  const ContactPoint cp{Vec3d::UnitX(), Vec3d(1, 0, 0), -0.01};
  const BodyPose p1{Vec3d::Zero(), Quatd::Identity()}, p2{Vec3d(2, 0, 0), Quatd::Identity()};
  const BodyVelocity v1{Vec3d(0, 1, 0), Vec3d(0, 0, 1)}, v2{};
  const LocalGeom<double> g = local_geom(f, cp, p1, v1, p2, v2);
  EXPECT_EQ(g.uN, -0.01);
  EXPECT_LE((g.vel - Vec3d(0, -2, 0)).norm(), 1e-15);
  EXPECT_LE((g.ang_vel - Vec3d(0, 0, -1)).norm(), 1e-15);
}

TEST(GeometryContactFrame, LocalGeomExpressesVelocitiesInTheMidStepFrame) {
  // After the normal turned from e_x to e_y, the t_{n-1/2} velocities are expressed in the frame
  // halfway: a relative velocity e_x has local components (cos 45, -sin 45, 0)... in (x, y, z) of
  // the mid frame whose x = (1, 1, 0)/sqrt 2 and y = (-1, 1, 0)/sqrt 2.
  ContactFrame f = initial_frame(Vec3d::UnitX());
  transport(f, Vec3d::UnitY(), Vec3d::Zero(), 0.1);
  const ContactPoint cp{Vec3d::UnitY(), Vec3d::Zero(), -0.01};
  const BodyPose p{Vec3d::Zero(), Quatd::Identity()};
  const LocalGeom<double> g =
      local_geom(f, cp, p, BodyVelocity{}, p, BodyVelocity{Vec3d::UnitX(), Vec3d::Zero()});
  const double h = std::sqrt(0.5);
  EXPECT_LE((g.vel - Vec3d(h, -h, 0)).norm(), 1e-15);
}

TEST(GeometryContactFrame, MidStepPoseGoesHalfALeapfrogStepBack) {
  // Position back by dt/2 v; orientation back by half the rotation dt w: a body turned by 0.3 rad
  // about z and spinning at 2 rad/s about z is at 0.3 - 0.1 rad half a step (dt = 0.1) earlier.
  const BodyPose p{Vec3d(1, 2, 3), Quatd(Eigen::AngleAxisd(0.3, Vec3d::UnitZ()))};
  const BodyVelocity v{Vec3d(4, -2, 0), Vec3d(0, 0, 2)};
  const BodyPose m = mid_step_pose(p, v, 0.1);
  EXPECT_LE((m.pos - Vec3d(0.8, 2.1, 3)).norm(), 1e-15);
  EXPECT_NEAR(Eigen::AngleAxisd(m.ori).angle(), 0.2, 1e-15);
  EXPECT_LE((Eigen::AngleAxisd(m.ori).axis() - Vec3d::UnitZ()).norm(), 1e-15);
  // No spin: the orientation is kept.
  EXPECT_EQ(mid_step_pose(p, BodyVelocity{}, 0.1).ori.coeffs(), p.ori.normalized().coeffs());
}

}  // namespace
}  // namespace lawcheck::geometry_contact_frame_test
