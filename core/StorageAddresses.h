#pragma once
// Where the made-up data_ptr of a new Storage comes from. By default it follows the process-wide
// storage id, so it changes each time a script is run again. While a StorageAddressSequence is
// active on a thread, the storages made there take their addresses from it instead: the n-th
// storage of the sequence always gets the same address. The window keeps one sequence per
// session and replays with it, so `x.data_ptr()` stays the same however often the script is
// re-run (undo, redo, reopen, a lesson stepped back and forth).
#include <cstdint>

namespace stridescope {

class StorageAddressSequence {
public:
    // Makes `next` (the index of the next storage, advanced by each one made) the source of
    // addresses on this thread until destruction; sequences nest.
    explicit StorageAddressSequence(std::uint64_t& next);
    ~StorageAddressSequence();
    StorageAddressSequence(const StorageAddressSequence&) = delete;
    StorageAddressSequence& operator=(const StorageAddressSequence&) = delete;

    // The address of storage number `index`: 1 GiB apart, 64-byte aligned like PyTorch's CPU
    // allocator.
    static std::uint64_t addressOf(std::uint64_t index) { return 0x7f0000000000ull + (index % 4096) * 0x40000000ull; }

private:
    std::uint64_t* m_previous;
};

} // namespace stridescope
