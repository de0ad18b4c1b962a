#pragma once
// Layout analysis shared by the diagram, the properties panel and the bandwidth model: where
// each logical element lives, which storage cells a view reaches and how often.
#include "Tensor.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace stridescope {

struct Extent {
    std::int64_t lowest = 0;  // storage element index
    std::int64_t highest = 0; // inclusive
};

// Lowest and highest storage element the view reaches; nothing for an empty tensor.
std::optional<Extent> extentOf(const Layout& layout);

// Storage index of every logical element, in row-major order. Bounded by `limit` elements.
std::vector<std::int64_t> logicalToStorage(const Layout& layout, std::int64_t limit = INT64_MAX);

// How many logical elements land on each storage element in [extent.lowest, extent.highest].
std::map<std::int64_t, std::int64_t> fanIn(const Layout& layout, std::int64_t limit = INT64_MAX);

// True when two distinct logical elements share one storage element (exact, not PyTorch's
// conservative has_internal_overlap).
bool hasInternalOverlap(const Layout& layout);

// Byte address of a logical index: base + (offset + sum i_k*s_k) * itemsize.
std::uint64_t addressOf(const Tensor& tensor, const Shape& index);

// "offset + i0·s0 + i1·s1 + … = address" for the hover line.
std::string addressFormula(const Layout& layout, const Shape& index);

// One sentence per flag, saying why it holds or fails.
std::string explainContiguity(const Layout& layout);

struct LayoutReport {
    bool contiguous = false;
    bool channelsLastContiguous = false;
    bool nonOverlappingAndDense = false;
    bool internalOverlap = false;
    std::optional<Extent> extent;
    std::int64_t maxFanIn = 0;
};
LayoutReport analyse(const Layout& layout);

} // namespace stridescope
