#include "learn/rollout_pool.h"

#include "learn/parallel_agents.h"
#include "learn/torch_support.h"

#include <algorithm>

namespace orrery::learn {

RolloutPool::RolloutPool(std::size_t threads, std::size_t environments)
    : m_threadCount(agentThreads(static_cast<unsigned>(threads), environments))
    , m_errors(environments)
    , m_start(static_cast<std::ptrdiff_t>(m_threadCount))
    , m_done(static_cast<std::ptrdiff_t>(m_threadCount))
{
    for (std::size_t t = 1; t < m_threadCount; ++t)
        m_threads.emplace_back([this, t] { serve(t); });
}

RolloutPool::~RolloutPool()
{
    if (m_threads.empty())
        return;
    m_stop = true;
    m_start.arrive_and_wait();
    for (std::thread& thread : m_threads)
        thread.join();
}

void RolloutPool::run(const std::vector<std::size_t>& which, const std::function<void(std::size_t)>& work)
{
    m_which = &which;
    m_work = &work;
    if (m_threads.empty()) {
        share(0);
    } else {
        m_start.arrive_and_wait();
        share(0);
        m_done.arrive_and_wait();
    }
    for (std::exception_ptr& error : m_errors) {
        if (error) {
            const std::exception_ptr first = error;
            std::fill(m_errors.begin(), m_errors.end(), nullptr);
            std::rethrow_exception(first);
        }
    }
}

void RolloutPool::share(std::size_t thread)
{
    for (std::size_t i = thread; i < m_which->size(); i += m_threadCount) {
        const std::size_t k = (*m_which)[i];
        try {
            (*m_work)(k);
        } catch (...) {
            m_errors[k] = std::current_exception();
        }
    }
}

void RolloutPool::serve(std::size_t thread)
{
    at::init_num_threads(); // the process's intra-op thread count, as forEachAgentInParallel's threads take
    for (;;) {
        m_start.arrive_and_wait();
        if (m_stop)
            return;
        share(thread);
        m_done.arrive_and_wait();
    }
}

} // namespace orrery::learn
