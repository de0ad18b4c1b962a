#include "Tensor.h"

#include "Error.h"
#include "LayoutWalk.h"
#include "ValueWorkLimit.h"

#include <algorithm>
#include <atomic>

namespace stridescope {

namespace {
std::uint64_t nextObjectId() {
    static std::atomic<std::uint64_t> counter{0};
    return ++counter;
}
} // namespace

Tensor::Tensor(StoragePtr storage, DType dtype, Layout layout)
    : m_storage(std::move(storage)), m_dtype(dtype), m_layout(std::move(layout)), m_objectId(nextObjectId()),
      m_version(std::make_shared<std::int64_t>(0)) {}

Tensor Tensor::withLayout(DType dtype, Layout layout) const {
    Tensor view(m_storage, dtype, std::move(layout));
    if (m_version)
        view.m_version = m_version;
    view.m_lazyBit = m_lazyBit; // a view of a conjugate view is conjugate too
    return view;
}

Tensor Tensor::withLazyBit(bool set) const {
    Tensor view = withLayout(m_layout);
    view.m_lazyBit = set;
    return view;
}

Scalar Tensor::applyLazyBit(const Scalar& value) const {
    if (!m_lazyBit)
        return value;
    if (value.isComplex())
        return Scalar::fromComplex(value.floatValue, -value.imagValue);
    if (value.isFloat())
        return Scalar::fromFloat(-value.floatValue);
    return value;
}

Tensor Tensor::withFreshVersion() const {
    Tensor alias(m_storage, m_dtype, m_layout);
    alias.m_lazyBit = m_lazyBit; // .data / detach() of a conj view are conj too
    return alias;
}

Tensor Tensor::withMetadata(StoragePtr storage, DType dtype, Layout layout) const {
    Tensor same = *this;
    same.m_storage = std::move(storage);
    same.m_dtype = dtype;
    same.m_layout = std::move(layout);
    return same;
}

const std::string& Tensor::layoutReason() const {
    static const std::string none;
    return m_layoutReason ? *m_layoutReason : none;
}

Tensor Tensor::withLayoutReason(std::string reason) const {
    Tensor result = *this;
    result.m_layoutReason = std::make_shared<const std::string>(std::move(reason));
    return result;
}

Tensor Tensor::allocate(DType dtype, const Shape& sizes) {
    checkedNumel(sizes); // names only the sizes when they overflow, as at::empty does
    return allocateStrided(dtype, sizes, contiguousStrides(sizes));
}

Tensor Tensor::allocateStrided(DType dtype, const Shape& sizes, const Shape& strides, bool keepValues) {
    for (auto s : sizes)
        SS_CHECK(s >= 0, RuntimeError, "Trying to create tensor with negative dimension ", s, ": ", sizes);
    const Layout layout{sizes, strides, 0};
    const auto elements = requiredStorageElements(layout);
    std::int64_t bytes = 0;
    if (!elements || __builtin_mul_overflow(*elements, std::int64_t(itemSize(dtype)), &bytes))
        fail(ErrorKind::RuntimeError, "Storage size calculation overflowed with sizes=", sizes, " and strides=", strides);
    // The storage can fit while the element count does not (empty_strided((2**40, 2**40),
    // (2**20, 1))): PyTorch's meta tensors, which keep no memory either, refuse it here.
    checkNumelFits(sizes);
    return Tensor(std::make_shared<Storage>(dtype, *elements, keepValues), dtype, layout);
}

std::int64_t Tensor::size(std::int64_t d) const { return m_layout.sizes[wrapDim(d, dim(), false)]; }
std::int64_t Tensor::stride(std::int64_t d) const { return m_layout.strides[wrapDim(d, dim(), false)]; }

std::uint64_t Tensor::dataPtr() const {
    return m_storage->baseAddress() + static_cast<std::uint64_t>(m_layout.storageOffset) * elementSize();
}

Scalar Tensor::valueAt(const Shape& index) const {
    return applyLazyBit(m_storage->load(m_dtype, storageIndexOf(m_layout, index)));
}

void Tensor::forEachElement(const std::function<void(const Shape&, std::int64_t)>& visit) const {
    const auto n = numel();
    if (n == 0)
        return;
    ValueWorkLimit::charge(n); // an expanded view can have far more elements than its storage
    forEachIndexAndStorage(m_layout, n,
                           [&](const Shape& index, std::int64_t at, std::int64_t) { visit(index, at); });
}

std::vector<Scalar> Tensor::values() const {
    std::vector<Scalar> result;
    if (!hasValues())
        return result;
    // Bounded: a view can repeat its storage's elements (expand) far beyond what fits in memory;
    // forEachElement refuses those under a ValueWorkLimit before anything is pushed.
    result.reserve(static_cast<std::size_t>(std::min(numel(), Storage::kMaxValueElements)));
    forEachElement(
        [&](const Shape&, std::int64_t at) { result.push_back(applyLazyBit(m_storage->load(m_dtype, at))); });
    return result;
}

} // namespace stridescope
