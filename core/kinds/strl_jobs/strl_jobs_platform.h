#pragma once
#include "kinds/strl_jobs/job_stream.h"
#include "kinds/strl_jobs/strl_jobs_spec.h"
#include "model/resources.h"
#include "sim/sim_time.h"
#include "strl/node_attributes.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace orrery::model {
class Cluster;
}

namespace orrery::kinds::strl_jobs {

//! The jobs of a strl-jobs workload and the nodes they hold. A node runs one job at a time and is
//! held whole (all its free resources are allocated in the cluster, so per-unit policies see it
//! full); a job's run time is its duration × slowdownOn(its nodes).
class StrlJobsPlatform {
public:
    enum class JobState { Waiting, Pending, Running, Finished, Dropped };
    struct Job {
        SubmittedJob submitted;
        std::optional<sim::SimTime> deadline; //!< absolute
        JobState state = JobState::Waiting;
        std::vector<std::uint32_t> nodes;
        sim::SimTime startedAt = 0, finishAt = 0;
        double slowdown = 1.0;
        //! The job's own STRL (its class's generator or expression, or its scripted expression);
        //! null: planned from its class's type. Run time: the granted leaf's duration.
        std::shared_ptr<const strl::RequestTemplate> request;
    };

    StrlJobsPlatform(const StrlJobsSpec& spec, std::uint64_t seed, model::Cluster& cluster, sim::SimTime horizon);

    [[nodiscard]] const StrlJobsSpec& spec() const { return m_spec; }
    [[nodiscard]] const std::vector<Job>& jobs() const { return m_jobs; }
    [[nodiscard]] const JobClass& classOf(const Job& job) const { return m_spec.classes[job.submitted.jobClass]; }
    [[nodiscard]] const std::vector<strl::NodeAttributes>& attributes() const { return m_attributes; }
    //! Per node: when its job ends (0 when it never ran one; <= now when free).
    [[nodiscard]] const std::vector<sim::SimTime>& busyUntil() const { return m_busyUntil; }
    [[nodiscard]] bool isFree(std::uint32_t node) const { return !m_occupied[node]; }

    void submit(std::uint32_t job);
    void drop(std::uint32_t job);
    //! Why job `job` cannot start on `nodes` now (not pending, wrong node count — any count of at
    //! least one for a job with its own request —, a node unknown, repeated or busy); "" when it can.
    [[nodiscard]] std::string startProblem(std::uint32_t job, const std::vector<std::uint32_t>& nodes) const;
    //! Starts a pending job on free nodes (startProblem() is ""), holding them; returns when it ends:
    //! after `runTime` when given (the granted leaf's duration, for a job with its own request), else
    //! its duration × slowdownOn(nodes).
    sim::SimTime start(std::uint32_t job, const std::vector<std::uint32_t>& nodes, sim::SimTime now,
                       std::optional<sim::SimTime> runTime = std::nullopt);
    //! Ends a running job and frees its nodes.
    void finish(std::uint32_t job, sim::SimTime now);

    //! Holds a free node for a job being placed unit by unit (so a per-unit policy sees it full).
    void hold(std::uint32_t node);
    //! Frees a node hold() took for a placement that did not complete.
    void unhold(std::uint32_t node);

    //! Node-seconds held by jobs up to `end` (running ones counted up to `end`).
    [[nodiscard]] double busyNodeSeconds(sim::SimTime end) const;

private:
    StrlJobsSpec m_spec;
    model::Cluster& m_cluster;
    std::vector<strl::NodeAttributes> m_attributes;
    std::vector<Job> m_jobs;
    std::vector<sim::SimTime> m_busyUntil;
    std::vector<bool> m_occupied;
    std::vector<model::Resources> m_held; //!< what hold() allocated per node
    double m_finishedNodeSeconds = 0.0;
};

} // namespace orrery::kinds::strl_jobs
