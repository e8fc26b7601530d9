#pragma once
#include "model/compute_kind.h"
#include "model/resources.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <map>
#include <string>

namespace orrery::policy {

//! Something waiting to be placed: a task (one microservice of a job, or a batch job), a
//! container or a model partition.
struct PendingUnit {
    std::uint64_t id = 0;
    std::string workload;        //!< name of the workload it belongs to
    std::string service;         //!< microservice (or job class) it runs; the workload name for plain batch jobs
    std::string dependsOn;       //!< the microservice whose output it needs (its parent in the job); empty for roots
    model::Resources request;    //!< as declared, including its declared accelerator
    std::string deviceModel;     //!< required device model, empty when any will do
    //! The compute kind the request declares: the hard constraint conventional schedulers honour.
    model::ComputeKind declaredCompute = model::ComputeKind::Cpu;
    //! Every compute kind the unit can run on (always includes declaredCompute). A policy that
    //! treats accelerators as fungible may pick any of them; the unit then holds
    //! model::requestOn(request, kind) instead of its declared request.
    model::ComputeKindSet computeOptions = model::bitOf(model::ComputeKind::Cpu);
    std::int64_t diskBytes = 0;  //!< disk footprint (a feature for predictors; not a capacity)
    sim::SimTime slo = 0;        //!< latency objective for this unit; 0 = none
    sim::SimTime submittedAt = 0;
    //! Kind-specific numbers, by name, for placement policies written for that kind (model
    //! serving: a model's sensitivityPerMhz, latencySeconds, requestRate; see its docs).
    std::map<std::string, double> features;
};

} // namespace orrery::policy
