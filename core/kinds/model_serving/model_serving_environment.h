#pragma once
#include "env/simulated_environment_options.h"
#include "kinds/model_serving/model_serving_spec.h"
#include "model/scenario.h"
#include "policy/environment.h"

#include <memory>

namespace orrery::kinds::model_serving {

//! The control Environment of a model-serving workload: the targets are the GPU devices (SetLimit
//! of ControlResource::GpuFrequency, snapped to the device's clocks) followed, with autoscaling,
//! by the models (SetReplicas), exactly as a ControlPolicy sees them in a run. Each reset() starts
//! the workload afresh (the scenario's cluster, requests drawn from the episode's seed, replicas
//! placed by the runtime's default rule: most free GPU memory); a step is one controlPeriod.
//!
//! The reward is μ-Serve's objective as one number (seed 001 §6.3: least power while the SLO
//! holds): the period's SLO attainment minus the fleet's power as a share of its TDP,
//! r = (1 − violation rate) − Σ watts / Σ maxWatts, so dropping clocks pays only while the SLO
//! still holds. Episodes end after stepsPerEpisode steps (truncated, never terminal).
class ModelServingEnvironment final : public policy::Environment {
public:
    //! Throws std::invalid_argument when the options are out of range.
    ModelServingEnvironment(const model::Scenario& scenario, const ModelServingSpec& spec, env::SimulatedEnvironmentOptions options);
    ~ModelServingEnvironment() override;
    ModelServingEnvironment(const ModelServingEnvironment&) = delete;
    ModelServingEnvironment& operator=(const ModelServingEnvironment&) = delete;

    policy::Observation reset(std::uint64_t seed) override;
    policy::StepResult step(std::span<const policy::ControlAction> actions) override;

private:
    struct Run;
    [[nodiscard]] double reward(const policy::Observation& observation) const;

    model::Scenario m_scenario;
    ModelServingSpec m_spec;
    env::SimulatedEnvironmentOptions m_options;
    std::unique_ptr<Run> m_run;
};

} // namespace orrery::kinds::model_serving
