#include "kinds/functions/functions_deployment.h"

#include <algorithm>

namespace orrery::kinds::functions {

FunctionsDeployment::FunctionsDeployment(const FunctionsSpec& spec, const model::Scenario& scenario, std::uint64_t seed,
                                         model::Cluster& cluster, env::NodeContention& contention)
{
    if (!spec.platform.isolated) {
        m_platforms.push_back(std::make_unique<FunctionsPlatform>(spec, seed, cluster, contention));
        for (std::size_t f = 0; f < spec.functions.size(); ++f)
            m_index.emplace_back(0, f);
        return;
    }
    for (std::size_t f = 0; f < spec.functions.size(); ++f) {
        auto island = std::make_unique<Island>(Island{spec, model::Cluster(scenario.cluster), nullptr});
        island->spec.functions = {spec.functions[f]};
        island->contention = env::makeNodeContention(island->cluster, scenario);
        island->contention->publishTo(island->cluster);
        m_platforms.push_back(std::make_unique<FunctionsPlatform>(island->spec, seed, island->cluster, *island->contention));
        m_islands.push_back(std::move(island));
        m_index.emplace_back(f, 0);
    }
}

FunctionsDeployment::~FunctionsDeployment() = default;

void FunctionsDeployment::start(sim::Engine& engine)
{
    for (auto& platform : m_platforms)
        platform->start(engine);
}

policy::Observation FunctionsDeployment::observe(sim::SimTime now)
{
    if (m_platforms.size() == 1)
        return m_platforms.front()->observe(now);
    policy::Observation merged;
    double violations = 0;
    for (auto& platform : m_platforms) {
        policy::Observation one = platform->observe(now);
        merged.time = one.time;
        merged.period = one.period;
        merged.completedRequests += one.completedRequests;
        merged.droppedRequests += one.droppedRequests;
        merged.endToEndP99Ms = std::max(merged.endToEndP99Ms, one.endToEndP99Ms);
        violations += one.sloViolationRate * static_cast<double>(one.completedRequests);
        for (auto& target : one.targets)
            merged.targets.push_back(std::move(target));
    }
    merged.sloViolationRate = merged.completedRequests ? violations / static_cast<double>(merged.completedRequests) : 0.0;
    return merged;
}

std::vector<policy::ActionOutcome> FunctionsDeployment::apply(std::span<const policy::ControlAction> actions, sim::SimTime now)
{
    if (m_platforms.size() == 1)
        return m_platforms.front()->apply(actions, now);
    std::vector<policy::ActionOutcome> outcomes;
    for (const policy::ControlAction& action : actions) {
        std::size_t f = 0;
        while (f < m_index.size() && functionSpec(f).name != action.target)
            ++f;
        // An unknown target goes to the first platform, which rejects it with the reason.
        FunctionsPlatform& platform = *m_platforms[f < m_index.size() ? m_index[f].first : 0];
        auto one = platform.apply(std::span<const policy::ControlAction>(&action, 1), now);
        outcomes.insert(outcomes.end(), one.begin(), one.end());
    }
    return outcomes;
}

const FunctionSpec& FunctionsDeployment::functionSpec(std::size_t f) const
{
    return m_platforms[m_index[f].first]->functionSpec(m_index[f].second);
}

const FunctionTotals& FunctionsDeployment::totals(std::size_t f) const
{
    return m_platforms[m_index[f].first]->totals(m_index[f].second);
}

std::uint64_t FunctionsDeployment::invocationsCompleted() const
{
    std::uint64_t completed = 0;
    for (const auto& platform : m_platforms)
        completed += platform->invocationsCompleted();
    return completed;
}

void FunctionsDeployment::appendMetrics(env::RunMetrics& metrics, sim::SimTime now) const
{
    std::uint64_t arrivals = 0, completions = 0, failures = 0, violations = 0, coldStarts = 0, reclaimed = 0;
    double cpu = 0, share = 0, used = 0, limit = 0, containerSeconds = 0, p99Sum = 0;
    for (std::size_t f = 0; f < functionCount(); ++f) {
        const FunctionTotals& t = totals(f);
        arrivals += t.arrivals;
        completions += t.completions;
        failures += t.failures;
        violations += t.sloViolations;
        coldStarts += t.coldStarts;
        reclaimed += t.memoryReclaimed;
        cpu += t.cpuCoreSeconds;
        share += t.cpuShareSeconds;
        used += t.memoryUsedByteSeconds;
        limit += t.memoryLimitByteSeconds;
        containerSeconds += t.containerSeconds;
        const double p99 = t.latency.quantileNs(0.99) / 1e6;
        p99Sum += p99;
        const std::string prefix = "fn." + functionSpec(f).name + ".";
        metrics.push_back({prefix + "latency.p99", p99, "ms"});
        metrics.push_back({prefix + "latency.p50", t.latency.quantileNs(0.5) / 1e6, "ms"});
        metrics.push_back({prefix + "slo_violation_rate", t.completions ? static_cast<double>(t.sloViolations) / t.completions : 0.0, "ratio"});
    }
    const double horizon = std::max(1e-9, sim::toSeconds(now));
    metrics.push_back({"fn.invocations", static_cast<double>(arrivals), "invocations"});
    metrics.push_back({"fn.completed", static_cast<double>(completions), "invocations"});
    metrics.push_back({"fn.failures", static_cast<double>(failures), "invocations"});
    metrics.push_back({"fn.memory_reclaimed", static_cast<double>(reclaimed), "invocations"});
    metrics.push_back({"fn.slo_violations", static_cast<double>(violations), "invocations"});
    metrics.push_back({"fn.slo_violation_rate", completions ? static_cast<double>(violations) / completions : 0.0, "ratio"});
    metrics.push_back({"fn.cold_starts", static_cast<double>(coldStarts), "containers"});
    metrics.push_back({"fn.latency.p99.mean", functionCount() ? p99Sum / static_cast<double>(functionCount()) : 0.0, "ms"});
    metrics.push_back({"fn.cpu_utilization", share > 0 ? cpu / share : 0.0, "ratio"});
    metrics.push_back({"fn.memory_utilization", limit > 0 ? used / limit : 0.0, "ratio"});
    metrics.push_back({"fn.containers.mean", containerSeconds / horizon, "containers"});
}

} // namespace orrery::kinds::functions
