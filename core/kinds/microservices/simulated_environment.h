#pragma once
#include "env/period_stats.h"
#include "env/simulated_environment_options.h"
#include "model/scenario.h"
#include "policy/environment.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace orrery::kinds::microservices {

//! Statistics of the current episode, accumulated over its steps.
struct EpisodeStats {
    int steps = 0;
    std::uint64_t arrivedRequests = 0;
    std::uint64_t completedRequests = 0;
    std::uint64_t sloViolations = 0;        //!< completed requests over their type's SLO
    std::uint64_t droppedRequests = 0;
    double requestedCpuCoreSeconds = 0;     //!< ∫ Σ_services cpu limit × replicas dt
    double p99LatencyMs = 0;                //!< end-to-end p99 over the whole episode
    double totalReward = 0;
    std::uint64_t actionsApplied = 0;
    std::uint64_t actionsConverted = 0;
    std::uint64_t actionsRejected = 0;
    bool terminatedEarly = false;
};

//! The reset/step environment over a scenario's microservice workload (seed 001 §3.2.4–3.2.5):
//! reset(seed) builds a fresh deterministic simulation (anomaly campaigns included) and runs it
//! to the end of the first control period; step(actions) validates the actions (ActionValidator),
//! applies them after their actuation latency (Table 3.5), advances one control period and
//! returns the observation, the reward r = α·SM·|R| + (1−α)·Σ RU_i/RLT_i averaged over targets
//! (env::controlReward) and whether the episode is over. Targets are the workload's services, in
//! service-graph order.
class SimulatedEnvironment final : public policy::Environment {
public:
    //! Throws std::invalid_argument when the scenario has no (matching) Microservices workload
    //! or the options are out of range.
    explicit SimulatedEnvironment(model::Scenario scenario, env::SimulatedEnvironmentOptions options = {});
    ~SimulatedEnvironment() override;
    SimulatedEnvironment(const SimulatedEnvironment&) = delete;
    SimulatedEnvironment& operator=(const SimulatedEnvironment&) = delete;

    //! Same seed ⇒ bit-identical observations and rewards for the same actions.
    policy::Observation reset(std::uint64_t seed) override;
    //! Throws std::logic_error before the first reset().
    policy::StepResult step(std::span<const policy::ControlAction> actions) override;
    //! A new environment of the same scenario and options (parallel rollouts).
    [[nodiscard]] std::unique_ptr<policy::Environment> makeSibling() const override;

    [[nodiscard]] const EpisodeStats& episodeStats() const;
    [[nodiscard]] const env::SimulatedEnvironmentOptions& options() const;
    [[nodiscard]] const model::Scenario& scenario() const;
    //! The controlled services' names (TargetObservation::name), in observation order.
    [[nodiscard]] std::vector<std::string> targetNames() const;
    //! The statistics of the last period reset() or step() ran (services in targetNames() order,
    //! request types in the workload's stream order). Throws std::logic_error unless
    //! options().keepPeriodStats is set and reset() has run.
    [[nodiscard]] const env::PeriodStats& lastPeriodStats() const;

private:
    class Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace orrery::kinds::microservices
