#pragma once
#include "model/diagnostic.h"
#include "model/duration_distribution.h"
#include "model/resource_demand.h"
#include "model/resources.h"

#include <cstdint>
#include <string>

namespace orrery::model {

//! The minimal workload kind: independent batch jobs with Poisson arrivals, each holding a
//! fixed resource request for a sampled duration once placed. Later workload kinds (job
//! streams, microservices, training, inference) arrive with their policy issues.
struct BatchJobsSpec {
    std::string name;
    double arrivalsPerSecond = 0.0;
    std::int64_t maxJobs = 0;  //!< 0 = unlimited within the horizon
    Resources request;         //!< per job
    //! A share of one GPU per job, 1–999 milli-GPU (`request: {gpu: 460m}`; request then holds no
    //! whole GPU); 0 for none (docs/model.md, "GPU sharing").
    std::int32_t sharedGpuMilli = 0;
    //! Demand on the node's shared resources per requested core. None by default: batch jobs of
    //! this kind model reservations; with a demand they contend (docs/model.md, "Contention").
    ResourceDemand demand{};
    std::string deviceModel;   //!< when set, only nodes whose devices are this model qualify
    DurationDistribution duration;
    SourceLocation location;
};

} // namespace orrery::model
