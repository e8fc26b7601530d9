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

__extension__ using OrderKey = unsigned __int128;

//! (time, sequence) as one unsigned 128-bit number, so ordering is a single wide compare that
//! compiles to cmp/sbb instead of two data-dependent branches. Flipping the sign bit maps
//! signed times onto unsigned order.
constexpr OrderKey orderKey(const Event& event)
{
    return (static_cast<OrderKey>(static_cast<std::uint64_t>(event.time) ^ (std::uint64_t{1} << 63)) << 64)
        | event.sequence;
}

//! Strict (time, sequence) order: earlier first, and among equal times the earlier-inserted.
constexpr bool firesBefore(const Event& a, const Event& b)
{
    return orderKey(a) < orderKey(b);
}

} // namespace orrery::sim
