#pragma once
// A number as the script language and the element accessors see it: a bool, an integer, a
// floating-point or a complex value. Integers stay exact in 64 bits; floats are doubles; a complex
// number keeps its real part in floatValue (so code that reads a real number reads the real part,
// as a cast of a complex value to a real dtype does) and its imaginary part in imagValue.
#include <cstdint>

namespace stridescope {

struct Scalar {
    enum class Kind { Bool, Int, Float, Complex };
    Kind kind = Kind::Int;
    std::int64_t intValue = 0;
    double floatValue = 0.0;
    double imagValue = 0.0;

    static Scalar fromBool(bool v) { return {Kind::Bool, v ? 1 : 0, v ? 1.0 : 0.0}; }
    static Scalar fromInt(std::int64_t v) { return {Kind::Int, v, static_cast<double>(v)}; }
    static Scalar fromFloat(double v) { return {Kind::Float, static_cast<std::int64_t>(0), v}; }
    static Scalar fromComplex(double re, double im) { return {Kind::Complex, 0, re, im}; }

    // True for complex too: floatValue holds the value (the real part) to read.
    bool isFloat() const { return kind == Kind::Float || kind == Kind::Complex; }
    bool isComplex() const { return kind == Kind::Complex; }
    bool isBool() const { return kind == Kind::Bool; }
    double toDouble() const { return isFloat() ? floatValue : static_cast<double>(intValue); }
    bool operator==(const Scalar&) const = default;
};

} // namespace stridescope
