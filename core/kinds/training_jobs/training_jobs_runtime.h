#pragma once
#include "env/target_label_log.h"
#include "env/workload_kind_runtimes.h"
#include "kinds/training_jobs/training_jobs_platform.h"
#include "sim/engine.h"
#include "sim/run_recorder.h"

#include <deque>
#include <vector>

namespace orrery::policy {
class PlacementPolicy;
}

namespace orrery::kinds::training_jobs {

//! A training-jobs workload inside a Simulation run. Jobs are submitted at their times and
//! placed by the control policy when it also places (flowcon's manager side, seed 004 Alg. 4),
//! else by Docker Swarm's spread. The control policy is called every controlPeriod with every
//! running container, and at once with a worker's containers whenever one starts or finishes
//! there (the worker's listeners, Alg. 2).
class TrainingJobsRuntime final : public env::KindRuntime, public sim::EventHandler {
public:
    TrainingJobsRuntime(const TrainingJobsSpec& spec, const model::Scenario& scenario, model::Cluster& cluster,
                        env::NodeContention& contention);

    void start(sim::Engine& engine, sim::RunRecorder& recorder) override;
    void finish(env::RunMetrics* metrics) override;
    bool attachControl(policy::ControlPolicy& control) override;
    void handleEvent(const sim::Event& event, sim::Engine& engine) override;

    [[nodiscard]] const TrainingJobsPlatform& platform() const { return m_platform; }
    //! For an Environment that steps the workload itself: every running container now.
    policy::Observation observeAll(sim::SimTime now) { return m_platform.observe(now); }
    //! For an Environment: applies `actions` now and reschedules the workers they changed.
    std::vector<policy::ActionOutcome> applyActions(const std::vector<policy::ControlAction>& actions, sim::SimTime now);
    [[nodiscard]] bool allFinished() const { return m_finished == m_platform.jobs().size(); }

private:
    void submit(std::uint32_t job, sim::SimTime now);
    bool place(std::uint32_t job, sim::SimTime now);
    void listen(std::uint32_t worker, sim::SimTime now);
    void decide(const policy::Observation& observation, sim::SimTime now);
    void reschedule();
    void sample(std::uint32_t job, sim::SimTime now);
    void defineSeries(std::uint32_t job);

    model::Cluster& m_cluster;
    TrainingJobsPlatform m_platform;
    policy::ControlPolicy* m_control = nullptr;
    policy::PlacementPolicy* m_placement = nullptr; //!< m_control, when it also places
    sim::Engine* m_engine = nullptr;
    sim::RunRecorder* m_recorder = nullptr;
    sim::EventKind m_submitKind = 0, m_finishKind = 0, m_controlKind = 0;
    std::deque<std::uint32_t> m_pending;
    struct JobSeries {
        sim::SeriesId evaluation = 0, cpu = 0, limit = 0;
        bool defined = false;
    };
    std::vector<JobSeries> m_series;
    sim::SeriesId m_runningSeries = 0;
    env::TargetLabelLog m_labels; //!< the policy's class of each container (with the series only)
    std::uint64_t m_applied = 0, m_rejected = 0, m_listenerRuns = 0;
    std::size_t m_finished = 0;
};

} // namespace orrery::kinds::training_jobs
