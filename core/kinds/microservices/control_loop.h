#pragma once
#include "kinds/microservices/action_validator.h"
#include "env/run_metric.h"
#include "env/target_label_log.h"
#include "policy/control_policy.h"
#include "policy/observation.h"
#include "sim/engine.h"

#include <cstdint>
#include <span>
#include <vector>

namespace orrery::kinds::microservices {

class MicroserviceSimulator;

//! Closes the control loop around one microservice application (docs/model.md, "Control"):
//! validates actions (ActionValidator) and applies them after their actuation latency, builds
//! each control period's Observation, and accounts requested CPU, actions and SLO violations.
//! With a ControlPolicy it calls the policy every period itself (env::Simulation); without one the
//! caller drives it (SimulatedEnvironment).
class ControlLoop final : public sim::EventHandler {
public:
    struct Options {
        sim::SimTime period = sim::kSecond;
        double criticalCongestion = 2.0;   //!< CI threshold for `critical`
        double criticalImportance = 0.5;   //!< RI threshold standing in for "on the critical path"
        double violationRateThreshold = 0.01; //!< a period "violates" above this (p99 SLOs)
    };

    //! Enables the application's period statistics; call before the application starts.
    ControlLoop(MicroserviceSimulator& app, Options options);

    //! Registers with `engine`; with `policy`, schedules a decision at every period end. With a
    //! `recorder`, the policy's target labels (ControlPolicy::targetLabels, read after each
    //! decision) become `policy.label` annotations (env::TargetLabelLog).
    void start(sim::Engine& engine, policy::ControlPolicy* policy, sim::RunRecorder* recorder = nullptr);
    //! Ends the open label stretches at the engine's time (call once, when the run ends).
    void finish();
    //! Validates `actions` now and schedules the accepted ones after their actuation latency.
    std::vector<policy::ActionOutcome> submit(std::span<const policy::ControlAction> actions);
    //! The observation of the period ending now; starts the next period.
    policy::Observation observe();

    void handleEvent(const sim::Event& event, sim::Engine& engine) override;

    [[nodiscard]] std::uint64_t applied() const { return m_applied; }
    [[nodiscard]] std::uint64_t converted() const { return m_converted; }
    [[nodiscard]] std::uint64_t rejected() const { return m_rejected; }
    //! ∫ Σ cpu limit × replicas dt up to `now`, core-seconds.
    [[nodiscard]] double requestedCoreSeconds(sim::SimTime now) const;
    //! Mean seconds from each injected anomaly's start until the first period without SLO
    //! violations after it (0 when none was violated; NaN when no anomaly started).
    [[nodiscard]] double meanMitigationSeconds() const;
    void appendMetrics(env::RunMetrics& metrics, sim::SimTime horizon) const;

private:
    void apply(const policy::ControlAction& action);
    void accountCpu();

    MicroserviceSimulator& m_app;
    Options m_options;
    ActionValidator m_validator;
    sim::Engine* m_engine = nullptr;
    policy::ControlPolicy* m_policy = nullptr;
    sim::RunRecorder* m_recorder = nullptr;
    env::TargetLabelLog m_labels;
    sim::EventKind m_applyKind = 0, m_tickKind = 0;
    std::vector<policy::ControlAction> m_pending; // by event payload
    std::vector<std::uint32_t> m_freePending;
    sim::SimTime m_periodStart = 0;
    std::vector<double> m_busyAtStart;            // per service
    std::vector<double> m_callsAtStart;           // per service: ∫ calls in service dt
    std::vector<std::uint64_t> m_oomKillsAtStart; // per service
    std::vector<double> m_previousArrivalRate;    // per service
    std::vector<std::pair<sim::SimTime, bool>> m_history; // (period end, violated)
    std::uint64_t m_applied = 0, m_converted = 0, m_rejected = 0, m_policyErrors = 0;
    double m_cpuCoreSeconds = 0;
    double m_cpuCores = 0;
    sim::SimTime m_cpuSince = 0;
    std::vector<double> m_declared; // per service × resource: scenario limit = demand at full load
};

} // namespace orrery::kinds::microservices
