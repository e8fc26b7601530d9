#pragma once
#include "sim/event_handler.h"
#include "sim/event_queue.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace orrery::sim {

class RunControl;

enum class RunOutcome { ReachedHorizon, QueueDrained, Cancelled };

//! Progress report: simulated time reached, the horizon, and events processed so far.
using ProgressCallback = std::function<void(SimTime now, SimTime horizon, std::uint64_t events)>;

//! The discrete-event loop: pops events in (time, sequence) order and dispatches them by kind.
//!
//! Handlers are registered once and never owned. The loop checks its RunControl every
//! kCheckInterval events, so pausing or cancelling from another thread costs one relaxed
//! atomic load per few thousand events.
class Engine {
public:
    static constexpr std::uint64_t kCheckInterval = 4096;

    Engine();

    //! Registers a handler and returns the event kind that routes to it.
    EventKind registerHandler(EventHandler& handler);

    void schedule(SimTime time, EventKind kind, std::uint32_t target = 0, std::uint64_t payload = 0);
    void scheduleAfter(SimTime delay, EventKind kind, std::uint32_t target = 0, std::uint64_t payload = 0)
    {
        schedule(m_now + delay, kind, target, payload);
    }

    [[nodiscard]] SimTime now() const { return m_now; }
    [[nodiscard]] std::uint64_t eventsProcessed() const { return m_eventsProcessed; }
    [[nodiscard]] std::size_t pendingEvents() const { return m_queue.size(); }

    //! Runs until the horizon (events after it stay queued), the queue drains, or `control`
    //! cancels. `progress` is called at most about a hundred times per run and once at the end.
    RunOutcome run(SimTime horizon, RunControl* control = nullptr, const ProgressCallback& progress = {});

private:
    void dispatch(const Event& event);

    EventQueue m_queue;
    std::vector<EventHandler*> m_handlers;
    SimTime m_now = 0;
    std::uint64_t m_eventsProcessed = 0;
};

} // namespace orrery::sim
