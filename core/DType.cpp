#include "DType.h"

#include "Error.h"

#include <array>
#include <bit>
#include <cmath>
#include <cstring>

namespace stridescope {

namespace {

struct DTypeInfo {
    DType dtype;
    int itemSize;
    const char* shortName;
    const char* scalarTypeName;
    const char* legacyName;
    const char* cppName; // the demangled C++ element type a few PyTorch messages print
};

// Indexed by the enum's value.
constexpr std::array<DTypeInfo, 12> kDTypes = {{
    {DType::Bool, 1, "bool", "Bool", "torch.BoolTensor", "bool"},
    {DType::UInt8, 1, "uint8", "Byte", "torch.ByteTensor", "unsigned char"},
    {DType::Int8, 1, "int8", "Char", "torch.CharTensor", "signed char"},
    {DType::Int16, 2, "int16", "Short", "torch.ShortTensor", "short int"},
    {DType::Int32, 4, "int32", "Int", "torch.IntTensor", "int"},
    {DType::Int64, 8, "int64", "Long", "torch.LongTensor", "long int"},
    {DType::Float16, 2, "float16", "Half", "torch.HalfTensor", "c10::Half"},
    {DType::BFloat16, 2, "bfloat16", "BFloat16", "torch.BFloat16Tensor", "c10::BFloat16"},
    {DType::Float32, 4, "float32", "Float", "torch.FloatTensor", "float"},
    {DType::Float64, 8, "float64", "Double", "torch.DoubleTensor", "double"},
    {DType::ComplexFloat, 8, "complex64", "ComplexFloat", "torch.ComplexFloatTensor", "c10::complex<float>"},
    {DType::ComplexDouble, 16, "complex128", "ComplexDouble", "torch.ComplexDoubleTensor",
     "c10::complex<double>"},
}};

const DTypeInfo& info(DType dtype) { return kDTypes[static_cast<std::size_t>(dtype)]; }

struct Alias {
    const char* name;
    DType dtype;
};
constexpr std::array<Alias, 21> kAttributeNames = {{
    {"float32", DType::Float32},
    {"float", DType::Float32},
    {"float64", DType::Float64},
    {"double", DType::Float64},
    {"float16", DType::Float16},
    {"half", DType::Float16},
    {"bfloat16", DType::BFloat16},
    {"int8", DType::Int8},
    {"uint8", DType::UInt8},
    {"int16", DType::Int16},
    {"short", DType::Int16},
    {"int32", DType::Int32},
    {"int", DType::Int32},
    {"int64", DType::Int64},
    {"long", DType::Int64},
    {"bool", DType::Bool},
    {"char", DType::Int8},
    {"complex64", DType::ComplexFloat},
    {"cfloat", DType::ComplexFloat},
    {"complex128", DType::ComplexDouble},
    {"cdouble", DType::ComplexDouble},
}};

} // namespace

int itemSize(DType dtype) { return info(dtype).itemSize; }

DTypeCategory categoryOf(DType dtype) {
    switch (dtype) {
    case DType::Bool:
        return DTypeCategory::Boolean;
    case DType::Float16:
    case DType::BFloat16:
    case DType::Float32:
    case DType::Float64:
        return DTypeCategory::Floating;
    case DType::ComplexFloat:
    case DType::ComplexDouble:
        return DTypeCategory::Complex;
    default:
        return DTypeCategory::Integral;
    }
}

bool isFloating(DType dtype) { return categoryOf(dtype) == DTypeCategory::Floating; }

bool isIntegral(DType dtype, bool includeBool) {
    auto category = categoryOf(dtype);
    return category == DTypeCategory::Integral || (includeBool && category == DTypeCategory::Boolean);
}

bool isComplex(DType dtype) { return categoryOf(dtype) == DTypeCategory::Complex; }

DType toRealValueType(DType dtype) {
    if (dtype == DType::ComplexFloat)
        return DType::Float32;
    if (dtype == DType::ComplexDouble)
        return DType::Float64;
    return dtype;
}

DType toComplexType(DType dtype) {
    return dtype == DType::Float64 || dtype == DType::ComplexDouble ? DType::ComplexDouble
                                                                    : DType::ComplexFloat;
}

std::string dtypeName(DType dtype) { return std::string("torch.") + info(dtype).shortName; }
std::string dtypeShortName(DType dtype) { return info(dtype).shortName; }
std::string scalarTypeName(DType dtype) { return info(dtype).scalarTypeName; }
std::string legacyTensorTypeName(DType dtype) { return info(dtype).legacyName; }
std::string cppTypeName(DType dtype) { return info(dtype).cppName; }
std::string dispatchRefusal(const char* kernel, DType dtype) {
    return std::string("\"") + kernel + "\" not implemented for '" + info(dtype).scalarTypeName + "'";
}

std::optional<DType> dtypeFromAttributeName(std::string_view name) {
    for (const auto& alias : kAttributeNames)
        if (name == alias.name)
            return alias.dtype;
    return std::nullopt;
}

std::vector<std::string> dtypeAttributeNames() {
    std::vector<std::string> names;
    for (const auto& alias : kAttributeNames)
        names.emplace_back(alias.name);
    return names;
}

DType promoteTypes(DType a, DType b) {
    if (a == b)
        return a;
    if (a == DType::Bool)
        return b;
    if (b == DType::Bool)
        return a;
    // c10's table: a complex result whose parts are double when either side has double parts
    // (complex64 + float64 is complex128), else float (complex64 + int64, + float16 stay complex64).
    if (isComplex(a) || isComplex(b)) {
        const bool doubleParts = a == DType::Float64 || b == DType::Float64 || a == DType::ComplexDouble ||
                                 b == DType::ComplexDouble;
        return doubleParts ? DType::ComplexDouble : DType::ComplexFloat;
    }
    const bool aFloat = isFloating(a), bFloat = isFloating(b);
    if (aFloat != bFloat)
        return aFloat ? a : b;
    if (aFloat) {
        // Half and BFloat16 have no common 16-bit type: c10 promotes them to Float.
        if ((a == DType::Float16 && b == DType::BFloat16) || (a == DType::BFloat16 && b == DType::Float16))
            return DType::Float32;
        return itemSize(a) >= itemSize(b) ? a : b;
    }
    // Integers: uint8 mixed with a signed type needs the next wider signed type.
    if (a == DType::UInt8 || b == DType::UInt8) {
        DType other = a == DType::UInt8 ? b : a;
        return other == DType::Int8 ? DType::Int16 : other;
    }
    return itemSize(a) >= itemSize(b) ? a : b;
}

bool canCast(DType from, DType to) {
    if (isComplex(from) && !isComplex(to))
        return false;
    if (isFloating(from) && isIntegral(to, false))
        return false;
    if (from != DType::Bool && to == DType::Bool)
        return false;
    return true;
}

std::uint16_t floatToHalfBits(float value) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
    const std::uint16_t sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000u);
    const std::uint32_t magnitude = bits & 0x7fffffffu;
    if (magnitude >= 0x7f800000u) // inf or NaN
        return sign | (magnitude > 0x7f800000u ? 0x7e00u : 0x7c00u);
    if (magnitude >= 0x477ff000u) // >= 65520 rounds (ties-to-even) past 65504 to infinity
        return sign | 0x7c00u;
    if (magnitude < 0x38800000u) {
        // Below 2^-14 the result is subnormal: its unit is 2^-24. Scaling by 2^24 is exact in
        // float and nearbyint rounds to nearest-even under the default rounding mode.
        const float scaled = std::fabs(value) * 16777216.0f;
        return sign | static_cast<std::uint16_t>(std::nearbyint(scaled));
    }
    const std::uint32_t exponent = (magnitude >> 23) - 127 + 15;
    const std::uint32_t mantissa = magnitude & 0x7fffffu;
    std::uint32_t half = (exponent << 10) | (mantissa >> 13);
    const std::uint32_t remainder = mantissa & 0x1fffu;
    if (remainder > 0x1000u || (remainder == 0x1000u && (half & 1u)))
        ++half; // a carry into the exponent is the correct rounding
    return static_cast<std::uint16_t>(sign | half);
}

float halfBitsToFloat(std::uint16_t bits) {
    const std::uint32_t sign = static_cast<std::uint32_t>(bits & 0x8000u) << 16;
    const std::uint32_t exponent = (bits >> 10) & 0x1fu;
    const std::uint32_t mantissa = bits & 0x3ffu;
    if (exponent == 0) {
        const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
        return sign ? -magnitude : magnitude;
    }
    if (exponent == 0x1f)
        return std::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
    return std::bit_cast<float>(sign | ((exponent - 15 + 127) << 23) | (mantissa << 13));
}

std::uint16_t floatToBFloat16Bits(float value) {
    if (std::isnan(value))
        return 0x7fc0u;
    std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
    const std::uint32_t lsb = (bits >> 16) & 1u;
    bits += 0x7fffu + lsb;
    return static_cast<std::uint16_t>(bits >> 16);
}

float bfloat16BitsToFloat(std::uint16_t bits) {
    return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
}
float roundToBFloat16(float value) { return bfloat16BitsToFloat(floatToBFloat16Bits(value)); }
float roundToHalf(float value) { return halfBitsToFloat(floatToHalfBits(value)); }

} // namespace stridescope
