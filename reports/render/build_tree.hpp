#pragma once
// Where the running `lawcheck` program was built, found at run time so that nothing installed
// holds a path of the build machine: the program is <build>/reports/lawcheck, and that build's
// CMakeCache.txt names its source tree (lawcheck_SOURCE_DIR). A program elsewhere (installed, or
// a user's) has no build tree: both lookups then return an empty path, and the report says it
// found no results instead of reading another tree's.

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace lawcheck::reports {

inline std::filesystem::path running_build_tree() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const auto build = exe.parent_path().parent_path();
  return std::filesystem::exists(build / "CMakeCache.txt", ec) ? build : std::filesystem::path{};
}

inline std::filesystem::path running_source_tree() {
  const auto build = running_build_tree();
  if (build.empty()) return {};
  std::ifstream cache(build / "CMakeCache.txt");
  const std::string key = "lawcheck_SOURCE_DIR:STATIC=";
  for (std::string line; std::getline(cache, line);)
    if (line.rfind(key, 0) == 0) return line.substr(key.size());
  return {};
}

}  // namespace lawcheck::reports
