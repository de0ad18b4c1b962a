#pragma once
// A bound on the number of element values a computation reads or writes.
//
// Values are kept for storages of up to Storage::kMaxValueElements elements, but a view can reach
// far more logical elements than its storage holds (expand, an overlapping as_strided) and one
// statement can chain any number of ops: without a bound, `torch.zeros(1).expand(2**40).fill_(1)`
// would run for hours. The interpreter opens a limit around every statement; the element loops
// (Tensor::forEachElement, the walks of Analysis.h) charge it with their element count before
// they start, and fail with a RuntimeError when that would pass the limit. Limits nest: every
// limit open on the thread is charged. With none open (C++ calling the ops directly, the
// diagram) nothing is counted.
#include <cstdint>

namespace stridescope {

class ValueWorkLimit {
public:
    explicit ValueWorkLimit(std::int64_t maxElements);
    ~ValueWorkLimit();
    ValueWorkLimit(const ValueWorkLimit&) = delete;
    ValueWorkLimit& operator=(const ValueWorkLimit&) = delete;

    std::int64_t maxElements() const { return m_max; }
    std::int64_t used() const { return m_used; }

    // Adds `elements` to every limit open on this thread. Throws TensorError(RuntimeError), and
    // charges nothing, when that would pass one of them.
    static void charge(std::int64_t elements);

private:
    std::int64_t m_max;
    std::int64_t m_used = 0;
    ValueWorkLimit* m_outer;
};

} // namespace stridescope
