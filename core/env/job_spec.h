#pragma once
#include "model/compute_kind.h"
#include "model/contended_resource.h"
#include "model/resource_demand.h"
#include "policy/pending_unit.h"
#include "sim/sim_time.h"

#include <array>
#include <string>
#include <vector>

namespace orrery::env {

//! One task of a job as a workload generator describes it at the job's arrival.
struct TaskSpec {
    //! What the placement policy sees (id and submittedAt are filled in by the simulation).
    policy::PendingUnit unit;
    //! A share of one GPU (1–999 milli-GPU; unit.request then holds no GPU); 0 for none
    //! (docs/model.md, "GPU sharing").
    std::int32_t sharedGpuMilli = 0;
    //! Index of the task whose completion this one waits for (its dependent microservice), or -1
    //! for a root. Parents come before children in JobSpec::tasks.
    int parent = -1;
    //! Execution time on each compute kind, drawn when the job arrives so that every policy sees
    //! the same work (common random numbers). 0 = cannot run on that kind.
    std::array<sim::SimTime, model::kComputeKindCount> durationOn{};
    //! What it demands of its node's shared resources per held core while it runs, and how
    //! contention slows it (docs/model.md, "Contention"); no demand = it never contends.
    model::ResourceDemand demand{};
    model::ResourceSensitivity sensitivity;
};

//! A job: one or more tasks forming a tree of dependencies. Its end-to-end latency is the last
//! task's completion minus its arrival, waiting included.
struct JobSpec {
    std::string jobClass; //!< e.g. "microservices", "batch": lets metrics separate kinds of jobs
    std::vector<TaskSpec> tasks;
};

} // namespace orrery::env
