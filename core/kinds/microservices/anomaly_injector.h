#pragma once
#include "model/anomaly_spec.h"
#include "kinds/microservices/microservices_spec.h"
#include "sim/rng_stream.h"
#include "sim/run_recorder.h"
#include "sim/sim_time.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace orrery::kinds::microservices {

//! Applies a scenario's anomaly campaign (seed 001 §3.2.6, Table 3.4) to the instances of one
//! microservice application: it tracks which anomalies are active at what level and turns them
//! into stressor tenants (a co-located container's demand on its node's CPU, memory bandwidth,
//! LLC and disk, which the contention model turns into slowdowns), each instance's effective
//! CPU capacity (a CPU hog takes cores), the tc shaping of its network (a utilization floor on
//! its own link, and egress delay), and each request stream's arrival multiplier
//! (docs/model.md, "Anomalies are stressor tenants"). Every injection is recorded as a
//! RunAnnotation (ground truth) when it starts.
class AnomalyInjector {
public:
    //! What the injector needs to know about one instance.
    struct Instance {
        std::string name; //!< "service/replica"
        std::uint32_t service = 0;
        std::uint32_t node = 0;
        InstanceLimits limits;
        bool retired = false; //!< scaled in: serves no new calls and reserves nothing on its node
    };
    //! What the injector needs to know about one node hosting instances.
    struct Node {
        std::string name;
        double cores = 1.0;
    };
    //! An added network delay of intensity 1 (delays scale linearly with intensity).
    static constexpr sim::SimTime kFullNetworkDelay = 10 * sim::kMillisecond;
    //! Arrival-rate multiplier per unit of workload-variation intensity (1 + 2x: up to 3×).
    static constexpr double kWorkloadGain = 2.0;

    //! `nodes` indexes Instance::node. `streamNames` are the request types in stream order;
    //! `randomCampaigns` false leaves random campaigns to another application's injector.
    AnomalyInjector(const model::AnomalyCampaignSpec& campaign, std::vector<Instance> instances, std::vector<Node> nodes,
                    std::vector<std::string> serviceNames, std::vector<std::string> streamNames, std::string workloadName,
                    std::uint64_t seed, sim::SimTime horizon,
                    bool randomCampaigns);

    //! An event the simulator must schedule: at `time`, call onEvent(target, kind).
    struct Wake {
        sim::SimTime time = 0;
        std::uint32_t target = 0;
        std::uint64_t kind = 0; //!< 0: an injection changes level; 1: a random campaign fires
    };
    //! The first events, to schedule when the run starts.
    [[nodiscard]] std::vector<Wake> initialWakes();
    //! Handles an event; appends the follow-up events to `next`; true when effects changed
    //! (the caller then reads the per-instance state again).
    bool onEvent(sim::SimTime now, std::uint32_t target, std::uint64_t kind, sim::RunRecorder& recorder, std::vector<Wake>& next);

    [[nodiscard]] double capacityCores(std::size_t instance) const { return m_capacity[instance]; }
    //! tc netem on the instance's interface: added to every message it sends (calls to its
    //! callees and its replies).
    [[nodiscard]] sim::SimTime egressDelay(std::size_t instance) const { return m_delay[instance]; }
    //! Intensity of the stressor tenant on a node per resource (cpu, memoryBandwidth, llc,
    //! diskIo; ≤ 1 each): its demand is that share of the node's capacity.
    [[nodiscard]] const model::PerContendedResource<double>& stressorLevel(std::size_t node) const { return m_stressor[node]; }
    //! tc token-bucket shaping of the instance's own traffic: the utilization its shaped link
    //! runs at (0 = unshaped).
    [[nodiscard]] double shapedNetworkUtilization(std::size_t instance) const { return m_shaped[instance]; }
    //! Intensity of stressors running inside the instance's own container per resource (scope
    //! container; ≤ 1 each): their demand is that share of the container's limit.
    [[nodiscard]] const model::PerContendedResource<double>& containerStressLevel(std::size_t instance) const { return m_container[instance]; }
    [[nodiscard]] double arrivalMultiplier(std::size_t stream) const { return m_multiplier[stream]; }
    [[nodiscard]] std::size_t injectionCount() const { return m_active.size(); }
    //! Start times of the injections annotated so far (ground truth for mitigation time).
    [[nodiscard]] const std::vector<sim::SimTime>& injectionStarts() const { return m_starts; }

    // Control (docs/model.md, "Control"): each call recomputes the per-instance state.
    //! New limits for instance `index` (its guaranteed shares and CPU capacity change).
    void setLimits(std::size_t index, const InstanceLimits& limits);
    //! Adds an instance (scale-out); returns its index. Active anomalies on its service or
    //! node reach it too.
    std::size_t addInstance(Instance instance);
    //! Retires or revives instance `index` (scale-in / scale-out reusing it).
    void setRetired(std::size_t index, bool retired);

private:
    struct Active {
        model::AnomalySpec spec;
        std::vector<std::uint32_t> instances;
        std::vector<std::uint32_t> nodes;
        std::vector<std::uint32_t> streams;
        double level = 0.0;
        bool relevant = false; //!< the target resolved within this application
    };
    void resolve(Active& anomaly) const;
    [[nodiscard]] double levelAt(const Active& anomaly, sim::SimTime now) const;
    [[nodiscard]] sim::SimTime nextChange(const Active& anomaly, sim::SimTime now) const;
    void recompute();
    void resolveAll();
    model::AnomalySpec drawRandom(std::size_t campaign, sim::SimTime now);

    std::vector<Active> m_active;
    std::vector<model::RandomAnomalyCampaignSpec> m_random;
    std::vector<Instance> m_instances;
    std::vector<Node> m_nodes;
    std::vector<std::string> m_serviceNames;
    std::vector<std::string> m_streamNames;
    std::string m_workloadName;
    sim::SimTime m_horizon;
    bool m_primary; //!< runs the random campaigns and annotates node targets
    sim::RngStream m_rng;
    std::vector<double> m_nodeLimitCores; //!< Σ CPU limits of the instances on each node
    std::vector<model::PerContendedResource<double>> m_stressor;
    std::vector<double> m_shaped;
    std::vector<model::PerContendedResource<double>> m_container;
    std::vector<double> m_capacity;
    std::vector<sim::SimTime> m_delay;
    std::vector<double> m_multiplier;
    std::vector<sim::SimTime> m_starts;
};

} // namespace orrery::kinds::microservices
