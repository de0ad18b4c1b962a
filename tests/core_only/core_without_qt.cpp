// Built with no Qt include path and linked against stridescope_core alone: if core ever needs Qt,
// this program stops compiling or linking.
#include "core/Ops.h"

#if __has_include(<QtCore/qglobal.h>)
#error "a Qt include path reached core_without_qt; stridescope_core must not depend on Qt"
#endif

#include <iostream>
#include <optional>

namespace {

std::ostream& operator<<(std::ostream& out, const stridescope::Shape& shape) {
    out << '(';
    for (std::size_t i = 0; i < shape.size(); ++i)
        out << (i ? ", " : "") << shape[i];
    return out << ')';
}

} // namespace

int main() {
    using namespace stridescope;
    const Tensor base =
        ops::arange(Scalar::fromInt(0), Scalar::fromInt(24), Scalar::fromInt(1), std::nullopt);
    const Tensor viewed = ops::view(base, {2, 3, 4});
    const Tensor transposed = ops::transpose(viewed, 0, 1);

    int failures = 0;
    auto expect = [&failures](bool ok, const char* what) {
        if (!ok) {
            std::cerr << "FAIL: " << what << '\n';
            ++failures;
        }
    };
    expect(transposed.sizes() == Shape{3, 2, 4}, "transpose(0, 1) of a (2, 3, 4) view has sizes (3, 2, 4)");
    expect(transposed.strides() == Shape{4, 12, 1},
           "transpose(0, 1) of a (2, 3, 4) view has strides (4, 12, 1)");
    expect(transposed.sharesStorageWith(base), "the transposed view shares the arange storage");
    expect(!transposed.isContiguous(), "the transposed view is not contiguous");
    if (failures) {
        std::cerr << "got sizes " << transposed.sizes() << ", strides " << transposed.strides() << '\n';
        return 1;
    }
    std::cout << "core_without_qt: transpose strides " << transposed.strides() << " as PyTorch\n";
    return 0;
}
