#include "kinds/microservices/simulated_environment.h"

#include "kinds/microservices/control_loop.h"
#include "env/control_reward.h"
#include "kinds/microservices/microservice_simulator.h"
#include "model/cluster.h"
#include "sim/engine.h"

#include <optional>
#include <stdexcept>

namespace orrery::kinds::microservices {

namespace {

//! The environment records nothing: observations are its output.
class NullRecorder final : public sim::RunRecorder {
public:
    void beginRun(const sim::RunInfo&) override {}
    sim::SeriesId defineSeries(std::string_view, std::string_view) override { return 0; }
    void recordSample(sim::SeriesId, sim::SimTime, double) override {}
    void recordMetric(std::string_view, double, std::string_view) override {}
    void endRun(sim::RunStatus, std::string_view) override {}
};

} // namespace

class SimulatedEnvironment::Impl {
public:
    Impl(model::Scenario scenario, env::SimulatedEnvironmentOptions options)
        : m_scenario(std::move(scenario))
        , m_options(std::move(options))
    {
        if (m_options.controlPeriod <= 0 || m_options.stepsPerEpisode <= 0)
            throw std::invalid_argument("SimulatedEnvironment: control period and steps per episode must be positive");
        if (m_options.alpha < 0 || m_options.alpha > 1)
            throw std::invalid_argument("SimulatedEnvironment: alpha must lie in [0, 1]");
        for (std::size_t w = 0; w < m_scenario.workloads.size() && !m_spec; ++w) {
            const MicroservicesSpec* spec = microservicesSpecOf(m_scenario.workloads[w]);
            if (spec && (m_options.workload.empty() || spec->name == m_options.workload))
                m_spec = spec;
        }
        if (!m_spec)
            throw std::invalid_argument("SimulatedEnvironment: scenario '" + m_scenario.name + "' has no Microservices workload"
                                        + (m_options.workload.empty() ? std::string() : " named '" + m_options.workload + "'"));
        // The episode is the horizon: arrivals and anomalies are drawn up to it.
        m_scenario.horizon = m_options.controlPeriod * (m_options.stepsPerEpisode + 1);
        m_scenario.samplePeriod = m_scenario.horizon + 1; // no series sampling
    }

    policy::Observation reset(std::uint64_t seed)
    {
        m_loop.reset();
        m_app.reset();
        m_contention.reset();
        m_scenario.seed = seed;
        m_engine = std::make_unique<sim::Engine>();
        m_cluster = std::make_unique<model::Cluster>(m_scenario.cluster);
        m_contention = env::makeNodeContention(*m_cluster, m_scenario);
        m_app = std::make_unique<MicroserviceSimulator>(*m_spec, m_scenario, *m_cluster, *m_contention, true, false);
        ControlLoop::Options loop;
        loop.period = m_options.controlPeriod;
        loop.criticalCongestion = m_options.criticalCongestionThreshold;
        m_loop = std::make_unique<ControlLoop>(*m_app, loop);
        m_app->start(*m_engine, m_recorder, nullptr);
        m_loop->start(*m_engine, nullptr);
        m_stats = EpisodeStats{};
        m_dropPeriods = 0;
        return advance();
    }

    policy::StepResult step(std::span<const policy::ControlAction> actions)
    {
        if (!m_loop)
            throw std::logic_error("SimulatedEnvironment::step called before reset");
        policy::StepResult result;
        result.outcomes = m_loop->submit(actions);
        result.observation = advance();
        result.reward = env::controlReward(result.observation, m_options.alpha);
        ++m_stats.steps;
        m_stats.totalReward += result.reward;
        const auto& o = result.observation;
        const std::uint64_t offered = o.completedRequests + o.droppedRequests;
        const bool dropping = offered > 0 && static_cast<double>(o.droppedRequests) > m_options.dropRateBound * static_cast<double>(offered);
        m_dropPeriods = dropping ? m_dropPeriods + 1 : 0;
        m_stats.terminatedEarly = m_options.dropPeriodsToTerminate > 0 && m_dropPeriods >= m_options.dropPeriodsToTerminate;
        result.done = m_stats.steps >= m_options.stepsPerEpisode || m_stats.terminatedEarly;
        result.truncated = result.done && !m_stats.terminatedEarly;
        return result;
    }

    const EpisodeStats& stats() const { return m_stats; }
    const env::SimulatedEnvironmentOptions& options() const { return m_options; }
    const model::Scenario& scenario() const { return m_scenario; }

    const env::PeriodStats& lastPeriodStats() const
    {
        if (!m_lastStats)
            throw std::logic_error("SimulatedEnvironment::lastPeriodStats needs options.keepPeriodStats and a reset()");
        return *m_lastStats;
    }

    std::vector<std::string> targetNames() const
    {
        std::vector<std::string> names;
        for (std::size_t s = 0; s < m_spec->graph->size(); ++s)
            names.push_back(m_spec->graph->service(s).name);
        return names;
    }

private:
    policy::Observation advance()
    {
        const sim::SimTime until = m_engine->now() + m_options.controlPeriod;
        m_engine->run(until);
        if (m_options.keepPeriodStats)
            m_lastStats = *m_app->periodStats(); // observe() clears them
        policy::Observation observation = m_loop->observe();
        // Episode statistics from the period (p99 over the episode from the app's own histogram).
        m_stats.completedRequests += observation.completedRequests;
        m_stats.droppedRequests += observation.droppedRequests;
        m_stats.sloViolations += static_cast<std::uint64_t>(observation.sloViolationRate * static_cast<double>(observation.completedRequests) + 0.5);
        m_stats.requestedCpuCoreSeconds = m_loop->requestedCoreSeconds(m_engine->now());
        m_stats.actionsApplied = m_loop->applied();
        m_stats.actionsConverted = m_loop->converted();
        m_stats.actionsRejected = m_loop->rejected();
        m_stats.arrivedRequests = m_stats.completedRequests + m_stats.droppedRequests;
        m_stats.p99LatencyMs = m_app->periodStats()->endToEndTotal().quantileNs(0.99) * 1e-6;
        return observation;
    }

    model::Scenario m_scenario;
    env::SimulatedEnvironmentOptions m_options;
    const MicroservicesSpec* m_spec = nullptr;
    NullRecorder m_recorder;
    // Destroyed in reverse: the loop and app refer to the engine and cluster.
    std::unique_ptr<sim::Engine> m_engine;
    std::unique_ptr<model::Cluster> m_cluster;
    std::unique_ptr<env::NodeContention> m_contention; // declared before m_app, which holds a reference
    std::unique_ptr<MicroserviceSimulator> m_app;
    std::unique_ptr<ControlLoop> m_loop;
    EpisodeStats m_stats;
    int m_dropPeriods = 0;
    std::optional<env::PeriodStats> m_lastStats;
};

SimulatedEnvironment::SimulatedEnvironment(model::Scenario scenario, env::SimulatedEnvironmentOptions options)
    : m_impl(std::make_unique<Impl>(std::move(scenario), std::move(options)))
{
}
SimulatedEnvironment::~SimulatedEnvironment() = default;
policy::Observation SimulatedEnvironment::reset(std::uint64_t seed) { return m_impl->reset(seed); }
policy::StepResult SimulatedEnvironment::step(std::span<const policy::ControlAction> actions) { return m_impl->step(actions); }
const EpisodeStats& SimulatedEnvironment::episodeStats() const { return m_impl->stats(); }
const env::SimulatedEnvironmentOptions& SimulatedEnvironment::options() const { return m_impl->options(); }
const model::Scenario& SimulatedEnvironment::scenario() const { return m_impl->scenario(); }
std::vector<std::string> SimulatedEnvironment::targetNames() const { return m_impl->targetNames(); }
const env::PeriodStats& SimulatedEnvironment::lastPeriodStats() const { return m_impl->lastPeriodStats(); }

std::unique_ptr<policy::Environment> SimulatedEnvironment::makeSibling() const
{
    return std::make_unique<SimulatedEnvironment>(scenario(), options());
}

} // namespace orrery::kinds::microservices
