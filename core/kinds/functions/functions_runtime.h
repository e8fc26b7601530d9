#pragma once
#include "env/workload_kind_runtimes.h"
#include "kinds/functions/functions_deployment.h"
#include "sim/run_recorder.h"

#include <memory>

namespace orrery::kinds::functions {

//! A Functions workload inside a Simulation run: the platform on the run's engine, and, when
//! the scenario names a control policy, that policy called every platform.controlPeriod with
//! the functions as its targets.
class FunctionsRuntime final : public env::KindRuntime, public sim::EventHandler {
public:
    FunctionsRuntime(const FunctionsSpec& spec, const model::Scenario& scenario, model::Cluster& cluster,
                     env::NodeContention& contention);

    void start(sim::Engine& engine, sim::RunRecorder& recorder) override;
    void finish(env::RunMetrics* metrics) override;
    bool attachControl(policy::ControlPolicy& control) override;
    void handleEvent(const sim::Event& event, sim::Engine& engine) override;

private:
    const FunctionsSpec& m_spec;
    FunctionsDeployment m_platform;
    policy::ControlPolicy* m_control = nullptr;
    sim::Engine* m_engine = nullptr;
    sim::RunRecorder* m_recorder = nullptr;
    sim::EventKind m_controlKind = 0;
    sim::SeriesId m_containersSeries = 0;
    sim::SeriesId m_p99Series = 0;
    sim::SeriesId m_violationSeries = 0;
    std::uint64_t m_applied = 0, m_rejected = 0;
};

} // namespace orrery::kinds::functions
