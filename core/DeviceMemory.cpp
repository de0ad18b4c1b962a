#include "DeviceMemory.h"

#include "LayoutWalk.h"
#include "Storage.h"

#include <cstring>
#include <mutex>
#include <set>
#include <vector>

namespace stridescope {

std::int64_t spanStart(const Layout& layout) {
    std::int64_t start = layout.storageOffset;
    for (std::size_t d = 0; d < layout.sizes.size(); ++d)
        if (layout.sizes[d] > 0 && layout.strides[d] < 0)
            start += (layout.sizes[d] - 1) * layout.strides[d];
    return start;
}

std::int64_t spanElements(const Layout& layout) {
    if (layout.numel() == 0)
        return 0;
    std::int64_t extent = 1;
    for (std::size_t d = 0; d < layout.sizes.size(); ++d)
        extent += (layout.sizes[d] - 1) * (layout.strides[d] < 0 ? -layout.strides[d] : layout.strides[d]);
    return extent;
}

std::vector<unsigned char> gatherRowMajor(const unsigned char* base, const Layout& layout, int elementSize) {
    const auto size = static_cast<std::size_t>(elementSize);
    std::vector<unsigned char> out(static_cast<std::size_t>(layout.numel()) * size);
    forEachStorageIndex(layout, layout.numel(), [&](std::int64_t at, std::int64_t i) {
        std::memcpy(out.data() + static_cast<std::size_t>(i) * size, base + at * elementSize, size);
    });
    return out;
}

void scatterRowMajor(unsigned char* base, const Layout& layout, int elementSize,
                     const unsigned char* contiguous) {
    const auto size = static_cast<std::size_t>(elementSize);
    forEachStorageIndex(layout, layout.numel(), [&](std::int64_t at, std::int64_t i) {
        std::memcpy(base + at * elementSize, contiguous + static_cast<std::size_t>(i) * size, size);
    });
}

void fillBytePattern(unsigned char* out, std::int64_t count, std::int64_t first) {
    for (std::int64_t i = 0; i < count; ++i)
        out[i] = static_cast<unsigned char>((first + i) * 131 + 7);
}

// ---- keeping blocks in step -------------------------------------------------------------

namespace {

struct StaleSet {
    std::recursive_mutex mutex; // syncStaleMemory holds it while each storage takes itself out
    std::set<Storage*> storages;
};

StaleSet& staleSet() {
    static StaleSet* instance = new StaleSet(); // never destroyed: storages may outlive statics
    return *instance;
}

} // namespace

namespace detail {

void noteMemoryStale(Storage* storage) {
    std::lock_guard lock(staleSet().mutex);
    staleSet().storages.insert(storage);
}

void noteMemoryInStep(Storage* storage) {
    std::lock_guard lock(staleSet().mutex);
    staleSet().storages.erase(storage);
}

} // namespace detail

void syncStaleMemory() {
    // Held throughout, so that a storage destroyed on another thread waits in its destructor
    // (noteMemoryInStep) until its upload is done; syncMemory takes each out of the set.
    std::lock_guard lock(staleSet().mutex);
    const std::vector<Storage*> stale(staleSet().storages.begin(), staleSet().storages.end());
    for (Storage* storage : stale)
        storage->syncMemory();
}

std::size_t staleMemoryCount() {
    std::lock_guard lock(staleSet().mutex);
    return staleSet().storages.size();
}

} // namespace stridescope
