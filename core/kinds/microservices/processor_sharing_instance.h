#pragma once
#include "sim/sim_time.h"

#include <cstdint>
#include <vector>

namespace orrery::kinds::microservices {

//! One container serving calls by processor sharing over its CPU limit: with capacity c cores
//! and n calls in service, each call progresses at min(1, c / n) / slowdown cores.
//!
//! Virtual-time implementation: all calls share one progress rate, so the attained service of
//! every call grows by the same amount; a call finishes when the instance's virtual time V
//! reaches its tag V(arrival) + work. Calls sit in a heap by tag, so an arrival, a departure or a
//! rate change costs O(log n) and the next completion is always the smallest tag — no per-call
//! rescheduling (docs/model.md, "Processor sharing").
class ProcessorSharingInstance {
public:
    explicit ProcessorSharingInstance(double capacityCores = 1.0);

    //! Starts a call needing `workNs` of one core's time; `token` is returned on completion.
    void add(sim::SimTime now, double workNs, std::uint64_t token);
    //! Changes the effective CPU capacity (cores) or the interference slowdown (≥ 1) from `now`.
    void setCapacity(sim::SimTime now, double cores);
    void setSlowdown(sim::SimTime now, double factor);

    //! When the next call finishes at the current rate; kSimTimeMax when idle.
    [[nodiscard]] sim::SimTime nextCompletion() const;
    //! Pops every call finished by `now` (in tag order), appending their tokens to `finished`.
    void collectFinished(sim::SimTime now, std::vector<std::uint64_t>& finished);
    //! Removes every call in service at `now` (the container was killed), appending their tokens
    //! to `killed` in tag order.
    void killAll(sim::SimTime now, std::vector<std::uint64_t>& killed);

    [[nodiscard]] std::size_t active() const { return m_heap.size(); }
    [[nodiscard]] double capacity() const { return m_capacityCores; }
    [[nodiscard]] double slowdown() const { return m_slowdown; }
    //! ∫ min(n, c) dt in core-seconds up to the last update (busy CPU), for utilization.
    [[nodiscard]] double busyCoreSeconds(sim::SimTime now) const;
    //! ∫ n dt in call-seconds up to `now` (calls in service over time), for the memory they hold.
    [[nodiscard]] double callSeconds(sim::SimTime now) const;

    //! Time the earliest wake-up event for this instance is scheduled at (kSimTimeMax = none);
    //! kept here for the simulator, which schedules one pending completion per instance.
    sim::SimTime scheduledWake = sim::kSimTimeMax;

private:
    struct Entry {
        double tag;
        std::uint64_t sequence;
        std::uint64_t token;
    };
    static bool later(const Entry& a, const Entry& b)
    {
        return a.tag > b.tag || (a.tag == b.tag && a.sequence > b.sequence);
    }
    void advance(sim::SimTime now);
    [[nodiscard]] double rate() const; // work-ns per ns, per call

    std::vector<Entry> m_heap;
    double m_virtualNs = 0.0;
    sim::SimTime m_last = 0;
    double m_capacityCores;
    double m_slowdown = 1.0;
    std::uint64_t m_sequence = 0;
    double m_busyCoreSeconds = 0.0;
    double m_callSeconds = 0.0;
};

} // namespace orrery::kinds::microservices
