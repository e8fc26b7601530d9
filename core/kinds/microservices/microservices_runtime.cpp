#include "kinds/microservices/microservices_runtime.h"

namespace orrery::kinds::microservices {

MicroservicesRuntime::MicroservicesRuntime(const MicroservicesSpec& spec, const model::Scenario& scenario, model::Cluster& cluster,
                                           env::NodeContention& contention, bool randomAnomalies, bool prefixWithName)
    : m_scenario(scenario)
    , m_spec(spec)
    , m_simulator(spec, scenario, cluster, contention, randomAnomalies, prefixWithName)
{
}

MicroservicesRuntime::~MicroservicesRuntime() = default;

void MicroservicesRuntime::start(sim::Engine& engine, sim::RunRecorder& recorder)
{
    // The end-to-end SLOs, for `orrery localize` (app/cli/command_localize.cpp), which reads no scenario.
    if (m_spec.graph) {
        for (const RequestStreamSpec& stream : m_spec.streams) {
            if (stream.slo > 0)
                recorder.recordAnnotation({0, 0, std::string(kRunRequestSloAnnotation),
                                           m_spec.graph->requestTypes.at(stream.requestType).name, static_cast<double>(stream.slo) / 1e6});
        }
    }
    m_simulator.start(engine, recorder, m_sink);
    if (m_controlLoop)
        m_controlLoop->start(engine, m_control, &recorder);
}

void MicroservicesRuntime::finish(env::RunMetrics* metrics)
{
    m_simulator.finish(metrics); // without metrics: delivers the traces completed so far
    if (!m_controlLoop)
        return;
    if (metrics)
        m_controlLoop->appendMetrics(*metrics, m_scenario.horizon);
    m_controlLoop->finish(); // the policy's open label stretches end with the run
}

bool MicroservicesRuntime::attachControl(policy::ControlPolicy& control)
{
    m_control = &control;
    m_controlLoop = std::make_unique<ControlLoop>(m_simulator, ControlLoop::Options{});
    return true;
}

} // namespace orrery::kinds::microservices
