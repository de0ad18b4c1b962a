#include "core/Coverage.h"

#include "core/Error.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>

namespace stridescope {

namespace {

// A dim that moves through storage: size > 1 and stride != 0. Size-1 dims never move; a
// stride-0 dim repeats the same elements, which only multiplies the fan-in.
struct MovingDim {
    std::int64_t size;
    std::int64_t stride;
    std::int64_t orderStride; // row-major stride of this dim in the original shape
};

struct ReducedLayout {
    std::vector<MovingDim> dims;
    std::int64_t offset = 0;
    std::int64_t multiplicity = 1; // product of the sizes of stride-0 dims
    std::int64_t numel = 0;        // product of the moving sizes (0 for an empty tensor)
};

ReducedLayout reduce(const Layout& layout) {
    ReducedLayout reduced;
    reduced.offset = layout.storageOffset;
    const auto numel = layout.numel();
    if (numel == 0)
        return reduced;
    std::int64_t orderStride = 1;
    std::vector<MovingDim> reversed;
    for (std::int64_t d = layout.dim() - 1; d >= 0; --d) {
        const auto size = layout.sizes[d];
        if (size > 1 && layout.strides[d] != 0)
            reversed.push_back({size, layout.strides[d], orderStride});
        else if (size > 1)
            reduced.multiplicity *= size;
        orderStride *= size;
    }
    reduced.dims.assign(reversed.rbegin(), reversed.rend());
    reduced.numel = numel / reduced.multiplicity;
    return reduced;
}

// Calls visit(storageIndex, order) for every combination of dims[0, count) in row-major order,
// the later dims at index 0.
template <typename Visit>
void forEachCombination(const std::vector<MovingDim>& dims, std::size_t count, std::int64_t offset,
                        Visit&& visit) {
    std::int64_t total = 1;
    for (std::size_t d = 0; d < count; ++d)
        total *= dims[d].size;
    std::vector<std::int64_t> index(count, 0);
    std::int64_t at = offset;
    std::int64_t order = 0;
    for (std::int64_t i = 0; i < total; ++i) {
        visit(at, order);
        for (std::size_t k = count; k-- > 0;) {
            if (++index[k] < dims[k].size) {
                at += dims[k].stride;
                order += dims[k].orderStride;
                break;
            }
            at -= (dims[k].size - 1) * dims[k].stride;
            order -= (dims[k].size - 1) * dims[k].orderStride;
            index[k] = 0;
        }
    }
}

int log2Exact(std::int64_t powerOfTwo) {
    int shift = 0;
    while ((std::int64_t(1) << shift) < powerOfTwo)
        ++shift;
    return shift;
}

// The grid with log2(unitSize), as the walks index it.
struct UnitGrid {
    std::int64_t first = 0;
    std::int64_t end = 0;
    std::int64_t unitSize = 1; // a power of two
    int shift = 0;
    std::int64_t count() const { return (end - first + unitSize - 1) / unitSize; }
    std::int64_t cellsIn(std::int64_t unit) const {
        return std::min(unitSize, end - first - unit * unitSize);
    }
};

// Exact: one step per moving logical element, a saturating counter per storage element.
Coverage countCoverage(const ReducedLayout& reduced, const UnitGrid& grid) {
    const auto units = grid.count();
    Coverage coverage;
    coverage.firstOrder.assign(static_cast<std::size_t>(units), -1);
    coverage.fanIn.assign(static_cast<std::size_t>(units), 0);
    coverage.reached.assign(static_cast<std::size_t>(units), 0.0F);
    if (reduced.numel == 0)
        return coverage;
    const auto range = grid.end - grid.first;
    std::vector<std::uint16_t> counts(static_cast<std::size_t>(range), 0);
    forEachCombination(reduced.dims, reduced.dims.size(), reduced.offset,
                       [&](std::int64_t at, std::int64_t order) {
                           const auto cell = at - grid.first;
                           if (cell < 0 || cell >= range)
                               return;
                           auto& count = counts[static_cast<std::size_t>(cell)];
                           if (count < std::numeric_limits<std::uint16_t>::max())
                               ++count;
                           auto& first = coverage.firstOrder[static_cast<std::size_t>(cell >> grid.shift)];
                           if (first < 0)
                               first = order;
                       });
    for (std::int64_t unit = 0; unit < units; ++unit) {
        std::int64_t reachedCells = 0;
        std::int64_t most = 0;
        const auto begin = unit * grid.unitSize;
        const auto cells = grid.cellsIn(unit);
        for (std::int64_t c = begin; c < begin + cells; ++c) {
            const auto n = counts[static_cast<std::size_t>(c)];
            reachedCells += n > 0;
            most = std::max<std::int64_t>(most, n);
        }
        coverage.reached[static_cast<std::size_t>(unit)] =
            static_cast<float>(reachedCells) / static_cast<float>(cells);
        coverage.fanIn[static_cast<std::size_t>(unit)] = most * reduced.multiplicity;
    }
    return coverage;
}

// Estimate, for layouts too large to walk (torch.empty(1 << 20, 1 << 20) has 2^40 elements):
//  1. Enumerate the leading moving dims, as many as fit in the budget's outer combinations.
//  2. Treat the remaining (inner) dims of each combination as one run covering
//     [base + lowest inner reach, base + highest inner reach] with an even density of
//     inner elements per storage element.
//  3. Add each run to the units it overlaps (whole units in the middle through a difference
//     array, so a run spanning every unit still costs O(1)).
//  4. The first logical position of a unit is interpolated along the first run that touches
//     it; runs come in increasing logical order, so the first touch is the smallest.
Coverage estimateCoverage(const ReducedLayout& reduced, const UnitGrid& grid, std::int64_t outerBudget) {
    const auto units = grid.count();
    Coverage coverage;
    coverage.approximate = true;
    coverage.firstOrder.assign(static_cast<std::size_t>(units), -1);
    coverage.fanIn.assign(static_cast<std::size_t>(units), 0);
    coverage.reached.assign(static_cast<std::size_t>(units), 0.0F);
    if (reduced.numel == 0)
        return coverage;

    std::size_t outer = 0;
    std::int64_t combinations = 1;
    while (outer < reduced.dims.size() && combinations <= outerBudget / reduced.dims[outer].size)
        combinations *= reduced.dims[outer++].size;
    std::int64_t innerLow = 0, innerHigh = 0, innerNumel = 1;
    for (std::size_t d = outer; d < reduced.dims.size(); ++d) {
        const auto reach = (reduced.dims[d].size - 1) * reduced.dims[d].stride;
        (reach >= 0 ? innerHigh : innerLow) += reach;
        innerNumel *= reduced.dims[d].size;
    }
    const long double span = static_cast<long double>(innerHigh - innerLow) + 1.0L;
    const double density = static_cast<double>(static_cast<long double>(innerNumel) / span);
    const double fill = std::min(1.0, density);
    const std::int64_t fanIn = reduced.multiplicity * std::max<std::int64_t>(1, std::llround(density));

    std::vector<double> covered(static_cast<std::size_t>(units), 0.0);
    std::vector<double> middle(static_cast<std::size_t>(units) + 1, 0.0);
    std::vector<std::int64_t> nextFree(static_cast<std::size_t>(units) + 1);
    std::iota(nextFree.begin(), nextFree.end(), 0);
    auto findFree = [&](std::int64_t unit) {
        auto root = unit;
        while (nextFree[static_cast<std::size_t>(root)] != root)
            root = nextFree[static_cast<std::size_t>(root)];
        while (nextFree[static_cast<std::size_t>(unit)] != root) // path compression
            unit = std::exchange(nextFree[static_cast<std::size_t>(unit)], root);
        return root;
    };
    const auto range = grid.end - grid.first;
    forEachCombination(reduced.dims, outer, reduced.offset, [&](std::int64_t at, std::int64_t order) {
        const auto low = at + innerLow - grid.first;
        const auto high = at + innerHigh - grid.first;
        const auto from = std::max<std::int64_t>(low, 0);
        const auto to = std::min<std::int64_t>(high, range - 1);
        if (from > to)
            return;
        const auto u0 = from >> grid.shift;
        const auto u1 = to >> grid.shift;
        if (u0 == u1) {
            covered[static_cast<std::size_t>(u0)] += fill * static_cast<double>(to - from + 1);
        } else {
            covered[static_cast<std::size_t>(u0)] +=
                fill * static_cast<double>((u0 + 1) * grid.unitSize - from);
            covered[static_cast<std::size_t>(u1)] += fill * static_cast<double>(to - u1 * grid.unitSize + 1);
            if (u1 > u0 + 1) {
                middle[static_cast<std::size_t>(u0 + 1)] += fill * static_cast<double>(grid.unitSize);
                middle[static_cast<std::size_t>(u1)] -= fill * static_cast<double>(grid.unitSize);
            }
        }
        const long double length = std::max<long double>(1.0L, static_cast<long double>(high - low));
        for (auto unit = findFree(u0); unit <= u1; unit = findFree(unit + 1)) {
            const auto start = std::max<std::int64_t>(unit * grid.unitSize, low);
            const long double t = static_cast<long double>(start - low) / length;
            coverage.firstOrder[static_cast<std::size_t>(unit)] =
                order + static_cast<std::int64_t>(t * static_cast<long double>(innerNumel - 1));
            coverage.fanIn[static_cast<std::size_t>(unit)] = fanIn;
            nextFree[static_cast<std::size_t>(unit)] = unit + 1;
        }
    });
    double running = 0.0;
    for (std::int64_t unit = 0; unit < units; ++unit) {
        running += middle[static_cast<std::size_t>(unit)];
        const double share =
            (covered[static_cast<std::size_t>(unit)] + running) / static_cast<double>(grid.cellsIn(unit));
        coverage.reached[static_cast<std::size_t>(unit)] = static_cast<float>(std::clamp(share, 0.0, 1.0));
        if (coverage.reached[static_cast<std::size_t>(unit)] > 0.0F &&
            coverage.firstOrder[static_cast<std::size_t>(unit)] < 0)
            coverage.firstOrder[static_cast<std::size_t>(unit)] = 0;
    }
    return coverage;
}

} // namespace

Coverage coverage(const Layout& layout, const CoverageGrid& grid, const CoverageBudget& budget) {
    SS_CHECK(grid.unitSize > 0 && (grid.unitSize & (grid.unitSize - 1)) == 0, RuntimeError,
             "coverage: the unit size must be a positive power of two, got ", grid.unitSize);
    SS_CHECK(grid.first <= grid.end, RuntimeError, "coverage: the window [", grid.first, ", ", grid.end,
             ") ends before it starts");
    const UnitGrid units{grid.first, grid.end, grid.unitSize, log2Exact(grid.unitSize)};
    const auto reduced = reduce(layout);
    if (reduced.numel <= budget.walkedElements && grid.end - grid.first <= budget.countedElements)
        return countCoverage(reduced, units);
    return estimateCoverage(reduced, units, budget.outerCombinations);
}

} // namespace stridescope
