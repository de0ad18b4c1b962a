#include "GatheredCells.h"

#include "Tensor.h"

#include <map>
#include <mutex>

namespace stridescope {

namespace {

// Keyed by the result's storage without owning it: an entry whose storage has gone is dropped
// at the next record (owner_less compares control blocks, so a reused address never matches).
using Table = std::map<std::weak_ptr<Storage>, std::shared_ptr<const GatheredCells>, std::owner_less<>>;

std::mutex& tableMutex() {
    static std::mutex m;
    return m;
}

Table& table() {
    static Table t;
    return t;
}

} // namespace

void recordGatheredCells(const Tensor& result, const StoragePtr& source, int elementSize,
                         std::vector<std::int64_t> indices) {
    if (!result.defined() || !source || indices.empty() ||
        static_cast<std::int64_t>(indices.size()) > Storage::kMaxValueElements)
        return;
    auto record = std::make_shared<GatheredCells>();
    record->source = source;
    record->elementSize = elementSize;
    record->indices = std::move(indices);
    std::lock_guard<std::mutex> lock(tableMutex());
    Table& t = table();
    for (auto it = t.begin(); it != t.end();)
        it = it->first.expired() ? t.erase(it) : std::next(it);
    t[std::weak_ptr<Storage>(result.storage())] = std::move(record);
}

std::shared_ptr<const GatheredCells> gatheredCellsOf(const Tensor& t) {
    if (!t.defined())
        return nullptr;
    std::lock_guard<std::mutex> lock(tableMutex());
    const auto it = table().find(std::weak_ptr<Storage>(t.storage()));
    return it == table().end() ? nullptr : it->second;
}

} // namespace stridescope
