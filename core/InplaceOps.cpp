// In-place writes through views. They change the shared Storage, so every alias sees the new
// values. The checks follow TensorIterator's order in PyTorch 1.13: memory overlap first, then
// broadcasting, then type promotion.
#include "Analysis.h"
#include "DeviceOps.h"
#include "Arithmetic.h"
#include "Broadcast.h"
#include "Elementwise.h"
#include "Error.h"
#include "MemoryOverlap.h"
#include "Ops.h"

namespace stridescope::ops {

namespace {

void checkOutputShape(const Tensor& self, const Shape& broadcast) {
    SS_CHECK(broadcast == self.sizes(), RuntimeError, "output with shape ", self.sizes(),
             " doesn't match the broadcast shape ", broadcast);
}

} // namespace

// add_ and mul_ are TensorIterator ops like every other arithmetic op (ArithmeticOps.cpp).
Tensor add_(const Tensor& self, const Operand& other, const Scalar& alpha) {
    return binary(BinaryKind::Add, Operand::of(self), other, self, alpha);
}

Tensor mul_(const Tensor& self, const Operand& other) { return binary(BinaryKind::Mul, Operand::of(self), other, self); }

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
    if (isSameTensor(self, src))
        return self;
    assertNoInternalOverlap(self);
    assertNoPartialOverlap(self, src);
    checkOutputShape(self, inferBroadcastShape(self.sizes(), src.sizes()));
    const Tensor expanded = expand(src, self.sizes());
    copyValuesOnDevices(self, expanded); // copy_ is the one op that may cross devices
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
