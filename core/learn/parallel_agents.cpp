#include "learn/parallel_agents.h"

#include "learn/torch_support.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace orrery::learn {

unsigned agentThreads(unsigned requested, std::size_t items)
{
    const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
    const unsigned wanted = requested != 0 ? requested : hardware;
    return static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(wanted, items)));
}

void forEachAgentInParallel(std::size_t count, unsigned threads, const std::function<void(std::size_t)>& work)
{
    const unsigned workers = agentThreads(threads, count);
    if (workers <= 1) {
        for (std::size_t i = 0; i < count; ++i)
            work(i);
        return;
    }
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    std::mutex failureMutex;
    const auto drain = [&] {
        // A new thread starts with LibTorch's default intra-op thread count; take the process's
        // (makeTorchDeterministic sets 1), so agents do not fight over cores inside their updates.
        at::init_num_threads();
        for (std::size_t i = next++; i < count && !failed; i = next++) {
            try {
                work(i);
            } catch (...) {
                const std::lock_guard lock(failureMutex);
                if (!failure)
                    failure = std::current_exception();
                failed = true;
            }
        }
    };
    std::vector<std::thread> pool;
    pool.reserve(workers - 1);
    for (unsigned t = 1; t < workers; ++t)
        pool.emplace_back(drain);
    drain();
    for (std::thread& thread : pool)
        thread.join();
    if (failure)
        std::rethrow_exception(failure);
}

} // namespace orrery::learn
