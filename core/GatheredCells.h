#pragma once
// Which cells of another storage a copying index read: x[[0, 2]], x[x > 6], index_select,
// masked_select, gather and take make a new storage, and the diagram shows the source storage
// with the cells that were read. The record belongs to the result's storage (a side table keyed
// by it, so that core/Tensor.h, included everywhere, stays as it is); views of the result see it.
#include "Storage.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace stridescope {

class Tensor;

struct GatheredCells {
    StoragePtr source;                 // the storage read from (kept alive by the record)
    int elementSize = 0;               // bytes per element read (the source tensor's dtype)
    std::vector<std::int64_t> indices; // storage indices (in such elements), in the result's logical order
};

// Records that `result` (a new storage) was filled from `source`'s cells `indices`. Not recorded
// above Storage::kMaxValueElements cells, nor for an empty result.
void recordGatheredCells(const Tensor& result, const StoragePtr& source, int elementSize,
                         std::vector<std::int64_t> indices);
// The record of `t`'s storage, or null.
std::shared_ptr<const GatheredCells> gatheredCellsOf(const Tensor& t);

} // namespace stridescope
