#pragma once
#include "env/job_spec.h"
#include "sim/sim_time.h"

#include <optional>

namespace orrery::env {

//! Produces a workload's jobs: when they arrive and what they contain. One generator per
//! workload of a scenario; it owns its random streams (seeded from the scenario seed and the
//! workload name), so its jobs do not depend on what any policy does.
class WorkloadGenerator {
public:
    virtual ~WorkloadGenerator() = default;

    //! Arrival time of the next job, strictly after `now`; nullopt when the workload is exhausted.
    virtual std::optional<sim::SimTime> nextArrival(sim::SimTime now) = 0;
    //! The job arriving at `now` (called once per arrival returned by nextArrival).
    virtual JobSpec makeJob(sim::SimTime now) = 0;
    //! makeJob() into `job`, whose earlier contents it replaces: the simulation passes the same
    //! JobSpec for every arrival, so a generator that overrides this reuses its storage (no
    //! allocation per job on the hot path, docs/performance.md).
    virtual void makeJobInto(sim::SimTime now, JobSpec& job) { job = makeJob(now); }
};

} // namespace orrery::env
