#include "kinds/training_jobs/training_jobs_environment.h"

#include "env/node_contention.h"
#include "kinds/training_jobs/training_jobs_runtime.h"
#include "model/cluster.h"
#include "sim/engine.h"
#include "sim/in_memory_run_recorder.h"

#include <stdexcept>

namespace orrery::kinds::training_jobs {

//! One episode's world: a fresh cluster, contention model, engine and workload.
struct TrainingJobsEnvironment::Run {
    model::Scenario scenario;
    model::Cluster cluster;
    std::unique_ptr<env::NodeContention> contention;
    sim::Engine engine;
    sim::InMemoryRunRecorder recorder;
    std::unique_ptr<TrainingJobsRuntime> runtime;
    int steps = 0;

    Run(const model::Scenario& base, const TrainingJobsSpec& spec, std::uint64_t seed)
        : scenario(base)
        , cluster(base.cluster)
        , contention(env::makeNodeContention(cluster, base))
    {
        scenario.seed = seed;
        contention->publishTo(cluster);
        runtime = std::make_unique<TrainingJobsRuntime>(spec, scenario, cluster, *contention);
        runtime->start(engine, recorder);
    }
};

TrainingJobsEnvironment::TrainingJobsEnvironment(const model::Scenario& scenario, const TrainingJobsSpec& spec,
                                                 env::SimulatedEnvironmentOptions options)
    : m_scenario(scenario)
    , m_spec(spec)
    , m_options(std::move(options))
{
    if (m_options.stepsPerEpisode < 1)
        throw std::invalid_argument("steps per episode must be at least 1");
    m_spec.evaluationSeries = false;
    Run probe(m_scenario, m_spec, m_scenario.seed); // fails now, not at the first reset, without workers
}

TrainingJobsEnvironment::~TrainingJobsEnvironment() = default;

policy::Observation TrainingJobsEnvironment::reset(std::uint64_t seed)
{
    m_run = std::make_unique<Run>(m_scenario, m_spec, seed);
    m_run->engine.run(m_spec.controlPeriod);
    return m_run->runtime->observeAll(m_run->engine.now());
}

policy::StepResult TrainingJobsEnvironment::step(std::span<const policy::ControlAction> actions)
{
    if (!m_run)
        throw std::logic_error("TrainingJobsEnvironment::step before reset");
    policy::StepResult result;
    const sim::SimTime now = m_run->engine.now();
    result.outcomes = m_run->runtime->applyActions({actions.begin(), actions.end()}, now);
    m_run->engine.run(now + m_spec.controlPeriod);
    result.observation = m_run->runtime->observeAll(m_run->engine.now());
    result.reward = -static_cast<double>(result.observation.targets.size());
    ++m_run->steps;
    result.done = m_run->runtime->allFinished() || m_run->steps >= m_options.stepsPerEpisode;
    result.truncated = result.done && !m_run->runtime->allFinished(); // every job finished: terminal
    return result;
}

} // namespace orrery::kinds::training_jobs
