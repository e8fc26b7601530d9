#pragma once
#include <cstddef>
#include <functional>

namespace orrery::learn {

//! How many threads `requested` means: 0 is every hardware thread; never more than `items`,
//! never fewer than 1.
unsigned agentThreads(unsigned requested, std::size_t items);

//! Runs work(i) for every i in [0, count) on up to `threads` threads (the caller's among them),
//! each index on exactly one thread. For independent learning agents (one PpoAgent per index,
//! which is not thread-safe but needs no other agent): each agent draws from its own generator,
//! so the results do not depend on the thread count or on scheduling. The first exception thrown
//! by any work item is rethrown here after every thread has stopped; the items not yet started
//! are then skipped.
void forEachAgentInParallel(std::size_t count, unsigned threads, const std::function<void(std::size_t)>& work);

} // namespace orrery::learn
