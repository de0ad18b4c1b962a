#pragma once
// The seam between the core's device model and a real CUDA runtime (gpu/CudaStorageHook.h
// implements it; a test registers a fake). With a hook registered:
// - each CUDA storage gets a block of device memory and each pinned CPU storage a block of
//   page-locked host memory (StorageMemory), freed when the storage dies;
// - the core's bytes stay the model. What the core computes into a CUDA storage (elementwise
//   results, in-place ops, fills, factories, indexing, casts) marks its block stale, and the
//   core's bytes are uploaded at the end of the statement (the interpreter calls
//   syncStaleMemory) or earlier, before a copy reads or writes the block;
// - every copy that touches a device (.to/.cuda()/.cpu()/copy_ across devices, and clone(),
//   contiguous() or copy_ within one device) is planned here as PyTorch's copy_kernel_cuda
//   plans it (DeviceOps.cpp builds a DeviceCopy), run by the hook on the device and timed with
//   CUDA events, and what arrived is read back and compared with the core's values; a mismatch
//   is a RuntimeError.
// Qt-free and CUDA-free: plain types only.
#include "DType.h"
#include "Device.h"
#include "Layout.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace stridescope {

class Storage;

// One block a hook holds for a storage. Its destructor frees it (cudaFree, cudaFreeHost).
class StorageMemory {
public:
    virtual ~StorageMemory() = default;
    virtual std::int64_t bytes() const = 0;
};

// One side of a copy as the device sees it.
struct CopySide {
    Placement placement;
    // The storage's block: device memory, or the page-locked memory of a pinned CPU storage.
    // Null for pageable host memory, which the hook reads from `hostBytes`.
    StorageMemory* memory = nullptr;
    // The core's bytes of a pageable CPU storage; null for a layout-only storage (the hook then
    // sends a byte pattern: it still costs its bytes on the bus).
    const unsigned char* hostBytes = nullptr;
    std::int64_t storageBytes = 0;
    Layout layout; // the tensor copied, in elements of elementSize, storage-relative
    int elementSize = 1;
};

// How the source reaches the memcpy (copy_kernel_cuda's temporaries).
enum class CopySource {
    Direct,         // the source's own bytes: one dense block, or read through its layout by the kernel
    GatherOnDevice, // a kernel makes it contiguous in a device temporary first (src.contiguous() on its GPU)
    HostContiguous, // the core made it contiguous (and cast) on the host, in a pageable temporary: `prepared`
    Uploaded, // a cast PyTorch runs on the GPU: the core's result, uploaded untimed into a device temporary
};

// Where the memcpy writes.
enum class CopyDestination {
    Direct,          // the destination's own bytes
    ScatterOnDevice, // a contiguous device temporary, then a kernel writes the destination's layout
    HostTemporary,   // a pageable host temporary; the core writes the destination from it on the CPU
};

enum class CopyEngine {
    Memcpy,        // cudaMemcpyAsync of `bytes` (host<->device, peer, or within a device)
    StridedKernel, // within one device: a kernel reads the source's layout and writes the destination's
};

struct DeviceCopy {
    TransferDirection direction = TransferDirection::HostToDevice;
    bool withinDevice = false; // clone, contiguous, copy_ between tensors of one device
    CopySide source;
    CopySide destination;
    CopySource sourceStep = CopySource::Direct;
    CopyDestination destinationStep = CopyDestination::Direct;
    CopyEngine engine = CopyEngine::Memcpy;
    DType copyType = DType::Float32; // what the memcpy moves (after any cast) ...
    int copyElementSize = 1;         // ... and its element size
    std::int64_t bytes = 0;          // the memcpy's bytes
    bool pinned = false;             // the host side is the page-locked block: copied directly
    bool staged = false;             // pageable host memory: the driver copies through its staging buffer
    bool asynchronous = false;       // non_blocking from pinned memory: the call returns before the copy ends
    const std::vector<unsigned char>* prepared = nullptr; // HostContiguous / Uploaded (null: layout-only)
    bool wantSent = false; // the core keeps no values: read the source back too, for a round-trip check
};

struct DeviceCopyResult {
    double copyMs = 0.0;             // the memcpy or the strided kernel, between CUDA events
    double gatherMs = 0.0;           // the contiguous copy on the source's device, when there was one
    double scatterMs = 0.0;          // the strided write on the destination's device, when there was one
    bool returnedBeforeDone = false; // the asynchronous call returned while the copy still ran
    // The destination storage's own block now holds the copied elements (so it is in step with
    // the core once they check out); false when they landed in a host temporary.
    bool destinationWritten = false;
    // What arrived, read back: the destination's elements in row-major order, copyElementSize
    // bytes each (a host temporary is that already).
    std::vector<unsigned char> arrived;
    // With wantSent: the source's elements in row-major order as they were sent.
    std::vector<unsigned char> sent;
};

// A real CUDA runtime. Every method throws TensorError when the device fails.
class CudaDeviceHook {
public:
    virtual ~CudaDeviceHook() = default;
    virtual int deviceCount() const = 0;
    virtual std::string deviceName(int index) const = 0;
    // The block of a new storage placed at `placement` (cudaMalloc on cuda:N, cudaMallocHost for
    // pinned CPU memory); a layout-only storage's block is filled with a byte pattern. Refuses
    // with PyTorch's "CUDA out of memory." when the device cannot hold it.
    virtual std::unique_ptr<StorageMemory> allocate(const Placement& placement, std::int64_t bytes,
                                                    bool layoutOnly) = 0;
    // Writes the core's bytes into a block, untimed: how values the core computed reach it.
    virtual void upload(StorageMemory& memory, const unsigned char* bytes, std::int64_t count) = 0;
    // Reads `count` bytes from `offset` of a block.
    virtual void download(const StorageMemory& memory, std::int64_t offset, std::int64_t count,
                          unsigned char* out) = 0;
    // Runs `copy` on the device along its path, timed with CUDA events, and reads back what arrived.
    virtual DeviceCopyResult copy(const DeviceCopy& copy) = 0;
};

// ---- host-side helpers shared by the hooks -----------------------------------------------

// The first element of the block a layout reads (storageOffset plus the negative steps) and the
// number of elements from there to its last one: a dense layout's memcpy span.
std::int64_t spanStart(const Layout& layout);
std::int64_t spanElements(const Layout& layout);
// The elements `layout` reads from `base`, in row-major order, elementSize bytes each.
std::vector<unsigned char> gatherRowMajor(const unsigned char* base, const Layout& layout, int elementSize);
// The reverse: writes `contiguous` (row-major) through `layout` into `base`.
void scatterRowMajor(unsigned char* base, const Layout& layout, int elementSize,
                     const unsigned char* contiguous);
// The byte pattern a layout-only block holds and a layout-only host source sends, and what the
// bandwidth backends' sources hold: byte i is i * 131 + 7 (out[k] is byte first + k). Not a
// constant: on some machines a copy of constant bytes runs faster than one of any other data
// (a Zen 5 VM's CPU tiles: 1.2x with streaming stores, 2x with ordinary ones).
void fillBytePattern(unsigned char* out, std::int64_t count, std::int64_t first = 0);

// ---- keeping blocks in step -------------------------------------------------------------

// Uploads the core's bytes of every storage whose block is stale. The interpreter calls it
// after each statement (and after a rollback), so device memory holds each statement's results.
void syncStaleMemory();
// Storages whose block is stale now (tests).
std::size_t staleMemoryCount();

namespace detail {
// Storage's bookkeeping of its stale block (Storage.cpp).
void noteMemoryStale(Storage* storage);
void noteMemoryInStep(Storage* storage);
} // namespace detail

} // namespace stridescope
