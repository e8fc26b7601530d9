#pragma once
#include "env/workload_kind_runtimes.h"
#include "kinds/microservices/control_loop.h"
#include "kinds/microservices/microservice_simulator.h"

#include <memory>

namespace orrery::kinds::microservices {

//! A Microservices workload inside an env::Simulation run: its request-level simulator on the run's
//! engine and, when the scenario names a control policy and this is the first workload that
//! accepts one, the control loop that calls the policy every control period.
class MicroservicesRuntime final : public env::KindRuntime {
public:
    //! `randomAnomalies` and `prefixWithName` as MicroserviceSimulator's (the first Microservices
    //! workload runs the random campaigns; names are prefixed when there are several).
    MicroservicesRuntime(const MicroservicesSpec& spec, const model::Scenario& scenario, model::Cluster& cluster,
                         env::NodeContention& contention, bool randomAnomalies, bool prefixWithName);
    ~MicroservicesRuntime() override;

    void setSpanSink(trace::SpanSink* sink) override { m_sink = sink; }
    void start(sim::Engine& engine, sim::RunRecorder& recorder) override;
    void finish(env::RunMetrics* metrics) override;
    bool attachControl(policy::ControlPolicy& control) override;

private:
    const model::Scenario& m_scenario;
    const MicroservicesSpec& m_spec;
    MicroserviceSimulator m_simulator;
    policy::ControlPolicy* m_control = nullptr;
    std::unique_ptr<ControlLoop> m_controlLoop; // after m_simulator: destroyed first
    trace::SpanSink* m_sink = nullptr;
};

} // namespace orrery::kinds::microservices
