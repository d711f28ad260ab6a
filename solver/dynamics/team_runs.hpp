#pragma once
// Work split over an OpenMP team in contiguous runs, for loops whose results are then combined in
// run order (the leapfrog's blocks; collect_on_team: detection's candidates, the broad phase's
// particles and walls' pairs): run m
// covers items n m / M .. n (m + 1) / M - 1 of M members, so the runs in member order are the
// serial loop's order whatever the team's size, and combining them in that order gives the serial
// result bit for bit.

#include <cstddef>
#include <exception>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace lawcheck {

// Calls run(m, begin, end) for each member m of a team of up to `threads` (one without OpenMP or
// for threads <= 1; OpenMP may grant fewer, e.g. inside another parallel region) and returns the
// number of members. A member stops at the first exception its run throws; errors[m] holds it
// (null if none), so the caller can keep the serial loop's order: use the runs before the lowest
// error, then rethrow it.
template <class Run>
std::size_t run_on_team(int threads, std::size_t n, std::vector<std::exception_ptr>& errors, Run&& run) {
#ifndef _OPENMP
  threads = 1;
#endif
  if (threads < 1) threads = 1;
  errors.assign(static_cast<std::size_t>(threads), nullptr);
  std::size_t members = 1;
#ifdef _OPENMP
#pragma omp parallel num_threads(threads) if (threads > 1)
#endif
  {
    std::size_t m = 0, nm = 1;
#ifdef _OPENMP
    m = static_cast<std::size_t>(omp_get_thread_num());
    nm = static_cast<std::size_t>(omp_get_num_threads());
    if (m == 0) members = nm;
#endif
    try {
      run(m, n * m / nm, n * (m + 1) / nm);
    } catch (...) {
      errors[m] = std::current_exception();
    }
  }
  return members;
}

// Each member's list and error for collect_on_team, kept between calls for their capacity.
template <class T>
struct TeamLists {
  std::vector<std::vector<T>> runs;
  std::vector<std::exception_ptr> errors;
};

// Appends to `out` what list(begin, end, found) appends to `found` for items 0 .. n - 1: on one
// thread straight into `out`, on a team (run_on_team) each member into its own list, the lists
// then appended in member order, so `out` is the serial list whatever the team's size. Returns
// the first error the serial loop would meet (with everything listed before it in `out`), or null.
template <class T, class List>
std::exception_ptr collect_on_team(int threads, std::size_t n, TeamLists<T>& lists, std::vector<T>& out,
                                   List&& list) {
  if (threads <= 1) {
    try {
      list(std::size_t{0}, n, out);
    } catch (...) {
      return std::current_exception();
    }
    return nullptr;
  }
  lists.runs.resize(static_cast<std::size_t>(threads));
  const std::size_t members = run_on_team(threads, n, lists.errors, [&](std::size_t m, std::size_t begin, std::size_t end) {
    lists.runs[m].clear();
    list(begin, end, lists.runs[m]);
  });
  for (std::size_t m = 0; m < members; ++m) {
    out.insert(out.end(), lists.runs[m].begin(), lists.runs[m].end());
    if (lists.errors[m]) return lists.errors[m];
  }
  return nullptr;
}

// The lowest member's error, the one the serial loop meets first: rethrown if there is one.
inline void rethrow_first(const std::vector<std::exception_ptr>& errors) {
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace lawcheck
