#pragma once
// A contact batch's column put in a new order: col[k] becomes the old col[from(k)]
// (ContactBatch::sort_by_particles). Gathered from a copy, one column at a time: the copy streams
// and the gather reads the old column nearly in order (a rebuild's batch is mostly sorted
// already), where moving every column of a contact at once, cycle by cycle, hopped between all of
// them and missed the cache at nearly every move.
// The copy is a rebuild's allocation, not a step's.

#include <cstddef>
#include <vector>

namespace lawcheck {

template <class T, class From>
void permute_column(std::vector<T>& col, const From& from) {
  const std::vector<T> old = col;
  for (std::size_t k = 0; k < col.size(); ++k) col[k] = old[from(k)];
}

}  // namespace lawcheck
