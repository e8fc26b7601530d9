#pragma once
#include "env/simulated_environment_options.h"
#include "kinds/training_jobs/training_jobs_spec.h"
#include "model/scenario.h"
#include "policy/environment.h"

#include <cstdint>
#include <memory>

namespace orrery::kinds::training_jobs {

//! The control Environment of a training-jobs workload: one target per running container,
//! stepped once per controlPeriod. Each reset() starts the workload afresh (the scenario's
//! cluster and contention, jobs drawn from the episode's seed). The reward is minus the number of
//! running containers, so an episode's return is −Σ JCT / controlPeriod (Little's law): a policy
//! that maximises it minimises the total job completion time. The episode ends when every job
//! has finished or after stepsPerEpisode steps.
class TrainingJobsEnvironment final : public policy::Environment {
public:
    TrainingJobsEnvironment(const model::Scenario& scenario, const TrainingJobsSpec& spec, env::SimulatedEnvironmentOptions options);
    ~TrainingJobsEnvironment() override;
    TrainingJobsEnvironment(const TrainingJobsEnvironment&) = delete;
    TrainingJobsEnvironment& operator=(const TrainingJobsEnvironment&) = delete;

    policy::Observation reset(std::uint64_t seed) override;
    policy::StepResult step(std::span<const policy::ControlAction> actions) override;

private:
    struct Run;
    model::Scenario m_scenario;
    TrainingJobsSpec m_spec;
    env::SimulatedEnvironmentOptions m_options;
    std::unique_ptr<Run> m_run;
};

} // namespace orrery::kinds::training_jobs
