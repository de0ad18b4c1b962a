#include "gpu/CudaStorageHook.h"

#include "core/Error.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iomanip>
#include <limits>
#include <mutex>
#include <sstream>

namespace stridescope::gpu {

std::string formatMemorySize(std::int64_t bytes) {
    std::ostringstream os;
    os.precision(2);
    os << std::fixed;
    const auto size = static_cast<double>(bytes);
    if (bytes <= 1024)
        os << bytes << " bytes";
    else if (bytes <= 1048576)
        os << size / 1024.0 << " KiB";
    else if (bytes <= 1073741824LL)
        os << size / 1048576.0 << " MiB";
    else
        os << size / 1073741824.0 << " GiB";
    return os.str();
}

namespace {

// One line per event to $STRIDESCOPE_CUDA_LOG, when set.
class EventLog {
public:
    EventLog() {
        if (const char* path = std::getenv("STRIDESCOPE_CUDA_LOG"); path && *path)
            m_file = std::fopen(path, "a");
    }
    ~EventLog() {
        if (m_file)
            std::fclose(m_file);
    }
    EventLog(const EventLog&) = delete;
    EventLog& operator=(const EventLog&) = delete;
    bool on() const { return m_file != nullptr; }
    void write(const std::string& line) {
        if (!m_file)
            return;
        std::lock_guard lock(m_mutex);
        std::fprintf(m_file, "%s\n", line.c_str());
        std::fflush(m_file);
    }

private:
    std::FILE* m_file = nullptr;
    std::mutex m_mutex;
};

EventLog& eventLog() {
    static EventLog* log = new EventLog(); // blocks may be freed after static destruction began
    return *log;
}

// A storage's block: device memory (device >= 0) or page-locked host memory (device == -1).
class Block final : public StorageMemory {
public:
    Block(std::shared_ptr<DevicePrimitives> primitives, int device, void* pointer, std::int64_t bytes)
        : m_primitives(std::move(primitives)), m_device(device), m_pointer(pointer), m_bytes(bytes) {}
    ~Block() override {
        if (!m_pointer)
            return;
        if (m_device >= 0)
            m_primitives->freeDevice(m_device, m_pointer);
        else
            m_primitives->freePinned(m_pointer);
        if (eventLog().on())
            eventLog().write("free " + where() + " " + std::to_string(m_bytes) + " B");
    }
    Block(const Block&) = delete;
    Block& operator=(const Block&) = delete;

    std::int64_t bytes() const override { return m_bytes; }
    int device() const { return m_device; }
    unsigned char* data() const { return static_cast<unsigned char*>(m_pointer); }
    std::string where() const { return m_device >= 0 ? "cuda:" + std::to_string(m_device) : "cpu pinned"; }

private:
    std::shared_ptr<DevicePrimitives> m_primitives;
    int m_device;
    void* m_pointer;
    std::int64_t m_bytes;
};

Block& blockOf(StorageMemory* memory) { return static_cast<Block&>(*memory); }

// Device temporaries of one copy, freed on every way out.
class Temporaries {
public:
    explicit Temporaries(DevicePrimitives& primitives) : m_primitives(primitives) {}
    ~Temporaries() {
        for (auto& [device, pointer] : m_device)
            m_primitives.freeDevice(device, pointer);
    }
    Temporaries(const Temporaries&) = delete;
    Temporaries& operator=(const Temporaries&) = delete;
    unsigned char* device(int device, std::int64_t bytes) {
        void* p = m_primitives.allocateDevice(device, bytes);
        SS_CHECK(p, RuntimeError, "CUDA out of memory. Tried to allocate ", formatMemorySize(bytes), " (GPU ",
                 device, "; ", formatMemorySize(m_primitives.totalMemoryBytes(device)), " total capacity)");
        m_device.emplace_back(device, p);
        return static_cast<unsigned char*>(p);
    }

private:
    DevicePrimitives& m_primitives;
    std::vector<std::pair<int, void*>> m_device;
};

Layout relativeTo(Layout layout, std::int64_t start) {
    layout.storageOffset -= start;
    return layout;
}

Layout contiguousLayout(const Shape& sizes) { return Layout{sizes, contiguousStrides(sizes), 0}; }

const char* sourceStepName(CopySource step) {
    switch (step) {
    case CopySource::Direct:
        return "direct";
    case CopySource::GatherOnDevice:
        return "contiguous-on-device";
    case CopySource::HostContiguous:
        return "contiguous-on-host";
    case CopySource::Uploaded:
        return "cast-by-core-uploaded";
    }
    return "";
}

const char* destinationStepName(CopyDestination step) {
    switch (step) {
    case CopyDestination::Direct:
        return "direct";
    case CopyDestination::ScatterOnDevice:
        return "strided-write-on-device";
    case CopyDestination::HostTemporary:
        return "host-temporary";
    }
    return "";
}

// A failing CUDA call (CudaError, or any other exception from the primitives) becomes the
// RuntimeError a script sees; the core's own refusals pass through.
template <typename Body> auto guarded(Body&& body) {
    try {
        return body();
    } catch (const TensorError&) {
        throw;
    } catch (const std::exception& e) {
        fail(ErrorKind::RuntimeError, "CUDA error: ", e.what());
    }
}

class StorageHook final : public CudaDeviceHook {
public:
    explicit StorageHook(std::shared_ptr<DevicePrimitives> primitives)
        : m_primitives(std::move(primitives)) {}

    int deviceCount() const override { return m_primitives->deviceCount(); }
    std::string deviceName(int index) const override { return m_primitives->deviceName(index); }

    std::unique_ptr<StorageMemory> allocate(const Placement& placement, std::int64_t bytes,
                                            bool layoutOnly) override {
        return guarded([&] {
            const int device = placement.device.isCuda() ? placement.device.index : -1;
            void* p = nullptr;
            if (bytes > 0) {
                p = device >= 0 ? m_primitives->allocateDevice(device, bytes)
                                : m_primitives->allocatePinned(bytes);
                if (!p) {
                    // CUDACachingAllocator's message, its first part (it rounds to 512-byte blocks).
                    const std::int64_t rounded = bytes > std::numeric_limits<std::int64_t>::max() - 511
                                                     ? bytes
                                                     : (bytes + 511) / 512 * 512;
                    if (device >= 0)
                        fail(ErrorKind::RuntimeError, "CUDA out of memory. Tried to allocate ",
                             formatMemorySize(rounded), " (GPU ", device, "; ",
                             formatMemorySize(m_primitives->totalMemoryBytes(device)), " total capacity)");
                    fail(ErrorKind::RuntimeError, "CUDA error: out of memory (pinned memory of ",
                         formatMemorySize(bytes), ")");
                }
            }
            auto block = std::make_unique<Block>(m_primitives, device, p, bytes);
            if (bytes > 0)
                m_primitives->fill(device, p, bytes, layoutOnly);
            if (eventLog().on())
                eventLog().write("alloc " + block->where() + " " + std::to_string(bytes) + " B" +
                                 (layoutOnly ? " (layout-only: byte pattern)" : ""));
            return std::unique_ptr<StorageMemory>(std::move(block));
        });
    }

    void upload(StorageMemory& memory, const unsigned char* bytes, std::int64_t count) override {
        guarded([&] {
            Block& block = blockOf(&memory);
            const std::int64_t n = std::min(count, block.bytes());
            if (n <= 0)
                return 0;
            if (block.device() >= 0)
                m_primitives->copySync(MemcpyKind::HostToDevice, block.device(), block.data(), -1, bytes, n);
            else
                std::memcpy(block.data(), bytes, static_cast<std::size_t>(n));
            if (eventLog().on())
                eventLog().write("upload " + block.where() + " " + std::to_string(n) +
                                 " B (the core's values)");
            return 0;
        });
    }

    void download(const StorageMemory& memory, std::int64_t offset, std::int64_t count,
                  unsigned char* out) override {
        guarded([&] {
            const Block& block = static_cast<const Block&>(memory);
            SS_CHECK(offset >= 0 && count >= 0 && offset + count <= block.bytes(), RuntimeError,
                     "internal error: a read of ", count, " bytes at ", offset, " outside a block of ",
                     block.bytes());
            if (count == 0)
                return 0;
            if (block.device() >= 0)
                m_primitives->copySync(MemcpyKind::DeviceToHost, -1, out, block.device(),
                                       block.data() + offset, count);
            else
                std::memcpy(out, block.data() + offset, static_cast<std::size_t>(count));
            return 0;
        });
    }

    DeviceCopyResult copy(const DeviceCopy& c) override {
        std::lock_guard lock(m_copyMutex); // one timed sequence at a time
        return guarded([&] { return run(c); });
    }

private:
    // The side's storage bytes as the device sees them: its block, or the core's pageable bytes.
    static const unsigned char* hostBase(const CopySide& side) {
        return side.memory ? blockOf(side.memory).data() : side.hostBytes;
    }

    // The side's elements in row-major order (read untimed: for the round-trip check).
    std::vector<unsigned char> readSide(const CopySide& side) {
        const std::int64_t start = spanStart(side.layout);
        const std::int64_t span = spanElements(side.layout) * side.elementSize;
        if (side.placement.device.isCuda()) {
            std::vector<unsigned char> bytes(static_cast<std::size_t>(span));
            download(*side.memory, start * side.elementSize, span, bytes.data());
            return gatherRowMajor(bytes.data(), relativeTo(side.layout, start), side.elementSize);
        }
        if (const unsigned char* base = hostBase(side))
            return gatherRowMajor(base, side.layout, side.elementSize);
        std::vector<unsigned char> pattern(static_cast<std::size_t>(span));
        fillBytePattern(pattern.data(), span);
        return gatherRowMajor(pattern.data(), relativeTo(side.layout, start), side.elementSize);
    }

    DeviceCopyResult run(const DeviceCopy& c) {
        DevicePrimitives& p = *m_primitives;
        const CopySide& src = c.source;
        const CopySide& dst = c.destination;
        const bool srcOnDevice = src.placement.device.isCuda();
        const bool dstOnDevice = dst.placement.device.isCuda();
        const int srcDevice = srcOnDevice ? src.placement.device.index : -1;
        const int dstDevice = dstOnDevice ? dst.placement.device.index : -1;
        // copy_kernel_cuda runs on the current stream of the GPU involved (the source's for d2d).
        const int device = srcOnDevice ? srcDevice : dstDevice;
        const MemcpyKind kind = c.withinDevice                                   ? MemcpyKind::DeviceToDevice
                                : c.direction == TransferDirection::HostToDevice ? MemcpyKind::HostToDevice
                                : c.direction == TransferDirection::DeviceToHost ? MemcpyKind::DeviceToHost
                                : srcDevice == dstDevice                         ? MemcpyKind::DeviceToDevice
                                                                                 : MemcpyKind::Peer;
        const std::int64_t bytes = c.bytes;
        Temporaries temporaries(p);
        DeviceCopyResult result;
        if (c.wantSent)
            result.sent = readSide(src);

        // ---- the source of the memcpy (or of the kernel) ----
        std::vector<unsigned char> hostSource; // a layout-only source's pattern
        const unsigned char* from = nullptr;
        unsigned char* gathered = nullptr; // src.contiguous() on its device
        switch (c.sourceStep) {
        case CopySource::Direct:
            if (c.engine == CopyEngine::StridedKernel) {
                from = blockOf(src.memory).data(); // the kernel reads the whole layout
            } else if (const unsigned char* base = srcOnDevice ? blockOf(src.memory).data() : hostBase(src)) {
                from = base + spanStart(src.layout) * src.elementSize;
            } else {
                hostSource.resize(static_cast<std::size_t>(bytes));
                fillBytePattern(hostSource.data(), bytes);
                from = hostSource.data();
            }
            break;
        case CopySource::GatherOnDevice:
            gathered = temporaries.device(srcDevice, bytes);
            from = gathered;
            break;
        case CopySource::HostContiguous:
        case CopySource::Uploaded:
            if (c.prepared) {
                from = c.prepared->data();
            } else {
                hostSource.resize(static_cast<std::size_t>(bytes));
                fillBytePattern(hostSource.data(), bytes);
                from = hostSource.data();
            }
            if (c.sourceStep == CopySource::Uploaded) {
                unsigned char* staged = temporaries.device(srcDevice, bytes);
                p.copySync(MemcpyKind::HostToDevice, srcDevice, staged, -1, from, bytes);
                from = staged;
            }
            break;
        }
        if (c.wantSent && !c.prepared &&
            (c.sourceStep == CopySource::HostContiguous || c.sourceStep == CopySource::Uploaded))
            result.sent = hostSource; // a layout-only source's temporary: the pattern it sent
        // ---- where the memcpy writes ----
        std::vector<unsigned char> hostLanding; // pageable host memory that receives the copy
        unsigned char* to = nullptr;
        Layout landingLayout = contiguousLayout(dst.layout.sizes); // how `arrived` reads the landing
        bool scatter = false;
        const std::int64_t dstStart = spanStart(dst.layout);
        switch (c.destinationStep) {
        case CopyDestination::Direct:
            if (c.engine == CopyEngine::StridedKernel) {
                to = blockOf(dst.memory).data();
            } else if (dstOnDevice || dst.memory) {
                to = blockOf(dst.memory).data() + dstStart * dst.elementSize;
                landingLayout = relativeTo(dst.layout, dstStart);
            } else {
                // A pageable destination: this stands in for its memory (the core writes its own).
                hostLanding.resize(static_cast<std::size_t>(bytes));
                to = hostLanding.data();
                landingLayout = relativeTo(dst.layout, dstStart);
            }
            break;
        case CopyDestination::ScatterOnDevice:
            to = temporaries.device(dstDevice, bytes);
            scatter = true;
            break;
        case CopyDestination::HostTemporary:
            hostLanding.resize(static_cast<std::size_t>(bytes));
            to = hostLanding.data();
            break;
        }

        // ---- the timed sequence ----
        p.begin(device);
        const bool gather = gathered != nullptr;
        if (gather) {
            p.stridedCopy(gathered, contiguousLayout(src.layout.sizes), blockOf(src.memory).data(),
                          src.layout, src.elementSize);
            p.mark();
        }
        if (c.engine == CopyEngine::StridedKernel)
            p.stridedCopy(to, dst.layout, from, src.layout, c.copyElementSize);
        else
            p.memcpyAsync(kind, dstOnDevice ? dstDevice : -1, to, srcOnDevice ? srcDevice : -1, from, bytes);
        p.mark();
        if (c.asynchronous)
            result.returnedBeforeDone = !p.done(); // the call came back while the DMA still ran
        else
            p.synchronize(); // memcpy_and_sync
        if (scatter) {
            p.stridedCopy(blockOf(dst.memory).data(), dst.layout, to, contiguousLayout(dst.layout.sizes),
                          dst.elementSize);
            p.mark();
        }
        const std::vector<double> ms = p.finish();
        std::size_t step = 0;
        if (gather && step < ms.size())
            result.gatherMs = ms[step++];
        if (step < ms.size())
            result.copyMs = ms[step++];
        if (scatter && step < ms.size())
            result.scatterMs = ms[step++];

        // ---- read back what arrived ----
        if (dstOnDevice) {
            result.arrived = readSide(dst);
            result.destinationWritten = true;
        } else if (c.destinationStep == CopyDestination::Direct && dst.memory) {
            result.arrived = gatherRowMajor(blockOf(dst.memory).data(), dst.layout, dst.elementSize);
            result.destinationWritten = true; // the pinned block itself received it
        } else {
            result.arrived = gatherRowMajor(hostLanding.data(), landingLayout, c.copyElementSize);
        }
        if (eventLog().on()) {
            std::ostringstream line;
            line << std::fixed << std::setprecision(4) << "copy "
                 << (c.withinDevice ? "within " + dst.placement.device.str()
                                    : transferDirectionName(c.direction))
                 << " " << bytes << " B"
                 << (c.engine == CopyEngine::StridedKernel ? " strided-kernel" : " memcpy")
                 << " source=" << sourceStepName(c.sourceStep)
                 << " destination=" << destinationStepName(c.destinationStep);
            if (!c.withinDevice && c.direction != TransferDirection::DeviceToDevice)
                line << (c.pinned ? " pinned-direct" : " pageable-staged")
                     << (c.asynchronous ? " asynchronous" : " blocking");
            if (c.asynchronous)
                line << (result.returnedBeforeDone ? " (returned before the copy ended)"
                                                   : " (the copy had already ended)");
            line << " copy_ms=" << result.copyMs;
            if (gather)
                line << " contiguous_ms=" << result.gatherMs;
            if (scatter)
                line << " strided_write_ms=" << result.scatterMs;
            if (result.copyMs > 0)
                line << " GB/s=" << static_cast<double>(bytes) / (result.copyMs * 1e6);
            eventLog().write(line.str());
        }
        return result;
    }

    std::shared_ptr<DevicePrimitives> m_primitives;
    std::mutex m_copyMutex;
};

} // namespace

std::shared_ptr<CudaDeviceHook> makeCudaStorageHook(std::shared_ptr<DevicePrimitives> primitives) {
    if (!primitives || primitives->deviceCount() == 0)
        return nullptr;
    return std::make_shared<StorageHook>(std::move(primitives));
}

} // namespace stridescope::gpu
