#include "gpu/CpuThreadPool.h"

#include <algorithm>
#include <atomic>

namespace stridescope::gpu {

CpuThreadPool::CpuThreadPool(int threads) {
    if (threads <= 0)
        threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    m_size = threads;
    m_workers.reserve(static_cast<std::size_t>(threads - 1));
    for (int member = 1; member < threads; ++member)
        m_workers.emplace_back([this, member] { workerLoop(member); });
}

CpuThreadPool::~CpuThreadPool() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    for (auto& worker : m_workers)
        worker.join();
}

void CpuThreadPool::workerLoop(int member) {
    std::uint64_t seen = 0;
    for (;;) {
        const std::function<void(int)>* task = nullptr;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [&] { return m_stopping || m_generation != seen; });
            if (m_stopping)
                return;
            seen = m_generation;
            task = m_task;
        }
        std::exception_ptr error;
        try {
            (*task)(member);
        } catch (...) {
            error = std::current_exception();
        }
        std::lock_guard lock(m_mutex);
        if (error && !m_error)
            m_error = error;
        if (--m_pending == 0)
            m_done.notify_one();
    }
}

void CpuThreadPool::run(const std::function<void(int)>& task) {
    {
        std::lock_guard lock(m_mutex);
        m_task = &task;
        m_pending = m_size - 1;
        m_error = nullptr;
        ++m_generation;
    }
    m_wake.notify_all();
    std::exception_ptr error;
    try {
        task(0);
    } catch (...) {
        error = std::current_exception();
    }
    std::unique_lock lock(m_mutex);
    m_done.wait(lock, [&] { return m_pending == 0; });
    m_task = nullptr;
    if (!error)
        error = m_error;
    if (error)
        std::rethrow_exception(error);
}

void CpuThreadPool::parallelRanges(std::int64_t count,
                                   const std::function<void(std::int64_t, std::int64_t)>& body) {
    if (count <= 0)
        return;
    const std::int64_t parts = std::min<std::int64_t>(m_size, count);
    if (parts == 1) {
        body(0, count);
        return;
    }
    run([&](int member) {
        if (member >= parts)
            return;
        // 128-bit products: count · member must not overflow for any count.
        const auto begin = static_cast<std::int64_t>(static_cast<__int128>(count) * member / parts);
        const auto end = static_cast<std::int64_t>(static_cast<__int128>(count) * (member + 1) / parts);
        if (begin < end)
            body(begin, end);
    });
}

void CpuThreadPool::parallelChunks(std::int64_t count, std::int64_t grain,
                                   const std::function<void(std::int64_t, std::int64_t)>& body) {
    if (count <= 0)
        return;
    grain = std::max<std::int64_t>(1, grain);
    if (m_size == 1 || count <= grain) {
        body(0, count);
        return;
    }
    std::atomic<std::int64_t> next{0};
    run([&](int) {
        for (;;) {
            const std::int64_t begin = next.fetch_add(grain, std::memory_order_relaxed);
            if (begin >= count)
                return;
            body(begin, std::min(count, begin + grain));
        }
    });
}

} // namespace stridescope::gpu
