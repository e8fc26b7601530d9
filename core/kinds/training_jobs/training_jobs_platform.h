#pragma once
#include "env/node_contention.h"
#include "kinds/training_jobs/training_jobs_spec.h"
#include "policy/control_action.h"
#include "policy/observation.h"
#include "sim/run_recorder.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

namespace orrery::model {
class Cluster;
}

namespace orrery::kinds::training_jobs {

//! The training containers on their workers as a fluid model (docs/model.md, "Training jobs"):
//! between changes every container trains at a constant rate, epochs/s = speed-up(granted cores)
//! / (epoch work · contention slowdown), so the simulator only acts when a job arrives or
//! finishes, a limit changes or contention shifts. A worker's cores are divided max-min fairly
//! among its containers, each capped by min(its limit, the cores its threads keep busy); cores a
//! limited container leaves idle go to the others (Docker's limits act as soft limits, seed 004
//! §5.1). Each container is a resident of the node's contention model.
class TrainingJobsPlatform final : public env::ContentionListener {
public:
    struct Job {
        std::string name;
        std::uint32_t model = 0;       //!< index into the spec's models
        sim::SimTime submittedAt = 0;
        double targetEpochs = 1;       //!< where its convergence rule stops it
        // Set once placed:
        bool placed = false, finished = false;
        std::uint32_t worker = 0;      //!< index into workers()
        sim::SimTime startedAt = 0, finishedAt = 0;
        double epochs = 0;             //!< work done
        double limitCores = 0;         //!< 0 = none
        double grantCores = 0;
        double epochsPerSecond = 0;
        double slowdown = 1;
        sim::SimTime updatedAt = 0;
        double coreSecondsSinceObserved = 0;
        sim::SimTime observedAt = 0;
        env::NodeContention::ResidentId resident = 0;
    };
    struct Worker {
        std::uint32_t node = 0;
        std::string name;
        double cores = 0;
        std::vector<std::uint32_t> running; //!< job indices
        std::uint64_t version = 0;          //!< bumps on every replan; stale completion events are ignored
        sim::SimTime nextFinish = std::numeric_limits<sim::SimTime>::max();
    };

    //! `seed`: the scenario's; submission times and models come from stream "training-jobs/<name>".
    TrainingJobsPlatform(const TrainingJobsSpec& spec, std::uint64_t seed, model::Cluster& cluster, env::NodeContention& contention);

    [[nodiscard]] const std::vector<Job>& jobs() const { return m_jobs; }
    [[nodiscard]] const std::vector<Worker>& workers() const { return m_workers; }
    [[nodiscard]] const TrainingJobsSpec& spec() const { return m_spec; }
    [[nodiscard]] const TrainingModel& modelOf(const Job& job) const { return m_spec.models[job.model]; }
    //! The worker index of cluster node `node`, or −1.
    [[nodiscard]] std::int64_t workerOfNode(std::uint32_t node) const;

    //! Starts `job` on `worker` at `now` (no limit).
    void start(std::uint32_t job, std::uint32_t worker, sim::SimTime now);
    //! Advances `worker` to `now`, finishes the jobs that converged, and returns them.
    std::vector<std::uint32_t> finishDue(std::uint32_t worker, sim::SimTime now);
    //! The worker with the fewest running containers (Docker Swarm's spread), lowest index on ties.
    [[nodiscard]] std::uint32_t spreadWorker() const;

    //! The running containers as control targets; `onlyWorker` restricts them to one worker
    //! (an alert: Observation::period is then 0).
    //! Resets each container's usage accumulator.
    policy::Observation observe(sim::SimTime now, std::int64_t onlyWorker = -1);
    //! Applies SetLimit(cpu) actions; rejects everything else with a reason.
    std::vector<policy::ActionOutcome> apply(const std::vector<policy::ControlAction>& actions, sim::SimTime now);

    //! Workers whose next completion moved since the last call (the runtime reschedules them).
    std::vector<std::uint32_t> takeRescheduled();
    [[nodiscard]] double evaluationOf(const Job& job) const;
    [[nodiscard]] std::uint64_t limitChanges() const { return m_limitChanges; }

    void slowdownChanged(std::uint64_t tag, double slowdown, sim::SimTime now) override;

private:
    void advance(Worker& worker, sim::SimTime now);
    void replan(std::uint32_t worker, sim::SimTime now, bool demands);
    void markRescheduled(std::uint32_t worker);

    TrainingJobsSpec m_spec;
    model::Cluster& m_cluster;
    env::NodeContention& m_contention;
    std::vector<Job> m_jobs;
    std::unordered_map<std::string, std::uint32_t> m_jobByName;
    std::vector<Worker> m_workers;
    std::vector<std::int64_t> m_workerOfNode;
    std::vector<std::uint32_t> m_rescheduled;
    std::vector<bool> m_isRescheduled;
    std::vector<std::uint32_t> m_slowed; //!< workers whose containers' slowdown changed in a refresh
    std::uint64_t m_limitChanges = 0;
};

} // namespace orrery::kinds::training_jobs
