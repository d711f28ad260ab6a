#pragma once
// The one workload a law suite keeps between runs (law_benchmarks.hpp): the kernel's contacts or
// a packing's simulation, keyed by the benchmark's name without its last argument, so that the
// repetitions of one benchmark (and the kernel's energy off/on pair) build it once, and the next
// benchmark frees it before building its own. One at a time bounds the memory of a run over
// several laws and sizes by the largest workload (a 1e6-contact kernel: ~0.3 GB of blocks),
// where keeping all would add them up. Built and freed outside the timed loop.

#include <memory>
#include <string>
#include <utility>

namespace lawcheck::benchmarks {

class WorkloadSlot {
public:
  // The workload under `key`, made by make() if the slot holds another one (freed first).
  template <class T, class Make>
  T& get(const std::string& key, Make&& make) {
    if (key != key_ || !value_) {
      value_.reset();
      key_.clear();
      value_ = std::make_shared<T>(std::forward<Make>(make)());
      key_ = key;
    }
    return *static_cast<T*>(value_.get());
  }

private:
  std::string key_;
  std::shared_ptr<void> value_;
};

inline WorkloadSlot& workload_slot() {
  static WorkloadSlot slot;
  return slot;
}

}  // namespace lawcheck::benchmarks
