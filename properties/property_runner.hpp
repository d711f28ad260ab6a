#pragma once
// Runs one RapidCheck property as one GoogleTest test (so gtest_discover_tests makes it one ctest
// entry named as the sentence it proves), with the project's defaults:
// - 1000 cases unless RC_PARAMS sets max_success (RapidCheck's own default is 100; the issue asks
//   for >= 1000 per property; scripts/test.sh lowers it under the sanitizers);
// - the seed and case count are printed before the run, the measurements (largest ratio of an
//   error to its tolerance, ...) after it, Box2D style;
// - a failure prints the shrunk counterexample and two ways to replay it: the seed
//   (RC_PARAMS="seed=S") and RapidCheck's reproduce string (jumps straight to the shrunk case).
// RC_GTEST_PROP would give 100 cases and no replay line, hence this small runner.
//
// check_property() returns RapidCheck's result instead of failing the test: the mutation tests
// use it to assert that the kit rejects deliberately wrong laws.

#include <gtest/gtest.h>

#include <rapidcheck.h>
#include <rapidcheck/detail/TestListenerAdapter.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>

namespace lawcheck::properties {

inline constexpr int default_cases = 1000;

// Largest value of each named measurement over the cases of the current property run.
class Measurements {
public:
  static Measurements& current() {
    static Measurements m;
    return m;
  }
  void clear() { worst_.clear(); }
  void record(const std::string& name, double value) {
    auto [it, inserted] = worst_.try_emplace(name, value);
    if (!inserted && value > it->second) it->second = value;
  }
  void print(std::ostream& os) const {
    for (const auto& [name, value] : worst_) os << "  max " << name << " = " << value << '\n';
  }

private:
  std::map<std::string, double> worst_;
};

// Records a measurement of this case: it is printed (as the maximum over cases) after the run,
// and RC_LOG'ed so that a failing case shows it next to the counterexample.
inline void measure(const std::string& name, double value) {
  Measurements::current().record(name, value);
  RC_LOG() << name << " = " << value << '\n';
}

inline rc::detail::TestParams test_params() {
  auto params = rc::detail::configuration().testParams;
  const char* env = std::getenv("RC_PARAMS");
  if (env == nullptr || std::string_view(env).find("max_success") == std::string_view::npos)
    params.maxSuccess = default_cases;
  return params;
}

template <class Property>
rc::detail::TestResult check_property(const std::string& id, Property&& property,
                                      const rc::detail::TestParams& params) {
  rc::detail::TestMetadata metadata;
  metadata.id = id;
  metadata.description = id;
  rc::detail::TestListenerAdapter quiet;
  Measurements::current().clear();
  return rc::detail::checkTestable(std::forward<Property>(property), metadata, params, quiet,
                                   rc::detail::configuration().reproduce);
}

inline std::string replay_hint(const std::string& id, const rc::detail::TestParams& params,
                               const rc::detail::FailureResult& failure) {
  rc::detail::Configuration config;
  config.reproduce[id] = failure.reproduce;
  std::ostringstream os;
  os << "Replay the whole run:      RC_PARAMS=\"seed=" << params.seed
     << " max_success=" << params.maxSuccess << "\"\n"
     << "Replay the shrunk case:    RC_PARAMS=\"" << rc::detail::configToMinimalString(config)
     << "\"\n";
  return os.str();
}

// The body of every LAWCHECK_PROPERTY test.
template <class Property>
void expect_property(const std::string& id, Property&& property) {
  const auto params = test_params();
  std::cout << "[property] " << id << ": seed=" << params.seed
            << " max_success=" << params.maxSuccess << std::endl;
  const auto result = check_property(id, std::forward<Property>(property), params);
  std::ostringstream message;
  rc::detail::printResultMessage(result, message);
  std::cout << message.str() << '\n';
  Measurements::current().print(std::cout);
  rc::detail::SuccessResult success;
  rc::detail::FailureResult failure;
  if (result.match(success)) {
    EXPECT_GE(success.numSuccess, params.maxSuccess);
  } else if (result.match(failure)) {
    ADD_FAILURE() << message.str() << "\n\n" << replay_hint(id, params, failure);
  } else {
    ADD_FAILURE() << message.str();
  }
}

}  // namespace lawcheck::properties

// One property, one test: LAWCHECK_PROPERTY(Suite, SentenceItProves, callable).
#define LAWCHECK_PROPERTY(Suite, Name, ...)                                     \
  TEST(Suite, Name) {                                                           \
    ::lawcheck::properties::expect_property(#Suite "/" #Name, __VA_ARGS__);     \
  }
