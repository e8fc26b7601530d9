#include "env/contended_work.h"

#include "sim/engine.h"

#include <algorithm>
#include <cmath>

namespace orrery::env {

namespace {

constexpr auto kCpu = static_cast<std::size_t>(model::ContendedResource::Cpu);

//! A limit on a shared resource other than CPU makes the slowdown depend on the item's own
//! demand (its utilization of its limit), so such an item cannot share a class.
bool limitsOnlyCpu(const NodeContention::Vector& limits)
{
    for (std::size_t r = 0; r < limits.size(); ++r) {
        if (r != kCpu && limits[r] > 0.0)
            return false;
    }
    return true;
}

} // namespace

ContendedWork::ContendedWork(NodeContention& contention, sim::Engine& engine, WorkCompletionListener& listener)
    : m_contention(contention)
    , m_engine(engine)
    , m_listener(listener)
    , m_kind(engine.registerHandler(*this))
    , m_nodes(contention.nodeCount())
{
}

ContendedWork::ItemId ContendedWork::start(std::uint32_t node, const model::ResourceSensitivity& sensitivity,
                                           const NodeContention::Vector& limits, const NodeContention::Vector& demand,
                                           double workNs, sim::SimTime startAt, sim::SimTime now, std::uint64_t tag)
{
    // A delayed start progresses from a later time than its classmates: a class of its own.
    const bool shareable = startAt <= now && limitsOnlyCpu(limits);
    const ClassId classId = classFor(node, sensitivity, limits, shareable);
    WorkClass& workClass = m_classes[classId];
    if (workClass.heap.empty())
        workClass.progressAt = std::max(startAt, now);
    else
        advance(workClass, now);

    ItemId id = 0;
    if (m_freeItems.empty()) {
        id = static_cast<ItemId>(m_items.size());
        m_items.emplace_back();
    } else {
        id = m_freeItems.back();
        m_freeItems.pop_back();
    }
    Item& item = m_items[id];
    item.tag = tag;
    item.order = m_nextOrder++;
    item.workClass = classId;
    item.finishClock = workClass.clock + workNs;
    item.demand = demand;
    if (workClass.heap.empty()) {
        workClass.commonDemand = demand;
        workClass.uniformDemand = true;
    } else if (demand != workClass.commonDemand) {
        workClass.uniformDemand = false;
    }
    heapPush(workClass, id);
    updateClass(classId);
    markChanged(node);
    ++m_running;
    return id;
}

void ContendedWork::stop(ItemId id, sim::SimTime)
{
    const ClassId classId = m_items[id].workClass;
    WorkClass& workClass = m_classes[classId];
    heapErase(workClass, m_items[id].heapIndex);
    m_freeItems.push_back(id);
    --m_running;
    markChanged(workClass.node);
    // The clock needs no update: it is advanced lazily, at the slowdown in force until it changes.
    if (workClass.heap.empty())
        releaseClass(classId);
    else
        updateClass(classId);
}

void ContendedWork::slowdownChanged(std::uint64_t tag, double slowdown, sim::SimTime now)
{
    WorkClass& workClass = m_classes[tag];
    advance(workClass, now);
    workClass.slowdown = slowdown;
    if (!workClass.heap.empty()) {
        const double left = std::max(0.0, m_items[workClass.heap.front()].finishClock - workClass.clock);
        workClass.completesAt = workClass.progressAt + static_cast<sim::SimTime>(std::ceil(left * slowdown));
    }
    markChanged(workClass.node);
}

void ContendedWork::flush(sim::SimTime now)
{
    if (m_contention.dirty())
        m_contention.refresh(now);
    for (const std::uint32_t node : m_changed) {
        m_nodes[node].changed = false;
        reschedule(node, now);
    }
    m_changed.clear();
}

void ContendedWork::handleEvent(const sim::Event& event, sim::Engine& engine)
{
    NodeWork& node = m_nodes[event.target];
    if (event.payload != node.generation)
        return; // stale: the node's earliest completion moved since
    node.scheduledAt = -1;
    ClassId first = node.classes.front();
    for (const ClassId id : node.classes) {
        const WorkClass& candidate = m_classes[id];
        const WorkClass& best = m_classes[first];
        if (candidate.completesAt < best.completesAt
            || (candidate.completesAt == best.completesAt && before(candidate.heap.front(), best.heap.front())))
            first = id;
    }
    const ItemId item = m_classes[first].heap.front();
    const std::uint64_t tag = m_items[item].tag;
    stop(item, engine.now());
    m_listener.workCompleted(tag, engine.now());
    flush(engine.now()); // the listener may have flushed already; then this does nothing
}

ContendedWork::ClassId ContendedWork::classFor(std::uint32_t node, const model::ResourceSensitivity& sensitivity,
                                               const NodeContention::Vector& limits, bool shareable)
{
    NodeWork& nodeWork = m_nodes[node];
    if (shareable) {
        for (const ClassId id : nodeWork.classes) {
            const WorkClass& candidate = m_classes[id];
            if (candidate.shared && candidate.sensitivity.value == sensitivity.value && candidate.limits == limits)
                return id;
        }
    }
    ClassId id = 0;
    if (m_freeClasses.empty()) {
        id = static_cast<ClassId>(m_classes.size());
        m_classes.emplace_back();
    } else {
        id = m_freeClasses.back();
        m_freeClasses.pop_back();
    }
    WorkClass& workClass = m_classes[id];
    std::vector<ItemId> heap = std::move(workClass.heap); // keep its capacity
    heap.clear();
    workClass = WorkClass{};
    workClass.heap = std::move(heap);
    workClass.node = node;
    workClass.shared = shareable;
    workClass.sensitivity = sensitivity;
    workClass.limits = limits;
    workClass.resident = m_contention.add(node, sensitivity, limits, this, id);
    workClass.slowdown = m_contention.slowdown(workClass.resident);
    workClass.slot = static_cast<std::uint32_t>(nodeWork.classes.size());
    nodeWork.classes.push_back(id);
    return id;
}

void ContendedWork::releaseClass(ClassId id)
{
    WorkClass& workClass = m_classes[id];
    m_contention.remove(workClass.resident);
    NodeWork& node = m_nodes[workClass.node];
    const ClassId last = node.classes.back();
    node.classes[workClass.slot] = last;
    m_classes[last].slot = workClass.slot;
    node.classes.pop_back();
    m_freeClasses.push_back(id);
}

void ContendedWork::advance(WorkClass& workClass, sim::SimTime now) const
{
    if (now <= workClass.progressAt)
        return;
    workClass.clock += static_cast<double>(now - workClass.progressAt) / workClass.slowdown;
    workClass.progressAt = now;
}

void ContendedWork::updateClass(ClassId id)
{
    WorkClass& workClass = m_classes[id];
    NodeContention::Vector total{};
    if (workClass.uniformDemand) {
        const auto count = static_cast<double>(workClass.heap.size());
        for (std::size_t r = 0; r < total.size(); ++r)
            total[r] = workClass.commonDemand[r] * count;
    } else {
        for (const ItemId item : workClass.heap) {
            for (std::size_t r = 0; r < total.size(); ++r)
                total[r] += m_items[item].demand[r];
        }
    }
    m_contention.setDemand(workClass.resident, total);
    const double left = std::max(0.0, m_items[workClass.heap.front()].finishClock - workClass.clock);
    workClass.completesAt = workClass.progressAt + static_cast<sim::SimTime>(std::ceil(left * workClass.slowdown));
}

void ContendedWork::markChanged(std::uint32_t node)
{
    if (m_nodes[node].changed)
        return;
    m_nodes[node].changed = true;
    m_changed.push_back(node);
}

void ContendedWork::reschedule(std::uint32_t index, sim::SimTime now)
{
    NodeWork& node = m_nodes[index];
    if (node.classes.empty()) {
        if (node.scheduledAt >= 0) {
            ++node.generation;
            node.scheduledAt = -1;
        }
        return;
    }
    sim::SimTime at = m_classes[node.classes.front()].completesAt;
    for (const ClassId id : node.classes)
        at = std::min(at, m_classes[id].completesAt);
    at = std::max(at, now);
    if (at == node.scheduledAt)
        return;
    ++node.generation;
    node.scheduledAt = at;
    m_engine.schedule(at, m_kind, index, node.generation);
}

bool ContendedWork::before(ItemId a, ItemId b) const
{
    const Item& x = m_items[a];
    const Item& y = m_items[b];
    return x.finishClock < y.finishClock || (x.finishClock == y.finishClock && x.order < y.order);
}

void ContendedWork::heapPush(WorkClass& workClass, ItemId item)
{
    workClass.heap.push_back(item);
    siftUp(workClass, static_cast<std::uint32_t>(workClass.heap.size() - 1));
}

void ContendedWork::heapErase(WorkClass& workClass, std::uint32_t index)
{
    const ItemId last = workClass.heap.back();
    workClass.heap.pop_back();
    if (index == workClass.heap.size())
        return;
    workClass.heap[index] = last;
    m_items[last].heapIndex = index;
    siftUp(workClass, index);
    siftDown(workClass, m_items[last].heapIndex);
}

void ContendedWork::siftUp(WorkClass& workClass, std::uint32_t index)
{
    std::vector<ItemId>& heap = workClass.heap;
    const ItemId item = heap[index];
    while (index > 0) {
        const std::uint32_t parent = (index - 1) / 2;
        if (!before(item, heap[parent]))
            break;
        heap[index] = heap[parent];
        m_items[heap[index]].heapIndex = index;
        index = parent;
    }
    heap[index] = item;
    m_items[item].heapIndex = index;
}

void ContendedWork::siftDown(WorkClass& workClass, std::uint32_t index)
{
    std::vector<ItemId>& heap = workClass.heap;
    const auto count = static_cast<std::uint32_t>(heap.size());
    const ItemId item = heap[index];
    for (;;) {
        const std::uint32_t left = 2 * index + 1;
        if (left >= count)
            break;
        std::uint32_t child = left;
        if (left + 1 < count && before(heap[left + 1], heap[left]))
            child = left + 1;
        if (!before(heap[child], item))
            break;
        heap[index] = heap[child];
        m_items[heap[index]].heapIndex = index;
        index = child;
    }
    heap[index] = item;
    m_items[item].heapIndex = index;
}

} // namespace orrery::env
