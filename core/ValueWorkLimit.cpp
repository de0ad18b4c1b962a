#include "ValueWorkLimit.h"

#include "Error.h"

namespace stridescope {

namespace {
thread_local ValueWorkLimit* t_innermost = nullptr;
}

ValueWorkLimit::ValueWorkLimit(std::int64_t maxElements) : m_max(maxElements), m_outer(t_innermost) {
    t_innermost = this;
}

ValueWorkLimit::~ValueWorkLimit() { t_innermost = m_outer; }

void ValueWorkLimit::charge(std::int64_t elements) {
    for (const ValueWorkLimit* limit = t_innermost; limit; limit = limit->m_outer)
        SS_CHECK(elements <= limit->m_max - limit->m_used, RuntimeError,
                 "too much work for one statement: StrideScope computes at most ", limit->m_max,
                 " element values per statement and this one needs more (an expanded or overlapping view counts "
                 "each element it repeats); use smaller tensors");
    for (ValueWorkLimit* limit = t_innermost; limit; limit = limit->m_outer)
        limit->m_used += elements;
}

} // namespace stridescope
