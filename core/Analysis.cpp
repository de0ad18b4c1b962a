#include "Analysis.h"

#include "LayoutWalk.h"
#include "ValueWorkLimit.h"

#include <sstream>

namespace stridescope {

std::optional<Extent> extentOf(const Layout& layout) {
    if (layout.numel() == 0)
        return std::nullopt;
    Extent extent{layout.storageOffset, layout.storageOffset};
    for (std::int64_t d = 0; d < layout.dim(); ++d) {
        const auto reach = (layout.sizes[d] - 1) * layout.strides[d];
        if (reach >= 0)
            extent.highest += reach;
        else
            extent.lowest += reach;
    }
    return extent;
}

namespace {

// Calls visit(storageIndex) for up to `limit` logical elements in row-major order, charged to
// the value work limit (an expanded view can have far more elements than its storage).
template <typename Visit> void walk(const Layout& layout, std::int64_t limit, Visit&& visit) {
    const auto n = std::min(layout.numel(), limit);
    if (n <= 0)
        return;
    ValueWorkLimit::charge(n);
    forEachStorageIndex(layout, n, [&](std::int64_t at, std::int64_t) { visit(at); });
}

} // namespace

std::vector<std::int64_t> logicalToStorage(const Layout& layout, std::int64_t limit) {
    std::vector<std::int64_t> result;
    walk(layout, limit, [&](std::int64_t at) { result.push_back(at); });
    return result;
}

std::map<std::int64_t, std::int64_t> fanIn(const Layout& layout, std::int64_t limit) {
    std::map<std::int64_t, std::int64_t> counts;
    walk(layout, limit, [&](std::int64_t at) { ++counts[at]; });
    return counts;
}

bool hasInternalOverlap(const Layout& layout) {
    if (isNonOverlappingAndDense(layout))
        return false;
    for (std::int64_t d = 0; d < layout.dim(); ++d)
        if (layout.strides[d] == 0 && layout.sizes[d] > 1)
            return true;
    // No cheap proof either way: count. Bounded so a huge layout cannot stall the caller;
    // beyond the bound the answer covers the first elements only.
    constexpr std::int64_t kExactLimit = std::int64_t(1) << 22;
    const auto counts = fanIn(layout, kExactLimit);
    return static_cast<std::int64_t>(counts.size()) < std::min(layout.numel(), kExactLimit);
}

std::uint64_t addressOf(const Tensor& tensor, const Shape& index) {
    return tensor.storage()->baseAddress() +
           static_cast<std::uint64_t>(storageIndexOf(tensor.layout(), index)) * tensor.elementSize();
}

std::string addressFormula(const Layout& layout, const Shape& index) {
    std::ostringstream out;
    out << layout.storageOffset;
    for (std::size_t d = 0; d < index.size(); ++d)
        out << " + " << index[d] << "\u00b7" << layout.strides[d];
    out << " = " << storageIndexOf(layout, index);
    return out.str();
}

std::string explainContiguity(const Layout& layout) {
    std::ostringstream out;
    if (layout.numel() == 0)
        return "contiguous: an empty tensor is always contiguous";
    std::int64_t expected = 1;
    for (std::int64_t d = layout.dim() - 1; d >= 0; --d) {
        if (layout.sizes[d] == 1)
            continue;
        if (layout.strides[d] != expected) {
            out << "not contiguous because dim " << d << "'s stride " << layout.strides[d] << " \u2260 " << expected;
            if (expected != 1)
                out << " (the product of the sizes after it)";
            return out.str();
        }
        expected *= layout.sizes[d];
    }
    return "contiguous: each dim's stride is the product of the sizes after it";
}

LayoutReport analyse(const Layout& layout) {
    LayoutReport report;
    report.contiguous = isContiguous(layout);
    report.channelsLastContiguous = isChannelsLastContiguous(layout);
    report.nonOverlappingAndDense = isNonOverlappingAndDense(layout);
    report.internalOverlap = hasInternalOverlap(layout);
    report.extent = extentOf(layout);
    constexpr std::int64_t kFanInLimit = std::int64_t(1) << 20;
    for (const auto& [at, count] : fanIn(layout, kFanInLimit))
        report.maxFanIn = std::max(report.maxFanIn, count);
    return report;
}

} // namespace stridescope
