#pragma once
#include "env/latency_histogram.h"
#include "kinds/model_serving/energy_meter.h"
#include "kinds/model_serving/gpu_power_model.h"
#include "kinds/model_serving/model_serving_spec.h"
#include "kinds/model_serving/serving_model_profile.h"
#include "policy/control_action.h"
#include "policy/observation.h"
#include "policy/pending_unit.h"
#include "policy/queued_request.h"
#include "policy/serving_plan.h"
#include "sim/rng_stream.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <queue>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace orrery::model {
class Cluster;
}
namespace orrery::policy {
class QueuePolicy;
}

namespace orrery::kinds::model_serving {

//! The state of a `kind: model-serving` workload, independent of the event engine: devices
//! (one GPU each) with their clock, power and queue; the models' replicas; the requests. The
//! runtime turns its answers into events. A device serves one request at a time, or with
//! `batching:` one batch at a time (docs/model.md "Batching"); a request's or a batch's service
//! time is fixed when it starts, at the clock of that moment.
class ModelServingPlatform {
public:
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

    //! One request, from arrival to completion.
    struct Request {
        std::uint32_t model = 0;
        sim::SimTime arrivedAt = 0;
        std::uint32_t inputTokens = 0;
        std::uint32_t outputTokens = 0;
        std::uint64_t inputHash = 0;
        double priority = 0;     //!< from the queue policy (arrival order without one)
        std::uint64_t sequence = 0;
        sim::SimTime sloNs = 0;  //!< sloScale × its latency alone at the default clock
        double serviceSeconds = 0; //!< its work when it started (alone, at that clock)
        sim::SimTime startedAt = 0; //!< when it started (its wall time in service: now − startedAt)
        std::uint32_t pipeline = kNone; //!< pipelined models: its replica (pipeline) …
        std::uint32_t stage = 0;        //!< … and the stage it is at
    };
    //! Per-period figures of one device (reset by observe()).
    struct PeriodStats {
        std::uint64_t arrived = 0, completed = 0, withinSlo = 0;
        sim::SimTime busyNs = 0;
        env::LatencyHistogram latency;  //!< ns
        env::LatencyHistogram sloRatio; //!< latency / SLO × 1e6, recorded as if ns
        double weightedSensitivity = 0; //!< Σ over completed of the model's sensitivity
        double joulesAtStart = 0;       //!< the device's energy when the period began
        double batchRequestSeconds = 0, batchSeconds = 0; //!< ∫ requests in the batch dt, ∫ dt (meanBatch)
        //! Empty again, for the next period (cheaper than assigning a new one: the histograms
        //! clear only the buckets they used).
        void reset();
    };
    using RequestHeap = std::priority_queue<std::pair<std::pair<double, std::uint64_t>, std::uint32_t>,
                                            std::vector<std::pair<std::pair<double, std::uint64_t>, std::uint32_t>>, std::greater<>>;
    //! One replica on a device shared concurrently (`sharing: concurrent`): its own queue, at
    //! most one request in service, which progresses at a speed the other active replicas set.
    struct Instance {
        std::uint32_t model = 0;
        double share = 0;               //!< GpuInterference::shareOf its model
        std::deque<std::uint32_t> fifo; //!< waiting requests without a queue policy
        RequestHeap heap;
        std::uint32_t serving = kNone;
        double remainingSeconds = 0;    //!< of the request in service, alone at its start clock
        double speed = 1;
        double speedCap = 1;            //!< GpuInterference::capSpeed of its GPU share (1: none)
        [[nodiscard]] std::size_t queued() const { return fifo.size() + heap.size(); }
    };
    //! With batching: a device's queues (one per model, in the queue policy's order, FCFS
    //! without one) and the batch in service.
    struct BatchState {
        std::vector<RequestHeap> queues;       //!< by model index: (priority, sequence) → request
        std::size_t queued = 0;
        std::uint32_t model = kNone;           //!< the model of the batch in service
        std::vector<std::uint32_t> running;    //!< requests in the batch
        std::vector<double> remainingTokens;   //!< continuous: parallel to `running`
        std::vector<std::uint32_t> joining;    //!< continuous: in their prompt pass (the join iteration)
        sim::SimTime phaseEnd = 0;             //!< dynamic: the batch's end; continuous: the join iteration's
        sim::SimTime segmentStart = 0;         //!< continuous: decoding progress accounted up to here
        double stepSeconds = 0;                //!< continuous: one decoding step of `running` now
        sim::SimTime scheduledAt = std::numeric_limits<sim::SimTime>::max(); //!< the pending event (current version)
        //! By model index: prefill(b) and decode step(b) for b = 1… at the device's clock (lazily
        //! filled, cleared when the clock changes).
        std::vector<std::vector<double>> prefillByBatch, stepByBatch;
        [[nodiscard]] bool inService() const { return !running.empty() || !joining.empty(); }
    };
    struct Device {
        std::string name;
        std::uint32_t node = 0;
        GpuPowerModel power;
        double mhz = 0;
        std::int64_t memoryUsedBytes = 0;
        std::vector<std::uint32_t> models;          //!< resident models
        std::vector<double> prefillSeconds;         //!< per model at the current clock (C, or the whole request)
        std::vector<double> perTokenSeconds;        //!< per model at the current clock (K; 0 if not autoregressive)
        std::deque<std::uint32_t> fifo;             //!< waiting requests without a queue policy (exclusive)
        RequestHeap heap;
        std::uint32_t serving = kNone;              //!< the request in service (exclusive)
        sim::SimTime busySince = 0;
        EnergyMeter energy;
        double mhzSecondsWeighted = 0;              //!< ∫ f dt, for the mean clock
        sim::SimTime clockSince = 0;
        PeriodStats period;
        std::vector<Instance> instances;            //!< concurrent: one per resident replica, parallel to `models`
        //! Parallel to `models`: 0 serving, 1 retired but holding requests (and memory), 2 released.
        std::vector<std::uint8_t> residentState;
        std::vector<std::uint32_t> held;            //!< per model: its requests queued or running here
        std::uint32_t retiring = 0;                 //!< residents in state 1
        sim::SimTime advancedAt = 0;                //!< concurrent: progress accounted up to here
        double utilizationSeconds = 0;              //!< ∫ GPU utilisation dt (busy share; concurrent: min(1, Σ u))
        std::uint64_t version = 0;                  //!< bumped whenever the next completion time changes
        double heldSeconds = 0;                     //!< time it held at least one replica (observed per control period)
        double chargedSeconds = 0;                  //!< what it is paid for: heldSeconds, or × its held share (costing: share)
        std::int32_t sharedMilli = 0;               //!< GPU shares its residents hold (serving or draining)
        double pricePerHour = 0;                    //!< its node's pool price
        BatchState batch{};                         //!< with batching only
        std::vector<double> recentSloRatios{};      //!< the last latencyWindow completions' latency/SLO (a ring)
        std::size_t recentNext = 0;                 //!< where the ring writes next
        std::string gpuModel{};                     //!< its pool's first GPU model ("" when none): the fleet views group by it
        [[nodiscard]] std::size_t queued() const;
        [[nodiscard]] bool busy() const;
    };
    struct Model {
        const ServingModelProfile* profile = nullptr;
        const ServedModel* served = nullptr;
        double sloScale = 0;
        std::vector<std::uint32_t> devices;         //!< where its replicas run
        std::vector<std::pair<std::uint32_t, std::uint32_t>> instances; //!< concurrent: (device, instance)
        std::int32_t replicasUnplaced = 0;
        double sensitivityPerMhz = 0;               //!< at its typical output length
        std::uint32_t typicalTokens = 0;            //!< the median output of its trace (0 when not autoregressive)
        //! Per control period (models as targets, autoscaling).
        struct Period {
            std::uint64_t arrived = 0, completed = 0, withinSlo = 0;
            double serviceSeconds = 0; //!< of the requests completed
            double aloneServiceSeconds = 0; //!< the same requests' service times alone on their device
            env::LatencyHistogram latency;
            void reset();
        } period;
        std::int32_t launching = 0;                 //!< replicas placed, not serving yet
        std::int32_t queued = 0;                    //!< replicas in the scheduling queue, not placed yet
        std::uint32_t nextReplica = 0;              //!< index of the next replica unit
        double alonePrefillSeconds = 0;             //!< a request alone on the reference gpu at its default clock: C (or L) …
        double alonePerTokenSeconds = 0;            //!< … + K per output token (the SLO's basis, computed once)
        //! Per GPU type of the fleet: a typical request alone on it at its default clock.
        std::vector<std::pair<std::string, double>> aloneSecondsByType;
        RequestBatching batching;                   //!< its own or the workload's; continuous only when autoregressive
        std::int32_t replicas = 0;                  //!< replicas placed at the start: declared, or the placement policy's plan
        std::uint32_t stages = 1;                   //!< pipeline stages per replica (ServedModel::pipelineStages, or the plan's)
        std::vector<std::vector<std::uint32_t>> pipelines; //!< stages > 1: per replica, the device of each stage (kNone: unplaced)
        std::vector<std::uint32_t> readyPipelines;  //!< replicas with every stage placed: where requests go
    };

    ModelServingPlatform(const ModelServingSpec& spec, std::uint64_t seed, model::Cluster& cluster);

    [[nodiscard]] const ModelServingSpec& spec() const { return m_spec; }
    [[nodiscard]] const std::vector<Device>& devices() const { return m_devices; }
    [[nodiscard]] const std::vector<Model>& models() const { return m_models; }
    //! The reference GPU (`gpu:`): requests' SLOs and models' sensitivities are taken on it.
    [[nodiscard]] const GpuDeviceProfile& gpu() const { return m_gpu; }

    //! The placement units of every replica, in the order of the scenario's models.
    [[nodiscard]] std::vector<policy::PendingUnit> replicaUnits() const;
    //! What a placement policy's partition search is told (policy/serving_plan.h): each model's
    //! rate, burstiness, SLO and the pipelines this kind can run, priced by its own physics.
    //! `horizon`: the run's end; a replayed trace's rows past it are offered as recorded arrivals.
    [[nodiscard]] policy::ServingPlanRequest servingPlanRequest(sim::SimTime horizon) const;
    //! Before any replica is placed: `model` runs `replicas` replicas of `stages` stages each.
    //! Throws std::invalid_argument when `stages` is not one of servingPlanRequest()'s options.
    void applyPartition(std::uint32_t model, const policy::ModelPartition& partition);
    //! A replayed trace's arrivals past `horizon` (which the run never reaches), at the replay's
    //! time scale, from 0; empty for other arrivals.
    [[nodiscard]] std::vector<double> unreplayedArrivals(std::uint32_t model, sim::SimTime horizon) const;
    //! Puts replica `unit` (from replicaUnits) on the device of `node`; false (and nothing
    //! changes) when that node is not a device or its GPU memory cannot hold the model.
    bool placeReplica(const policy::PendingUnit& unit, std::uint32_t node, sim::SimTime now);
    //! Counts a replica of `model` that no device took.
    void noteUnplaced(std::uint32_t model);
    //! The placement unit of `model`'s next replica (autoscaling); `gpuType` as its device model.
    [[nodiscard]] policy::PendingUnit nextReplicaUnit(std::uint32_t model, const std::string& gpuType);
    //! Puts a replica on `node` that serves from activate() on (memory held from now).
    bool placeLaunchingReplica(const policy::PendingUnit& unit, std::uint32_t node, sim::SimTime now);
    //! How many replicas of `model` wait in the runtime's scheduling queue (reported as pending).
    void setQueued(std::uint32_t model, std::int32_t queued) { m_models[model].queued = queued; }
    //! A launching replica of `model` on device `d` (its newest resident entry) starts serving.
    void finishLaunch(std::uint32_t model, std::uint32_t d);
    //! Stops routing to the newest serving replica of `model` (on a card of `gpuType` when not
    //! empty); it finishes what it holds and frees its memory then. Its device, or none.
    std::optional<std::uint32_t> retire(std::uint32_t model, const std::string& gpuType, sim::SimTime now);
    //! Serving replicas of `model` (on cards of `gpuType` when not empty).
    [[nodiscard]] std::int32_t servingReplicas(std::uint32_t model, const std::string& gpuType) const;
    //! The model called `name`, or kNone.
    [[nodiscard]] std::uint32_t modelIndex(std::string_view name) const;
    //! The node of device `d`.
    [[nodiscard]] std::uint32_t nodeOfDevice(std::uint32_t d) const { return m_devices[d].node; }
    //! The device of `node`, or kNone.
    [[nodiscard]] std::uint32_t deviceOfNode(std::uint32_t node) const;

    void setQueuePolicy(policy::QueuePolicy* queue) { m_queue = queue; }
    //! Pipelined models: the requests that finished a stage since the last call, each with the
    //! seconds its activations take to reach the next stage (schedule handOff() then).
    std::vector<std::pair<std::uint32_t, double>> takeHandoffs() { return std::exchange(m_handoffs, {}); }
    //! Request `id` reaches its next stage: queued on that stage's device, which is returned (call dispatch()).
    std::uint32_t handOff(std::uint32_t id, sim::SimTime now);
    //! The next arrival of model `m` after `now` (first call: the first), or max when its stream ended.
    sim::SimTime nextArrival(std::uint32_t m, sim::SimTime now);
    //! A request of model `m` arrives: routed to the replica with the least work queued; returns
    //! its device, or kNone when the model has no replica (the request is dropped).
    std::uint32_t arrive(std::uint32_t m, sim::SimTime now);
    //! Starts what can start on device `d` now; returns the device's next completion time (max:
    //! none) — schedule it with version(d), which this bumps whenever that time changes.
    sim::SimTime dispatch(std::uint32_t d, sim::SimTime now);
    //! The requests of `d` due now complete (call dispatch() next).
    void completeDue(std::uint32_t d, sim::SimTime now);
    [[nodiscard]] std::uint64_t version(std::uint32_t d) const { return m_devices[d].version; }
    //! Mean GPU utilisation of device `d` from the start to `now` (exclusive: its busy share).
    [[nodiscard]] double meanUtilization(std::uint32_t d, sim::SimTime now);

    //! Every device as a control target (features documented in docs/model.md); resets the
    //! per-period figures.
    policy::Observation observe(sim::SimTime now);
    //! Applies GPU-frequency actions (snapped to the device's steps and range: Converted when that changed them).
    std::vector<policy::ActionOutcome> apply(const std::vector<policy::ControlAction>& actions, sim::SimTime now);

    //! Run totals.
    [[nodiscard]] std::uint64_t arrived() const { return m_arrived; }
    [[nodiscard]] std::uint64_t completed() const { return m_completed; }
    [[nodiscard]] std::uint64_t withinSlo() const { return m_withinSlo; }
    [[nodiscard]] std::uint64_t dropped() const { return m_dropped; }
    [[nodiscard]] const env::LatencyHistogram& latency() const { return m_latency; }
    [[nodiscard]] const env::LatencyHistogram& sloRatio() const { return m_sloRatio; }
    [[nodiscard]] std::uint64_t frequencyChanges() const { return m_frequencyChanges; }
    //! With batching: the batch size in service, time-weighted over the run (0 without).
    [[nodiscard]] double meanBatch() const { return m_batchSeconds > 0 ? m_batchRequestSeconds / m_batchSeconds : 0.0; }
    //! Mean SM clock of device `d` from the start to `now`.
    [[nodiscard]] double meanMhz(std::uint32_t d, sim::SimTime now) const;
    [[nodiscard]] double watts(std::uint32_t d) const { return m_devices[d].energy.currentWatts(); }

private:
    void setClock(Device& device, double mhz, sim::SimTime now);
    //! Concurrent: accounts progress, busy time and utilisation of `device` up to `now`.
    void advance(Device& device, sim::SimTime now);
    void updateSpeeds(Device& device);
    void finish(Device& device, std::uint32_t id, sim::SimTime now);
    //! A completed request's latency in `device`'s period figures and latency window.
    void recordLatency(Device& device, sim::SimTime latency, double ratio, sim::SimTime ratioSample, bool onTime);
    //! Frees the memory of `d`'s retired replicas that hold no request any more.
    void releaseDrained(std::uint32_t d);
    [[nodiscard]] bool holdsRequestsOf(const Device& device, std::uint32_t resident) const;
    void appendModelTargets(policy::Observation& out, double periodSeconds);
    //! The share of `device` its replicas hold, for costing: share (one without gpuMilli holds it all).
    [[nodiscard]] double heldShare(const Device& device) const;
    //! p99 of latency/SLO over the device's last latencyWindow completions (0: none yet).
    [[nodiscard]] double recentP99SloRatio(const Device& device);
    sim::SimTime startNext(std::uint32_t d, sim::SimTime now);
    void refreshPower(Device& device, sim::SimTime now);
    [[nodiscard]] double serviceSeconds(const Device& device, const Request& request) const;
    [[nodiscard]] bool concurrent() const { return m_spec.sharing == GpuSharing::Concurrent; }
    //! The partitions `model` can run (servingPlanRequest's options): S = 1 … min(devices, 8)
    //! stages where pipelines are modelled, always its declared S.
    [[nodiscard]] std::vector<policy::PartitionOption> partitionOptions(const Model& model) const;
    // Batching (model_serving_batching.cpp).
    [[nodiscard]] bool batching() const { return m_batching; }
    void enqueueBatched(Device& device, std::uint32_t id);
    sim::SimTime dispatchBatched(std::uint32_t d, sim::SimTime now);
    void completeBatched(Device& device, sim::SimTime now);
    //! Starts a batch of the model whose head request is due (or returns when one will be; max: never).
    sim::SimTime startBatch(Device& device, sim::SimTime now);
    //! Continuous: accounts the batch's progress up to `now`, retires finished requests, admits
    //! joiners at a step boundary; returns the batch's next event.
    sim::SimTime continueBatch(Device& device, sim::SimTime now);
    void beginJoin(Device& device, sim::SimTime now, std::uint32_t joiners);
    //! Takes up to `count` requests of `model` off `device`'s queue into `into`, in queue order.
    void takeQueued(Device& device, std::uint32_t model, std::uint32_t count, std::vector<std::uint32_t>& into, sim::SimTime now);
    [[nodiscard]] double batchPrefillSeconds(Device& device, std::uint32_t model, std::uint32_t batch);
    [[nodiscard]] double batchStepSeconds(Device& device, std::uint32_t model, std::uint32_t batch);
    //! `requests` were in a batch in service for `seconds` (meanBatch, per period and per run).
    void noteBatchTime(Device& device, std::size_t requests, double seconds);
    void becomeBusy(Device& device, sim::SimTime now);
    void becomeIdle(Device& device, sim::SimTime now);
    //! The serving (not retired) resident entry of `model` on `device`, or kNone.
    [[nodiscard]] std::uint32_t residentIndex(const Device& device, std::uint32_t model) const;
    bool addResident(Device& device, std::uint32_t d, std::uint32_t m, const policy::PendingUnit& unit, bool route);
    //! Routes `model`'s requests to its newest serving entry on `d` too.
    void activate(std::uint32_t model, std::uint32_t d);
    std::uint32_t allocateRequest();

    const ModelServingSpec& m_spec;
    GpuDeviceProfile m_gpu;
    model::Cluster& m_cluster;
    std::vector<Device> m_devices;
    std::vector<std::uint32_t> m_deviceOfNode;
    std::vector<Model> m_models;
    std::vector<sim::RngStream> m_arrivalRng;       //!< one stream per model
    std::vector<std::size_t> m_traceCursor;         //!< per model: next row of a replayed trace
    std::vector<sim::SimTime> m_traceOffset;        //!< per model: start of the current repetition
    std::vector<std::uint32_t> m_nextRow;           //!< per model: the trace row of its next arrival
    std::vector<Request> m_requests;
    std::vector<std::uint32_t> m_freeRequests;
    policy::QueuePolicy* m_queue = nullptr;
    std::uint64_t m_sequence = 0;
    std::uint64_t m_arrived = 0, m_completed = 0, m_withinSlo = 0, m_dropped = 0, m_frequencyChanges = 0;
    env::LatencyHistogram m_latency;
    env::LatencyHistogram m_sloRatio;
    sim::SimTime m_periodStart = 0;
    bool m_batching = false;                        //!< any model batches: every device queues per model
    double m_batchRequestSeconds = 0, m_batchSeconds = 0;
    std::uint64_t m_periodCompleted = 0, m_periodWithinSlo = 0; //!< this control period, each request once
    std::vector<GpuInterference::Active> m_active;  //!< updateSpeeds' scratch: it runs on every start and completion
    std::vector<std::size_t> m_activeIndex;
    std::vector<double> m_quantileScratch;          //!< recentP99SloRatio's copy of a ring
    std::vector<std::pair<std::uint32_t, double>> m_handoffs;
    //! The request leaves stage `device` (not its last): counted off there, its transfer queued.
    void leaveStage(Device& device, std::uint32_t id);
    //! Queues request `id` on `device` (FCFS or in the queue policy's order).
    void enqueue(Device& device, std::uint32_t id);
};

} // namespace orrery::kinds::model_serving
