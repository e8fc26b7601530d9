#pragma once
#include "kinds/microservices/anomaly_injector.h"
#include "kinds/microservices/microservice_stats.h"
#include "env/node_contention.h"
#include "env/period_stats.h"
#include "kinds/microservices/processor_sharing_instance.h"
#include "kinds/microservices/request_plan.h"
#include "env/run_metric.h"
#include "model/cluster.h"
#include "model/memory_footprint.h"
#include "kinds/microservices/microservices_spec.h"
#include "model/scenario.h"
#include "sim/engine.h"
#include "sim/rng_stream.h"
#include "sim/run_recorder.h"
#include "trace/span_sink.h"
#include "trace/trace.h"

#include <memory>
#include <vector>

namespace orrery::kinds::microservices {

//! Request-level simulation of one `kind: Microservices` workload (docs/model.md,
//! "Microservices"): open-loop arrivals per request type, calls through the request's call tree
//! (sequential stages, parallel calls, background calls), processor sharing at each instance,
//! round-robin load balancing over replicas, anomalies from the scenario's campaign, a span per
//! call delivered to a SpanSink in batches, and statistics recorded through the RunRecorder.
//!
//! Random streams: per request type "microservices/<workload>/<type>/arrivals", ".../work" and
//! ".../sampling" (common random numbers: no policy and no anomaly changes the requests).
class MicroserviceSimulator final : public sim::EventHandler, public env::ContentionListener {
public:
    static constexpr std::size_t kTraceBatch = 4096;

    //! Places the instances on `cluster` (first fit, spreading replicas across nodes); throws
    //! std::runtime_error when one does not fit. `randomAnomalies`: this workload's injector
    //! runs the scenario's random campaigns (the first Microservices workload does). Instances
    //! and stressors are residents of `contention`, shared with the run's other workloads.
    MicroserviceSimulator(const MicroservicesSpec& spec, const model::Scenario& scenario, model::Cluster& cluster,
                          env::NodeContention& contention, bool randomAnomalies, bool prefixWithName);
    ~MicroserviceSimulator() override;

    //! Registers with `engine` and schedules the first events; call once before the engine runs.
    void start(sim::Engine& engine, sim::RunRecorder& recorder, trace::SpanSink* sink);
    //! Flushes the last traces and, when `metrics` is given, appends the run's metrics.
    void finish(env::RunMetrics* metrics);

    void handleEvent(const sim::Event& event, sim::Engine& engine) override;
    void slowdownChanged(std::uint64_t tag, double slowdown, sim::SimTime now) override;

    [[nodiscard]] const trace::NameTable& names() const { return m_names; }
    [[nodiscard]] std::size_t instanceCount() const { return m_instances.size(); }
    [[nodiscard]] const std::string& instanceName(std::size_t i) const { return m_names.name(m_instances[i].name); }
    [[nodiscard]] std::uint32_t instanceNode(std::size_t i) const { return m_instances[i].node; }
    //! The instance's current slowdown (1 = none): contention × memory reclaim.
    [[nodiscard]] double instanceSlowdown(std::size_t i) const { return m_instances[i].ps.slowdown(); }
    //! The part of it that page reclaim under the memory limit causes (1 = none).
    [[nodiscard]] double instanceMemorySlowdown(std::size_t i) const { return m_instances[i].memorySlowdown; }
    //! Whether the instance is restarting after an OOM kill at `now` (it takes no calls).
    [[nodiscard]] bool instanceRestarting(std::size_t i, sim::SimTime now) const { return m_instances[i].downUntil > now; }
    //! OOM kills of the instance so far.
    [[nodiscard]] std::uint64_t instanceOomKills(std::size_t i) const { return m_instances[i].oomKills; }
    //! The instance's estimated demand on its node's shared resources (cores, bytes/s, ways,
    //! bytes/s, bytes/s, devices), as last handed to the contention model.
    [[nodiscard]] const env::NodeContention::Vector& instanceDemand(std::size_t i) const { return m_contention->demandOf(m_instances[i].resident); }
    [[nodiscard]] const env::NodeContention& contention() const { return *m_contention; }
    //! Mean demand per active replica of service `s` on its nodes' shared resources.
    [[nodiscard]] env::NodeContention::Vector serviceDemand(std::size_t s) const;
    //! What a node offers of the shared resources to this application (its pool's, or the
    //! workload's legacy nodeCapacity override).
    [[nodiscard]] model::NodeContendedCapacity nodeContendedCapacity(std::uint32_t node) const
    {
        return m_spec.nodeCapacity ? *m_spec.nodeCapacity : m_cluster->poolOf(node).contended;
    }

    // Control (microservice_control.cpp; docs/model.md, "Control"). All replicas of a service
    // share its limits, as a Kubernetes Deployment's pods do.
    //! Starts per-period statistics (for observations); call before start().
    void enablePeriodStats();
    [[nodiscard]] env::PeriodStats* periodStats() { return m_period.get(); }
    [[nodiscard]] const MicroservicesSpec& spec() const { return m_spec; }
    [[nodiscard]] const model::Cluster& cluster() const { return *m_cluster; }
    [[nodiscard]] const AnomalyInjector& injector() const { return *m_injector; }
    [[nodiscard]] std::size_t serviceCount() const { return m_replicas.size(); }
    [[nodiscard]] const std::string& serviceName(std::size_t s) const { return m_names.name(m_serviceNames[s]); }
    [[nodiscard]] int replicaCount(std::size_t s) const { return static_cast<int>(m_replicas[s].size()); }
    [[nodiscard]] const InstanceLimits& serviceLimits(std::size_t s) const { return m_limits[s]; }
    //! The nodes the service's replicas run on (one entry per replica).
    [[nodiscard]] std::vector<std::uint32_t> replicaNodes(std::size_t s) const;
    //! Busy core-seconds of the service's instances (retired ones included) up to `now`.
    [[nodiscard]] double busyCoreSeconds(std::size_t s, sim::SimTime now) const;
    //! ∫ calls in service dt over the service's instances (retired ones included) up to `now`.
    [[nodiscard]] double callSeconds(std::size_t s, sim::SimTime now) const;
    //! OOM kills of the service's instances so far, and how many of its replicas are restarting.
    [[nodiscard]] std::uint64_t oomKills(std::size_t s) const;
    [[nodiscard]] int restartingReplicas(std::size_t s, sim::SimTime now) const;
    //! What an instance of `s` keeps in memory (ServiceProfile::memoryFootprint()).
    [[nodiscard]] const model::MemoryFootprint& footprint(std::size_t s) const { return m_footprints[s]; }
    //! Σ CPU limit × replicas over services (cores): the requested CPU now.
    [[nodiscard]] double requestedCores() const;
    //! New limits for every replica of `s` from `now`; the caller checked they fit (throws
    //! std::logic_error when the cluster refuses the CPU/memory).
    void setServiceLimits(std::size_t s, const InstanceLimits& limits, sim::SimTime now);
    //! Starts a replica of `s` on `node` (caller checked it fits). Retired replicas are reused.
    void addReplica(std::size_t s, std::uint32_t node, sim::SimTime now);
    //! Stops sending calls to the newest replica of `s` (never the last one); calls in service finish.
    void removeReplica(std::size_t s, sim::SimTime now);

private:
    struct Instance {
        ProcessorSharingInstance ps;
        std::uint32_t service = 0;
        std::uint32_t node = 0;
        trace::NameId name = 0;
        bool retired = false;
        env::NodeContention::ResidentId resident = 0;
        double workArrivedNs = 0.0; //!< CPU work of calls started since the last contention update
        double offeredCores = 0.0;  //!< smoothed work arrival rate, in cores
        // Memory (docs/model.md, "Memory"):
        double contentionSlowdown = 1.0; //!< from the contention model
        double memorySlowdown = 1.0;     //!< page reclaim under the memory limit
        double callsBeforeOom = 0.0;     //!< calls in service the limit holds; more = OOM kill
        sim::SimTime downUntil = 0;      //!< restarting after an OOM kill until then
        sim::SimTime startedAt = 0;
        std::uint32_t restarts = 0;      //!< since the kubelet's back-off was last reset
        std::uint64_t oomKills = 0;
    };
    struct Stream {
        model::ArrivalProcess arrival;
        sim::RngStream arrivals;
        sim::RngStream work;
        sim::RngStream sampling;
    };
    struct CallState {
        sim::SimTime start = 0;
        sim::SimTime end = 0;
        double workNs = 0.0;
        std::uint32_t instance = 0;
        std::uint32_t stage = 0;
        std::uint32_t pending = 0;
    };
    struct Request {
        std::uint32_t type = 0;
        sim::SimTime arrival = 0;
        std::uint64_t sequence = 0;
        std::uint32_t outstanding = 0;
        bool sampled = false;
        bool dropped = false;
        std::vector<CallState> calls;
    };

    //! Σ of(instance) over the instances of service `s`, retired ones included.
    template <typename Value, typename Of>
    [[nodiscard]] Value sumOverInstances(std::size_t s, Value zero, Of of) const
    {
        for (const Instance& instance : m_instances) {
            if (instance.service == s)
                zero += of(instance);
        }
        return zero;
    }

    void scheduleArrival(std::uint32_t stream, sim::SimTime now);
    void onArrival(std::uint32_t stream, sim::SimTime now);
    void dispatchCall(std::uint32_t request, std::uint32_t call, sim::SimTime now);
    void startCall(std::uint32_t request, std::uint32_t call, sim::SimTime now);
    void startStage(std::uint32_t request, std::uint32_t call, sim::SimTime now);
    void callFinished(std::uint32_t request, std::uint32_t call, sim::SimTime now);
    void childReturned(std::uint32_t request, std::uint32_t parent, sim::SimTime now);
    void requestDone(std::uint32_t request);
    void wakeInstance(std::uint32_t instance, sim::SimTime now);
    void rescheduleInstance(std::uint32_t instance);
    void onAnomaly(std::uint32_t target, std::uint64_t kind, sim::SimTime now);
    void onSample(sim::SimTime now);
    void onContentionTick(sim::SimTime now);
    //! Memory pressure of the instance under its service's current memory limit: the reclaim
    //! slowdown and the OOM threshold; kills it when its anonymous memory no longer fits.
    void applyMemoryLimit(std::uint32_t instance, sim::SimTime now);
    //! Kills the instance, which was about to hold `heldCalls` calls' memory (the annotation's
    //! intensity is that over the limit), refuses its calls and schedules its restart.
    void oomKill(std::uint32_t instance, sim::SimTime now, double heldCalls);
    void restartInstance(std::uint32_t instance, sim::SimTime now);
    //! Refuses a call (queue full, instance down or killed): its subtree never runs and its
    //! request counts as dropped.
    void refuseCall(std::uint32_t request, std::uint32_t call, sim::SimTime now);
    void addResident(std::uint32_t instance);
    void updateDemand(std::uint32_t instance);
    [[nodiscard]] env::NodeContention::Vector limitsVector(std::uint32_t instance) const;
    void applyInjector(sim::SimTime now);
    void flushTraces();
    void syncInstance(std::uint32_t instance, sim::SimTime now);
    void recordPeriod(const Request& request);
    std::vector<double> busyPerService(sim::SimTime now) const;

    const MicroservicesSpec& m_spec;
    const model::Scenario& m_scenario;
    trace::NameTable m_names;
    std::vector<RequestPlan> m_plans;            // by stream
    std::vector<Stream> m_streams;
    std::vector<Instance> m_instances;
    std::vector<std::vector<std::uint32_t>> m_replicas; // instances of each service
    std::vector<std::uint32_t> m_nextReplica;
    std::vector<trace::NameId> m_serviceNames;
    std::vector<double> m_serviceLimitCores;
    std::vector<InstanceLimits> m_limits; // per service; replicas = current count
    model::Cluster* m_cluster = nullptr;
    env::NodeContention* m_contention = nullptr;
    std::vector<std::int64_t> m_stressors; //!< per node: the stressor tenant's resident id, or -1
    std::unique_ptr<env::PeriodStats> m_period;
    std::vector<double> m_periodServiceNs;       // scratch for recordPeriod
    std::vector<std::uint32_t> m_periodTouched;
    std::unique_ptr<AnomalyInjector> m_injector;
    std::unique_ptr<MicroserviceStats> m_stats;
    std::vector<Request> m_requests;
    std::vector<std::uint32_t> m_freeRequests;
    std::vector<std::uint64_t> m_finished; // scratch for instance completions
    std::vector<AnomalyInjector::Wake> m_wakes;
    std::vector<trace::Trace> m_batch;
    std::size_t m_batchSize = 0;
    sim::Engine* m_engine = nullptr;
    sim::RunRecorder* m_recorder = nullptr;
    trace::SpanSink* m_sink = nullptr;
    sim::EventKind m_arrivalKind = 0, m_wakeKind = 0, m_arriveKind = 0, m_returnKind = 0, m_anomalyKind = 0, m_sampleKind = 0, m_contentionKind = 0,
                   m_restartKind = 0;
    std::vector<model::MemoryFootprint> m_footprints; // per service
    std::uint64_t m_requestSequence = 0;
    std::uint64_t m_nextSpanId = 1;
    std::uint64_t m_spans = 0;
    std::uint64_t m_traces = 0;
    sim::SimTime m_lastSample = 0;
    sim::SimTime m_lastContentionTick = 0;
};

} // namespace orrery::kinds::microservices
