#include "kinds/functions/functions_environment.h"

#include "env/node_contention.h"
#include "kinds/functions/functions_deployment.h"
#include "model/cluster.h"
#include "sim/engine.h"
#include "sim/rng_stream.h"

#include <algorithm>
#include <stdexcept>

namespace orrery::kinds::functions {

//! One episode's world: a fresh cluster, contention model, engine and platform.
struct FunctionsEnvironment::Run {
    model::Cluster cluster;
    std::unique_ptr<env::NodeContention> contention;
    sim::Engine engine;
    std::unique_ptr<FunctionsDeployment> platform;
    int steps = 0;

    Run(const model::Scenario& scenario, const FunctionsSpec& spec, std::uint64_t seed)
        : cluster(scenario.cluster)
        , contention(env::makeNodeContention(cluster, scenario))
    {
        contention->publishTo(cluster);
        platform = std::make_unique<FunctionsDeployment>(spec, scenario, seed, cluster, *contention);
        platform->start(engine);
    }
};

FunctionsEnvironment::FunctionsEnvironment(const model::Scenario& scenario, const FunctionsSpec& spec,
                                           env::SimulatedEnvironmentOptions options)
    : m_scenario(scenario)
    , m_base(spec)
    , m_current(spec)
    , m_options(std::move(options))
{
    if (m_options.stepsPerEpisode < 1)
        throw std::invalid_argument("steps per episode must be at least 1");
    if (!(m_options.alpha >= 0.0 && m_options.alpha <= 1.0))
        throw std::invalid_argument("the reward coefficient alpha must be in [0, 1]");
    // Fail now, not at the first reset, when there is no invoker.
    model::Cluster cluster(scenario.cluster);
    auto contention = env::makeNodeContention(cluster, scenario);
    FunctionsDeployment probe(spec, scenario, scenario.seed, cluster, *contention);
}

FunctionsEnvironment::~FunctionsEnvironment() = default;

void FunctionsEnvironment::applyChurn(std::uint32_t change)
{
    const std::int32_t delta = m_base.churn.changes[change];
    sim::RngStream random(m_scenario.seed, "functions/churn/" + std::to_string(change));
    if (delta > 0) {
        for (std::int32_t k = 0; k < delta && !m_base.catalog.empty(); ++k) {
            FunctionSpec function;
            function.profile = m_base.catalog[random.below(m_base.catalog.size())];
            function.name = function.profile.name + "-c" + std::to_string(change + 1) + "-" + std::to_string(k + 1);
            function.slo = function.profile.defaultSlo(m_base.platform.isolatedOverhead());
            function.arrivals = m_base.churnArrivals;
            if (m_base.churn.peakCores > 0 && function.profile.medianExecution > 0)
                function.arrivals.ratePerSecond = m_base.churn.peakCores / sim::toSeconds(function.profile.medianExecution);
            function.initial = m_base.churnInitial;
            m_current.functions.push_back(std::move(function));
        }
    } else {
        for (std::int32_t k = 0; k < -delta && m_current.functions.size() > 1; ++k) {
            const std::size_t victim = random.below(m_current.functions.size());
            m_current.functions.erase(m_current.functions.begin() + static_cast<std::ptrdiff_t>(victim));
        }
    }
}

void FunctionsEnvironment::resumeAfter(std::uint32_t episodesDone)
{
    // Replayed from the start on the next reset, so the functions are those of an unbroken run.
    m_current = m_base;
    m_changesApplied = 0;
    m_episode = episodesDone;
    m_run.reset();
}

std::unique_ptr<policy::Environment> FunctionsEnvironment::makeSibling() const
{
    return std::make_unique<FunctionsEnvironment>(m_scenario, m_base, m_options);
}

policy::Observation FunctionsEnvironment::reset(std::uint64_t seed)
{
    ++m_episode;
    if (m_base.churn.every > 0) {
        // Change j (0-based) takes effect from episode (j + 1) · every + 1.
        while (m_changesApplied < m_base.churn.changes.size()
               && m_episode > static_cast<std::uint64_t>(m_changesApplied + 1) * m_base.churn.every) {
            applyChurn(m_changesApplied);
            ++m_changesApplied;
        }
    }
    m_run = std::make_unique<Run>(m_scenario, m_current, seed);
    m_run->engine.run(m_current.platform.controlPeriod);
    return m_run->platform->observe(m_run->engine.now());
}

policy::StepResult FunctionsEnvironment::step(std::span<const policy::ControlAction> actions)
{
    if (!m_run)
        throw std::logic_error("FunctionsEnvironment::step before reset");
    policy::StepResult result;
    const sim::SimTime now = m_run->engine.now();
    result.outcomes = m_run->platform->apply(actions, now);
    m_run->engine.run(now + m_current.platform.controlPeriod);
    result.observation = m_run->platform->observe(m_run->engine.now());
    double sp = 0;
    for (const auto& target : result.observation.targets)
        sp += target.sloMaintenance;
    result.reward = result.observation.targets.empty() ? 0.0 : sp / static_cast<double>(result.observation.targets.size());
    ++m_run->steps;
    result.done = m_run->steps >= m_options.stepsPerEpisode;
    result.truncated = result.done; // functions never reach a terminal state
    return result;
}

std::vector<std::string> FunctionsEnvironment::functionNames() const
{
    std::vector<std::string> names;
    for (const FunctionSpec& function : m_current.functions)
        names.push_back(function.name);
    return names;
}

std::vector<double> FunctionsEnvironment::episodeP99Ms() const
{
    std::vector<double> p99;
    if (!m_run)
        return p99;
    for (std::size_t f = 0; f < m_run->platform->functionCount(); ++f)
        p99.push_back(m_run->platform->totals(f).latency.quantileNs(0.99) / 1e6);
    return p99;
}

std::uint64_t FunctionsEnvironment::episodeInvocations() const
{
    return m_run ? m_run->platform->invocationsCompleted() : 0;
}

} // namespace orrery::kinds::functions
