#include "sim/event_queue.h"

#include <algorithm>

namespace orrery::sim {

EventQueue::EventQueue()
{
    m_heap.resize(kRoot);
}

void EventQueue::reserve(std::size_t capacity)
{
    m_heap.reserve(kRoot + capacity);
    m_slots.reserve(capacity);
    m_freeSlots.reserve(capacity);
}

void EventQueue::clear()
{
    m_heap.resize(kRoot);
    m_size = 0;
    m_slots.clear();
    m_freeSlots.clear();
    m_nextSequence = 0;
    m_nextShortSequence = 0;
}

void EventQueue::renumberSequences()
{
    // A sorted array is a valid heap, and renumbering in sorted order keeps every relative order.
    std::sort(m_heap.begin() + kRoot, m_heap.end());
    std::uint32_t sequence = 0;
    for (std::size_t i = kRoot; i < m_heap.size(); ++i) {
        const Key key = m_heap[i];
        m_heap[i] = makeKey(timeOf(key), sequence++, slotOf(key));
    }
    m_nextShortSequence = sequence;
}

} // namespace orrery::sim
