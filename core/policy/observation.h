#pragma once
#include "policy/control_resource.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace orrery::policy {

//! What a control policy sees of one target (a microservice in simulation, a Deployment in a live
//! cluster) over the last control period: seed 001 Table 3.1's telemetry reduced to Table 3.2's state.
struct TargetObservation {
    std::string name;                       //!< service name, or "namespace/deployment" live
    std::string group;                      //!< the target's class where its kind has one (functions: cpu, memory, io)
    std::int32_t replicas = 0;              //!< instances running now
    std::int32_t pendingReplicas = 0;       //!< instances requested but not yet started
    PerControlResource<double> limit{};     //!< per-instance limit (0 = unlimited / unknown)
    PerControlResource<double> usage{};     //!< mean per-instance use over the period, same units
    double arrivalRate = 0;                 //!< requests/s this period
    double previousArrivalRate = 0;         //!< requests/s the period before (WC_t = ratio)
    double p50LatencyMs = 0;
    double p99LatencyMs = 0;
    double sloLatencyMs = 0;                //!< 0 when the target has no SLO of its own
    //! FIRM's SM_t: SLO latency / current latency, capped at 1; 1 when nothing arrived.
    double sloMaintenance = 1;
    //! Set by a critical-component extractor: this target is a likely culprit this period.
    bool critical = false;
    double relativeImportance = 0;          //!< PCC(T_i, T_CP), when extracted
    double congestionIntensity = 0;         //!< p99 / p50, when extracted
    // Targets pinned to one node (training-job containers, seed 004):
    std::string node;                       //!< the node it runs on; empty when not pinned
    double nodeCores = 0;                   //!< that node's cores
    //! The job's evaluation function now (loss or accuracy, seed 004 Eq. 1); empty when the
    //! target reports none.
    std::optional<double> evaluation;
    //! Kind-specific numbers, by name, for the policies written for that kind (model serving:
    //! a GPU's minMhz, maxMhz, stepMhz, watts, p99SloRatio, sensitivityPerMhz; see its docs).
    std::map<std::string, double> features;
    //! Feature names any kind with memory limits reports (docs/model.md, "Memory"): OOM kills
    //! of the target's instances in the period, and its replicas restarting at its end.
    static constexpr const char* kOomKills = "oomKills";
    static constexpr const char* kRestartingReplicas = "restartingReplicas";
};

//! One control period's view of the whole application (or cluster namespace).
struct Observation {
    sim::SimTime time = 0;                  //!< end of the period
    sim::SimTime period = 0;
    std::vector<TargetObservation> targets;
    std::vector<double> requestComposition; //!< share of each request type this period (sums to 1)
    double endToEndP99Ms = 0;
    double sloViolationRate = 0;            //!< share of completed requests over their SLO
    std::uint64_t completedRequests = 0;
    std::uint64_t droppedRequests = 0;
};

} // namespace orrery::policy
