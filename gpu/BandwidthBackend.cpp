#include "gpu/BandwidthBackend.h"

namespace stridescope::gpu {

std::string caseName(CopyKernel kernel) {
    switch (kernel) {
    case CopyKernel::ReadThroughLayout:
        return "read_through_layout";
    case CopyKernel::Tiled:
        return "tiled";
    case CopyKernel::Baseline:
        return "baseline_copy";
    case CopyKernel::Memcpy:
        return "memcpy";
    }
    return "unknown";
}

std::string unsupportedElementSizeMessage(int size) {
    return "element size must be 1, 2, 4, 8 or 16 bytes, not " + std::to_string(size);
}

std::string transferName(TransferDirection direction, bool pinned) {
    return std::string(direction == TransferDirection::HostToDevice ? "h2d" : "d2h") +
           (pinned ? "_pinned" : "_pageable");
}

std::vector<std::int64_t> defaultTransferSizes() {
    std::vector<std::int64_t> sizes;
    for (std::int64_t bytes = std::int64_t(4) << 10; bytes <= std::int64_t(256) << 20; bytes *= 2)
        sizes.push_back(bytes);
    return sizes;
}

} // namespace stridescope::gpu
