#pragma once
#include "env/workload_generator.h"
#include "kinds/job_streams/job_streams_spec.h"
#include "sim/rng_stream.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace orrery::kinds::job_streams {

//! Jobs of `kind: JobStreams` (Octopus, seed 000 §III-A; docs/model.md "Job streams").
//!
//! Arrivals are Poisson (stream "workload/<name>/arrivals"). Everything about a job comes from
//! stream "workload/<name>/work": whether it is an injected batch job, how many services it has
//! (uniform in the spec's range), a random root and a connected subgraph grown from it along call
//! edges (either direction) by picking uniformly from the frontier, and one log-normal latency
//! factor per task. Tasks are listed callers first; a task's parent is its caller in the
//! subgraph (its "dependent microservice"). Task durations are the service's profile latency on
//! each compute kind times the task's factor, so every policy faces the same work.
class JobStreamsGenerator final : public env::WorkloadGenerator {
public:
    //! Throws std::invalid_argument when the spec has no graph or an empty one.
    JobStreamsGenerator(JobStreamsSpec spec, std::uint64_t seed);

    std::optional<sim::SimTime> nextArrival(sim::SimTime now) override;
    env::JobSpec makeJob(sim::SimTime now) override;

private:
    env::JobSpec makeMicroserviceJob();
    env::JobSpec makeBatchJob();
    //! A connected set of `count` services (fewer if the root's component is smaller), in the
    //! order they were picked.
    std::vector<std::size_t> sampleConnectedServices(std::size_t count);
    //! `services` ordered callers first, with each one's parent (index into the result, or -1).
    std::vector<std::pair<std::size_t, int>> orderAsTree(const std::vector<std::size_t>& services) const;

    JobStreamsSpec m_spec;
    const model::ServiceGraph& m_graph;
    sim::RngStream m_arrivals;
    sim::RngStream m_work;
    std::int64_t m_made = 0;
};


} // namespace orrery::kinds::job_streams
