#pragma once
// Every PyTorch operation StrideScope models, with PyTorch 1.13's shapes, strides, offsets,
// view-or-copy decisions and error texts. Views return a Tensor on the same Storage; copies
// return a Tensor on a new one. Failing ops throw TensorError and change nothing.
#include "RandomGenerator.h"
#include "Tensor.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace stridescope::ops {

// ---- creation -------------------------------------------------------------------------
// A nested list literal as torch.tensor() receives it: a leaf scalar or a list of children.
struct NestedData {
    bool isLeaf = true;
    Scalar leaf;
    std::vector<NestedData> children;
};

Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype);
// torch.linspace / logspace (start and end included; 1.13's CPU kernels' values bit for bit, see
// CreationOps.cpp) and torch.eye, all contiguous.
Tensor linspace(const Scalar& start, const Scalar& end, std::int64_t steps, std::optional<DType> dtype);
Tensor logspace(const Scalar& start, const Scalar& end, std::int64_t steps, double base,
                std::optional<DType> dtype);
Tensor eye(std::int64_t n, std::optional<std::int64_t> m, std::optional<DType> dtype);
Tensor zeros(const Shape& sizes, std::optional<DType> dtype);
// scalar_to_tensor: a Python number as the 0-dim CPU tensor PyTorch wraps it in (bool, int64,
// float64 or complex128), whatever the op's device.
Tensor scalarToTensor(const Scalar& number);
Tensor ones(const Shape& sizes, std::optional<DType> dtype);
Tensor empty(const Shape& sizes, std::optional<DType> dtype);
Tensor full(const Shape& sizes, const Scalar& value, std::optional<DType> dtype);
// Draw from `generator` (the workspace's: see RandomGenerator.h), in logical order.
Tensor rand(const Shape& sizes, std::optional<DType> dtype, RandomGenerator& generator);
Tensor randn(const Shape& sizes, std::optional<DType> dtype, RandomGenerator& generator);
// torch.randint / randint_like (uniform integers in [low, high), int64 unless dtype says
// otherwise; randint_like keeps a dense input's strides) and torch.randperm, with PyTorch's
// checks; the numbers come from StrideScope's generator, as rand's do.
Tensor randint(std::int64_t low, std::int64_t high, const Shape& sizes, std::optional<DType> dtype,
               RandomGenerator& generator);
Tensor randintLike(const Tensor& self, std::int64_t low, std::int64_t high, std::optional<DType> dtype,
                   RandomGenerator& generator);
Tensor randperm(std::int64_t n, std::optional<DType> dtype, RandomGenerator& generator);
Tensor tensor(const NestedData& data, std::optional<DType> dtype);
Tensor emptyStrided(const Shape& sizes, const Shape& strides, std::optional<DType> dtype);
Tensor stack(const std::vector<Tensor>& tensors, std::int64_t dim);
Tensor cat(const std::vector<Tensor>& tensors, std::int64_t dim);

// ---- views ------------------------------------------------------------------------------
Tensor view(const Tensor& self, const Shape& shape);
Tensor reshape(const Tensor& self, const Shape& shape);
Tensor transpose(const Tensor& self, std::int64_t dim0, std::int64_t dim1);
Tensor t(const Tensor& self);
Tensor permute(const Tensor& self, const Shape& dims);
Tensor movedim(const Tensor& self, const Shape& source, const Shape& destination);
Tensor narrow(const Tensor& self, std::int64_t dim, std::int64_t start, std::int64_t length);
Tensor select(const Tensor& self, std::int64_t dim, std::int64_t index);
Tensor slice(const Tensor& self, std::int64_t dim, std::optional<std::int64_t> start,
             std::optional<std::int64_t> end, std::int64_t step);
Tensor unsqueeze(const Tensor& self, std::int64_t dim);
Tensor squeeze(const Tensor& self);
Tensor squeeze(const Tensor& self, std::int64_t dim);
Tensor flatten(const Tensor& self, std::int64_t startDim, std::int64_t endDim);
Tensor unflatten(const Tensor& self, std::int64_t dim, const Shape& sizes);
Tensor expand(const Tensor& self, const Shape& sizes);
Tensor expandAs(const Tensor& self, const Tensor& other);
Tensor viewAs(const Tensor& self, const Tensor& other);
Tensor diagonal(const Tensor& self, std::int64_t offset, std::int64_t dim1, std::int64_t dim2);
Tensor unfold(const Tensor& self, std::int64_t dim, std::int64_t size, std::int64_t step);
Tensor asStrided(const Tensor& self, const Shape& sizes, const Shape& strides,
                 std::optional<std::int64_t> storageOffset);
Tensor detach(const Tensor& self);
// split and chunk refuse to return more views than this: a tuple of millions of tensors would
// exhaust memory long before anyone could look at it (PyTorch itself fails with bad_alloc).
inline constexpr std::int64_t kMaxSplitPieces = std::int64_t(1) << 16;
std::vector<Tensor> split(const Tensor& self, std::int64_t splitSize, std::int64_t dim);
std::vector<Tensor> splitWithSizes(const Tensor& self, const Shape& splitSizes, std::int64_t dim);
std::vector<Tensor> chunk(const Tensor& self, std::int64_t chunks, std::int64_t dim);

// Python basic indexing: x[i, a:b:c, None, ...].
struct IndexItem {
    enum class Kind { Integer, Slice, None, Ellipsis };
    Kind kind = Kind::Integer;
    std::int64_t integer = 0;
    std::optional<std::int64_t> start, stop, step;
};
Tensor index(const Tensor& self, const std::vector<IndexItem>& items);

// ---- copies -----------------------------------------------------------------------------
Tensor contiguous(const Tensor& self, MemoryFormat format = MemoryFormat::Contiguous);
Tensor clone(const Tensor& self, MemoryFormat format = MemoryFormat::Preserve);
Tensor flip(const Tensor& self, const Shape& dims);
Tensor repeat(const Tensor& self, const Shape& repeats);
Tensor to(const Tensor& self, DType dtype);

// ---- in-place writes (return self, as PyTorch does) ----------------------------------------
// `other` is a Tensor or a Scalar (a Python number).
struct Operand {
    std::optional<Tensor> tensor;
    Scalar scalar;
    static Operand of(const Tensor& t) { return {t, {}}; }
    static Operand of(const Scalar& s) { return {std::nullopt, s}; }
};
Tensor add_(const Tensor& self, const Operand& other, const Scalar& alpha = Scalar::fromInt(1));
Tensor mul_(const Tensor& self, const Operand& other);
Tensor fill_(const Tensor& self, const Operand& value);
Tensor zero_(const Tensor& self);
Tensor copy_(const Tensor& self, const Tensor& src);
// x[items] = value
void setIndex(const Tensor& self, const std::vector<IndexItem>& items, const Operand& value);

// ---- queries -----------------------------------------------------------------------------
bool isContiguous(const Tensor& self, MemoryFormat format = MemoryFormat::Contiguous);

} // namespace stridescope::ops
