#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace orrery::policy {

//! One way the host can split a served model: a pipeline of `stages` devices (AlpaServe's
//! inter-operator parallelism; Li et al., OSDI '23, §4), priced by the host's own physics so that
//! a policy's search and the simulation agree. Added in policy API 1.7.
struct PartitionOption {
    std::uint32_t stages = 1;          //!< devices per replica (1: the whole model on one)
    std::int64_t stageMemoryBytes = 0; //!< the weights each stage's device holds
    double stageSeconds = 0;           //!< how long a typical request occupies each stage's device
    double latencySeconds = 0;         //!< a typical request alone, end to end (stages + hand-offs)
};

//! A served model as a partition search sees it. Added in policy API 1.7.
struct ServedModelDemand {
    std::string model;                 //!< the units' PendingUnit::service
    double requestRate = 0;            //!< mean arrivals per second, all replicas together
    double arrivalCv = 1;              //!< coefficient of variation of the gaps between arrivals (1: Poisson)
    double sloSeconds = 0;             //!< a typical request's latency objective
    //! Recorded arrivals the run will not replay (a replayed trace's rows past the horizon, at the
    //! replay's time scale, from 0; AlpaServe's "training workload"); empty when there are none.
    std::vector<double> recordedArrivalSeconds;
    std::int32_t replicas = 1;         //!< as declared in the scenario
    std::uint32_t stages = 1;          //!< as declared in the scenario
    std::vector<PartitionOption> options; //!< what the host can run (always holds the declared stages)
};

//! A device a served model's stages can go to. Added in policy API 1.7.
struct ServingDevice {
    std::uint32_t node = 0;            //!< its node in the ClusterView
    std::int64_t memoryBytes = 0;      //!< its GPU memory
};

//! What the host asks before placing a serving workload's replicas. Added in policy API 1.7.
struct ServingPlanRequest {
    std::vector<ServedModelDemand> models;
    std::vector<ServingDevice> devices;
};

//! A policy's answer for one model: how many stages each replica has and how many replicas.
//! Added in policy API 1.7.
struct ModelPartition {
    std::uint32_t stages = 1;          //!< one of the model's options
    std::int32_t replicas = 1;         //!< 0 leaves the model unserved (its requests are dropped)
};

//! One ModelPartition per ServingPlanRequest::models entry, in the same order. The host then
//! places replicas × stages units one at a time through place(), as always (unit features
//! `replicaIndex`, `stage`, `stages` say which). Added in policy API 1.7.
struct ServingPlan {
    std::vector<ModelPartition> models;
};

} // namespace orrery::policy
