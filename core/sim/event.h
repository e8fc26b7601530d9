#pragma once
#include "sim/sim_time.h"

#include <cstdint>

namespace orrery::sim {

//! Identifies which handler an event goes to; assigned by Engine::registerHandler.
using EventKind = std::uint32_t;

//! A scheduled event: a small value type (32 bytes) so the queue never allocates per event.
//! `target` and `payload` are interpreted by the handler of `kind` (an entity index, a job id, …).
struct Event {
    SimTime time = 0;
    std::uint64_t sequence = 0; //!< insertion order; breaks ties so equal times stay FIFO
    EventKind kind = 0;
    std::uint32_t target = 0;
    std::uint64_t payload = 0;
};

//! Strict (time, sequence) order: earlier first, and among equal times the earlier-inserted.
constexpr bool firesBefore(const Event& a, const Event& b)
{
    return a.time < b.time || (a.time == b.time && a.sequence < b.sequence);
}

} // namespace orrery::sim
