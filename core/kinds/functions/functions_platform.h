#pragma once
#include "env/latency_histogram.h"
#include "env/node_contention.h"
#include "env/run_metric.h"
#include "kinds/functions/functions_spec.h"
#include "kinds/functions/invocation_arrivals.h"
#include "policy/control_action.h"
#include "policy/observation.h"
#include "sim/engine.h"
#include "sim/rng_stream.h"

#include <cstdint>
#include <deque>
#include <span>
#include <vector>

namespace orrery::model {
class Cluster;
}

namespace orrery::kinds::functions {

//! What one function did over a control period (reset by observe()).
struct FunctionPeriod {
    std::uint64_t arrivals = 0;
    std::uint64_t completions = 0;   //!< finished, successfully or not
    std::uint64_t failures = 0;      //!< OOM-killed or throttled
    std::uint64_t sloViolations = 0; //!< completions over the SLO, and every failure
    std::uint64_t coldStarts = 0;
    env::LatencyHistogram latency;
    double cpuCoreSeconds = 0;       //!< CPU the function's invocations used
    double cpuShareSeconds = 0;      //!< ∫ Σ_containers shares/1024 dt (the "CPU limit" RU_cpu divides by)
    double memoryUsedByteSeconds = 0;
    double memoryLimitByteSeconds = 0;
    double containerSeconds = 0;
};

//! Whole-run totals of one function, for the run's metrics.
struct FunctionTotals {
    std::uint64_t arrivals = 0;
    std::uint64_t completions = 0;
    std::uint64_t failures = 0;
    std::uint64_t sloViolations = 0;
    std::uint64_t coldStarts = 0;
    std::uint64_t memoryReclaimed = 0; //!< invocations slowed by page reclaim under their limit
    env::LatencyHistogram latency;
    double cpuCoreSeconds = 0;
    double cpuShareSeconds = 0;
    double memoryUsedByteSeconds = 0;
    double memoryLimitByteSeconds = 0;
    double containerSeconds = 0;
};

//! An OpenWhisk-like serverless platform (seed 001 §4.2.1; docs/model.md, "Serverless
//! functions") on the invoker nodes of a cluster: per-function containers with cpu.shares and a
//! memory limit, one invocation at a time each; cold starts, pausing, keep-alive and eviction;
//! CPU shared by cgroup weights when an invoker is oversubscribed; and every running
//! invocation a resident of the shared NodeContention, so co-located functions slow each other.
//!
//! A function keeps `containers` (NC) containers; with NC = 0 it still starts one on demand, and
//! that one is evicted after the keep-alive. Invocations wait FIFO for a free container; a queue
//! longer than kMaxQueue is throttled (HTTP 429), counted as a failure.
class FunctionsPlatform final : public sim::EventHandler, public env::ContentionListener {
public:
    static constexpr std::size_t kMaxQueue = 10'000;
    static constexpr sim::SimTime kFailureLatency = 60 * sim::kSecond; //!< OpenWhisk's default action timeout
    static constexpr sim::SimTime kContentionPeriod = 100 * sim::kMillisecond;
    static constexpr std::int32_t kMinShares = 128;
    static constexpr std::int32_t kMaxShares = 2048;
    static constexpr std::int64_t kMinMemory = 128LL << 20;
    static constexpr std::int64_t kMaxMemory = 2048LL << 20;

    //! `cluster` and `contention` outlive the platform; its containers reserve memory on the
    //! cluster's invoker nodes. Throws std::invalid_argument when there is no invoker.
    FunctionsPlatform(const FunctionsSpec& spec, std::uint64_t seed, model::Cluster& cluster, env::NodeContention& contention);
    ~FunctionsPlatform() override;
    FunctionsPlatform(const FunctionsPlatform&) = delete;
    FunctionsPlatform& operator=(const FunctionsPlatform&) = delete;

    //! Registers with `engine`, creates the initial containers and schedules the first arrivals.
    void start(sim::Engine& engine);

    //! The last period as the control API's Observation (one target per function, in spec
    //! order), and starts a new period.
    [[nodiscard]] policy::Observation observe(sim::SimTime now);
    //! Applies control actions at `now`: SetReplicas sets NC (0…maxContainers), SetLimit cpu sets
    //! cpu.shares (cores × 1024, 128…2048), SetLimit memory the memory limit
    //! (128 MiB…2 GiB). Out-of-range and unknown-target actions are rejected with a reason.
    std::vector<policy::ActionOutcome> apply(std::span<const policy::ControlAction> actions, sim::SimTime now);

    //! One invocation of function `f` arriving now, besides its arrival process (trace replay, tests).
    void invoke(std::uint32_t f, sim::SimTime now) { onArrivalInjected(f, now); }

    [[nodiscard]] std::size_t functionCount() const { return m_functions.size(); }
    [[nodiscard]] const FunctionSpec& functionSpec(std::size_t f) const { return m_functions[f].spec; }
    [[nodiscard]] const FunctionTotals& totals(std::size_t f) const { return m_functions[f].totals; }
    [[nodiscard]] std::int32_t containersOf(std::size_t f) const;       //!< live: idle or busy
    [[nodiscard]] std::int32_t startingContainersOf(std::size_t f) const;
    [[nodiscard]] std::int32_t targetContainersOf(std::size_t f) const { return m_functions[f].target; }
    [[nodiscard]] std::size_t queuedOf(std::size_t f) const { return m_functions[f].queue.size(); }
    [[nodiscard]] std::uint64_t invocationsCompleted() const { return m_completed; }
    [[nodiscard]] std::size_t invokerCount() const { return m_invokers.size(); }

    void handleEvent(const sim::Event& event, sim::Engine& engine) override;
    void slowdownChanged(std::uint64_t tag, double slowdown, sim::SimTime now) override;

private:
    enum class ContainerState : std::uint8_t { Starting, Idle, Busy, Gone };
    struct Container {
        std::uint32_t function = 0;
        std::uint32_t invoker = 0;
        ContainerState state = ContainerState::Gone;
        std::uint32_t generation = 0;   //!< bumped on every state change; stale events carry an old one
        std::int32_t shares = 1024;
        std::int64_t memoryLimit = 0;
        sim::SimTime since = 0;         //!< when the current state began (idleSince while Idle)
        env::NodeContention::ResidentId resident = 0;
        double slowdown = 1.0;
        double coreShare = 1.0;         //!< cores its cgroup weight grants while busy (≤ 1)
        std::uint32_t busySlot = 0;     //!< index in its invoker's busy list
        // the running invocation
        sim::SimTime arrival = 0;
        sim::SimTime progressFrom = 0;  //!< progress accrues after the warm-start delay
        double remaining = 0;           //!< isolated seconds of execution left
        double rate = 1.0;              //!< isolated seconds per second
        double reclaim = 1.0;           //!< page-reclaim slowdown under its memory limit (≥ 1)
        sim::SimTime completesAt = 0;   //!< while busy: when its invocation ends at the current rate
        bool oom = false;
        // accumulators for the contention period
        double busyCpuSeconds = 0;
        double busySeconds = 0;
        sim::SimTime accountedTo = 0;
    };
    struct Invoker {
        std::uint32_t node = 0;
        double cores = 1;
        std::vector<std::uint32_t> busy;
        // One completion event per invoker, never later than its busy containers' earliest end
        // (a lower bound: a completion that moved later is found when the event fires), so a
        // reallocation that moves every busy container's end costs no events (docs/model.md,
        // "Contention: incremental sharing").
        sim::SimTime wakeAt = -1;            //!< its pending completion event, -1 = none
        std::uint32_t wakeGeneration = 0;    //!< completion events of older generations are stale
    };
    struct FunctionState {
        FunctionSpec spec;
        InvocationArrivals arrivals;
        sim::RngStream service;
        std::deque<sim::SimTime> queue;   //!< arrival times of waiting invocations
        std::vector<std::uint32_t> idle;  //!< idle containers, most recently idle last
        std::vector<std::uint32_t> containers; //!< every container not Gone
        std::int32_t target = 1;
        std::int32_t shares = 1024;
        std::int64_t memoryLimit = 0;
        std::int32_t starting = 0;
        std::uint32_t home = 0, step = 1; //!< invoker probing (hashing balancer)
        double cpuUse = 1.0;              //!< cores a busy invocation uses at full share (cpuFraction-weighted)
        double sigma = 0;
        double previousRate = 0;
        FunctionPeriod period{};
        FunctionTotals totals{};
        // Running sums over live (idle or busy) containers, integrated over time by accountFunction.
        double liveShares = 0;            //!< Σ shares / 1024
        double liveLimit = 0;             //!< Σ memory limit, bytes
        double liveUsed = 0;              //!< Σ memory in use, bytes
        std::int32_t liveCount = 0;
        sim::SimTime accountedTo = 0;     //!< the integrals are exact up to here
    };

    void scheduleArrival(std::uint32_t f, sim::SimTime now);
    void onArrival(std::uint32_t f, sim::SimTime now);
    void onArrivalInjected(std::uint32_t f, sim::SimTime now);
    void onReady(std::uint32_t c, sim::SimTime now);
    void onComplete(std::uint32_t c, sim::SimTime now);
    void onKeepAlive(std::uint32_t c, sim::SimTime now);
    void onTick(sim::SimTime now);
    bool createContainer(std::uint32_t f, sim::SimTime now, bool mayEvict);
    void destroyContainer(std::uint32_t c, sim::SimTime now);
    void dispatch(std::uint32_t f, sim::SimTime now);
    void startInvocation(std::uint32_t c, sim::SimTime arrival, sim::SimTime now);
    void finishInvocation(std::uint32_t c, sim::SimTime now, bool failed);
    void makeIdle(std::uint32_t c, sim::SimTime now);
    void reconcile(std::uint32_t f, sim::SimTime now);
    void accountFunction(std::uint32_t f, sim::SimTime now);
    void accountBusy(std::uint32_t c, sim::SimTime now);
    void addBusy(std::uint32_t c, sim::SimTime now);
    void removeBusy(std::uint32_t c, sim::SimTime now);
    void reallocate(std::uint32_t invoker, sim::SimTime now);
    void reschedule(std::uint32_t c, sim::SimTime now);
    void wakeInvokerBy(std::uint32_t invoker, sim::SimTime at);
    void onInvokerDue(std::uint32_t invoker, sim::SimTime now);
    double dilation(const Container& container) const;
    double memoryInUse(const Container& container) const;
    void addLive(std::uint32_t c, double sign);
    void recordCompletion(FunctionState& function, sim::SimTime latency, bool failed);
    std::uint32_t newContainerSlot();

    const FunctionsSpec& m_spec;
    model::Cluster& m_cluster;
    env::NodeContention& m_contention;
    sim::RngStream m_startups;
    sim::Engine* m_engine = nullptr;
    sim::EventKind m_arrivalKind = 0, m_readyKind = 0, m_completeKind = 0, m_keepAliveKind = 0, m_tickKind = 0;
    std::vector<FunctionState> m_functions;
    std::vector<Invoker> m_invokers;
    std::vector<Container> m_containers;
    std::vector<std::uint32_t> m_freeContainers;
    std::vector<double> m_scratchShares;
    std::uint64_t m_completed = 0;
    sim::SimTime m_periodStart = 0;
};

} // namespace orrery::kinds::functions
