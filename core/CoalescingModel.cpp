#include "CoalescingModel.h"

#include "core/CollapsedLayout.h"
#include "core/LayoutWalk.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace stridescope {

namespace {

using Int128 = __int128;

std::int64_t floorDiv(Int128 a, std::int64_t b) {
    Int128 q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return static_cast<std::int64_t>(q);
}

std::int64_t posMod(std::int64_t a, std::int64_t m) {
    const std::int64_t r = a % m;
    return r < 0 ? r + m : r;
}

std::int64_t ceilDiv(Int128 a, std::int64_t b) { return static_cast<std::int64_t>((a + b - 1) / b); }

// Counts of block base addresses by residue modulo `modulus`: how many blocks start at a byte
// address ≡ r. Built by convolving one arithmetic progression per dim, so it costs
// O(rank · modulus²) however large the sizes are.
using Residues = std::vector<std::int64_t>;

Residues pointMass(std::int64_t residue, std::int64_t modulus) {
    Residues h(static_cast<std::size_t>(modulus), 0);
    h[static_cast<std::size_t>(posMod(residue, modulus))] = 1;
    return h;
}

// Residues of i · step for i in [0, count): they repeat with period modulus / gcd(modulus, step).
Residues progression(std::int64_t count, std::int64_t step, std::int64_t modulus) {
    Residues h(static_cast<std::size_t>(modulus), 0);
    if (count <= 0)
        return h;
    step = posMod(step, modulus);
    const std::int64_t period = modulus / std::gcd(modulus, step == 0 ? modulus : step);
    const std::int64_t full = count / period;
    const std::int64_t rest = count % period;
    for (std::int64_t i = 0; i < period; ++i)
        h[static_cast<std::size_t>((i * step) % modulus)] += full + (i < rest ? 1 : 0);
    return h;
}

Residues convolve(const Residues& a, const Residues& b) {
    const auto m = static_cast<std::int64_t>(a.size());
    Residues out(a.size(), 0);
    for (std::int64_t i = 0; i < m; ++i) {
        if (a[static_cast<std::size_t>(i)] == 0)
            continue;
        for (std::int64_t j = 0; j < m; ++j)
            if (b[static_cast<std::size_t>(j)] != 0)
                out[static_cast<std::size_t>((i + j) % m)] +=
                    a[static_cast<std::size_t>(i)] * b[static_cast<std::size_t>(j)];
    }
    return out;
}

// Element stride times itemSize, reduced modulo `modulus` without overflowing.
std::int64_t byteResidue(std::int64_t elements, int itemSize, std::int64_t modulus) {
    return posMod(posMod(elements, modulus) * itemSize, modulus);
}

void checkArguments(int itemSize, const CoalescingGeometry& g) {
    if (itemSize <= 0 || g.warpSize <= 0 || g.sectorBytes <= 0 || g.lineBytes <= 0 || g.cpuLineBytes <= 0)
        throw std::invalid_argument("coalescing model: item size and geometry must be positive");
}

// Distinct values of floor((base + x) / unit) over sorted x.
std::int64_t distinctUnits(std::int64_t base, const std::vector<std::int64_t>& sortedOffsets,
                           std::int64_t unit) {
    std::int64_t count = 0;
    std::int64_t last = 0;
    for (std::size_t i = 0; i < sortedOffsets.size(); ++i) {
        const auto id = floorDiv(Int128(base) + sortedOffsets[i], unit);
        if (i == 0 || id != last)
            ++count;
        last = id;
    }
    return count;
}

// Distinct units touched by `count` addresses start, start+step, ... (bytes): a closed form,
// because a step shorter than the unit can never skip a unit.
std::int64_t distinctUnitsOfRun(std::int64_t start, Int128 step, std::int64_t count, std::int64_t unit) {
    if (step == 0 || count == 1)
        return 1;
    const Int128 magnitude = step < 0 ? -step : step;
    if (magnitude >= unit)
        return count;
    const Int128 lowest = step > 0 ? Int128(start) : Int128(start) + Int128(count - 1) * step;
    const std::int64_t lowInUnit = static_cast<std::int64_t>(((lowest % unit) + unit) % unit);
    return floorDiv(Int128(lowInUnit) + Int128(count - 1) * magnitude, unit) + 1;
}

std::int64_t countNonZero(const Residues& h) {
    return std::count_if(h.begin(), h.end(), [](std::int64_t v) { return v != 0; });
}

} // namespace

WarpRequest warpRequest(const Layout& layout, int itemSize, std::int64_t warp,
                        const CoalescingGeometry& geometry) {
    checkArguments(itemSize, geometry);
    const std::int64_t numel = layout.numel();
    const std::int64_t first = warp * geometry.warpSize;
    if (warp < 0 || first >= numel)
        throw std::out_of_range("coalescing model: warp index out of range");
    WarpRequest request;
    request.threads = std::min<std::int64_t>(geometry.warpSize, numel - first);
    std::vector<std::int64_t> addresses;
    addresses.reserve(static_cast<std::size_t>(request.threads));
    for (std::int64_t t = 0; t < request.threads; ++t) {
        std::int64_t linear = first + t;
        std::int64_t at = layout.storageOffset;
        for (std::int64_t d = layout.dim() - 1; d >= 0; --d) {
            at += (linear % layout.sizes[d]) * layout.strides[d];
            linear /= layout.sizes[d];
        }
        addresses.push_back(at * itemSize);
    }
    std::sort(addresses.begin(), addresses.end());
    request.sectors = distinctUnits(0, addresses, geometry.sectorBytes);
    request.lines = distinctUnits(0, addresses, geometry.lineBytes);
    request.idealSectors = ceilDiv(Int128(request.threads) * itemSize, geometry.sectorBytes);
    request.idealLines = ceilDiv(Int128(request.threads) * itemSize, geometry.lineBytes);
    return request;
}

// On a high level:
// 1. Collapse the layout (same address sequence, fewest dims).
// 2. Split the dims into outer dims [0, m) and a block of inner dims [m, rank) whose element
//    count P is a multiple of the warp size, so that no warp straddles two blocks (m = 0, the
//    whole tensor as one block, always qualifies). Every block has the same relative addresses,
//    so a warp's cost depends only on its place in the block and on the block's base address
//    modulo lcm(sector, line): a sector or line boundary sits at the same place for every base
//    with the same residue.
// 3. Count the blocks per base residue (a convolution over the outer dims), then cost the warps
//    of one block once per residue that occurs, weighted by its count.
// 4. When the block is a single inner dim, a warp is 32 equally spaced addresses and its cost
//    has a closed form, and warp starts along the row repeat modulo the residue period (at
//    most 4), so no element is visited at all.
// The split with the least work is taken; the counts are the same for every split.
std::optional<GpuCoalescing> gpuCoalescing(const Layout& layout, int itemSize,
                                           const CoalescingGeometry& geometry, std::int64_t maxWork) {
    checkArguments(itemSize, geometry);
    GpuCoalescing total;
    const std::int64_t numel = layout.numel();
    if (numel == 0)
        return total;
    const CollapsedLayout c = collapseLayout(layout);
    const int rank = c.rank();
    const std::int64_t warp = geometry.warpSize;
    const std::int64_t modulus = std::lcm<std::int64_t>(geometry.sectorBytes, geometry.lineBytes);

    total.threads = numel;
    total.requests = ceilDiv(numel, warp);

    // Outer-dim residue histograms for every split point m (hist[m] covers dims [0, m)).
    std::vector<Residues> outer;
    outer.push_back(pointMass(byteResidue(c.storageOffset, itemSize, modulus), modulus));
    for (int d = 0; d < rank; ++d)
        outer.push_back(convolve(
            outer.back(), progression(c.sizes[d], byteResidue(c.strides[d], itemSize, modulus), modulus)));

    // Pick the cheapest valid split.
    int bestSplit = -1;
    Int128 bestWork = 0;
    bool bestClosedForm = false;
    Int128 block = 1;
    for (int m = rank - 1; m >= 0; --m) {
        block *= c.sizes[m];
        if (m > 0 && block % warp != 0)
            continue;
        const bool closedForm = (m == rank - 1) && (block % warp == 0);
        const Int128 bins = countNonZero(outer[m]);
        const Int128 work = closedForm ? bins * 4 : bins * block;
        if (bestSplit < 0 || work < bestWork) {
            bestSplit = m;
            bestWork = work;
            bestClosedForm = closedForm;
        }
    }
    if (bestWork > maxWork)
        return std::nullopt;

    const Residues& bases = outer[static_cast<std::size_t>(bestSplit)];
    const std::int64_t sector = geometry.sectorBytes;
    const std::int64_t line = geometry.lineBytes;

    if (bestClosedForm) {
        const std::int64_t rowLength = c.sizes[rank - 1];
        const Int128 step = Int128(c.strides[rank - 1]) * itemSize; // bytes between neighbours
        const std::int64_t warpsPerRow = rowLength / warp;
        const std::int64_t warpStep =
            posMod(byteResidue(c.strides[rank - 1], itemSize, modulus) * warp, modulus);
        const std::int64_t period = modulus / std::gcd(modulus, warpStep == 0 ? modulus : warpStep);
        for (std::int64_t r = 0; r < modulus; ++r) {
            const std::int64_t rows = bases[static_cast<std::size_t>(r)];
            if (rows == 0)
                continue;
            for (std::int64_t j = 0; j < std::min(period, warpsPerRow); ++j) {
                const std::int64_t warps = (warpsPerRow - 1 - j) / period + 1;
                const std::int64_t start = (r + j * warpStep) % modulus;
                total.sectors += rows * warps * distinctUnitsOfRun(start, step, warp, sector);
                total.lines += rows * warps * distinctUnitsOfRun(start, step, warp, line);
            }
        }
        total.idealSectors = total.requests * ceilDiv(Int128(warp) * itemSize, sector);
        total.idealLines = total.requests * ceilDiv(Int128(warp) * itemSize, line);
        return total;
    }

    // Block method: walk the block's elements once with an odometer over dims [m, rank).
    const int m = bestSplit;
    std::int64_t blockSize = 1;
    for (int d = m; d < rank; ++d)
        blockSize *= c.sizes[d];
    std::int64_t blocks = 0;
    for (auto count : bases)
        blocks += count;

    // The block's dims from the block base (offset 0): the walk gives elements from the base.
    const Layout blockLayout{Shape(c.sizes.begin() + m, c.sizes.end()),
                             Shape(c.strides.begin() + m, c.strides.end()), 0};
    std::vector<std::int64_t> offsets;
    offsets.reserve(static_cast<std::size_t>(warp));
    // Adds the cost of one warp: the threads whose byte offsets are in `offsets`.
    const auto countWarp = [&] {
        const auto threads = static_cast<std::int64_t>(offsets.size());
        std::sort(offsets.begin(), offsets.end());
        for (std::int64_t r = 0; r < modulus; ++r) {
            const std::int64_t count = bases[static_cast<std::size_t>(r)];
            if (count == 0)
                continue;
            total.sectors += count * distinctUnits(r, offsets, sector);
            total.lines += count * distinctUnits(r, offsets, line);
        }
        total.idealSectors += blocks * ceilDiv(Int128(threads) * itemSize, sector);
        total.idealLines += blocks * ceilDiv(Int128(threads) * itemSize, line);
        offsets.clear();
    };
    forEachStorageIndex(blockLayout, blockSize, [&](std::int64_t relative, std::int64_t) {
        offsets.push_back(relative * itemSize);
        if (static_cast<std::int64_t>(offsets.size()) == warp)
            countWarp();
    });
    if (!offsets.empty())
        countWarp(); // the block's last, partial warp
    return total;
}

// On a high level: the walk is rows of the innermost collapsed dim (N elements, S bytes apart).
// 1. Inside a row, a step shorter than a line crosses at most one boundary, so the line changes
//    of a row are |floor((r + (N-1)·S) / L) - floor(r / L)| for a row starting at residue r; a
//    step of a line or more changes line every time. Rows are counted per base residue.
// 2. Between two rows the odometer carries at some level c; the jump from the last element of
//    the row before to the first of the next is the same for every carry at level c, and whether
//    it changes line depends only on the residue of the earlier row's base, whose distribution
//    over those carries is again a convolution (dims before c: any index; dim c: all but its
//    last; dims after c: their last index).
CpuLineTraffic cpuLineTraffic(const Layout& layout, int itemSize, const CoalescingGeometry& geometry) {
    checkArguments(itemSize, geometry);
    CpuLineTraffic traffic;
    const std::int64_t numel = layout.numel();
    if (numel == 0)
        return traffic;
    const CollapsedLayout c = collapseLayout(layout);
    const int rank = c.rank();
    const std::int64_t unit = geometry.cpuLineBytes;
    traffic.elements = numel;
    traffic.idealLines = ceilDiv(Int128(numel) * itemSize, unit);

    const std::int64_t rowLength = c.sizes[rank - 1];
    const Int128 step = Int128(c.strides[rank - 1]) * itemSize;
    const Int128 rowSpan = Int128(rowLength - 1) * step; // last element minus first, bytes
    auto changesInRow = [&](std::int64_t r) -> std::int64_t {
        if (step == 0)
            return 0;
        if (step >= unit || step <= -unit)
            return rowLength - 1;
        const std::int64_t d = floorDiv(Int128(r) + rowSpan, unit) - floorDiv(r, unit);
        return d < 0 ? -d : d;
    };

    const Residues base = pointMass(byteResidue(c.storageOffset, itemSize, unit), unit);
    Residues rows = base;
    for (int d = 0; d < rank - 1; ++d)
        rows = convolve(rows, progression(c.sizes[d], byteResidue(c.strides[d], itemSize, unit), unit));

    traffic.lineFetches = 1; // the first element
    for (std::int64_t r = 0; r < unit; ++r)
        traffic.lineFetches += rows[static_cast<std::size_t>(r)] * changesInRow(r);

    for (int carry = 0; carry < rank - 1; ++carry) {
        // Byte jump from the first element of the earlier row to the first of the next.
        Int128 jump = Int128(c.strides[carry]) * itemSize;
        Int128 tail = 0; // the earlier row's offset from dims after `carry` (all at their last index)
        for (int d = carry + 1; d < rank - 1; ++d)
            tail += Int128(c.sizes[d] - 1) * c.strides[d] * itemSize;
        jump -= tail;
        Residues earlier = base;
        for (int d = 0; d < carry; ++d)
            earlier =
                convolve(earlier, progression(c.sizes[d], byteResidue(c.strides[d], itemSize, unit), unit));
        earlier = convolve(
            earlier, progression(c.sizes[carry] - 1, byteResidue(c.strides[carry], itemSize, unit), unit));
        earlier =
            convolve(earlier, pointMass(static_cast<std::int64_t>(((tail % unit) + unit) % unit), unit));
        for (std::int64_t r = 0; r < unit; ++r) {
            const std::int64_t count = earlier[static_cast<std::size_t>(r)];
            if (count == 0)
                continue;
            if (floorDiv(Int128(r) + rowSpan, unit) != floorDiv(Int128(r) + jump, unit))
                traffic.lineFetches += count;
        }
    }
    return traffic;
}

} // namespace stridescope
