#include "Storage.h"

#include "DeviceMemory.h"
#include "Error.h"
#include "StorageAddresses.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

namespace stridescope {

namespace {

std::atomic<std::uint64_t> g_nextStorageId{0};
// Bytes of m_bytes over all Storage objects alive (see kMaxTotalValueBytes).
std::atomic<std::int64_t> g_totalValueBytes{0};
// The active StorageAddressSequence's counter on this thread, or null.
thread_local std::uint64_t* t_addressSequence = nullptr;

std::uint64_t nextBaseAddress(std::uint64_t id) {
    if (t_addressSequence)
        return StorageAddressSequence::addressOf((*t_addressSequence)++);
    return StorageAddressSequence::addressOf(id);
}

// x86's cvttsd2si: truncation toward zero, and the "integer indefinite" value (the minimum)
// for NaN and out-of-range inputs. ATen's float->int casts compile to it, so this is what
// PyTorch shows on these machines, without the undefined behaviour of a plain C++ cast.
std::int64_t truncateToInt64(double v) {
    if (std::isnan(v) || v >= 9223372036854775808.0 || v < -9223372036854775808.0)
        return std::numeric_limits<std::int64_t>::min();
    return static_cast<std::int64_t>(v);
}

std::int32_t truncateToInt32(double v) {
    if (std::isnan(v) || v >= 2147483648.0 || v <= -2147483649.0)
        return std::numeric_limits<std::int32_t>::min();
    return static_cast<std::int32_t>(v);
}

// Two's-complement wrap of an integer into `bits` signed bits.
std::int64_t wrapSigned(std::int64_t v, int bits) {
    const std::uint64_t mask = (std::uint64_t(1) << bits) - 1;
    std::uint64_t u = static_cast<std::uint64_t>(v) & mask;
    if (u >> (bits - 1))
        u |= ~mask;
    return static_cast<std::int64_t>(u);
}

float toFloat(const Scalar& v) {
    return v.isFloat() ? static_cast<float>(v.floatValue) : static_cast<float>(v.intValue);
}

} // namespace

Scalar castScalar(const Scalar& v, DType dtype) {
    switch (dtype) {
    case DType::Bool:
        // c10's complex -> bool conversion reads the real part only (torch.tensor([3j]).bool() is False).
        return Scalar::fromBool(v.isFloat() ? v.floatValue != 0.0 : v.intValue != 0);
    case DType::ComplexDouble:
        return Scalar::fromComplex(v.toDouble(), v.imagValue);
    case DType::ComplexFloat:
        return Scalar::fromComplex(static_cast<double>(toFloat(v)),
                                   static_cast<double>(static_cast<float>(v.imagValue)));
    case DType::Float64:
        return Scalar::fromFloat(v.isFloat() ? v.floatValue : static_cast<double>(v.intValue));
    case DType::Float32:
        return Scalar::fromFloat(static_cast<double>(toFloat(v)));
    case DType::Float16:
        return Scalar::fromFloat(static_cast<double>(halfBitsToFloat(floatToHalfBits(toFloat(v)))));
    case DType::BFloat16:
        return Scalar::fromFloat(static_cast<double>(bfloat16BitsToFloat(floatToBFloat16Bits(toFloat(v)))));
    case DType::Int64:
        return Scalar::fromInt(v.isFloat() ? truncateToInt64(v.floatValue) : v.intValue);
    case DType::UInt8: {
        // c10 casts floats to uint8 through int64 so negative values wrap consistently.
        const std::int64_t wide = v.isFloat() ? truncateToInt64(v.floatValue) : v.intValue;
        return Scalar::fromInt(static_cast<std::int64_t>(static_cast<std::uint8_t>(wide & 0xff)));
    }
    case DType::Int32:
    case DType::Int16:
    case DType::Int8: {
        const std::int64_t wide = v.isFloat() ? truncateToInt32(v.floatValue) : v.intValue;
        return Scalar::fromInt(wrapSigned(wide, itemSize(dtype) * 8));
    }
    }
    return v;
}

Scalar checkedCastScalar(const Scalar& v, DType dtype, bool pythonNames) {
    const double f = v.toDouble();
    bool overflows = false;
    const char* cppName = "";
    const char* pythonName = "";
    auto outside = [&](double lowest, double highest) {
        if (v.isFloat())
            return std::isnan(f) || f < lowest || f > highest;
        return static_cast<double>(v.intValue) < lowest || static_cast<double>(v.intValue) > highest;
    };
    // c10::checked_convert: a complex value with an imaginary part does not fit a real dtype.
    if (v.isComplex() && v.imagValue != 0.0 && !isComplex(dtype) && dtype != DType::Bool)
        overflows = true;
    switch (dtype) {
    case DType::Bool:
    case DType::ComplexFloat:
    case DType::ComplexDouble:
        break;
    case DType::UInt8:
        // c10 lets an unsigned type take negatives down to -max (they wrap, as in C).
        cppName = "uint8_t", pythonName = "uint8";
        overflows = overflows || outside(-255.0, 255.0);
        break;
    case DType::Int8:
        cppName = "int8_t", pythonName = "int8";
        overflows = overflows || outside(-128.0, 127.0);
        break;
    case DType::Int16:
        cppName = "int16_t", pythonName = "int16";
        overflows = overflows || outside(-32768.0, 32767.0);
        break;
    case DType::Int32:
        cppName = "int", pythonName = "int32";
        overflows = overflows || outside(-2147483648.0, 2147483647.0);
        break;
    case DType::Int64:
        cppName = "int64_t", pythonName = "int64";
        overflows =
            overflows ||
            (v.isFloat() && (std::isnan(f) || f < -9223372036854775808.0 || f >= 9223372036854775808.0));
        break;
    case DType::Float16:
    case DType::BFloat16:
    case DType::Float32:
    case DType::Float64: {
        // Infinity and NaN convert; a finite value beyond the largest finite one does not.
        const double highest = dtype == DType::Float16    ? 65504.0
                               : dtype == DType::BFloat16 ? 3.3895313892515355e38
                               : dtype == DType::Float32  ? 3.4028234663852886e38
                                                          : 1.7976931348623157e308;
        cppName = dtype == DType::Float16    ? "at::Half"
                  : dtype == DType::BFloat16 ? "at::BFloat16"
                  : dtype == DType::Float32  ? "float"
                                             : "double";
        pythonName = cppName;
        overflows = overflows || (!pythonNames && std::isfinite(f) && (f < -highest || f > highest));
        break;
    }
    }
    if (overflows)
        throw TensorError(ErrorKind::RuntimeError, std::string("value cannot be converted to type ") +
                                                       (pythonNames ? pythonName : cppName) + " without overflow");
    return castScalar(v, dtype);
}

StorageAddressSequence::StorageAddressSequence(std::uint64_t& next) : m_previous(t_addressSequence) {
    t_addressSequence = &next;
}

StorageAddressSequence::~StorageAddressSequence() { t_addressSequence = m_previous; }

Storage::Storage(DType dtype, std::int64_t elementCount, bool keepValues)
    : m_id(g_nextStorageId++), m_dtype(dtype), m_elementCount(elementCount),
      m_baseAddress(nextBaseAddress(m_id)),
      m_hasValues(keepValues && elementCount <= kMaxValueElements) {
    if (m_hasValues && elementCount > 0) {
        const std::int64_t bytes = elementCount * itemSize(dtype);
        const std::int64_t held = g_totalValueBytes.fetch_add(bytes) + bytes;
        if (held > kMaxTotalValueBytes) {
            g_totalValueBytes -= bytes;
            fail(ErrorKind::RuntimeError, "StrideScope keeps the values of at most ", kMaxTotalValueBytes >> 20,
                 " MiB of tensors at a time and this tensor's ", bytes,
                 " bytes would pass that; delete tensors you no longer need (del x)");
        }
        try {
            m_bytes.assign(static_cast<std::size_t>(bytes), 0);
        } catch (...) {
            g_totalValueBytes -= bytes; // no destructor runs for a constructor that throws
            throw;
        }
    }
    m_placement = currentAllocationPlacement();
    try {
        allocateMemory();
    } catch (...) {
        g_totalValueBytes -= static_cast<std::int64_t>(m_bytes.size());
        throw;
    }
    // Counted last: nothing above can throw after it.
    if (m_placement.device.isCuda()) {
        const std::int64_t bytes = nbytes();
        // CUDACachingAllocator hands out blocks in multiples of 512 bytes.
        m_countedCudaBytes = bytes > std::numeric_limits<std::int64_t>::max() - 512 ? bytes : (bytes + 511) / 512 * 512;
        addCudaAllocation(m_placement.device.index, m_countedCudaBytes);
    }
}

Storage::Storage(const Storage& other)
    : m_id(other.m_id), m_dtype(other.m_dtype), m_elementCount(other.m_elementCount),
      m_baseAddress(other.m_baseAddress), m_hasValues(other.m_hasValues), m_placement(other.m_placement),
      m_bytes(other.m_bytes) {
    g_totalValueBytes += static_cast<std::int64_t>(m_bytes.size());
}

Storage& Storage::operator=(const Storage& other) {
    if (this != &other) {
        g_totalValueBytes += static_cast<std::int64_t>(other.m_bytes.size()) - static_cast<std::int64_t>(m_bytes.size());
        m_id = other.m_id;
        m_dtype = other.m_dtype;
        m_elementCount = other.m_elementCount;
        m_baseAddress = other.m_baseAddress;
        m_hasValues = other.m_hasValues;
        m_placement = other.m_placement;
        m_bytes = other.m_bytes;
        // The block stays this storage's (an undo snapshot has none); it now holds old bytes.
        if (m_memory)
            markMemoryStale();
    }
    return *this;
}

void Storage::allocateMemory() {
    if (!m_placement.device.isCuda() && !m_placement.pinned)
        return;
    if (CudaDeviceHook* hook = cudaDeviceHook())
        m_memory = hook->allocate(m_placement, nbytes(), !m_hasValues); // zeros, like m_bytes
}

void Storage::markMemoryStale() {
    m_memoryStale = true;
    detail::noteMemoryStale(this);
}

void Storage::markMemoryInStep() {
    if (m_memoryStale) {
        m_memoryStale = false;
        detail::noteMemoryInStep(this);
    }
}

void Storage::syncMemory() {
    if (!m_memoryStale)
        return;
    CudaDeviceHook* hook = cudaDeviceHook();
    if (hook && m_memory) {
        // resize_ (or an undo across one) changed the size: a new block, as PyTorch reallocates.
        if (m_memory->bytes() != nbytes()) {
            m_memory.reset();
            m_memory = hook->allocate(m_placement, nbytes(), !m_hasValues);
        }
        if (m_hasValues && !m_bytes.empty())
            hook->upload(*m_memory, m_bytes.data(), static_cast<std::int64_t>(m_bytes.size()));
    }
    markMemoryInStep();
}

void Storage::resize(std::int64_t elementCount) {
    std::optional<Storage> made;
    {
        // A host-only temporary: the block is reallocated at the next sync (syncMemory).
        AllocationScope hostOnly(Placement{});
        made.emplace(m_dtype, elementCount, m_hasValues);
    }
    Storage& resized = *made;
    const std::size_t kept = std::min(m_bytes.size(), resized.m_bytes.size());
    if (resized.m_hasValues && m_hasValues && kept > 0)
        std::memcpy(resized.m_bytes.data(), m_bytes.data(), kept);
    resized.m_id = m_id; // the same storage, at the new allocation's address
    // It stays where it was (operator= copies the temporary's placement) and its CUDA bytes are
    // counted at the new size; the temporary uncounts its own when it goes.
    const Placement placement = m_placement;
    const std::int64_t counted = m_countedCudaBytes;
    *this = resized;
    m_placement = placement;
    m_countedCudaBytes = counted;
    if (m_placement.device.isCuda()) {
        const std::int64_t bytes = nbytes();
        const std::int64_t rounded =
            bytes > std::numeric_limits<std::int64_t>::max() - 512 ? bytes : (bytes + 511) / 512 * 512;
        addCudaAllocation(m_placement.device.index, rounded - m_countedCudaBytes);
        m_countedCudaBytes = rounded;
    }
}

Storage::~Storage() {
    markMemoryInStep();
    m_memory.reset(); // frees the device (or page-locked) block
    g_totalValueBytes -= static_cast<std::int64_t>(m_bytes.size());
    if (m_countedCudaBytes)
        addCudaAllocation(m_placement.device.index, -m_countedCudaBytes);
}

void Storage::forgetValues() {
    g_totalValueBytes -= static_cast<std::int64_t>(m_bytes.size());
    m_hasValues = false;
    m_bytes.clear();
    m_bytes.shrink_to_fit();
    markMemoryInStep(); // nothing left to upload: the block's bytes are as unknown as the model's
}

Scalar Storage::load(DType dtype, std::int64_t index) const {
    const unsigned char* p = m_bytes.data() + index * itemSize(dtype);
    auto read = [p](auto typed) {
        std::memcpy(&typed, p, sizeof typed);
        return typed;
    };
    switch (dtype) {
    case DType::Bool:
        return Scalar::fromBool(read(std::uint8_t{}) != 0);
    case DType::UInt8:
        return Scalar::fromInt(read(std::uint8_t{}));
    case DType::Int8:
        return Scalar::fromInt(read(std::int8_t{}));
    case DType::Int16:
        return Scalar::fromInt(read(std::int16_t{}));
    case DType::Int32:
        return Scalar::fromInt(read(std::int32_t{}));
    case DType::Int64:
        return Scalar::fromInt(read(std::int64_t{}));
    case DType::Float16:
        return Scalar::fromFloat(halfBitsToFloat(read(std::uint16_t{})));
    case DType::BFloat16:
        return Scalar::fromFloat(bfloat16BitsToFloat(read(std::uint16_t{})));
    case DType::Float32:
        return Scalar::fromFloat(read(float{}));
    case DType::Float64:
        return Scalar::fromFloat(read(double{}));
    case DType::ComplexFloat: {
        const float re = read(float{});
        float im = 0.0f;
        std::memcpy(&im, p + sizeof(float), sizeof im);
        return Scalar::fromComplex(re, im);
    }
    case DType::ComplexDouble: {
        const double re = read(double{});
        double im = 0.0;
        std::memcpy(&im, p + sizeof(double), sizeof im);
        return Scalar::fromComplex(re, im);
    }
    }
    return {};
}

void Storage::store(DType dtype, std::int64_t index, const Scalar& value) {
    if (m_memory && !m_memoryStale)
        markMemoryStale();
    unsigned char* p = m_bytes.data() + index * itemSize(dtype);
    const Scalar v = castScalar(value, dtype);
    auto write = [p](auto typed) { std::memcpy(p, &typed, sizeof typed); };
    switch (dtype) {
    case DType::Bool:
        write(static_cast<std::uint8_t>(v.intValue != 0));
        break;
    case DType::UInt8:
        write(static_cast<std::uint8_t>(v.intValue));
        break;
    case DType::Int8:
        write(static_cast<std::int8_t>(v.intValue));
        break;
    case DType::Int16:
        write(static_cast<std::int16_t>(v.intValue));
        break;
    case DType::Int32:
        write(static_cast<std::int32_t>(v.intValue));
        break;
    case DType::Int64:
        write(v.intValue);
        break;
    case DType::Float16:
        write(floatToHalfBits(static_cast<float>(v.floatValue)));
        break;
    case DType::BFloat16:
        write(floatToBFloat16Bits(static_cast<float>(v.floatValue)));
        break;
    case DType::Float32:
        write(static_cast<float>(v.floatValue));
        break;
    case DType::Float64:
        write(v.floatValue);
        break;
    case DType::ComplexFloat: {
        const float parts[2] = {static_cast<float>(v.floatValue), static_cast<float>(v.imagValue)};
        std::memcpy(p, parts, sizeof parts);
        break;
    }
    case DType::ComplexDouble: {
        const double parts[2] = {v.floatValue, v.imagValue};
        std::memcpy(p, parts, sizeof parts);
        break;
    }
    }
}

} // namespace stridescope
