#include "kinds/functions/functions_runtime.h"

#include "policy/control_policy.h"
#include "sim/run_recorder.h"

#include <algorithm>

namespace orrery::kinds::functions {

FunctionsRuntime::FunctionsRuntime(const FunctionsSpec& spec, const model::Scenario& scenario, model::Cluster& cluster,
                                   env::NodeContention& contention)
    : m_spec(spec)
    , m_platform(spec, scenario, scenario.seed, cluster, contention)
{
}

void FunctionsRuntime::start(sim::Engine& engine, sim::RunRecorder& recorder)
{
    m_engine = &engine;
    m_recorder = &recorder;
    m_containersSeries = recorder.defineSeries("fn.containers", "containers");
    m_p99Series = recorder.defineSeries("fn.latency.p99.max", "ms");
    m_violationSeries = recorder.defineSeries("fn.slo_violation_rate", "ratio");
    m_controlKind = engine.registerHandler(*this);
    m_platform.start(engine);
    engine.schedule(engine.now() + m_spec.platform.controlPeriod, m_controlKind);
}

void FunctionsRuntime::handleEvent(const sim::Event&, sim::Engine& engine)
{
    const sim::SimTime now = engine.now();
    const policy::Observation observation = m_platform.observe(now);
    double containers = 0;
    for (const auto& target : observation.targets)
        containers += target.replicas + target.pendingReplicas;
    m_recorder->recordSample(m_containersSeries, now, containers);
    m_recorder->recordSample(m_p99Series, now, observation.endToEndP99Ms);
    m_recorder->recordSample(m_violationSeries, now, observation.sloViolationRate);
    if (m_control) {
        const std::vector<policy::ControlAction> actions = m_control->decide(observation);
        for (const policy::ActionOutcome& outcome : m_platform.apply(actions, now)) {
            if (outcome.status == policy::ActionOutcome::Status::Rejected)
                ++m_rejected;
            else
                ++m_applied;
        }
    }
    engine.schedule(now + m_spec.platform.controlPeriod, m_controlKind);
}

void FunctionsRuntime::finish(env::RunMetrics* metrics)
{
    if (!metrics || !m_engine)
        return;
    m_platform.appendMetrics(*metrics, m_engine->now());
    if (m_control) {
        metrics->push_back({"control.actions_applied", static_cast<double>(m_applied), "actions"});
        metrics->push_back({"control.actions_rejected", static_cast<double>(m_rejected), "actions"});
    }
}

bool FunctionsRuntime::attachControl(policy::ControlPolicy& control)
{
    m_control = &control;
    return true;
}

} // namespace orrery::kinds::functions
