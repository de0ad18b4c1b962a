// In-place writes through views. They change the shared Storage, so every alias sees the new
// values. The checks follow TensorIterator's order in PyTorch 1.13: memory overlap first, then
// broadcasting, then type promotion.
#include "Analysis.h"
#include "DeviceOps.h"
#include "Elementwise.h"
#include "Error.h"
#include "Ops.h"

namespace stridescope::ops {

namespace {

// PyTorch's TensorImpl identity has no equivalent in a value-type Tensor; the same storage,
// layout and dtype is the closest (and gives the same answers for the checks below).
bool isSame(const Tensor& a, const Tensor& b) {
    return a.sharesStorageWith(b) && a.layout() == b.layout() && a.dtype() == b.dtype();
}

void assertNoInternalOverlap(const Tensor& self) {
    SS_CHECK(internalOverlap(self.layout()) != MemOverlap::Yes, RuntimeError,
             "unsupported operation: more than one element of the written-to tensor refers to a single memory "
             "location. Please clone() the tensor before performing the operation.");
}

// at::get_overlap_status, refusing only the Partial case as assert_no_partial_overlap does.
void assertNoPartialOverlap(const Tensor& out, const Tensor& in) {
    if (isSame(out, in) || out.numel() == 0 || in.numel() == 0)
        return;
    if (!isNonOverlappingAndDense(out.layout()) || !isNonOverlappingAndDense(in.layout()))
        return; // "too hard" to decide: PyTorch lets it through
    if (!out.sharesStorageWith(in))
        return;
    const auto outBegin = out.storageOffset() * out.elementSize();
    const auto outEnd = outBegin + out.numel() * out.elementSize();
    const auto inBegin = in.storageOffset() * in.elementSize();
    const auto inEnd = inBegin + in.numel() * in.elementSize();
    bool partial = false;
    if (outBegin == inBegin && outEnd == inEnd)
        partial = out.strides() != in.strides();
    else
        partial = outBegin < inEnd && inBegin < outEnd;
    SS_CHECK(!partial, RuntimeError,
             "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
             "memory location. Please clone() the tensor before performing the operation.");
}

void checkOverlaps(const Tensor& self, const Operand& other) {
    assertNoInternalOverlap(self);
    if (other.tensor)
        assertNoPartialOverlap(self, *other.tensor);
}

void checkOutputShape(const Tensor& self, const Shape& broadcast) {
    SS_CHECK(broadcast == self.sizes(), RuntimeError, "output with shape ", self.sizes(),
             " doesn't match the broadcast shape ", broadcast);
}

// The operand broadcast to self's shape, or a 0-dim tensor holding the Python number.
Tensor operandAsTensor(const Tensor& self, const Operand& other, DType dtype) {
    if (other.tensor)
        return expand(*other.tensor, self.sizes());
    Tensor scalar = Tensor::allocate(dtype, {});
    scalar.storage()->store(dtype, 0, other.scalar);
    return expand(scalar, self.sizes());
}

enum class BinaryOp { Add, Mul };

// Computes self = self (op) alpha*other in `common`, the promoted dtype, then casts to self's.
void applyBinary(const Tensor& self, const Operand& other, BinaryOp op, const Scalar& alpha, DType common) {
    if (!self.hasValues())
        return;
    const Tensor rhs = operandAsTensor(self, other, common);
    if (!rhs.hasValues()) {
        detail::forgetValues(self);
        return;
    }
    const auto rhsValues = rhs.values();
    const Scalar alphaCast = castScalar(alpha, common);
    // When several elements of self share a cell (an overlapping as_strided view), PyTorch's
    // loop reads each cell just before writing it, so earlier writes are seen by later reads:
    // read self element by element, in the same row-major order, instead of all up front.
    const bool sequential = !isNonOverlappingAndDense(self.layout());
    const auto lhsValues = sequential ? std::vector<Scalar>{} : self.values();
    const auto storageIndices = sequential ? logicalToStorage(self.layout()) : std::vector<std::int64_t>{};
    detail::writeValues(self, [&](std::int64_t i) {
        const auto k = static_cast<std::size_t>(i);
        const Scalar a = castScalar(sequential ? self.storage()->load(self.dtype(), storageIndices[k]) : lhsValues[k], common);
        const Scalar b = castScalar(rhsValues[static_cast<std::size_t>(i)], common);
        if (isFloating(common)) {
            const double product = op == BinaryOp::Add ? alphaCast.floatValue * b.floatValue : a.floatValue * b.floatValue;
            const double result = op == BinaryOp::Add ? a.floatValue + product : product;
            return castScalar(Scalar::fromFloat(result), common);
        }
        // Integer (and bool) arithmetic wraps like the C++ types ATen computes in.
        const auto ua = static_cast<std::uint64_t>(a.intValue), ub = static_cast<std::uint64_t>(b.intValue);
        const auto ualpha = static_cast<std::uint64_t>(alphaCast.intValue);
        const auto result = op == BinaryOp::Add ? ua + ualpha * ub : ua * ub;
        return castScalar(Scalar::fromInt(static_cast<std::int64_t>(result)), common);
    });
}

DType checkedBinaryType(const Tensor& self, const Operand& other) {
    checkOverlaps(self, other);
    if (other.tensor) {
        checkOutputShape(self, detail::broadcastShapes(self.sizes(), other.tensor->sizes()));
        checkSameDevice({&self, &*other.tensor}, /*allowCpuScalar=*/true);
    }
    const DType common = detail::resultType(self, other);
    SS_CHECK(canCast(common, self.dtype()), RuntimeError, "result type ", scalarTypeName(common),
             " can't be cast to the desired output type ", scalarTypeName(self.dtype()));
    return common;
}

} // namespace

Tensor add_(const Tensor& self, const Operand& other, const Scalar& alpha) {
    const DType common = checkedBinaryType(self, other);
    SS_CHECK(!alpha.isBool() || common == DType::Bool, RuntimeError, "Boolean alpha only supported for Boolean results.");
    SS_CHECK(isFloating(common) || !alpha.isFloat(), RuntimeError,
             "For integral input tensors, argument alpha must not be a floating point number.");
    applyBinary(self, other, BinaryOp::Add, checkedCastScalar(alpha, common), common);
    return self;
}

Tensor mul_(const Tensor& self, const Operand& other) {
    const DType common = checkedBinaryType(self, other);
    applyBinary(self, other, BinaryOp::Mul, Scalar::fromInt(1), common);
    return self;
}

Tensor fill_(const Tensor& self, const Operand& value) {
    // fill_ skips TensorIterator's overlap check: filling an expanded view is allowed.
    Scalar scalar = value.scalar;
    if (value.tensor) {
        SS_CHECK(value.tensor->dim() == 0, RuntimeError, "fill_ only supports 0-dimension value tensor but got tensor with ",
                 value.tensor->dim(), " dimensions.");
        if (!value.tensor->hasValues()) {
            detail::forgetValues(self);
            return self;
        }
        scalar = value.tensor->valueAt({});
    }
    const Scalar converted = checkedCastScalar(scalar, self.dtype());
    detail::writeValues(self, [&](std::int64_t) { return converted; });
    return self;
}

Tensor zero_(const Tensor& self) { return fill_(self, Operand::of(Scalar::fromInt(0))); }

Tensor copy_(const Tensor& self, const Tensor& src) {
    if (isSame(self, src))
        return self;
    assertNoInternalOverlap(self);
    assertNoPartialOverlap(self, src);
    checkOutputShape(self, detail::broadcastShapes(self.sizes(), src.sizes()));
    const Tensor expanded = expand(src, self.sizes());
    noteCopyAcrossDevices(self, expanded); // copy_ is the one op that may cross devices
    detail::copyValues(self, expanded);
    return self;
}

void setIndex(const Tensor& self, const std::vector<IndexItem>& items, const Operand& value) {
    const Tensor destination = index(self, items);
    // A Python number becomes a 0-dim tensor of self's dtype (valueToTensor).
    Tensor source;
    if (value.tensor) {
        source = *value.tensor;
    } else {
        source = Tensor::allocate(self.dtype(), {});
        source.storage()->store(self.dtype(), 0, checkedCastScalar(value.scalar, self.dtype()));
    }
    // copy_to in torch/csrc/autograd/python_variable_indexing.cpp: equal shapes copy, a 0-dim
    // value fills (without the overlap check), anything else drops leading 1s and broadcasts.
    if (destination.sizes() == source.sizes()) {
        copy_(destination, source);
        return;
    }
    if (source.dim() == 0) {
        fill_(destination, Operand::of(source));
        return;
    }
    Shape trimmed = source.sizes();
    while (!trimmed.empty() && trimmed.front() == 1)
        trimmed.erase(trimmed.begin());
    copy_(destination, expand(view(source, trimmed), destination.sizes()));
}

} // namespace stridescope::ops
