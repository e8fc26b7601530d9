#include "kinds/microservices/anomaly_onset_sweep.h"

#include "env/simulation.h"
#include "kinds/microservices/microservices_spec.h"
#include "sim/in_memory_run_recorder.h"

#include <algorithm>
#include <stdexcept>

namespace orrery::kinds::microservices {
namespace {

const MicroservicesSpec& firstMicroservices(const model::Scenario& scenario)
{
    for (const auto& workload : scenario.workloads) {
        if (const MicroservicesSpec* spec = microservicesSpecOf(workload))
            return *spec;
    }
    throw std::invalid_argument("scenario '" + scenario.name + "' has no Microservices workload to sweep anomaly onsets on");
}

double metricOf(const sim::InMemoryRunRecorder& recorder, std::string_view name)
{
    for (const auto& metric : recorder.metrics()) {
        if (metric.name == name)
            return metric.value;
    }
    return 0.0;
}

} // namespace

double probeFailedShare(const model::Scenario& scenario, const policy::PluginRegistry& registry, model::AnomalyKind kind,
                        const std::string& service, double intensity, const AnomalyOnsetSweepOptions& options)
{
    model::Scenario probe = scenario;
    probe.horizon = options.window;
    probe.samplePeriod = std::min(probe.samplePeriod, options.window);
    probe.anomalies = {};
    probe.policies.erase("control"); // harm without mitigation, as the seed measures it
    if (intensity > 0.0) {
        model::AnomalySpec injection;
        injection.kind = kind;
        injection.target = service;
        injection.intensity = intensity;
        injection.start = 0;
        injection.duration = options.window;
        injection.scope = options.scope;
        probe.anomalies.injections.push_back(injection);
    }
    sim::InMemoryRunRecorder recorder;
    env::Simulation simulation(probe, registry);
    const auto result = simulation.run(recorder);
    if (result.status != sim::RunStatus::Completed)
        throw std::runtime_error("onset probe of " + std::string(model::toString(kind)) + " on " + service + " failed: " + result.message);
    // With several Microservices workloads the metrics carry the workload's name.
    const std::string prefix = std::count_if(scenario.workloads.begin(), scenario.workloads.end(),
                                             [](const auto& w) { return microservicesSpecOf(w) != nullptr; }) > 1
                                   ? "ms." + firstMicroservices(scenario).name + "."
                                   : std::string("ms.");
    const double requests = metricOf(recorder, prefix + "requests");
    if (requests <= 0.0)
        return 0.0;
    const double good = metricOf(recorder, prefix + "completed") - metricOf(recorder, prefix + "slo_violations");
    return std::clamp(1.0 - good / requests, 0.0, 1.0);
}

model::AnomalyOnsetTable sweepAnomalyOnsets(const model::Scenario& scenario, const policy::PluginRegistry& registry,
                                            const AnomalyOnsetSweepOptions& options)
{
    const MicroservicesSpec& app = firstMicroservices(scenario);
    std::vector<std::string> services = options.services;
    if (services.empty()) {
        for (const auto& service : app.graph->services())
            services.push_back(service.name);
    }
    for (const auto& service : services) {
        if (!app.graph->indexOf(service))
            throw std::invalid_argument("service '" + service + "' is not in workload '" + app.name + "'");
    }
    std::vector<model::AnomalyKind> kinds = options.kinds;
    if (kinds.empty()) {
        for (int k = 0; k < model::kAnomalyKindCount; ++k) {
            if (static_cast<model::AnomalyKind>(k) != model::AnomalyKind::WorkloadVariation)
                kinds.push_back(static_cast<model::AnomalyKind>(k));
        }
    }
    model::AnomalyOnsetTable table;
    table.scenario = scenario.name;
    table.seed = scenario.seed;
    table.window = options.window;
    table.violationIncrease = options.violationIncrease;
    const double unharmed = probeFailedShare(scenario, registry, model::AnomalyKind::Cpu, services.front(), 0.0, options);
    const std::size_t total = kinds.size() * services.size();
    std::size_t done = 0;
    for (const auto kind : kinds) {
        for (const auto& service : services) {
            auto failed = [&](double intensity) { return probeFailedShare(scenario, registry, kind, service, intensity, options); };
            // Bisect for the least intensity where `harmed` holds (it holds at `hi`).
            auto least = [&](double lo, double hi, auto harmed) {
                for (int i = 0; i < options.bisections; ++i) {
                    const double mid = 0.5 * (lo + hi);
                    (harmed(failed(mid)) ? hi : lo) = mid;
                }
                return hi;
            };
            model::AnomalyOnset onset;
            const double atFull = failed(1.0);
            if (atFull - unharmed >= options.violationIncrease) {
                onset.harmful = true;
                onset.start = least(0.0, 1.0, [&](double share) { return share - unharmed >= options.violationIncrease; });
                onset.end = atFull >= options.failedForEnd
                                ? least(onset.start, 1.0, [&](double share) { return share >= options.failedForEnd; })
                                : 1.0;
                // An end bisected below the start (the failed share is not monotone there) is the start.
                onset.end = std::max(onset.end, onset.start);
            }
            table.onsets[{kind, service}] = onset;
            ++done;
            if (options.progress && !options.progress(done, total, std::string(model::toString(kind)) + " on " + service))
                return table;
        }
    }
    return table;
}

} // namespace orrery::kinds::microservices
