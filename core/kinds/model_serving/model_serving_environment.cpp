#include "kinds/model_serving/model_serving_environment.h"

#include "kinds/model_serving/model_serving_runtime.h"
#include "model/cluster.h"
#include "sim/engine.h"
#include "sim/in_memory_run_recorder.h"

#include <stdexcept>

namespace orrery::kinds::model_serving {

//! One episode's world: a fresh cluster, engine and workload.
struct ModelServingEnvironment::Run {
    model::Scenario scenario;
    model::Cluster cluster;
    sim::Engine engine;
    sim::InMemoryRunRecorder recorder;
    std::unique_ptr<ModelServingRuntime> runtime;
    int steps = 0;

    Run(const model::Scenario& base, const ModelServingSpec& spec, std::uint64_t seed)
        : scenario(base)
        , cluster(base.cluster)
    {
        scenario.seed = seed;
        runtime = std::make_unique<ModelServingRuntime>(spec, scenario, cluster);
        runtime->steerExternally();
        runtime->start(engine, recorder);
    }
};

ModelServingEnvironment::ModelServingEnvironment(const model::Scenario& scenario, const ModelServingSpec& spec,
                                                 env::SimulatedEnvironmentOptions options)
    : m_scenario(scenario)
    , m_spec(spec)
    , m_options(std::move(options))
{
    if (m_options.stepsPerEpisode < 1)
        throw std::invalid_argument("steps per episode must be at least 1");
    Run probe(m_scenario, m_spec, m_scenario.seed); // fails now, not at the first reset
}

ModelServingEnvironment::~ModelServingEnvironment() = default;

policy::Observation ModelServingEnvironment::reset(std::uint64_t seed)
{
    m_run = std::make_unique<Run>(m_scenario, m_spec, seed);
    m_run->engine.run(m_spec.controlPeriod);
    return m_run->runtime->lastObservation();
}

policy::StepResult ModelServingEnvironment::step(std::span<const policy::ControlAction> actions)
{
    if (!m_run)
        throw std::logic_error("ModelServingEnvironment::step before reset");
    policy::StepResult result;
    const sim::SimTime now = m_run->engine.now();
    result.outcomes = m_run->runtime->applyControl({actions.begin(), actions.end()}, now);
    m_run->engine.run(now + m_spec.controlPeriod);
    result.observation = m_run->runtime->lastObservation();
    result.reward = reward(result.observation);
    ++m_run->steps;
    result.done = m_run->steps >= m_options.stepsPerEpisode;
    result.truncated = result.done; // serving never reaches a terminal state
    return result;
}

double ModelServingEnvironment::reward(const policy::Observation& observation) const
{
    double watts = 0, tdp = 0;
    const auto& devices = m_run->runtime->platform().devices();
    for (std::size_t d = 0; d < devices.size() && d < observation.targets.size(); ++d) {
        watts += observation.targets[d].features.at("watts");
        tdp += devices[d].power.profile().maxWatts;
    }
    const double attainment = observation.completedRequests > 0 ? 1.0 - observation.sloViolationRate : 1.0;
    return attainment - (tdp > 0 ? watts / tdp : 0.0);
}

} // namespace orrery::kinds::model_serving
