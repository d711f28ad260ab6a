#pragma once
// Oracle 7: oblique impact of a non-rotating particle on a fixed wall through the
// linear Cundall contact (seed 000 "Contact response", continuous law): a tangential
// elastic - perfectly plastic spring whose yield force follows the normal force of the impact.
//
// Normal (undamped linear spring, oracle 5): overlap x(t) = (vn/wn) sin(wn t), wn = sqrt(kn/m),
// contact from t = 0 to T = pi/wn; the yield force is fy(t) = tanPhi kn x(t) = a sin(wn t),
// a = tanPhi kn vn / wn, dfy/dt = a wn cos(wn t). The normal motion does not depend on the
// tangential one (no rotation, a flat wall).
// Tangential: u the contact's tangential displacement, v = du/dt, spring force F = kt (u - u_p) on
// the wall (the particle feels -F): m dv/dt = -F, |F| <= fy(t), associative flow (oracle 3:
// lambda = sigma v - (dfy/dt)/kt on the surface F = sigma fy).
//   stick from (t_s, F_s, v_s), w = sqrt(kt/m), s = t - t_s:
//     F = F_s cos(w s) + (kt v_s/w) sin(w s),  v = v_s cos(w s) - F_s/(m w) sin(w s),
//     u = u_s + (F - F_s)/kt;  ends where F^2 - fy^2 crosses 0 upwards (then sigma = sign F)
//   slip on side sigma from (t_s, v_s): F = sigma fy,
//     Phi(t) = int_{t_s}^t fy = (a/wn)(cos wn t_s - cos wn t),  v = v_s - sigma Phi/m,
//     u = u_s + v_s s - (sigma a/(m wn)) (cos(wn t_s) s - (sin wn t - sin wn t_s)/wn);
//     ends where lambda = sigma v - a wn cos(wn t)/kt crosses 0 downwards.
// At t = 0, F = fy = 0: the contact slips at once if kt |vt| > tanPhi kn vn (the force would
// outrun the yield force), sticks otherwise. Crossings are located by a scan of T/500 and
// TOMS 748 to ~48 digits (a stick or slip phase shorter than a scan step would be missed).
// Dissipation, two routes: phase by phase, int fy lambda dt = sigma v_s Phi - Phi^2/(2m)
// - (fy_e^2 - fy_s^2)/(2 kt); and from the energy, m (vt^2 - v(T)^2)/2 - F(T)^2/(2 kt) (F(T) = 0:
// fy(T) = 0, so every bit of the tangential spring's energy has been dissipated at separation).
//
// Accuracy: closed forms between crossings located to ~1e-48 relative; 50-digit rounding.

#include <cstddef>
#include <functional>

#include "real.hpp"

namespace lawcheck::oracles {

struct FrictionalImpactInput {
  Real mass;     // [kg] (the reduced mass for two particles)
  Real kn, kt;   // [N/m]
  Real tan_phi;
  Real vn;       // approach speed along the normal [m/s], > 0
  Real vt;       // tangential speed at first touch [m/s]
};

struct FrictionalImpactState {
  Real u, v, force, fy, dfy;  // tangential displacement, speed, spring force, yield force, dfy/dt
};

struct FrictionalImpactResult {
  Real contact_time;        // T = pi/wn
  Real tangential_speed;    // v(T)
  Real dissipation;         // phase by phase, int fy lambda dt
  Real energy_dissipation;  // m (vt^2 - v(T)^2)/2 - F(T)^2/(2 kt)
  std::size_t switches = 0; // stick <-> slip transitions
};

// Throws std::invalid_argument for non-positive mass, kn, kt or vn, negative tanPhi, non-finite vt.
FrictionalImpactResult frictional_impact(const FrictionalImpactInput& in);
// The tangential state as a function of t in [0, T] (phases solved once, evaluated in closed form).
using FrictionalImpactHistory = std::function<FrictionalImpactState(const Real& t)>;
FrictionalImpactHistory frictional_impact_history(const FrictionalImpactInput& in);

}  // namespace lawcheck::oracles
