#pragma once
// A fake CUDA device for the storage hook (gpu/CudaStorageHook.h): host memory stands in for
// device and page-locked memory behind DevicePrimitives, each call is logged as a short line
// ("alloc cuda:0 48", "memcpy h2d 48 pinned", "kernel 4", "synchronize", "readback 48", ...), and
// the next copy can be corrupted to test the read-back check. No Qt.
#include "core/DeviceMemory.h"
#include "gpu/DevicePrimitives.h"

#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace stridescope::testing {

class FakeDevice final : public gpu::DevicePrimitives {
public:
    struct Allocation {
        int device = -1; // -1: page-locked host memory
        std::int64_t bytes = 0;
    };

    std::vector<std::string> events;
    std::map<const unsigned char*, Allocation> live;
    std::int64_t capacity = std::int64_t(2) << 30;
    std::int64_t allocations = 0;
    std::int64_t frees = 0;
    bool corruptNextCopy = false; // flips a byte of what the next timed copy or kernel writes
    int deviceCountValue = 2;

    int deviceCount() const override { return deviceCountValue; }
    std::string deviceName(int) const override { return "Fake GPU"; }
    std::int64_t totalMemoryBytes(int) const override { return capacity; }

    void* allocateDevice(int device, std::int64_t bytes) override {
        if (bytes > capacity)
            return nullptr;
        events.push_back("alloc cuda:" + std::to_string(device) + " " + std::to_string(bytes));
        return make(device, bytes);
    }
    void freeDevice(int device, void* pointer) noexcept override {
        events.push_back("free cuda:" + std::to_string(device) + " " + std::to_string(release(pointer)));
    }
    void* allocatePinned(std::int64_t bytes) override {
        events.push_back("alloc pinned " + std::to_string(bytes));
        return make(-1, bytes);
    }
    void freePinned(void* pointer) noexcept override {
        events.push_back("free pinned " + std::to_string(release(pointer)));
    }
    void fill(int, void* pointer, std::int64_t bytes, bool pattern) override {
        auto* p = static_cast<unsigned char*>(pointer);
        if (pattern)
            fillBytePattern(p, bytes);
        else
            std::memset(p, 0, static_cast<std::size_t>(bytes));
    }
    void copySync(gpu::MemcpyKind kind, int, void* dst, int, const void* src, std::int64_t bytes) override {
        events.push_back(std::string(kind == gpu::MemcpyKind::HostToDevice ? "upload " : "readback ") +
                         std::to_string(bytes));
        std::memcpy(dst, src, static_cast<std::size_t>(bytes));
    }
    void begin(int) override { m_marks = 1; }
    void memcpyAsync(gpu::MemcpyKind kind, int, void* dst, int, const void* src,
                     std::int64_t bytes) override {
        std::string name = kind == gpu::MemcpyKind::HostToDevice   ? "memcpy h2d "
                           : kind == gpu::MemcpyKind::DeviceToHost ? "memcpy d2h "
                           : kind == gpu::MemcpyKind::Peer         ? "memcpy peer "
                                                                   : "memcpy d2d ";
        name += std::to_string(bytes);
        if (kind == gpu::MemcpyKind::HostToDevice || kind == gpu::MemcpyKind::DeviceToHost) {
            const void* host = kind == gpu::MemcpyKind::HostToDevice ? src : dst;
            name += isPinned(host) ? " pinned" : " pageable";
        }
        events.push_back(name);
        std::memcpy(dst, src, static_cast<std::size_t>(bytes));
        corrupt(dst);
    }
    void stridedCopy(void* dst, const Layout& dstLayout, const void* src, const Layout& srcLayout,
                     int elementSize) override {
        events.push_back("kernel " + std::to_string(elementSize));
        const auto contiguous =
            gatherRowMajor(static_cast<const unsigned char*>(src), srcLayout, elementSize);
        scatterRowMajor(static_cast<unsigned char*>(dst), dstLayout, elementSize, contiguous.data());
        if (dstLayout.numel() > 0)
            corrupt(static_cast<unsigned char*>(dst) + dstLayout.storageOffset * elementSize);
    }
    void mark() override { ++m_marks; }
    void synchronize() override { events.push_back("synchronize"); }
    bool done() override {
        events.push_back("query");
        return false; // the DMA is still running
    }
    std::vector<double> finish() override {
        return std::vector<double>(static_cast<std::size_t>(m_marks - 1), 0.25);
    }

    std::int64_t liveBytes(int device) const {
        std::int64_t total = 0;
        for (const auto& [p, a] : live)
            if (a.device == device)
                total += a.bytes;
        return total;
    }

private:
    void* make(int device, std::int64_t bytes) {
        auto* p = new unsigned char[static_cast<std::size_t>(bytes)];
        live[p] = {device, bytes};
        ++allocations;
        return p;
    }
    std::int64_t release(void* pointer) {
        auto* p = static_cast<unsigned char*>(pointer);
        const auto it = live.find(p);
        if (it == live.end())
            return -1;
        const std::int64_t bytes = it->second.bytes;
        live.erase(it);
        delete[] p;
        ++frees;
        return bytes;
    }
    bool isPinned(const void* host) const {
        const auto* p = static_cast<const unsigned char*>(host);
        for (const auto& [base, a] : live)
            if (a.device < 0 && p >= base && p < base + a.bytes)
                return true;
        return false;
    }
    void corrupt(void* dst) {
        if (corruptNextCopy) {
            corruptNextCopy = false;
            static_cast<unsigned char*>(dst)[0] ^= 0x40;
        }
    }
    int m_marks = 0;
};

} // namespace stridescope::testing
