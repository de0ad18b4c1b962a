#pragma once
// A tensor: a Storage shared by reference plus a Layout and a dtype. Views copy the pointer;
// copies allocate a new Storage.
#include "DType.h"
#include "Layout.h"
#include "Scalar.h"
#include "Storage.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace stridescope {

class Tensor {
public:
    Tensor() = default;
    Tensor(StoragePtr storage, DType dtype, Layout layout);

    // A new storage holding a row-major (or given-strides) layout of `sizes`; values zero.
    static Tensor allocate(DType dtype, const Shape& sizes);
    static Tensor allocateStrided(DType dtype, const Shape& sizes, const Shape& strides, bool keepValues = true);

    bool defined() const { return m_storage != nullptr; }
    const StoragePtr& storage() const { return m_storage; }
    DType dtype() const { return m_dtype; }
    const Layout& layout() const { return m_layout; }
    const Shape& sizes() const { return m_layout.sizes; }
    const Shape& strides() const { return m_layout.strides; }
    std::int64_t storageOffset() const { return m_layout.storageOffset; }
    std::int64_t dim() const { return m_layout.dim(); }
    std::int64_t numel() const { return m_layout.numel(); }
    std::int64_t size(std::int64_t dim) const;   // dim may be negative
    std::int64_t stride(std::int64_t dim) const; // dim may be negative
    int elementSize() const { return itemSize(m_dtype); }
    bool hasValues() const { return m_storage && m_storage->hasValues(); }
    bool isContiguous() const { return stridescope::isContiguous(m_layout); }
    // PyTorch's lazy conjugation (the conj bit of a complex tensor, `x.conj()`) and lazy negation
    // (the neg bit of a real one, `x.conj().imag`): one bit, since a tensor here has at most one
    // of them. The storage keeps the values before the conjugation or negation; valueAt()/values()
    // and every op that reads or writes elements pass them through applyLazyBit().
    bool isConj() const { return m_lazyBit && isComplex(m_dtype); }
    bool isNeg() const { return m_lazyBit && !isComplex(m_dtype); }
    bool hasLazyBit() const { return m_lazyBit; }
    // A view (same storage, layout, version counter) with the bit set or cleared.
    Tensor withLazyBit(bool set) const;
    // A stored value as this tensor reads it, and a logical value as it is stored (an involution).
    Scalar applyLazyBit(const Scalar& value) const;
    bool sharesStorageWith(const Tensor& other) const { return m_storage == other.m_storage; }
    std::uint64_t dataPtr() const;

    // The same storage read through another layout: a view, a new tensor object that shares
    // the version counter (PyTorch's views share their base's).
    Tensor withLayout(Layout layout) const { return withLayout(m_dtype, std::move(layout)); }
    // ... and another dtype (view(dtype)).
    Tensor withLayout(DType dtype, Layout layout) const;

    // ---- object identity and the version counter ----
    // Every tensor object (a Python Tensor) has an id; copying a Tensor value (binding a second
    // name) keeps it, views and copies get a new one. In-place metadata ops (t_, resize_, set_)
    // return the same object with a new layout, which the interpreter rebinds by this id.
    std::uint64_t objectId() const { return m_objectId; }
    // PyTorch's _version: bumped by every in-place write through any alias sharing the counter.
    std::int64_t version() const { return m_version ? *m_version : 0; }
    void bumpVersion() const {
        if (m_version)
            ++*m_version;
    }
    const std::shared_ptr<std::int64_t>& versionCounter() const { return m_version; }
    // `.data`: the same storage and layout under a new object with its own counter.
    Tensor withFreshVersion() const;
    // The same object (id and counter) on another storage/dtype/layout: in-place metadata ops.
    Tensor withMetadata(StoragePtr storage, DType dtype, Layout layout) const;

    // Logical elements in row-major order. Requires hasValues().
    Scalar valueAt(const Shape& index) const;
    std::vector<Scalar> values() const;
    // Calls visit(logicalIndex, storageIndex) for every element in row-major order.
    void forEachElement(const std::function<void(const Shape&, std::int64_t)>& visit) const;

    // Why a result of an elementwise op, reduction or copying index got its strides (the
    // output-layout rule of core/TensorIterator.h), e.g. "dims ordered like a (its strides (1, 3));
    // b was broadcast". Empty for views and for tensors made otherwise: a view's strides come
    // from the view rule, so withLayout() drops it.
    const std::string& layoutReason() const;
    Tensor withLayoutReason(std::string reason) const;

private:
    StoragePtr m_storage;
    DType m_dtype = DType::Float32;
    Layout m_layout;
    std::uint64_t m_objectId = 0;
    std::shared_ptr<std::int64_t> m_version;
    std::shared_ptr<const std::string> m_layoutReason;
    bool m_lazyBit = false;
};

} // namespace stridescope
