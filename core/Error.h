#pragma once
// The one table of errors. Every refusal in the program is a TensorError with the Python
// exception kind PyTorch raises and PyTorch's own message text; tests compare exact strings.
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace stridescope {

enum class ErrorKind {
    RuntimeError,
    IndexError,
    TypeError,
    ValueError,
    SyntaxError,
    NameError,
    AttributeError,
    OverflowError,
    ZeroDivisionError,
    ModuleNotFoundError,
    AssertionError,
    NotImplementedError,
};

std::string errorKindName(ErrorKind kind);

class TensorError : public std::runtime_error {
public:
    TensorError(ErrorKind kind, const std::string& message)
        : std::runtime_error(message), m_kind(kind) {}
    ErrorKind kind() const { return m_kind; }
    std::string message() const { return what(); }
    // "RuntimeError: ..." as a Python prompt prints it.
    std::string describe() const { return errorKindName(m_kind) + ": " + what(); }

private:
    ErrorKind m_kind;
};

namespace detail {
// PyTorch prints lists of ints as "[2, 3, 4]".
inline void appendPart(std::ostringstream& stream, const std::vector<std::int64_t>& values) {
    stream << '[';
    for (std::size_t i = 0; i < values.size(); ++i)
        stream << (i ? ", " : "") << values[i];
    stream << ']';
}
template <typename T> void appendPart(std::ostringstream& stream, const T& value) { stream << value; }
} // namespace detail

template <typename... Parts> std::string concatMessage(const Parts&... parts) {
    std::ostringstream stream;
    (detail::appendPart(stream, parts), ...);
    return stream.str();
}

template <typename... Parts> [[noreturn]] void fail(ErrorKind kind, const Parts&... parts) {
    throw TensorError(kind, concatMessage(parts...));
}

// Like TORCH_CHECK: the message parts are only joined when the check fails.
#define SS_CHECK(condition, kind, ...)                                                             \
    do {                                                                                           \
        if (!(condition))                                                                          \
            ::stridescope::fail(::stridescope::ErrorKind::kind, __VA_ARGS__);                     \
    } while (false)

} // namespace stridescope
