#pragma once
#include "env/workload_generator.h"
#include "model/batch_jobs_spec.h"
#include "sim/rng_stream.h"

#include <cstdint>

namespace orrery::env {

//! Jobs of `kind: BatchJobs`: Poisson arrivals, one task each, holding a fixed request for a
//! duration drawn at arrival. The task runs only on its declared compute kind.
class BatchJobsGenerator final : public WorkloadGenerator {
public:
    BatchJobsGenerator(const model::BatchJobsSpec& spec, std::uint64_t seed);

    std::optional<sim::SimTime> nextArrival(sim::SimTime now) override;
    JobSpec makeJob(sim::SimTime now) override;
    void makeJobInto(sim::SimTime now, JobSpec& job) override;

private:
    const model::BatchJobsSpec& m_spec;
    TaskSpec m_task; //!< every job's task but its drawn duration, built once
    sim::RngStream m_arrivals;
    sim::RngStream m_work;
    std::int64_t m_made = 0;
};

} // namespace orrery::env
