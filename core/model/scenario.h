#pragma once
#include "model/anomaly_spec.h"
#include "model/batch_jobs_spec.h"
#include "model/contention_spec.h"
#include "model/decision_cost_spec.h"
#include "model/kind_spec.h"
#include "model/node_pool_spec.h"
#include "model/policy_choice.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace orrery::model {

//! Any workload a scenario can declare: BatchJobs, the simulation's own job kind, or a kind that
//! registers itself (model/kind_spec.h; core/kinds/), Microservices included.
using WorkloadSpec = std::variant<BatchJobsSpec, KindWorkload>;

//! A validated scenario: everything a simulation run needs, with no YAML left in it.
struct Scenario {
    std::string name;
    std::string description;
    std::string sourceFile; //!< path it was read from, for messages
    std::string sourceText; //!< the file's text, stored with each run
    std::uint64_t seed = 0;
    sim::SimTime horizon = 0;
    sim::SimTime samplePeriod = 10 * sim::kSecond; //!< how often time series are sampled
    ClusterSpec cluster;
    std::vector<WorkloadSpec> workloads;
    std::map<std::string, PolicyChoice> policies; //!< decision point → choice
    DecisionCostSpec decisionCost;                 //!< spec.decisionCost
    AnomalyCampaignSpec anomalies;                 //!< spec.anomalies (microservice workloads)
    ContentionSpec contention;                     //!< spec.contention: co-location physics
};

} // namespace orrery::model
