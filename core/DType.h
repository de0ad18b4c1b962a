#pragma once
// Element types as PyTorch names them, with their sizes, the type-promotion lattice and the
// conversions that give a value its dtype (int8 wraps, float16/bfloat16 round to nearest-even).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace stridescope {

enum class DType : std::uint8_t {
    Bool,
    UInt8,
    Int8,
    Int16,
    Int32,
    Int64,
    Float16,
    BFloat16,
    Float32,
    Float64,
    ComplexFloat,  // complex64: two float32, real then imaginary
    ComplexDouble, // complex128: two float64
};

enum class DTypeCategory { Boolean, Integral, Floating, Complex };

int itemSize(DType dtype);
DTypeCategory categoryOf(DType dtype);
bool isFloating(DType dtype);
bool isIntegral(DType dtype, bool includeBool);
bool isComplex(DType dtype);
// complex64 <-> float32, complex128 <-> float64 (c10::toRealValueType / toComplexType); other
// dtypes map to themselves under toRealValueType.
DType toRealValueType(DType dtype);
DType toComplexType(DType dtype);

// "torch.float32", as `print(x.dtype)` shows it.
std::string dtypeName(DType dtype);
// "float32", the short name used in JSON and in the UI.
std::string dtypeShortName(DType dtype);
// "Float", "Long", ...: the scalar type name PyTorch uses in its error messages.
std::string scalarTypeName(DType dtype);
// "torch.LongTensor": the legacy type string used by a few PyTorch messages.
std::string legacyTensorTypeName(DType dtype);
// "long int", "c10::Half": the C++ element type name (demangled typeid) that set_'s and the
// structured in-place ops' dtype messages print.
std::string cppTypeName(DType dtype);
// The refusal of an ATen dtype dispatch that has no kernel for `dtype`:
// "\"kernel\" not implemented for 'Float'" (a RuntimeError in PyTorch).
std::string dispatchRefusal(const char* kernel, DType dtype);
// Accepts PyTorch's attribute names after "torch.": float32, float, half, long, bool, ...
std::optional<DType> dtypeFromAttributeName(std::string_view name);
std::vector<std::string> dtypeAttributeNames();

DType promoteTypes(DType a, DType b);
// c10::canCast: floating -> integral and anything -> bool (except bool) are refused.
bool canCast(DType from, DType to);

// Rounding through the narrow float formats, exactly as c10::Half / c10::BFloat16 do.
std::uint16_t floatToHalfBits(float value);
float halfBitsToFloat(std::uint16_t bits);
std::uint16_t floatToBFloat16Bits(float value);
float bfloat16BitsToFloat(std::uint16_t bits);
// A float rounded to the nearest c10::BFloat16 / c10::Half and back: the step c10's 16-bit float
// arithmetic takes after every operation.
float roundToBFloat16(float value);
float roundToHalf(float value);

} // namespace stridescope
