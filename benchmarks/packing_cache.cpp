#include "packing_cache.hpp"

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

#include <fmt/format.h>
#include <unistd.h>

namespace lawcheck::bench {
namespace {

constexpr std::array<char, 8> magic{'L', 'C', 'P', 'A', 'C', 'K', '0', '1'};
constexpr std::uint64_t seed_base = 20261122;

struct Header {
  std::array<char, 8> magic;
  std::uint64_t n;
  std::uint64_t seed;
  std::uint64_t settle_steps;
  double box[3];
};

// Not a path of the machine that built the library: the library is installed and linked by other
// projects (lawcheck_add_law_benchmarks points its runs at the user's own build tree).
std::filesystem::path cache_dir() {
  if (const char* env = std::getenv("LAWCHECK_BENCH_CACHE"); env && *env) return env;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return std::filesystem::path(xdg) / "lawcheck" / "bench-cache";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::filesystem::path(home) / ".cache" / "lawcheck" / "bench-cache";
  return "lawcheck-bench-cache";  // no home: the working directory
}

template <class T>
void write_array(std::ofstream& out, const std::vector<T>& v) {
  out.write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(T)));
}

template <class T>
bool read_array(std::ifstream& in, std::vector<T>& v, std::size_t n) {
  v.resize(n);
  in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(n * sizeof(T)));
  return static_cast<bool>(in);
}

bool load(const std::filesystem::path& file, std::size_t n, std::uint64_t seed, SpherePacking& p) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return false;
  Header h{};
  in.read(reinterpret_cast<char*>(&h), sizeof h);
  if (!in || h.magic != magic || h.n != n || h.seed != seed) return false;
  p.box = Vec3d(h.box[0], h.box[1], h.box[2]);
  p.settle_steps = h.settle_steps;
  return read_array(in, p.radius, n) && read_array(in, p.pos, n) && read_array(in, p.vel, n) &&
         read_array(in, p.ang_vel, n);
}

void save(const std::filesystem::path& file, std::uint64_t seed, const SpherePacking& p) {
  std::filesystem::create_directories(file.parent_path());
  // A temporary of this process's own: two benchmark binaries settling the same packing at once
  // (ctest runs the smoke tests side by side) would otherwise write into one file.
  const auto tmp = std::filesystem::path(file).concat(fmt::format(".tmp{}", ::getpid()));
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    const Header h{magic, p.size(), seed, p.settle_steps, {p.box.x(), p.box.y(), p.box.z()}};
    out.write(reinterpret_cast<const char*>(&h), sizeof h);
    write_array(out, p.radius);
    write_array(out, p.pos);
    write_array(out, p.vel);
    write_array(out, p.ang_vel);
    if (!out) throw std::runtime_error(fmt::format("cannot write packing cache {}", tmp.string()));
  }
  std::filesystem::rename(tmp, file);  // atomic: a concurrent reader never sees a half-written file
}

SpherePacking settled(std::size_t n) {
  const std::uint64_t seed = seed_base + n;
  const auto file = cache_dir() / fmt::format("packing-v1-n{}-seed{}.bin", n, seed);
  SpherePacking p;
  if (load(file, n, seed, p)) return p;
  fmt::print(stderr, "lawcheck benchmarks: settling {} spheres (once; cached in {})\n", n,
             file.string());
  p = settle_packing(n, seed);
  save(file, seed, p);
  return p;
}

}  // namespace

const SpherePacking& packing(std::size_t spheres) {
  static std::map<std::size_t, std::unique_ptr<SpherePacking>> memo;
  auto& slot = memo[spheres];
  if (!slot) {
    switch (spheres) {
      case 1'000:
      case 10'000: slot = std::make_unique<SpherePacking>(settled(spheres)); break;
      case 100'000: slot = std::make_unique<SpherePacking>(tile_packing(packing(10'000), 5, 2)); break;
      case 1'000'000: slot = std::make_unique<SpherePacking>(tile_packing(packing(10'000), 10, 10)); break;
      default: throw std::invalid_argument(fmt::format("no packing of {} spheres", spheres));
    }
  }
  return *slot;
}

}  // namespace lawcheck::bench
