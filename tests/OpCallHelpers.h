#pragma once
// Short spellings for calling core/Ops.h directly in data rows, shared by tst_ops (results) and
// tst_errors (refusals): N(3) and F(0.5) are Python ints and floats, A(n) is torch.arange(n),
// I(i) and S(start, stop, step) are the items of a subscript, NONE and ELLIPSIS the others.
#include "core/Ops.h"

#include <cstdint>
#include <optional>

namespace stridescope::testing {

inline Scalar N(std::int64_t v) { return Scalar::fromInt(v); }
inline Scalar F(double v) { return Scalar::fromFloat(v); }

inline Tensor A(std::int64_t n, std::optional<DType> dtype = std::nullopt) {
    return ops::arange(N(0), N(n), N(1), dtype);
}

inline ops::NestedData leaf(const Scalar& value) {
    ops::NestedData data;
    data.isLeaf = true;
    data.leaf = value;
    return data;
}

inline ops::IndexItem I(std::int64_t i) {
    ops::IndexItem item;
    item.kind = ops::IndexItem::Kind::Integer;
    item.integer = i;
    return item;
}

inline ops::IndexItem S(std::optional<std::int64_t> start, std::optional<std::int64_t> stop,
                        std::optional<std::int64_t> step) {
    ops::IndexItem item;
    item.kind = ops::IndexItem::Kind::Slice;
    item.start = start;
    item.stop = stop;
    item.step = step;
    return item;
}

inline ops::IndexItem indexItemOfKind(ops::IndexItem::Kind kind) {
    ops::IndexItem item;
    item.kind = kind;
    return item;
}

inline const ops::IndexItem NONE = indexItemOfKind(ops::IndexItem::Kind::None);
inline const ops::IndexItem ELLIPSIS = indexItemOfKind(ops::IndexItem::Kind::Ellipsis);

} // namespace stridescope::testing
