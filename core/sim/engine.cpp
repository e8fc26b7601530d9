#include "sim/engine.h"

#include "sim/run_control.h"

#include <stdexcept>

namespace orrery::sim {

Engine::Engine()
{
    m_queue.reserve(1024);
}

EventKind Engine::registerHandler(EventHandler& handler)
{
    m_handlers.push_back(&handler);
    return static_cast<EventKind>(m_handlers.size() - 1);
}

void Engine::schedule(SimTime time, EventKind kind, std::uint32_t target, std::uint64_t payload)
{
    if (time < m_now)
        throw std::logic_error("Engine::schedule: event scheduled in the past");
    if (kind >= m_handlers.size())
        throw std::logic_error("Engine::schedule: unregistered event kind");
    m_queue.push(time, kind, target, payload);
}

void Engine::dispatch(const Event& event)
{
    m_now = event.time;
    ++m_eventsProcessed;
    m_handlers[event.kind]->handleEvent(event, *this);
}

RunOutcome Engine::run(SimTime horizon, RunControl* control, const ProgressCallback& progress)
{
    const SimTime progressStep = horizon > 100 ? horizon / 100 : 1;
    SimTime nextProgress = m_now + progressStep;
    std::int64_t stepBudget = 0; // >0: single-stepping, that many events left before pausing again
    std::uint64_t untilCheck = kCheckInterval;

    while (!m_queue.empty() && m_queue.nextTime() <= horizon) {
        if (control && (stepBudget > 0 ? false : (--untilCheck == 0 || control->needsAttention()))) {
            untilCheck = kCheckInterval;
            if (control->isCancelled())
                return RunOutcome::Cancelled;
            if (control->isPaused()) {
                if (progress)
                    progress(m_now, horizon, m_eventsProcessed);
                stepBudget = control->waitWhilePaused();
                if (stepBudget < 0)
                    return RunOutcome::Cancelled;
            }
        }
        dispatch(m_queue.pop());
        if (stepBudget > 0)
            --stepBudget;
        if (progress && m_now >= nextProgress) {
            progress(m_now, horizon, m_eventsProcessed);
            nextProgress = m_now + progressStep;
        }
    }
    const bool drained = m_queue.empty();
    if (m_now < horizon)
        m_now = horizon;
    if (progress)
        progress(m_now, horizon, m_eventsProcessed);
    return drained ? RunOutcome::QueueDrained : RunOutcome::ReachedHorizon;
}

} // namespace orrery::sim
