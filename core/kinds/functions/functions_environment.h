#pragma once
#include "env/simulated_environment_options.h"
#include "kinds/functions/functions_spec.h"
#include "model/scenario.h"
#include "policy/environment.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace orrery::kinds::functions {

//! The control Environment of a Functions workload (seed 001 §4.3): one target per function,
//! every agent stepped in lock-step once per platform.controlPeriod. Each reset() starts a fresh
//! platform (the scenario's cluster, contention and initial container settings) and applies the
//! workload's churn schedule: the k-th reset is episode k, and before episode j·every + 1 the
//! j-th change adds functions (profiles drawn from the catalog, seeded) or removes some, so a
//! trainer sees targets come and go between episodes without rebuilding anything.
//!
//! The reward step() returns is the mean SLO preservation SP over the functions; the agents of
//! the SIMPPO family compute their own Table 4.1 rewards from the observation.
class FunctionsEnvironment final : public policy::Environment {
public:
    //! Throws std::invalid_argument when the options are out of range or the platform has no invoker.
    FunctionsEnvironment(const model::Scenario& scenario, const FunctionsSpec& spec, env::SimulatedEnvironmentOptions options);
    ~FunctionsEnvironment() override;
    FunctionsEnvironment(const FunctionsEnvironment&) = delete;
    FunctionsEnvironment& operator=(const FunctionsEnvironment&) = delete;

    policy::Observation reset(std::uint64_t seed) override;
    policy::StepResult step(std::span<const policy::ControlAction> actions) override;

    [[nodiscard]] std::uint32_t episode() const { return m_episode; }
    //! The functions of the current episode, in observation order.
    [[nodiscard]] std::vector<std::string> functionNames() const;
    //! Per-function p99 (ms) over the current episode so far, in observation order.
    [[nodiscard]] std::vector<double> episodeP99Ms() const;
    //! Invocations the current episode has completed.
    [[nodiscard]] std::uint64_t episodeInvocations() const;
    //! The next reset() is episode episodesDone + 1, with every churn change due by then applied.
    void resumeAfter(std::uint32_t episodesDone) override;
    //! A fresh environment of the same scenario, workload and options (parallel rollouts). Its
    //! churn schedule counts its own resets: a trainer running every K-th episode on it says
    //! which with resumeAfter() before each reset.
    [[nodiscard]] std::unique_ptr<policy::Environment> makeSibling() const override;

private:
    struct Run;
    void applyChurn(std::uint32_t change);

    model::Scenario m_scenario;
    FunctionsSpec m_base;
    FunctionsSpec m_current;
    env::SimulatedEnvironmentOptions m_options;
    std::uint32_t m_episode = 0;
    std::uint32_t m_changesApplied = 0;
    std::unique_ptr<Run> m_run;
};

} // namespace orrery::kinds::functions
