#pragma once
// A number as the script language and the element accessors see it: a bool, an integer or a
// floating-point value. Integers stay exact in 64 bits; floats are doubles.
#include <cstdint>

namespace stridescope {

struct Scalar {
    enum class Kind { Bool, Int, Float };
    Kind kind = Kind::Int;
    std::int64_t intValue = 0;
    double floatValue = 0.0;

    static Scalar fromBool(bool v) { return {Kind::Bool, v ? 1 : 0, v ? 1.0 : 0.0}; }
    static Scalar fromInt(std::int64_t v) { return {Kind::Int, v, static_cast<double>(v)}; }
    static Scalar fromFloat(double v) { return {Kind::Float, static_cast<std::int64_t>(0), v}; }

    bool isFloat() const { return kind == Kind::Float; }
    bool isBool() const { return kind == Kind::Bool; }
    double toDouble() const { return kind == Kind::Float ? floatValue : static_cast<double>(intValue); }
    bool operator==(const Scalar&) const = default;
};

} // namespace stridescope
