#include "TensorIterator.h"

#include "Broadcast.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace stridescope {

std::string tupleText(const Shape& values) {
    std::string out = "(";
    for (std::size_t i = 0; i < values.size(); ++i)
        out += (i ? ", " : "") + std::to_string(values[i]);
    return out + (values.size() == 1 ? ",)" : ")");
}

namespace {

std::string joinNames(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    return out;
}

// " ; b was broadcast" for the inputs whose shape is not the result's.
std::string broadcastNote(const std::vector<LayoutOperand>& operands, const Shape& shape) {
    std::vector<std::string> broadcast;
    for (const LayoutOperand& op : operands)
        if (!op.isOutput && op.layout.sizes != shape)
            broadcast.push_back(op.name);
    if (broadcast.empty())
        return {};
    return "; " + joinNames(broadcast) + (broadcast.size() == 1 ? " was" : " were") + " broadcast";
}

enum class FastSetup { None, Contiguous, ChannelsLast, NonOverlappingDense };

// compute_fast_setup_type: only when every operand has the result's shape, and a 0-dim operand
// among dimensioned ones counts as a different shape (all_ops_same_shape_).
FastSetup fastSetupType(const std::vector<LayoutOperand>& operands, const Shape& shape) {
    for (const LayoutOperand& op : operands)
        if (op.layout.sizes != shape)
            return FastSetup::None;
    bool contiguous = true, channelsLast = true, dense = true;
    for (const LayoutOperand& op : operands) {
        contiguous &= isContiguous(op.layout);
        channelsLast &= isChannelsLastContiguous(op.layout);
        dense &= isNonOverlappingAndDense(op.layout);
    }
    if (contiguous)
        return FastSetup::Contiguous;
    if (channelsLast)
        return FastSetup::ChannelsLast;
    if (!dense)
        return FastSetup::None;
    for (const LayoutOperand& op : operands)
        if (op.layout.strides != operands.back().layout.strides)
            return FastSetup::None;
    return FastSetup::NonOverlappingDense;
}

} // namespace

OutputLayout computeOutputLayout(const std::vector<LayoutOperand>& operands) {
    // 1. compute_shape: the inputs' broadcast; outputs that are resized do not take part.
    std::vector<Shape> shapes;
    for (const LayoutOperand& op : operands)
        if (!op.isOutput)
            shapes.push_back(op.layout.sizes);
    OutputLayout result;
    result.sizes = inferBroadcastShape(shapes);
    const Shape& shape = result.sizes;
    const std::size_t ndim = shape.size();
    const std::string note = broadcastNote(operands, shape);

    // 2. Fast setup.
    const FastSetup fast = fastSetupType(operands, shape);
    if (fast == FastSetup::Contiguous) {
        result.strides = contiguousStrides(shape);
        result.reason = ndim == 0 ? "a 0-dim result has no strides"
                        : operands.size() == 1
                            ? operands[0].name + " is contiguous, so the result is contiguous"
                            : "every operand is contiguous, so the result is contiguous";
        return result;
    }
    if (fast == FastSetup::ChannelsLast) {
        result.strides = channelsLastStrides(shape);
        result.reason = operands.size() == 1
                            ? operands[0].name + " is channels_last, so the result is channels_last"
                            : "every operand is channels_last, so the result is channels_last";
        return result;
    }
    if (fast == FastSetup::NonOverlappingDense) {
        // The strides of the last operand (the inputs are searched from the back).
        result.strides = operands.back().layout.strides;
        result.reason = (operands.size() == 1 ? operands[0].name + " is dense"
                                              : "every operand is dense with the same strides") +
                        std::string(", so the result copies its strides ") + tupleText(result.strides);
        return result;
    }

    // 3. compute_strides: strides over the broadcast shape, 0 along broadcast dims.
    std::vector<Shape> strides;
    for (const LayoutOperand& op : operands) {
        Shape s(ndim, 0);
        const std::size_t offset = ndim - op.layout.sizes.size();
        for (std::size_t i = 0; i < op.layout.sizes.size(); ++i)
            s[offset + i] = (op.layout.sizes[i] == 1 && shape[offset + i] != 1) ? 0 : op.layout.strides[i];
        strides.push_back(std::move(s));
    }

    // reorder_dimensions: perm[0] is the fastest dim. Records which operands decided.
    std::vector<std::size_t> perm(ndim);
    std::iota(perm.rbegin(), perm.rend(), 0);
    std::set<std::size_t> deciders;
    auto shouldSwap = [&](std::size_t dim0, std::size_t dim1) {
        for (std::size_t arg = 0; arg < operands.size(); ++arg) {
            const std::int64_t stride0 = strides[arg][dim0], stride1 = strides[arg][dim1];
            if (stride0 == 0 || stride1 == 0)
                continue;
            if (stride0 < stride1) {
                deciders.insert(arg);
                return -1;
            }
            if (stride0 > stride1) {
                deciders.insert(arg);
                return 1;
            }
            if (shape[dim0] > shape[dim1]) {
                deciders.insert(arg);
                return 1;
            }
        }
        return 0;
    };
    if (ndim > 1) {
        for (std::size_t i = 1; i < ndim; ++i) {
            std::size_t dim1 = i;
            for (std::size_t j = i; j-- > 0;) {
                const int comparison = shouldSwap(perm[j], perm[dim1]);
                if (comparison > 0) {
                    std::swap(perm[j], perm[dim1]);
                    dim1 = j;
                } else if (comparison < 0) {
                    break;
                }
            }
        }
    }

    // 4. allocate_or_resize_outputs.
    bool inverted = true;
    for (std::size_t j = 0; j < ndim; ++j)
        inverted &= perm[j] == ndim - j - 1;
    std::vector<std::string> names;
    for (const std::size_t arg : deciders)
        names.push_back(operands[arg].name + " (its strides " + tupleText(operands[arg].layout.strides) + ")");
    if (inverted) {
        result.strides = contiguousStrides(shape);
        result.reason = ndim == 0 ? "a 0-dim result has no strides"
                        : names.empty()
                            ? "no operand orders the dims otherwise, so the result is contiguous"
                            : "dims in row-major order like " + joinNames(names) + ", so the result is contiguous";
        result.reason += note;
        return result;
    }
    Shape permuted(ndim);
    std::int64_t next = 1;
    for (std::size_t j = 0; j < ndim; ++j) {
        permuted[j] = next;
        next = wrappingMul(next, shape[perm[j]]);
    }
    result.strides.assign(ndim, 0);
    for (std::size_t j = 0; j < ndim; ++j)
        result.strides[perm[j]] = permuted[j];
    result.reason = "dims ordered like " + joinNames(names) + note;
    return result;
}

} // namespace stridescope
