#pragma once
// The one-dimensional Storage: a numbered block of bytes that tensors read through layouts.
// Values are kept only up to kMaxValueElements elements; larger storages are layout-only, so a
// `torch.empty(1 << 20, 1 << 20)` can be explored without allocating four terabytes.
#include "DType.h"
#include "Device.h"
#include "Scalar.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace stridescope {

class StorageMemory; // DeviceMemory.h

class Storage {
public:
    // Storages above this many elements keep no values (documented in the README).
    static constexpr std::int64_t kMaxValueElements = std::int64_t(1) << 22;

    // The values of all storages together (copies kept for undo included) take at most this
    // many bytes: a new value-keeping storage beyond it is refused with a RuntimeError, so that a
    // script creating tensor after tensor fails with a clear message instead of exhausting memory.
    static constexpr std::int64_t kMaxTotalValueBytes = std::int64_t(256) << 20;

    // keepValues false makes a layout-only storage even when it is small (a copy of a view of
    // a layout-only storage cannot know its values either).
    Storage(DType dtype, std::int64_t elementCount, bool keepValues = true);
    // Copies (the snapshots that undo in-place writes) count towards kMaxTotalValueBytes but are
    // never refused.
    Storage(const Storage& other);
    Storage& operator=(const Storage& other);
    ~Storage();

    std::uint64_t id() const { return m_id; }
    DType dtype() const { return m_dtype; }
    std::int64_t elementCount() const { return m_elementCount; }
    std::int64_t nbytes() const { return m_elementCount * itemSize(m_dtype); }
    bool hasValues() const { return m_hasValues; }
    void forgetValues();
    // resize_ growing (or shrinking, for resize_ on the storage itself) the storage in place:
    // the same storage object (all tensors on it see the change) at a new address, its old
    // bytes kept, new ones zero, as PyTorch's resize_bytes_cpu reallocates.
    void resize(std::int64_t elementCount);
    // A made-up but stable and 64-byte aligned address, as PyTorch's CPU allocator gives.
    std::uint64_t baseAddress() const { return m_baseAddress; }
    // Where the bytes are (Device.h): set from currentAllocationPlacement() when made; a copy
    // (an undo snapshot) keeps its original's placement but is not counted as CUDA memory.
    const Placement& placement() const { return m_placement; }
    const Device& device() const { return m_placement.device; }
    bool isPinned() const { return m_placement.pinned; }

    // With a real CUDA runtime (DeviceMemory.h): the block it holds for this storage (device
    // memory of a CUDA storage, page-locked memory of a pinned one), else null. The core's bytes
    // stay the model; a write to them marks the block stale until syncMemory() uploads them.
    StorageMemory* memory() const { return m_memory.get(); }
    bool memoryStale() const { return m_memoryStale; }
    void syncMemory();
    // A copy run by the device wrote the block and was checked against the core's bytes.
    void markMemoryInStep();

    // Element access in `dtype` at storage element `index` (elements of that dtype).
    Scalar load(DType dtype, std::int64_t index) const;
    void store(DType dtype, std::int64_t index, const Scalar& value);

private:
    std::uint64_t m_id;
    DType m_dtype;
    std::int64_t m_elementCount;
    std::uint64_t m_baseAddress;
    bool m_hasValues;
    Placement m_placement;
    std::int64_t m_countedCudaBytes = 0; // what this storage adds to cudaMemoryAllocated()
    std::vector<unsigned char> m_bytes;
    std::unique_ptr<StorageMemory> m_memory; // DeviceMemory.h; an undo snapshot has none
    bool m_memoryStale = false;

    void allocateMemory();
    void markMemoryStale();

public:
    // The raw bytes (empty for a layout-only storage): what a real GPU transfer sends.
    const std::vector<unsigned char>& bytes() const { return m_bytes; }
};

using StoragePtr = std::shared_ptr<Storage>;

// The value `v` takes when stored in `dtype` (wraps, rounds, truncates like a C++ cast in ATen).
Scalar castScalar(const Scalar& v, DType dtype);

// c10::checked_convert, used where PyTorch turns a Python number into the dtype (fill_, full,
// alpha, torch.tensor): refuses values outside the dtype's range with PyTorch's message.
// `pythonNames` selects the names torch.tensor() uses ("int8") instead of C++'s ("int8_t").
Scalar checkedCastScalar(const Scalar& v, DType dtype, bool pythonNames = false);

} // namespace stridescope
