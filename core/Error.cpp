#include "Error.h"

namespace stridescope {

std::string errorKindName(ErrorKind kind) {
    switch (kind) {
    case ErrorKind::RuntimeError:
        return "RuntimeError";
    case ErrorKind::IndexError:
        return "IndexError";
    case ErrorKind::TypeError:
        return "TypeError";
    case ErrorKind::ValueError:
        return "ValueError";
    case ErrorKind::SyntaxError:
        return "SyntaxError";
    case ErrorKind::NameError:
        return "NameError";
    case ErrorKind::AttributeError:
        return "AttributeError";
    case ErrorKind::OverflowError:
        return "OverflowError";
    case ErrorKind::ZeroDivisionError:
        return "ZeroDivisionError";
    case ErrorKind::ModuleNotFoundError:
        return "ModuleNotFoundError";
    case ErrorKind::AssertionError:
        return "AssertionError";
    case ErrorKind::NotImplementedError:
        return "NotImplementedError";
    }
    return "RuntimeError";
}

} // namespace stridescope
