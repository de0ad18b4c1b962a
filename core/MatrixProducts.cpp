#include "MatrixProducts.h"

#include "Arithmetic.h"
#include "Broadcast.h"
#include "ComplexOps.h"
#include "DeviceOps.h"
#include "Elementwise.h"
#include "Error.h"
#include "Ops.h"
#include "ValueWorkLimit.h"

#include <algorithm>
#include <complex>
#include <string>
#include <vector>

namespace stridescope::ops {

namespace {

const char* kProductReason = "a matrix product writes a new contiguous tensor (mm, bmm, mv and dot allocate "
                             "their results so, whatever the operands' layouts)";

std::size_t index(std::int64_t i) { return static_cast<std::size_t>(i); }

// One output element: sum over k of a[aFirst + k] * b[bFirst + k * bStep], in the arithmetic of
// the dtype's CPU kernel (see the header).
Scalar sumOfProducts(DType dtype, const std::vector<Scalar>& a, std::size_t aFirst,
                     const std::vector<Scalar>& b, std::size_t bFirst, std::size_t bStep, std::int64_t k) {
    const auto n = index(k);
    if (dtype == DType::ComplexFloat || dtype == DType::ComplexDouble) {
        std::complex<double> wide = 0;
        std::complex<float> narrow = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const Scalar& x = a[aFirst + i];
            const Scalar& y = b[bFirst + i * bStep];
            if (dtype == DType::ComplexDouble)
                wide += std::complex<double>(x.floatValue, x.imagValue) *
                        std::complex<double>(y.floatValue, y.imagValue);
            else
                narrow +=
                    std::complex<float>(static_cast<float>(x.floatValue), static_cast<float>(x.imagValue)) *
                    std::complex<float>(static_cast<float>(y.floatValue), static_cast<float>(y.imagValue));
        }
        return dtype == DType::ComplexDouble ? Scalar::fromComplex(wide.real(), wide.imag())
                                             : Scalar::fromComplex(narrow.real(), narrow.imag());
    }
    if (dtype == DType::Float64) {
        double sum = 0;
        for (std::size_t i = 0; i < n; ++i)
            sum += a[aFirst + i].floatValue * b[bFirst + i * bStep].floatValue;
        return Scalar::fromFloat(sum);
    }
    if (isFloating(dtype)) { // float32 and bfloat16: float arithmetic, rounded once at the end
        float sum = 0;
        for (std::size_t i = 0; i < n; ++i)
            sum += static_cast<float>(a[aFirst + i].floatValue) *
                   static_cast<float>(b[bFirst + i * bStep].floatValue);
        return Scalar::fromFloat(sum);
    }
    // Integers: wrapping in int64 and casting at the end gives the bits of wrapping in the dtype.
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i)
        sum = wrappingAdd(sum, wrappingMul(a[aFirst + i].intValue, b[bFirst + i * bStep].intValue));
    return Scalar::fromInt(sum);
}

// left [B, n, k] times right [B, k, m] (shapes already checked): a new contiguous tensor of
// left's dtype holding the B x n x m products in that order, with sizes `resultSizes`. ATen's CPU kernels
// return a zero-filled result before their dtype dispatch when there is nothing to write or nothing to sum;
// otherwise `kernel` refuses bool and float16, and reading right as left's dtype refuses any other dtype (its
// data_ptr<scalar_t>() check).
Tensor batchedProduct(const Tensor& left, const Tensor& right, const char* kernel, const Shape& resultSizes) {
    const std::int64_t batches = left.size(0), n = left.size(1), k = left.size(2), m = right.size(2);
    const DType dtype = left.dtype();
    if (batches * n * m == 0 || k == 0)
        return zeros(resultSizes, dtype).withLayoutReason(kProductReason);
    SS_CHECK(dtype != DType::Bool && dtype != DType::Float16, RuntimeError, dispatchRefusal(kernel, dtype));
    SS_CHECK(right.dtype() == dtype, RuntimeError, "expected scalar type ", scalarTypeName(dtype),
             " but found ", scalarTypeName(right.dtype()));
    const bool known = left.hasValues() && right.hasValues();
    const Tensor result = detail::emptyWithFormat(resultSizes, MemoryFormat::Contiguous, dtype, known);
    if (known) {
        ValueWorkLimit::charge(batches * n * m * k);
        const std::vector<Scalar> a = left.values(), b = right.values();
        detail::writeValues(result, [&](std::int64_t i) {
            const std::int64_t batch = i / (n * m), row = i / m % n, column = i % m;
            return sumOfProducts(dtype, a, index((batch * n + row) * k), b, index(batch * k * m + column),
                                 index(m), k);
        });
    }
    return result.withLayoutReason(kProductReason);
}

std::string matrixSizes(const Tensor& m) {
    return std::to_string(m.size(0)) + "x" + std::to_string(m.size(1));
}

Tensor dotProduct(const Tensor& self, const Tensor& other, bool conjugateSelf) {
    checkSameDevice({&self, &other}, false);
    SS_CHECK(self.dim() == 1 && other.dim() == 1, RuntimeError, "1D tensors expected, but got ", self.dim(),
             "D and ", other.dim(), "D tensors");
    SS_CHECK(self.dtype() == other.dtype(), RuntimeError,
             "dot : expected both vectors to have same dtype, but found ", scalarTypeName(self.dtype()),
             " and ", scalarTypeName(other.dtype()));
    SS_CHECK(self.numel() == other.numel(), RuntimeError, "inconsistent tensor size, expected tensor [",
             self.numel(), "] and src [", other.numel(), "] to have the same number of elements, but got ",
             self.numel(), " and ", other.numel(), " elements respectively");
    // vdot of a real dtype is dot; of a complex one its own kernel.
    const bool complexVdot = conjugateSelf && isComplex(self.dtype());
    SS_CHECK(self.dtype() != DType::Bool && self.dtype() != DType::Float16, RuntimeError,
             dispatchRefusal(complexVdot ? "vdot" : "dot", self.dtype()));
    const Tensor left = complexVdot ? conj(self) : self;
    return batchedProduct(view(left, {1, 1, self.numel()}), view(other, {1, other.numel(), 1}), "dot", {});
}

// The 2-D matmul of a t1 with >= 3 dims folded into its rows, times a matrix or a vector.
bool shouldFold(const Tensor& tensor1, std::int64_t otherDim) {
    if (tensor1.dim() < 3 || (otherDim != 1 && otherDim != 2))
        return false;
    // A 3-D batch whose last two dims are transposed (permute(0, 2, 1)) would have to be copied
    // to fold; bmm reads each transposed matrix as it is.
    const Shape& sizes = tensor1.sizes();
    const Shape& strides = tensor1.strides();
    return !(tensor1.dim() == 3 && otherDim == 2 && strides.back() != 1 &&
             strides.front() == sizes[1] * sizes[2]);
}

Tensor matrixTranspose(const Tensor& t) { return transpose(t, -2, -1); }

// beta * self + alpha * product into `result` (the product's dtype and shape, or self itself),
// self already expanded to that shape; see addmm in the header for how beta and alpha are read.
Tensor scaledSum(const Tensor& product, const Tensor& expandedSelf, const Scalar& beta, const Scalar& alpha,
                 const Tensor& result) {
    const DType dtype = product.dtype();
    const Scalar b = checkedCastScalar(beta, dtype), a = checkedCastScalar(alpha, dtype);
    const bool ignoreSelf = b.floatValue == 0 && b.imagValue == 0 && b.intValue == 0;
    if (!product.hasValues() || !expandedSelf.hasValues()) {
        detail::forgetValues(result);
        return result;
    }
    const std::vector<Scalar> p = product.values(), c = expandedSelf.values();
    detail::writeValues(result, [&](std::int64_t i) {
        const Scalar& x = p[index(i)];
        const Scalar y = castScalar(c[index(i)], dtype);
        if (isComplex(dtype)) {
            const std::complex<double> term = std::complex<double>(a.floatValue, a.imagValue) *
                                              std::complex<double>(x.floatValue, x.imagValue);
            const std::complex<double> base = ignoreSelf
                                                  ? 0.0
                                                  : std::complex<double>(b.floatValue, b.imagValue) *
                                                        std::complex<double>(y.floatValue, y.imagValue);
            return Scalar::fromComplex((base + term).real(), (base + term).imag());
        }
        if (isFloating(dtype))
            return Scalar::fromFloat((ignoreSelf ? 0.0 : b.floatValue * y.floatValue) +
                                     a.floatValue * x.floatValue);
        const std::int64_t term = wrappingMul(a.intValue, x.intValue);
        return Scalar::fromInt(ignoreSelf ? term : wrappingAdd(wrappingMul(b.intValue, y.intValue), term));
    });
    return result;
}

// The tensor an addmm-like op writes: a new contiguous one of the product's dtype, or self for
// the in-place form, whose shape must already be the product's.
Tensor addResult(const Tensor& self, const Shape& sizes, DType dtype, bool inPlace) {
    if (!inPlace)
        return detail::emptyWithFormat(sizes, MemoryFormat::Contiguous, dtype);
    SS_CHECK(self.sizes() == sizes, RuntimeError, "Bad in-place call: input tensor size ", self.sizes(),
             " and output tensor size ", sizes, " should match");
    return self;
}

} // namespace

Tensor dot(const Tensor& self, const Tensor& other) { return dotProduct(self, other, false); }

Tensor vdot(const Tensor& self, const Tensor& other) { return dotProduct(self, other, true); }

Tensor mv(const Tensor& self, const Tensor& vec) {
    checkSameDevice({&self, &vec}, false);
    // addmv's checks, with the result (1-D) as its `self`.
    SS_CHECK(self.dim() == 2 && vec.dim() == 1, RuntimeError, "vector + matrix @ vector expected, got 1, ",
             self.dim(), ", ", vec.dim());
    SS_CHECK(self.size(1) == vec.size(0), RuntimeError, "size mismatch, got ", self.size(0), ", ",
             matrixSizes(self), ",", vec.size(0));
    return batchedProduct(unsqueeze(self, 0), view(vec, {1, vec.size(0), 1}), "addmv_impl_cpu",
                          {self.size(0)});
}

Tensor mm(const Tensor& self, const Tensor& mat2) {
    checkSameDevice({&self, &mat2}, false);
    SS_CHECK(self.dim() == 2, RuntimeError, "self must be a matrix");
    SS_CHECK(mat2.dim() == 2, RuntimeError, "mat2 must be a matrix");
    SS_CHECK(self.size(1) == mat2.size(0), RuntimeError, "mat1 and mat2 shapes cannot be multiplied (",
             matrixSizes(self), " and ", matrixSizes(mat2), ")");
    return batchedProduct(unsqueeze(self, 0), unsqueeze(mat2, 0), "addmm_impl_cpu_",
                          {self.size(0), mat2.size(1)});
}

Tensor bmm(const Tensor& self, const Tensor& mat2) {
    checkSameDevice({&self, &mat2}, false);
    SS_CHECK(self.dim() == 3, RuntimeError, "batch1 must be a 3D tensor");
    SS_CHECK(mat2.dim() == 3, RuntimeError, "batch2 must be a 3D tensor");
    SS_CHECK(mat2.size(0) == self.size(0) && mat2.size(1) == self.size(2), RuntimeError,
             "Expected size for first two dimensions of batch2 tensor to be: [", self.size(0), ", ",
             self.size(2), "] but got: [", mat2.size(0), ", ", mat2.size(1), "].");
    return batchedProduct(self, mat2, "bmm", {self.size(0), self.size(1), mat2.size(2)});
}

Tensor matmul(const Tensor& tensor1, const Tensor& tensor2) {
    const std::int64_t dim1 = tensor1.dim(), dim2 = tensor2.dim();
    SS_CHECK(dim1 != 0 && dim2 != 0, RuntimeError,
             "both arguments to matmul need to be at least 1D, but they are ", dim1, "D and ", dim2, "D");
    if (dim1 == 1 && dim2 == 1)
        return dot(tensor1, tensor2);
    if (dim1 == 2 && dim2 == 1)
        return mv(tensor1, tensor2);
    if (dim1 == 1 && dim2 == 2)
        return squeeze(mm(unsqueeze(tensor1, 0), tensor2), 0);
    if (dim1 == 2 && dim2 == 2)
        return mm(tensor1, tensor2);
    if (shouldFold(tensor1, dim2) || shouldFold(tensor2, dim1)) {
        // One mm (or mv) instead of a bmm: the batch of the operand with more dims becomes rows
        // (with the product transposed when that is the second operand).
        const bool transposed = dim2 > dim1;
        const Tensor t1 = transposed ? matrixTranspose(tensor2) : tensor1;
        const Tensor t2 = !transposed ? tensor2 : dim1 == 2 ? t(tensor1) : tensor1;
        Shape outputShape(t1.sizes().begin(), t1.sizes().end() - 1);
        std::int64_t foldedRows = 1;
        for (const std::int64_t s : outputShape)
            foldedRows *= s;
        const Tensor folded = reshape(t1, {foldedRows, t1.sizes().back()});
        if (t2.dim() == 1)
            return view(mv(folded, t2), outputShape);
        outputShape.push_back(t2.size(1));
        const Tensor output = view(mm(folded, t2), outputShape);
        return transposed ? contiguous(matrixTranspose(output)) : output;
    }
    // Broadcast the batch dims and run one bmm over them.
    const std::int64_t n = dim1 > 1 ? tensor1.size(-2) : 1;
    const std::int64_t m1 = tensor1.size(-1);
    const std::int64_t m2 = dim2 > 1 ? tensor2.size(-2) : tensor2.size(0);
    const std::int64_t p = dim2 > 1 ? tensor2.size(-1) : 1;
    const Shape batch1(tensor1.sizes().begin(), tensor1.sizes().end() - std::min<std::int64_t>(dim1, 2));
    const Shape batch2(tensor2.sizes().begin(), tensor2.sizes().end() - std::min<std::int64_t>(dim2, 2));
    Shape outputShape = inferBroadcastShape(batch1, batch2);
    std::int64_t batchProduct = 1;
    for (const std::int64_t s : outputShape)
        batchProduct *= s;
    Shape expand1 = outputShape, expand2 = outputShape;
    expand1.insert(expand1.end(), {n, m1});
    expand2.insert(expand2.end(), {m2, p});
    const Tensor expanded1 = reshape(expand(tensor1, expand1), {batchProduct, n, m1});
    const Tensor expanded2 = reshape(expand(tensor2, expand2), {batchProduct, m2, p});
    if (dim1 > 1)
        outputShape.push_back(n);
    if (dim2 > 1)
        outputShape.push_back(p);
    return view(bmm(expanded1, expanded2), outputShape);
}

Tensor tensordot(const Tensor& a, const Tensor& b, const Shape& dimsA, const Shape& dimsB) {
    SS_CHECK(dimsA.size() == dimsB.size(), RuntimeError, "both dimension lists should have same length");
    std::int64_t contracted = 1;
    Tensor t1 = a, t2 = b;
    for (std::size_t i = 0; i < dimsA.size(); ++i) {
        const std::int64_t s1 = a.size(dimsA[i]), s2 = b.size(dimsB[i]);
        if (s2 == 1) { // a broadcast dim is summed right away
            t1 = reduce(ReductionKind::Sum, t1, {dimsA[i]}, true, std::nullopt);
        } else if (s1 == 1) {
            t2 = reduce(ReductionKind::Sum, t2, {dimsB[i]}, true, std::nullopt);
        } else {
            SS_CHECK(s1 == s2, RuntimeError, "contracted dimensions need to match, but first has size ", s1,
                     " in dim ", dimsA[i], " and second has size ", s2, " in dim ", dimsB[i]);
            contracted *= s1;
        }
    }
    const std::vector<bool> contractedA = dimListToBitset(dimsA, a.dim()),
                            contractedB = dimListToBitset(dimsB, b.dim());
    Shape permutationA, permutationB, resultSizes;
    std::int64_t rowsA = 1, columnsB = 1;
    for (std::int64_t i = 0; i < a.dim(); ++i)
        if (!contractedA[index(i)]) {
            permutationA.push_back(i);
            rowsA *= t1.size(i);
            resultSizes.push_back(t1.size(i));
        }
    permutationA.insert(permutationA.end(), dimsA.begin(), dimsA.end());
    permutationB = dimsB;
    for (std::int64_t i = 0; i < b.dim(); ++i)
        if (!contractedB[index(i)]) {
            permutationB.push_back(i);
            columnsB *= t2.size(i);
            resultSizes.push_back(t2.size(i));
        }
    const Tensor left = reshape(permute(t1, permutationA), {rowsA, contracted});
    const Tensor right = reshape(permute(t2, permutationB), {contracted, columnsB});
    return reshape(mm(left, right), resultSizes);
}

Tensor tensordot(const Tensor& a, const Tensor& b, std::int64_t dims) {
    SS_CHECK(dims >= 0, RuntimeError, "tensordot expects dims >= 0, but got dims=", dims);
    Shape dimsA, dimsB;
    for (std::int64_t i = 0; i < dims; ++i) {
        dimsA.push_back(i - dims);
        dimsB.push_back(i);
    }
    return tensordot(a, b, dimsA, dimsB);
}

Tensor inner(const Tensor& self, const Tensor& other) {
    checkSameDevice({&self, &other}, true);
    if (self.dim() == 0 || other.dim() == 0)
        return binary(BinaryKind::Mul, Operand::of(self), Operand::of(other));
    SS_CHECK(self.size(-1) == other.size(-1), RuntimeError,
             "inner() the last dimension must match on both input tensors but got shapes ", self.sizes(),
             " and ", other.sizes());
    return tensordot(self, other, {-1}, {-1});
}

Tensor kron(const Tensor& self, const Tensor& other) {
    const std::int64_t rank = std::max(self.dim(), other.dim());
    const std::int64_t padSelf = rank - self.dim(), padOther = rank - other.dim();
    Shape selfShape(index(2 * rank)), otherShape(index(2 * rank)), resultShape(index(rank));
    for (std::int64_t i = 0; i < rank; ++i) {
        const std::int64_t s = i >= padSelf ? self.size(i - padSelf) : 1;
        const std::int64_t o = i >= padOther ? other.size(i - padOther) : 1;
        selfShape[index(2 * i)] = s;
        selfShape[index(2 * i + 1)] = 1;
        otherShape[index(2 * i)] = 1;
        otherShape[index(2 * i + 1)] = o;
        resultShape[index(i)] = s * o;
    }
    const Tensor product =
        binary(BinaryKind::Mul, Operand::of(view(self, selfShape)), Operand::of(view(other, otherShape)));
    return view(product, resultShape);
}

Tensor addmm(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta,
             const Scalar& alpha, bool inPlace) {
    checkSameDevice({&self, &mat1, &mat2}, false);
    // ADDMM_META's checks, in its order.
    SS_CHECK(self.dtype() == mat2.dtype(), RuntimeError, "self and mat2 must have the same dtype");
    SS_CHECK(mat1.dtype() == mat2.dtype(), RuntimeError, "mat1 and mat2 must have the same dtype");
    SS_CHECK(mat1.dim() == 2, RuntimeError, "mat1 must be a matrix, got ", mat1.dim(), "-D tensor");
    SS_CHECK(mat2.dim() == 2, RuntimeError, "mat2 must be a matrix, got ", mat2.dim(), "-D tensor");
    SS_CHECK(mat1.size(1) == mat2.size(0), RuntimeError, "mat1 and mat2 shapes cannot be multiplied (",
             matrixSizes(mat1), " and ", matrixSizes(mat2), ")");
    const Shape sizes{mat1.size(0), mat2.size(1)};
    const Tensor result = addResult(self, sizes, mat1.dtype(), inPlace);
    const Tensor expandedSelf = expand(self, sizes);
    const Tensor product = batchedProduct(unsqueeze(mat1, 0), unsqueeze(mat2, 0), "addmm_impl_cpu_", sizes);
    return scaledSum(product, expandedSelf, beta, alpha, result).withLayoutReason(kProductReason);
}

Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta,
             const Scalar& alpha, bool inPlace) {
    checkSameDevice({&self, &mat, &vec}, false);
    SS_CHECK(mat.dim() == 2 && vec.dim() == 1 && self.dim() <= 1, RuntimeError,
             "vector + matrix @ vector expected, got ", self.dim(), ", ", mat.dim(), ", ", vec.dim());
    if (!(mat.size(1) == vec.size(0) && (mat.size(0) == self.numel() || self.numel() == 1)))
        // The message reads self.size(0), which a 0-dim self does not have.
        SS_CHECK(self.dim() == 1, IndexError, "Dimension specified as 0 but tensor has no dimensions");
    SS_CHECK(mat.size(1) == vec.size(0) && (mat.size(0) == self.numel() || self.numel() == 1), RuntimeError,
             "size mismatch, got ", self.dim() == 1 ? self.size(0) : 0, ", ", matrixSizes(mat), ",",
             vec.size(0));
    const Shape sizes{mat.size(0)};
    const Tensor result = addResult(self, sizes, vec.dtype(), inPlace);
    const Tensor expandedSelf = expand(self, sizes);
    const Tensor product =
        batchedProduct(unsqueeze(mat, 0), view(vec, {1, vec.size(0), 1}), "addmv_impl_cpu", sizes);
    return scaledSum(product, expandedSelf, beta, alpha, result).withLayoutReason(kProductReason);
}

Tensor baddbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
               const Scalar& alpha, bool inPlace) {
    checkSameDevice({&self, &batch1, &batch2}, false);
    SS_CHECK(batch1.dim() == 3, RuntimeError, "batch1 must be a 3D tensor");
    SS_CHECK(batch2.dim() == 3, RuntimeError, "batch2 must be a 3D tensor");
    SS_CHECK(batch2.size(0) == batch1.size(0) && batch2.size(1) == batch1.size(2), RuntimeError,
             "Expected size for first two dimensions of batch2 tensor to be: [", batch1.size(0), ", ",
             batch1.size(2), "] but got: [", batch2.size(0), ", ", batch2.size(1), "].");
    const Shape sizes{batch1.size(0), batch1.size(1), batch2.size(2)};
    const Tensor result = addResult(self, sizes, batch2.dtype(), inPlace);
    const Tensor expandedSelf = expand(self, sizes);
    const Tensor product = batchedProduct(batch1, batch2, "baddbmm", sizes);
    return scaledSum(product, expandedSelf, beta, alpha, result).withLayoutReason(kProductReason);
}

Tensor addbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
              const Scalar& alpha, bool inPlace) {
    checkSameDevice({&self, &batch1, &batch2}, false);
    // addbmm_out expands self first, then addbmm_impl_ checks and accumulates one addmm_ per batch.
    const Shape sizes{batch1.size(1), batch2.size(2)};
    const Tensor expandedSelf = expand(self, sizes);
    SS_CHECK(batch1.dim() == 3, RuntimeError, "batch1 must be a 3D tensor");
    SS_CHECK(batch2.dim() == 3, RuntimeError, "batch2 must be a 3D tensor");
    SS_CHECK(batch1.size(0) == batch2.size(0), RuntimeError,
             "batch1 and batch2 must have same number of batches, got ", batch1.size(0), " and ",
             batch2.size(0));
    SS_CHECK(batch1.size(2) == batch2.size(1), RuntimeError, "Incompatible matrix sizes for bmm (",
             batch1.size(1), "x", batch1.size(2), " and ", batch2.size(1), "x", batch2.size(2), ")");
    const Tensor result = addResult(self, sizes, self.dtype(), inPlace);
    if (batch1.size(0) > 0) { // result.addmm_(batch1[b], batch2[b]) on a result of self's dtype
        SS_CHECK(self.dtype() == batch2.dtype(), RuntimeError, "self and mat2 must have the same dtype");
        SS_CHECK(batch1.dtype() == batch2.dtype(), RuntimeError, "mat1 and mat2 must have the same dtype");
    }
    // The batches' products summed: one bmm, then a sum over the batch dim (in the dtype).
    const std::int64_t rows = batch1.size(1), columns = batch2.size(2);
    const Tensor products =
        batchedProduct(batch1, batch2, "addmm_impl_cpu_", {batch1.size(0), rows, columns});
    const Tensor product = batch1.size(0) == 0
                               ? zeros(sizes, self.dtype())
                               : reduce(ReductionKind::Sum, products, {0}, false, self.dtype());
    return scaledSum(product, expandedSelf, beta, alpha, result).withLayoutReason(kProductReason);
}

Tensor cross(const Tensor& self, const Tensor& other, std::optional<std::int64_t> dim) {
    if (!dim) { // _default_cross_dim: the first dim of size 3
        for (std::int64_t d = 0; d < self.dim() && !dim; ++d)
            if (self.size(d) == 3)
                dim = d;
        SS_CHECK(dim.has_value(), RuntimeError, "no dimension of size 3 in input");
    }
    checkSameDevice({&self, &other}, false);
    // linalg_cross's meta function, then the kernel's dispatch and its read of other.
    SS_CHECK(self.dim() == other.dim(), RuntimeError,
             "linalg.cross: inputs must have the same number of dimensions.");
    SS_CHECK(self.size(*dim) == 3 && other.size(*dim) == 3, RuntimeError, "linalg.cross: inputs dimension ",
             *dim, " must have length 3. Got ", self.size(*dim), " and ", other.size(*dim));
    const Shape shape = inferBroadcastShape(self.sizes(), other.sizes());
    const DType dtype = self.dtype();
    const std::int64_t d = wrapDim(*dim, self.dim());
    if (shape.empty() || std::find(shape.begin(), shape.end(), 0) == shape.end()) {
        SS_CHECK(dtype != DType::Bool && dtype != DType::Float16, RuntimeError,
                 dispatchRefusal("cross", dtype));
        SS_CHECK(other.dtype() == dtype, RuntimeError, "expected scalar type ", scalarTypeName(dtype),
                 " but found ", scalarTypeName(other.dtype()));
    }
    const Tensor a = expand(self, shape), b = expand(other, shape);
    // Component i is a[i + 1] * b[i + 2] - a[i + 2] * b[i + 1] (indices mod 3), in the dtype.
    const auto component = [&](std::int64_t i) {
        const auto part = [&](const Tensor& t, std::int64_t k) {
            return Operand::of(select(t, d, (i + k) % 3));
        };
        return binary(BinaryKind::Sub, Operand::of(binary(BinaryKind::Mul, part(a, 1), part(b, 2))),
                      Operand::of(binary(BinaryKind::Mul, part(a, 2), part(b, 1))));
    };
    return stack({component(0), component(1), component(2)}, d)
        .withLayoutReason("cross writes a new contiguous tensor (linalg_cross allocates it so)");
}

} // namespace stridescope::ops
