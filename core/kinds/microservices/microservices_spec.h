#pragma once
#include "model/arrival_process.h"
#include "model/diagnostic.h"
#include "model/kind_spec.h"
#include "model/node_contended_capacity.h"
#include "model/scenario.h"
#include "model/service_graph.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::kinds::microservices {

//! The kind as written in scenarios and in `run.workload` records.
inline constexpr const char* kMicroservicesKind = "Microservices";
//! The end-to-end SLO of a request type, recorded at time 0 (MicroservicesRuntime): target the
//! request type's name, intensity the SLO in milliseconds; `orrery localize` reads it.
inline constexpr std::string_view kRunRequestSloAnnotation = "run.microservices.slo";

//! The limits of one instance (container) of a service (seed 001 Table 3.2) and how many
//! replicas the service runs. CPU is the processor-sharing capacity; the others are the share
//! of the node's contended resources the instance is guaranteed (docs/model.md, "Contention").
struct InstanceLimits {
    int replicas = 1;
    std::int64_t millicores = 1000;
    std::int64_t memoryBytes = std::int64_t{512} << 20;
    double llcWays = 2.0;
    double memoryBandwidthBytesPerSecond = 2e9;
    double diskBytesPerSecond = 50e6;
    double networkBytesPerSecond = 1.25e8;
};

//! One request type's open-loop stream.
struct RequestStreamSpec {
    std::size_t requestType = 0; //!< index into graph->requestTypes
    model::ArrivalProcess arrival;
    sim::SimTime slo = 0;        //!< end-to-end objective; 0 = none
    model::SourceLocation location;
};

//! `kind: Microservices`: a service graph's request types served by instances placed on the
//! cluster, with processor sharing, spans and anomalies (docs/model.md, "Microservices").
struct MicroservicesSpec final : model::KindSpec {
    MicroservicesSpec() { kind = kMicroservicesKind; }
    [[nodiscard]] std::unique_ptr<model::KindSpec> clone() const override { return std::make_unique<MicroservicesSpec>(*this); }
    [[nodiscard]] std::shared_ptr<const model::ServiceGraph> serviceGraph() const override { return graph; }
    //! Services, their instances and the nodes; the request types and the workload's name.
    void addAnomalyTargets(model::AnomalyTargets& targets) const override;
    //! Every request stream's rate (the arrival-rate sweep); shapes (diurnal, spikes) are kept.
    bool scaleArrivals(double factor) override;
    [[nodiscard]] double peakArrivalsPerSecond() const override;
    [[nodiscard]] const model::NodeContendedCapacity* contendedCapacityOverride() const override
    {
        return nodeCapacity ? &*nodeCapacity : nullptr;
    }

    std::string graphReference;
    std::string graphFile;
    std::shared_ptr<const model::ServiceGraph> graph;
    std::vector<RequestStreamSpec> streams;
    InstanceLimits defaultLimits;
    std::map<std::size_t, InstanceLimits> serviceLimits; //!< by service index; others use defaultLimits
    //! `nodeCapacity`: overrides the node pools' shared-resource capacities for this application
    //! (kept for scenarios written before pools carried them).
    std::optional<model::NodeContendedCapacity> nodeCapacity;
    sim::SimTime networkLatency = 0;  //!< one way, per call between services
    int queueLimit = 1000;            //!< calls in service at one instance beyond which calls are dropped
    double traceSampling = 1.0;       //!< fraction of requests whose spans are recorded
    bool spans = true;

    [[nodiscard]] const InstanceLimits& limitsOf(std::size_t service) const
    {
        const auto it = serviceLimits.find(service);
        return it == serviceLimits.end() ? defaultLimits : it->second;
    }
};

//! The Microservices spec of `workload`, or nullptr when the workload is of another kind.
[[nodiscard]] const MicroservicesSpec* microservicesSpecOf(const model::WorkloadSpec& workload);
//! The same as a copy of its own inside `workload`, which the caller may change (a scenario's
//! variants share their specs); nullptr when the workload is of another kind.
[[nodiscard]] MicroservicesSpec* ownMicroservicesSpecOf(model::WorkloadSpec& workload);

} // namespace orrery::kinds::microservices
