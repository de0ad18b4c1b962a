#pragma once
// Which storage elements a layout reaches, unit by unit of a window of its storage: what the
// diagram's storage strip and its lanes draw (how much of each cell or block is read, how many
// logical elements land on it, the first logical position that reads it). Plain arithmetic on
// the layout, no values read, so it also answers for layout-only tensors of 2^40 elements: up to
// a budget the elements are walked and counted exactly, beyond it the reach is estimated.
#include "core/Layout.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace stridescope {

// Storage elements [first, end) cut into units of unitSize elements (a power of two; 1 makes
// every element a unit of its own). The last unit may hold fewer.
struct CoverageGrid {
    std::int64_t first = 0;
    std::int64_t end = 0;
    std::int64_t unitSize = 1;

    std::int64_t unitCount() const { return end > first ? (end - first + unitSize - 1) / unitSize : 0; }
    std::int64_t elementsIn(std::int64_t unit) const {
        return std::min(unitSize, end - first - unit * unitSize);
    }
};

// Per unit of the grid.
struct Coverage {
    std::vector<std::int64_t> firstOrder; // smallest row-major logical position reading it; -1: none
    std::vector<std::int64_t> fanIn;      // most logical elements landing on one of its elements
    std::vector<float> reached;           // share of its elements the layout reads, 0..1
    bool approximate = false;             // estimated (the layout was too large to walk)
};

// Where counting stops and the estimate starts. The defaults keep a count to a few milliseconds
// and its per-element counters to 8 MiB; tests lower them to reach the estimate on small layouts.
struct CoverageBudget {
    std::int64_t walkedElements = std::int64_t(1) << 22;    // logical elements walked one by one
    std::int64_t countedElements = std::int64_t(1) << 22;   // storage elements given a counter
    std::int64_t outerCombinations = std::int64_t(1) << 20; // index combinations the estimate enumerates
};

// The layout's reach over the grid. Fan-in saturates at 65,535 per element (times the sizes of
// stride-0 dims). Elements outside [first, end) are ignored. Throws (SS_CHECK) on a grid whose
// unitSize is not a positive power of two or whose end lies before its first element.
Coverage coverage(const Layout& layout, const CoverageGrid& grid, const CoverageBudget& budget = {});

} // namespace stridescope
