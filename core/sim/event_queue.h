#pragma once
#include "sim/event.h"

#include <cstddef>
#include <vector>

namespace orrery::sim {

//! Pending-event set ordered by (time, sequence number).
//!
//! A 4-ary implicit min-heap over a contiguous vector of 32-byte events: no allocation per
//! event once the vector has grown, half the tree depth of a binary heap, and the four
//! children of a node share one cache line pair. Ties break by insertion order, so a run is
//! deterministic regardless of how many events share a timestamp.
class EventQueue {
public:
    EventQueue() = default;

    void reserve(std::size_t capacity) { m_heap.reserve(capacity); }
    [[nodiscard]] bool empty() const { return m_heap.empty(); }
    [[nodiscard]] std::size_t size() const { return m_heap.size(); }

    //! Schedules an event and returns the sequence number it was given.
    std::uint64_t push(SimTime time, EventKind kind, std::uint32_t target = 0, std::uint64_t payload = 0)
    {
        const std::uint64_t sequence = m_nextSequence++;
        m_heap.push_back(Event{time, sequence, kind, target, payload});
        siftUp(m_heap.size() - 1);
        return sequence;
    }

    //! The next event to fire. Precondition: !empty().
    [[nodiscard]] const Event& top() const { return m_heap.front(); }

    //! Removes and returns the next event. Precondition: !empty().
    Event pop()
    {
        const Event result = m_heap.front();
        const Event last = m_heap.back();
        m_heap.pop_back();
        if (!m_heap.empty())
            siftDown(last);
        return result;
    }

    void clear()
    {
        m_heap.clear();
        m_nextSequence = 0;
    }

private:
    static constexpr std::size_t kArity = 4;

    void siftUp(std::size_t index)
    {
        const Event moving = m_heap[index];
        while (index > 0) {
            const std::size_t parent = (index - 1) / kArity;
            if (!firesBefore(moving, m_heap[parent]))
                break;
            m_heap[index] = m_heap[parent];
            index = parent;
        }
        m_heap[index] = moving;
    }

    // Moves `moving` down from the root hole to its place.
    void siftDown(const Event& moving)
    {
        const std::size_t count = m_heap.size();
        Event* heap = m_heap.data();
        std::size_t index = 0;
        for (;;) {
            const std::size_t first = index * kArity + 1;
            if (first >= count)
                break;
            std::size_t best = first;
            const std::size_t end = first + kArity < count ? first + kArity : count;
            for (std::size_t child = first + 1; child < end; ++child) {
                if (firesBefore(heap[child], heap[best]))
                    best = child;
            }
            if (!firesBefore(heap[best], moving))
                break;
            heap[index] = heap[best];
            index = best;
        }
        heap[index] = moving;
    }

    std::vector<Event> m_heap;
    std::uint64_t m_nextSequence = 0;
};

} // namespace orrery::sim
