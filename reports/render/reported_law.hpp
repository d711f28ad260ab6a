#pragma once
// A registered law that has no study of its own in the report (cli/law_registry.hpp): its
// dashboard row's verdict is its ctest suites', which its LawSpec names (LawSpec<Law>::report_suites,
// cli/law_spec.hpp), so a law joins the dashboard from its own files.

#include <string>
#include <vector>

namespace lawcheck::reports {

struct ReportedLaw {
  std::string name;
  std::vector<std::string> properties, law_tests, oracles;  // ctest suites, as law_suites() (dashboard.cpp)
  std::string verified;  // what its tests verify, in a few words
};

}  // namespace lawcheck::reports
