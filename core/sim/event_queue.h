#pragma once
#include "sim/cache_aligned_allocator.h"
#include "sim/event.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace orrery::sim {

//! Pending-event set ordered by (time, sequence number).
//!
//! A 4-ary implicit min-heap of 16-byte keys; each key is one unsigned 128-bit number
//! [biased time : 64][sequence : 32][slot : 32], so ordering is a single wide compare and the
//! four children of a node fill exactly one 64-byte cache line. The event's kind, target and
//! payload sit in a slot table recycled through a free list: no allocation per event once the
//! vectors have grown. Ties break by insertion order, so runs are deterministic however many
//! events share a timestamp. The 32-bit sequence is renumbered (order-preserving) in the rare
//! case it would wrap.
class EventQueue {
public:
    EventQueue();

    void reserve(std::size_t capacity);
    [[nodiscard]] bool empty() const { return m_size == 0; }
    [[nodiscard]] std::size_t size() const { return m_size; }

    //! Schedules an event and returns its sequence number (insertion order over the queue's life).
    std::uint64_t push(SimTime time, EventKind kind, std::uint32_t target = 0, std::uint64_t payload = 0);

    //! Time of the next event. Precondition: !empty().
    [[nodiscard]] SimTime nextTime() const { return timeOf(m_heap[kRoot]); }
    //! The next event, without removing it. Precondition: !empty().
    [[nodiscard]] Event top() const { return eventOf(m_heap[kRoot]); }
    //! Removes and returns the next event. Precondition: !empty().
    Event pop();

    void clear();

private:
    __extension__ using Key = unsigned __int128;

    struct Slot {
        std::uint64_t sequence = 0;
        std::uint64_t payload = 0;
        EventKind kind = 0;
        std::uint32_t target = 0;
    };

    static constexpr std::size_t kArity = 4;
    // Keys live at m_heap[kRoot + i]; the offset makes every group of four children start on a
    // 64-byte boundary (children of i are kRoot + 4i + 1 … kRoot + 4i + 4).
    static constexpr std::size_t kRoot = 3;

    static constexpr std::uint64_t kSignBit = std::uint64_t{1} << 63;
    static Key makeKey(SimTime time, std::uint32_t sequence, std::uint32_t slot)
    {
        return (static_cast<Key>(static_cast<std::uint64_t>(time) ^ kSignBit) << 64)
            | (static_cast<Key>(sequence) << 32) | slot;
    }
    static SimTime timeOf(Key key) { return static_cast<SimTime>(static_cast<std::uint64_t>(key >> 64) ^ kSignBit); }
    static std::uint32_t slotOf(Key key) { return static_cast<std::uint32_t>(key); }
    Event eventOf(Key key) const;

    void siftUp(std::size_t position, Key key);
    void siftDown(Key key);
    void renumberSequences();

    std::vector<Key, CacheAlignedAllocator<Key>> m_heap;
    std::size_t m_size = 0;
    std::vector<Slot> m_slots;
    std::vector<std::uint32_t> m_freeSlots;
    std::uint64_t m_nextSequence = 0;
    std::uint32_t m_nextShortSequence = 0;
};

// Hot path: defined here so the engine's loop inlines them.

inline Event EventQueue::eventOf(Key key) const
{
    const Slot& slot = m_slots[slotOf(key)];
    return Event{timeOf(key), slot.sequence, slot.kind, slot.target, slot.payload};
}

inline std::uint64_t EventQueue::push(SimTime time, EventKind kind, std::uint32_t target, std::uint64_t payload)
{
    if (m_nextShortSequence == UINT32_MAX)
        renumberSequences();
    std::uint32_t slot;
    if (!m_freeSlots.empty()) {
        slot = m_freeSlots.back();
        m_freeSlots.pop_back();
    } else {
        slot = static_cast<std::uint32_t>(m_slots.size());
        m_slots.emplace_back();
    }
    const std::uint64_t sequence = m_nextSequence++;
    m_slots[slot] = Slot{sequence, payload, kind, target};
    const Key key = makeKey(time, m_nextShortSequence++, slot);
    m_heap.push_back(key);
    ++m_size;
    siftUp(kRoot + m_size - 1, key);
    return sequence;
}

inline Event EventQueue::pop()
{
    const Key rootKey = m_heap[kRoot];
    const Event result = eventOf(rootKey);
    m_freeSlots.push_back(slotOf(rootKey));
    const Key last = m_heap.back();
    m_heap.pop_back();
    --m_size;
    if (m_size > 0) {
        siftDown(last);
        // The next pop reads the new root's slot; with a large queue that is a cache miss, so
        // start the load now and let it overlap whatever the caller does in between.
        __builtin_prefetch(&m_slots[slotOf(m_heap[kRoot])]);
    }
    return result;
}

inline void EventQueue::siftUp(std::size_t position, Key key)
{
    Key* heap = m_heap.data();
    std::size_t index = position - kRoot;
    while (index > 0) {
        const std::size_t parent = (index - 1) / kArity;
        if (!(key < heap[kRoot + parent]))
            break;
        heap[kRoot + index] = heap[kRoot + parent];
        index = parent;
    }
    heap[kRoot + index] = key;
}

inline void EventQueue::siftDown(Key key)
{
    Key* heap = m_heap.data() + kRoot;
    const std::size_t count = m_size;
    std::size_t index = 0;
    for (;;) {
        const std::size_t first = index * kArity + 1;
        std::size_t best = first;
        if (first + kArity <= count) {
            // Pairwise tournament over a full group; compiles to conditional moves.
            const std::size_t a = heap[first + 1] < heap[first] ? first + 1 : first;
            const std::size_t b = heap[first + 3] < heap[first + 2] ? first + 3 : first + 2;
            best = heap[b] < heap[a] ? b : a;
        } else {
            if (first >= count)
                break;
            for (std::size_t child = first + 1; child < count; ++child) {
                if (heap[child] < heap[best])
                    best = child;
            }
        }
        if (!(heap[best] < key))
            break;
        heap[index] = heap[best];
        index = best;
    }
    heap[index] = key;
}
} // namespace orrery::sim
