#pragma once
// A fixed team of threads for the CPU backend's kernels. Starting threads for every run would
// add tens of microseconds of noise to each timed repetition; the team is started once and
// woken per run. The calling thread is member 0, so a team of n starts n - 1 threads.
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace stridescope::gpu {

class CpuThreadPool {
public:
    // threads <= 0: one per hardware thread.
    explicit CpuThreadPool(int threads = 0);
    ~CpuThreadPool();
    CpuThreadPool(const CpuThreadPool&) = delete;
    CpuThreadPool& operator=(const CpuThreadPool&) = delete;

    int size() const { return m_size; }

    // Calls task(member) once for every member in [0, size()) concurrently and returns when all
    // have returned; rethrows the first exception a task threw. Not reentrant: one run at a
    // time per pool.
    void run(const std::function<void(int member)>& task);

    // Splits [0, count) into size() contiguous ranges of near-equal length and calls
    // body(begin, end) for each non-empty one in parallel.
    void parallelRanges(std::int64_t count,
                        const std::function<void(std::int64_t begin, std::int64_t end)>& body);

    // Hands out [0, count) in chunks of `grain` to whichever member asks next, and calls
    // body(begin, end) for each chunk. On a machine shared with other work a member may be
    // descheduled for milliseconds; with fixed ranges everyone then waits for it, with chunks
    // the others take over its share.
    void parallelChunks(std::int64_t count, std::int64_t grain,
                        const std::function<void(std::int64_t begin, std::int64_t end)>& body);

private:
    void workerLoop(int member);

    int m_size = 1;
    std::vector<std::thread> m_workers;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_done;
    const std::function<void(int)>* m_task = nullptr;
    std::uint64_t m_generation = 0;
    int m_pending = 0;
    bool m_stopping = false;
    std::exception_ptr m_error;
};

} // namespace stridescope::gpu
