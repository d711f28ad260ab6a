// What the law suites' registration refuses (benchmarks/law_fixture.hpp, benchmark_family.hpp):
// a fixture a kernel cannot draw contacts from, and a law name that would make the benchmarks'
// names ambiguous. Each error names the field (or the name) and its value; nothing is timed.

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>

#include "benchmark_family.hpp"
#include "law_fixture.hpp"
#include "laws/linear_coulomb_law.hpp"

namespace law_registration_test {

using lawcheck::LinearCoulombLaw;
using lawcheck::benchmarks::claim_benchmark_family;
using lawcheck::benchmarks::LawFixture;

std::string validation_error(const LawFixture<LinearCoulombLaw<double>>& f) {
  try {
    f.validate();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(LawFixture, TheDefaultFixtureIsValid) { EXPECT_EQ(validation_error({}), ""); }

TEST(LawFixture, ABadScaleIsRefusedNamingTheFieldAndItsValue) {
  LawFixture<LinearCoulombLaw<double>> f;
  f.overlap_max = 1.5;
  EXPECT_EQ(validation_error(f), "fixture.overlap_max = 1.5: must be in [overlap_min, 1)");
  f = {};
  f.radius_max = 0.5 * f.radius_min;
  EXPECT_NE(validation_error(f).find("fixture.radius_max = 0.02"), std::string::npos) << validation_error(f);
  f = {};
  f.time_step = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(validation_error(f), "fixture.time_step = nan: must be positive");
}

TEST(LawFixture, ABadMaterialIsRefusedNamingItsField) {
  LawFixture<LinearCoulombLaw<double>> f;
  f.material.young = -1;
  EXPECT_NE(validation_error(f).find("fixture.material.young"), std::string::npos) << validation_error(f);
}

TEST(BenchmarkFamily, ALawNameIsOneWordRegisteredOncePerSuite) {
  EXPECT_EQ(claim_benchmark_family("law_kernel", "my_law-2.0"), "law_kernel/my_law-2.0");
  EXPECT_EQ(claim_benchmark_family("contact_step", "my_law-2.0"), "contact_step/my_law-2.0");
  EXPECT_THROW(claim_benchmark_family("law_kernel", "my_law-2.0"), std::invalid_argument);
  EXPECT_THROW(claim_benchmark_family("law_kernel", "a/b"), std::invalid_argument);
  EXPECT_THROW(claim_benchmark_family("law_kernel", "a b"), std::invalid_argument);
  EXPECT_THROW(claim_benchmark_family("law_kernel", ""), std::invalid_argument);
}

}  // namespace law_registration_test
