#pragma once
#include <barrier>
#include <cstddef>
#include <exception>
#include <functional>
#include <thread>
#include <vector>

namespace orrery::learn {

//! Runs one piece of work per environment side by side, a round at a time: the i-th of a
//! round's environments on thread i mod T (the calling thread is thread 0). Threads persist
//! between rounds (a round of a fast task takes microseconds). A failure is rethrown on the
//! caller, the lowest environment's. What runs on the threads must touch only its own
//! environment; everything order-dependent stays on the caller (trainOffPolicy's parallel
//! rollouts, docs/learning.md). Unlike forEachAgentInParallel (learn/parallel_agents.h), which
//! starts its threads per call for work that takes seconds, the threads here live as long as the
//! pool: a round of a fast task is shorter than starting a thread.
class RolloutPool {
public:
    //! agentThreads(threads, environments) threads, the caller included (0 = every core).
    RolloutPool(std::size_t threads, std::size_t environments);
    ~RolloutPool();
    RolloutPool(const RolloutPool&) = delete;
    RolloutPool& operator=(const RolloutPool&) = delete;

    [[nodiscard]] std::size_t threadCount() const { return m_threadCount; }

    //! work(k) for every k in `which` (environment indices below `environments`), then
    //! rethrows the first failure.
    void run(const std::vector<std::size_t>& which, const std::function<void(std::size_t)>& work);

private:
    void share(std::size_t thread);
    void serve(std::size_t thread);

    std::size_t m_threadCount;
    std::vector<std::exception_ptr> m_errors;
    std::barrier<> m_start;
    std::barrier<> m_done;
    std::vector<std::thread> m_threads;
    const std::vector<std::size_t>* m_which = nullptr;
    const std::function<void(std::size_t)>* m_work = nullptr;
    bool m_stop = false; //!< written before a barrier, read after it
};

} // namespace orrery::learn
