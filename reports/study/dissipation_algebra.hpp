#pragma once
// Closed-form predictions of the three dissipation formulas (seed 000 "Energy balance"), derived
// by hand from the incremental law, independently of the solver. The study's checks and the
// verdict tests compare the law's measured dissipation against these; the report prints the
// derivation (reports/render/report_text.cpp).
//
// Per slipping step, with trial force norm ft > fy and plastic slip s = (ft - fy)/kt:
//   yield_times_slip    fy s
//   code_split          ((ft - fy)/2 + fy) s = (ft + fy)(ft - fy)/(2 kt) = elastic_difference
//   elastic_difference  (ft^2 - fy^2)/(2 kt)
// so code_split and elastic_difference are one formula written twice, and both exceed
// yield_times_slip by the triangle (ft - fy)^2/(2 kt) = kt s^2 / 2.
//
// 1D path, N equal steps du per leg: a leg of length L whose force starts at f0 (0 on the first
// leg, -fy after a reversal) sticks while f0 + kt k du <= fy, i.e. for k du <= e = (fy - f0)/kt;
// the first slipping step k* = floor(e/du) + 1 slips k* du - e, each later step slips du. The
// return mapping is exact in 1D (the force after every step is the continuous law's force), so
// yield_times_slip books fy x (exact plastic slip) = the exact dissipation, at any N, and
//   code_split - exact = sum over legs of kt/2 [(k* du - e)^2 + (N - k*) du^2]
//                      ~ kt du (L - e)/2 per leg: first order in du, relative size kt du/(2 fy).
//
// Circle of radius R, N steps per revolution (h = 2 pi/N, chord c = 2 R sin(h/2)), rho = fy/(kt R):
// in the discrete steady state the force keeps |F| = fy and turns by h per step; requiring the
// trial F + kt du to point along the returned force gives
//   s = [fy (cos h - 1) + kt c sqrt(1 - rho^2 cos^2(h/2))] / kt   per step,
// so per revolution D_yield = N fy s, D_code = N (fy s + kt s^2/2). Against the continuous
// 2 pi fy R sqrt(1 - rho^2), to first order in 1/N:
//   yield_times_slip   -pi rho / (N sqrt(1 - rho^2))         (the radial return's corner cutting)
//   code_split         -pi rho / (N sqrt(1 - rho^2)) + pi sqrt(1 - rho^2) / (rho N)
// Both are first order; code_split's error is the smaller only when the two terms cancel, i.e.
// |code| < |yield| iff 1 - rho^2 < 2 rho^2 iff kt R / fy < sqrt(3).

// 1D path with a yield force varying linearly along each leg (the exact step in
// solver/laws/plastic_dissipation.hpp). The radial return is exact in 1D, so the law's force after
// each step is the continuous one and each slipping step slips exactly s = (ft - fy_{n+1})/kt; a
// step that slips dissipates exactly (fy* + fy_{n+1})/2 s, fy* the yield force where slip starts.
// On a leg (du, yields fy_a -> fy_b, start force F0) cut into N steps, the slip side sigma is the
// one whose gap closes, at leg parameter tau_c = (fy_a - sigma F0)/(sigma kt du - dfy); every step
// from then on slips s_step = (sigma kt du - dfy)/(kt N), the crossing step k* = floor(tau_c N) + 1
// the part (1 - t) s_step after its stick fraction t = tau_c N - (k* - 1). Per leg, with
// dfy_step = dfy/N:
//   yield_times_slip - exact = (1 - t)^2 dfy_step s_step / 2 + (N - k*) dfy_step s_step / 2   (first order)
//   mean_yield_times_slip - exact = -t (1 - t) dfy_step s_step / 2                           (second order)
// (on the first step of a fresh contact the law has no fy_n and books yield_times_slip's value).
// |mean - exact| <= |dfy| |sigma kt du - dfy| / (8 kt N^2) per leg that crosses: second order.

#include <cmath>
#include <vector>

namespace lawcheck::reports::algebra {

// code_split - exact on the 1D loop 0 -> A -> -A -> A with N steps per leg (A >= fy/kt).
inline double hysteresis_code_split_excess(double kt, double fy, double amplitude, int steps) {
  struct Leg {
    double length;
    double start_force;  // along the leg's direction
  };
  const Leg legs[] = {{amplitude, 0.0}, {2 * amplitude, -fy}, {2 * amplitude, -fy}};
  double excess = 0;
  for (const Leg& leg : legs) {
    const double du = leg.length / steps;
    const double e = (fy - leg.start_force) / kt;
    const int first = static_cast<int>(std::floor(e / du)) + 1;
    if (first > steps) continue;
    const double s0 = first * du - e;
    excess += kt / 2 * (s0 * s0 + (steps - first) * du * du);
  }
  return excess;
}

// Plastic slip per step in the discrete steady state on the circle.
inline double circle_discrete_slip(double kt, double fy, double radius, int steps) {
  const double pi = std::acos(-1.0);
  const double h = 2 * pi / steps;
  const double rho = fy / (kt * radius);
  const double c = 2 * radius * std::sin(h / 2);
  const double ch = std::cos(h / 2);
  return (fy * (std::cos(h) - 1) + kt * c * std::sqrt(1 - rho * rho * ch * ch)) / kt;
}

inline double circle_discrete_yield_times_slip(double kt, double fy, double radius, int steps) {
  return steps * fy * circle_discrete_slip(kt, fy, radius, steps);
}

inline double circle_discrete_code_split(double kt, double fy, double radius, int steps) {
  const double s = circle_discrete_slip(kt, fy, radius, steps);
  return steps * (fy * s + kt * s * s / 2);
}

// Leading-order relative errors on the circle (rho = fy/(kt R)).
inline double circle_yield_first_order(double rho, int steps) {
  return -std::acos(-1.0) * rho / (steps * std::sqrt(1 - rho * rho));
}
inline double circle_code_first_order(double rho, int steps) {
  const double pi = std::acos(-1.0);
  return circle_yield_first_order(rho, steps) + pi * std::sqrt(1 - rho * rho) / (rho * steps);
}

// kt R / fy below which code_split's first-order error is the smaller one on the circle.
inline double circle_crossover() { return std::sqrt(3.0); }

struct YieldLeg {
  double u;   // displacement at the leg's end [m]
  double fy;  // yield force at the leg's end [N]
};

struct VaryingYieldExcess {
  double yield_times_slip = 0;       // booked - exact [J]
  double mean_yield_times_slip = 0;  // booked - exact [J]
  double second_order_bound = 0;     // sum over crossing legs of |dfy| |sigma kt du - dfy| / (8 kt N^2)
};

// The excesses over the exact dissipation of a path from u = 0, F = 0, fy = fy0 through `legs`,
// N steps per leg (a fresh contact: no fy_n on the first step).
inline VaryingYieldExcess varying_yield_excess(double kt, double fy0, const std::vector<YieldLeg>& legs, int steps) {
  VaryingYieldExcess e;
  double u = 0, fy = fy0, force = 0;
  bool first_leg = true;
  for (const YieldLeg& leg : legs) {
    const double du = leg.u - u, dfy = leg.fy - fy;
    int side = 0;
    double tau_c = 2;
    for (int sigma : {1, -1}) {
      const double rate = sigma * kt * du - dfy;
      const double tau = (fy - sigma * force) / rate;
      if (rate > 0 && tau <= 1 && tau < tau_c) {
        tau_c = tau;
        side = sigma;
      }
    }
    if (side == 0) {
      force += kt * du;
    } else {
      const double x = tau_c * steps;
      const int k_star = static_cast<int>(std::floor(x)) + 1;
      if (k_star <= steps) {  // tau_c = 1 exactly: reaches yield at the leg's end, slips nothing
        const double t = x - (k_star - 1);
        const double s_step = (side * kt * du - dfy) / (kt * steps), dfy_step = dfy / steps;
        const double crossing_yield = (1 - t) * (1 - t) * dfy_step * s_step / 2;
        e.yield_times_slip += crossing_yield + (steps - k_star) * dfy_step * s_step / 2;
        e.mean_yield_times_slip += first_leg && k_star == 1 ? crossing_yield : -t * (1 - t) * dfy_step * s_step / 2;
        e.second_order_bound += std::abs(dfy) * (side * kt * du - dfy) / (8 * kt * double(steps) * steps);
      }
      force = side * leg.fy;
    }
    u = leg.u;
    fy = leg.fy;
    first_leg = false;
  }
  return e;
}

}  // namespace lawcheck::reports::algebra
