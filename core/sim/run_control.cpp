#include "sim/run_control.h"

namespace orrery::sim {

void RunControl::pause()
{
    std::lock_guard lock(m_mutex);
    m_paused.store(true, std::memory_order_release);
}

void RunControl::resume()
{
    {
        std::lock_guard lock(m_mutex);
        m_stepBudget = 0;
        m_paused.store(false, std::memory_order_release);
    }
    m_wake.notify_all();
}

void RunControl::step(std::uint64_t events)
{
    {
        std::lock_guard lock(m_mutex);
        m_paused.store(true, std::memory_order_release);
        m_stepBudget += events;
    }
    m_wake.notify_all();
}

void RunControl::cancel()
{
    {
        std::lock_guard lock(m_mutex);
        m_cancelled.store(true, std::memory_order_release);
    }
    m_wake.notify_all();
}

std::int64_t RunControl::waitWhilePaused()
{
    std::unique_lock lock(m_mutex);
    m_wake.wait(lock, [this] {
        return m_cancelled.load() || !m_paused.load() || m_stepBudget > 0;
    });
    if (m_cancelled.load())
        return -1;
    if (!m_paused.load())
        return 0;
    const auto budget = static_cast<std::int64_t>(m_stepBudget);
    m_stepBudget = 0;
    return budget;
}

} // namespace orrery::sim
