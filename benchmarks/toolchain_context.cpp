#include "toolchain_context.hpp"

#include <string>

#include <Eigen/Core>
#include <benchmark/benchmark.h>
#include <boost/version.hpp>
#include <fmt/format.h>

#include "core/build_config.hpp"

namespace lawcheck::benchmarks {

void record_toolchain_context() {
  static const bool once = [] {
#if defined(__clang__)
    const std::string compiler = fmt::format("clang {}", __clang_version__);
#elif defined(__GNUC__)
    const std::string compiler = fmt::format("gcc {}", __VERSION__);
#else
    const std::string compiler = "unknown";
#endif
    benchmark::AddCustomContext("lawcheck_compiler", compiler);
    benchmark::AddCustomContext("lawcheck_march", LAWCHECK_BUILT_MARCH);
    // What the counted code calls into or inlines: the C and C++ libraries (libm's pow and sqrt),
    // Eigen, fmt, Boost, Google Benchmark (its loop is outside the counted region, but it decides
    // the iterations).
    std::string libs = fmt::format("eigen {}.{}.{}; boost {}; fmt {}", EIGEN_WORLD_VERSION, EIGEN_MAJOR_VERSION,
                                   EIGEN_MINOR_VERSION, BOOST_LIB_VERSION, FMT_VERSION);
#ifdef __GLIBC__
    libs += fmt::format("; glibc {}.{}", __GLIBC__, __GLIBC_MINOR__);
#endif
#ifdef __GLIBCXX__
    libs += fmt::format("; libstdc++ {}", __GLIBCXX__);
#endif
#ifdef LAWCHECK_BENCHMARK_VERSION
    libs += fmt::format("; benchmark {}", LAWCHECK_BENCHMARK_VERSION);
#endif
    benchmark::AddCustomContext("lawcheck_libraries", libs);
    return true;
  }();
  (void)once;
}

}  // namespace lawcheck::benchmarks
