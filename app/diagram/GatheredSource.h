#pragma once
// Words for the record of a copying index (core/GatheredCells.h): which name the source storage
// goes by, and the cells read, for the diagram's source strip and the properties panel.
#include "core/Tensor.h"

#include <QString>

#include <string>
#include <utility>
#include <vector>

namespace stridescope::app {

// The first name (in the given order) bound to a tensor on the storage `t` was gathered from;
// empty when `t` has no record or no name is on that storage.
QString gatheredSourceName(const Tensor& t, const std::vector<std::pair<std::string, Tensor>>& named);
// "0, 1, 2, 3, 8, …": the storage cells read, in the logical order of the result (the first
// `limit`); empty when `t` has no record.
QString gatheredCellsText(const Tensor& t, int limit = 16);

} // namespace stridescope::app
