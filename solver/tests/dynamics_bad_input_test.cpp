// Bad input raises an InputError naming the field and the value, and the
// state never holds a NaN (rejected input leaves it untouched; a blow-up is stopped before it
// is stored).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "tester/law_tester.hpp"
#include "dynamics/simulation.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace lawcheck::dynamics_bad_input_test {
namespace {

using Sim = Simulation<LinearCoulombLaw<double>>;
constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr double inf = std::numeric_limits<double>::infinity();

// Runs `bad`, prints the message, and checks it is an InputError whose message names both the
// field and the value. Returns false (and records a failure) otherwise.
void expect_input_error(const char* what, const std::function<void()>& bad, const std::string& field,
                        const std::string& value) {
  try {
    bad();
    ADD_FAILURE() << what << ": no error";
  } catch (const InputError& e) {
    const std::string msg = e.what();
    std::printf("%-34s -> %s\n", what, msg.c_str());
    EXPECT_NE(msg.find(field), std::string::npos) << what << ": field " << field << " not named";
    EXPECT_NE(msg.find(value), std::string::npos) << what << ": value " << value << " not named";
  } catch (const std::exception& e) {
    ADD_FAILURE() << what << ": wrong exception type: " << e.what();
  }
}

Sim with_material() {
  Sim sim;
  sim.add_material(FrictMat{1e7, 0.2, 0.5, 2600});
  return sim;
}

TEST(DynamicsBadInput, EachBadValueRaisesAnInputErrorNamingTheFieldAndTheValue) {
  auto material = [](FrictMat m) { return [m] { with_material().add_material(m); }; };
  expect_input_error("young = 0", material({0, 0.2, 0.5, 2600}), "material[1].young", "0");
  expect_input_error("young = -1e7", material({-1e7, 0.2, 0.5, 2600}), "material[1].young", "-10000000");
  expect_input_error("young = NaN", material({nan, 0.2, 0.5, 2600}), "material[1].young", "nan");
  expect_input_error("density = 0", material({1e7, 0.2, 0.5, 0}), "material[1].density", "0");
  expect_input_error("density = inf", material({1e7, 0.2, 0.5, inf}), "material[1].density", "inf");
  expect_input_error("ktDivKn = -0.1", material({1e7, -0.1, 0.5, 2600}), "material[1].ktDivKn", "-0.1");
  expect_input_error("tanPhi = -0.5", material({1e7, 0.2, -0.5, 2600}), "material[1].tanPhi", "-0.5");

  auto particle = [](ParticleSpec s) { return [s] { with_material().add_particle(s); }; };
  expect_input_error("radius = -1", particle({Sphere{-1}}), "particle[0].radius", "-1");
  expect_input_error("radius = 0", particle({Sphere{0}}), "particle[0].radius", "0");
  expect_input_error("radius = NaN", particle({Sphere{nan}}), "particle[0].radius", "nan");
  expect_input_error("capsule radius = -0.1", particle({Capsule{-0.1, 0.2}}), "particle[0].radius", "-0.1");
  expect_input_error("position NaN", particle({Sphere{1}, {Vec3d(0, nan, 0)}}), "particle[0].pos", "nan");
  expect_input_error("velocity inf", particle({Sphere{1}, {}, {Vec3d(inf, 0, 0)}}), "particle[0].vel", "inf");
  expect_input_error("material index 3", particle({Sphere{1}, {}, {}, 3}), "particle[0].material", "3");
  expect_input_error("unblocked wall", particle({Wall{2}, {}, {}, 0, dof::none}), "particle[0].blocked", "0");

  expect_input_error("dt = 0", [] { with_material().set_dt(0); }, "dt", "0");
  expect_input_error("dt = -1e-5", [] { with_material().set_dt(-1e-5); }, "dt", "-1e-05");
  expect_input_error("dt = NaN", [] { with_material().set_dt(nan); }, "dt", "nan");
  expect_input_error("gravity NaN", [] { with_material().set_gravity(Vec3d(0, 0, nan)); }, "gravity[2]", "nan");
  expect_input_error("damping = 1", [] { with_material().set_damping(1); }, "damping", "1");

  // Flat-flat pairs are undefined (seed 000, rule 3): physics and geometry both refuse them.
  expect_input_error("wall-facet lengths",
                     [] { contact_lengths({ShapeKind::wall, 0}, {ShapeKind::facet, 0}, 0); }, "pair", "wall-facet");
  expect_input_error("wall-facet geometry", [] {
    const Facet f{{Vec3d(0, 0, 0), Vec3d(1, 0, 0), Vec3d(0, 1, 0)}, 0};
    contact_point(Wall{2}, BodyPose{}, f, BodyPose{}, 0);
  }, "pair", "wall-facet");
}

TEST(DynamicsBadInput, TimeStepAboveTheStableLimitIsRejectedWithBothValues) {
  // p-wave limit r sqrt(rho/E) = 0.01 * sqrt(2600/1e7) = 1.6125e-4 s (dynamics/time_step.hpp), for
  // the contact the sphere can make with the wall far below it.
  const double limit = 0.01 * std::sqrt(2600 / 1e7);
  Sim sim = with_material();
  sim.add_particle({Sphere{0.01}});
  sim.add_particle({Wall{2}, {Vec3d(0, 0, -1)}, {}, 0, dof::all});
  sim.set_dt(2 * limit);  // accepted as a number; the stability check runs before stepping
  try {
    sim.step();
    ADD_FAILURE() << "dt above the limit was accepted";
  } catch (const InputError& e) {
    const std::string msg = e.what();
    std::printf("%s\n", msg.c_str());
    EXPECT_EQ(e.field(), "dt");
    EXPECT_NE(msg.find(fmt::format("{}", 2 * limit)), std::string::npos);
    EXPECT_NE(msg.find(fmt::format("{}", limit)), std::string::npos);
  }
  EXPECT_EQ(sim.steps(), 0u);
  sim.set_dt(limit);
  EXPECT_NO_THROW(sim.step());
}

TEST(DynamicsBadInput, ALoneSphereThatCanTouchNothingHasNoContactLimitOnItsStep) {
  // The p-wave estimate bounds the contacts that can occur (dynamics/time_step.hpp): a sphere alone
  // in the simulation can make none, so a step 100 x that estimate is accepted, and a free flight
  // under no force moves it by exactly dt v.
  const double limit = 0.01 * std::sqrt(2600 / 1e7);
  Sim sim = with_material();
  sim.add_particle({Sphere{0.01}, {Vec3d::Zero()}, {Vec3d(1, 0, 0), Vec3d::Zero()}});
  sim.set_dt(100 * limit);
  const DtLimit lim = sim.stable_dt();
  std::printf("lone sphere: stable dt %g (p-wave of its material %g s), dt %g s\n", lim.dt, limit, 100 * limit);
  EXPECT_EQ(lim.dt, std::numeric_limits<double>::infinity());
  EXPECT_NO_THROW(sim.step());
  EXPECT_EQ(sim.particles().pos[0].x(), 100 * limit * 1.0);
}

TEST(DynamicsBadInput, RejectedInputLeavesTheStateUntouched) {
  Sim sim = with_material();
  sim.add_particle({Sphere{0.01}});
  EXPECT_THROW(sim.add_particle({Sphere{0.01}, {Vec3d(nan, 0, 0)}}), InputError);
  EXPECT_THROW(sim.add_particle({Sphere{-0.01}}), InputError);
  std::printf("particles after two rejected additions: %zu\n", sim.particles().size());
  EXPECT_EQ(sim.particles().size(), 1u);
  EXPECT_EQ(sim.particles().mass.size(), 1u);
}

TEST(DynamicsBadInput, AStepThatWouldOverflowThrowsNamingTheParticleAndStoresNothingNonFinite) {
  // r = 1 km: the p-wave limit is 16 s, so a huge but finite velocity overflows x + dt v at dt = 10 s.
  Sim sim = with_material();
  sim.add_particle({Sphere{1e3}});
  sim.add_particle({Sphere{1e3}, {Vec3d(1e4, 0, 0)}, {Vec3d(1e308, 0, 0)}});
  sim.set_dt(10);
  try {
    sim.step();
    ADD_FAILURE() << "overflow not detected";
  } catch (const StateError& e) {
    std::printf("%s\n", e.what());
    EXPECT_NE(std::string(e.what()).find("particle[1].pos"), std::string::npos);
  }
  const auto& P = sim.particles();
  for (std::size_t i = 0; i < P.size(); ++i) {
    std::printf("particle[%zu] pos (%g, %g, %g) vel (%g, %g, %g)\n", i, P.pos[i].x(), P.pos[i].y(), P.pos[i].z(),
                P.vel[i].x(), P.vel[i].y(), P.vel[i].z());
    EXPECT_TRUE(P.pos[i].allFinite() && P.vel[i].allFinite() && P.ang_vel[i].allFinite());
  }
}

// The leapfrog on two threads (dynamics/leapfrog.hpp): each thread takes a run of 256-particle
// blocks and stops at its first bad particle; the error thrown must name the particle the serial
// loop names, the lowest bad one, whichever thread met it, and nothing non-finite is stored.
TEST(DynamicsBadInput, TwoThreadsNameTheOverflowingParticleTheSerialLoopNames) {
  // 600 spheres: blocks 0-255 (thread 0), 256-511 and 512-599 (thread 1). Far apart: no contacts.
  // Overflow as above: x + dt v with v = 1e308 and dt = 10 s.
  for (const std::vector<std::size_t>& bad : {std::vector<std::size_t>{100, 550}, std::vector<std::size_t>{550},
                                              std::vector<std::size_t>{300, 20}}) {
    std::string names[2];
    for (int threads : {1, 2}) {
      Sim sim = with_material();
      for (std::size_t i = 0; i < 600; ++i) {
        ParticleSpec spec{Sphere{1e3}, {Vec3d(3e3 * static_cast<double>(i), 0, 0)}};
        if (std::find(bad.begin(), bad.end(), i) != bad.end()) spec.velocity.vel = Vec3d(1e308, 0, 0);
        sim.add_particle(spec);
      }
      sim.set_dt(10);
      sim.set_threads(threads);
      try {
        sim.step();
        ADD_FAILURE() << "overflow not detected";
      } catch (const StateError& e) {
        names[threads - 1] = e.what();
      }
      const auto& P = sim.particles();
      for (std::size_t i = 0; i < P.size(); ++i)
        ASSERT_TRUE(P.pos[i].allFinite() && P.vel[i].allFinite()) << "particle " << i << ", " << threads << " threads";
    }
    const std::size_t lowest = *std::min_element(bad.begin(), bad.end());
    const std::string expected = fmt::format("particle[{}].pos", lowest);
    std::printf("%zu bad, the lowest %zu: serial '%.40s...', two threads '%.40s...'\n", bad.size(), lowest,
                names[0].c_str(), names[1].c_str());
    EXPECT_NE(names[0].find(expected), std::string::npos) << names[0];
    EXPECT_NE(names[1].find(expected), std::string::npos) << names[1];
  }
}

TEST(DynamicsBadInput, LawTesterStagesAndUntilConditionsNameTheirField) {
  expect_input_error("unknown quantity", [] { UntilCondition::parse("speed > 1", "stages[0].until"); },
                     "stages[0].until", "speed");
  expect_input_error("bad number", [] { UntilCondition::parse("uN < -1e-4x", "stages[0].until"); },
                     "stages[0].until", "-1e-4x");
  expect_input_error("bad operator", [] { UntilCondition::parse("uN == 0", "stages[0].until"); },
                     "stages[0].until", "==");
  LawTesterSetup<FrictMat> setup;
  LawTesterStage stage;
  stage.until = UntilCondition::parse("steps >= 1", "until");
  stage.whats = "vvxvvv";
  expect_input_error("whats", [&] { validate(setup, {stage}); }, "stages[0].whats", "vvxvvv");
  stage.whats = "vvvvvv";
  stage.values[4] = nan;
  expect_input_error("values NaN", [&] { validate(setup, {stage}); }, "stages[0].values[4]", "nan");
  stage.values[4] = 0;
  setup.radii[1] = -0.01;
  expect_input_error("radius", [&] { validate(setup, {stage}); }, "radii[1]", "-0.01");
  setup.radii[1] = 0.01;
  setup.materials[0].young = -1;
  expect_input_error("young", [&] { validate(setup, {stage}); }, "materials[0].young", "-1");
  setup.materials[0].young = 1e7;
  stage.whats = "v.....";
  setup.dt = 1e-3;  // p-wave limit 1.6e-4 s: free DoFs would be unstable
  expect_input_error("dt with free DoFs", [&] { validate(setup, {stage}); }, "dt", "0.001");
}

}  // namespace
}  // namespace lawcheck::dynamics_bad_input_test
