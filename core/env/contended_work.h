#pragma once
#include "env/node_contention.h"
#include "sim/event_handler.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <vector>

namespace orrery::sim {
class Engine;
} // namespace orrery::sim

namespace orrery::env {

//! Told when a piece of contended work has run to completion.
class WorkCompletionListener {
public:
    virtual ~WorkCompletionListener() = default;
    virtual void workCompleted(std::uint64_t tag, sim::SimTime now) = 0;
};

//! Work that runs as residents of NodeContention (tasks, jobs), tracked incrementally
//! (docs/model.md, "Contention: incremental sharing"):
//!
//! - Items of one node that always share one slowdown — the same sensitivity and limits, no
//!   limit of their own on a shared resource — form a *class*, one NodeContention resident whose
//!   demand is the sum of theirs. The class keeps a virtual clock (work done at speed 1 since it
//!   formed, advanced at 1/slowdown); an item finishes when the clock reaches its start + work,
//!   a number fixed when it starts. A change of slowdown therefore costs one update per class,
//!   not per item.
//! - Each node has one completion event in the engine, at its earliest class completion (the
//!   "lazy" action heap of SimGrid): a change of residents moves at most one event.
//!
//! Compared with tracking each item's remaining work and rescheduling it on every change, a
//! completion time may differ by rounding: at most 1 ns per change of its class's slowdown
//! (tests/core/env/tst_contended_work.cpp checks this against a full recomputation).
class ContendedWork final : public ContentionListener, public sim::EventHandler {
public:
    using ItemId = std::uint32_t;

    //! Registers its event kind with `engine`; `contention` and `listener` must outlive this.
    ContendedWork(NodeContention& contention, sim::Engine& engine, WorkCompletionListener& listener);

    //! Starts `workNs` of work (at speed 1) on `node`, demanding `demand` from the decision on
    //! and progressing from `startAt` (≥ now: it may start after a modelled decision delay). Its
    //! completion is scheduled by the next flush(). The item is valid until it completes or stops.
    ItemId start(std::uint32_t node, const model::ResourceSensitivity& sensitivity, const NodeContention::Vector& limits,
                 const NodeContention::Vector& demand, double workNs, sim::SimTime startAt, sim::SimTime now, std::uint64_t tag);
    //! Stops an item early (preemption, a killed job): it leaves the contention and never completes.
    void stop(ItemId item, sim::SimTime now);

    //! Refreshes the contention and (re)schedules the completion of every node whose earliest
    //! completion moved. Call after changing residents, before returning to the engine.
    void flush(sim::SimTime now);

    //! The slowdown the item runs at now.
    [[nodiscard]] double slowdownOf(ItemId item) const { return m_classes[m_items[item].workClass].slowdown; }
    [[nodiscard]] std::size_t runningCount() const { return m_running; }
    //! NodeContention residents in use (one per class): the figure incremental sharing cuts.
    [[nodiscard]] std::size_t classCount() const { return m_classes.size() - m_freeClasses.size(); }

    void slowdownChanged(std::uint64_t tag, double slowdown, sim::SimTime now) override;
    void handleEvent(const sim::Event& event, sim::Engine& engine) override;

private:
    using ClassId = std::uint32_t;
    struct Item {
        std::uint64_t tag = 0;
        std::uint64_t order = 0; //!< start order: ties at one completion time go first-started first
        ClassId workClass = 0;
        std::uint32_t heapIndex = 0; //!< position in its class's heap
        double finishClock = 0.0;    //!< its class's clock value at which it is done
        NodeContention::Vector demand{};
    };
    struct WorkClass {
        std::uint32_t node = 0;
        std::uint32_t slot = 0;  //!< index in its node's classes
        bool shared = false;     //!< may take more items (false: a class of one)
        model::ResourceSensitivity sensitivity;
        NodeContention::Vector limits{};
        NodeContention::ResidentId resident = 0;
        double clock = 0.0;      //!< work done at speed 1 by each of its items since progressAt's origin
        double slowdown = 1.0;
        sim::SimTime progressAt = 0;
        sim::SimTime completesAt = 0; //!< of its first item
        std::vector<ItemId> heap;     //!< min-heap on (finishClock, order)
        //! While every item demands the same (the usual case: one workload's tasks), the class's
        //! demand is that × the count: one rounding, instead of a sum over its items per change.
        NodeContention::Vector commonDemand{};
        bool uniformDemand = true;
    };
    struct NodeWork {
        std::vector<ClassId> classes;
        sim::SimTime scheduledAt = -1; //!< time of its pending event, -1 = none
        std::uint32_t generation = 0;  //!< events of older generations are stale
        bool changed = false;
    };

    ClassId classFor(std::uint32_t node, const model::ResourceSensitivity& sensitivity, const NodeContention::Vector& limits,
                     bool shareable);
    void releaseClass(ClassId id);
    void advance(WorkClass& workClass, sim::SimTime now) const;
    void updateClass(ClassId id);
    void markChanged(std::uint32_t node);
    void reschedule(std::uint32_t node, sim::SimTime now);
    [[nodiscard]] bool before(ItemId a, ItemId b) const;
    void heapPush(WorkClass& workClass, ItemId item);
    void heapErase(WorkClass& workClass, std::uint32_t index);
    void siftUp(WorkClass& workClass, std::uint32_t index);
    void siftDown(WorkClass& workClass, std::uint32_t index);

    NodeContention& m_contention;
    sim::Engine& m_engine;
    WorkCompletionListener& m_listener;
    std::uint32_t m_kind = 0;
    std::vector<Item> m_items;
    std::vector<ItemId> m_freeItems;
    std::vector<WorkClass> m_classes;
    std::vector<ClassId> m_freeClasses;
    std::vector<NodeWork> m_nodes;
    std::vector<std::uint32_t> m_changed;
    std::uint64_t m_nextOrder = 0;
    std::size_t m_running = 0;
};

} // namespace orrery::env
