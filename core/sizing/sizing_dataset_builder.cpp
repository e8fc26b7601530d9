#include "sizing/sizing_dataset_builder.h"

#include "appgen/application_generator.h"
#include "appgen/application_pool.h"
#include "appgen/application_writer.h"
#include "env/simulation.h"
#include "kinds/microservices/microservices_kind.h"
#include "kinds/microservices/microservices_spec.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string_view>

namespace orrery::sizing {
namespace {

//! A directory of its own under the system's temporary directory, removed on destruction.
class ScratchDirectory {
public:
    ScratchDirectory()
    {
        const auto base = std::filesystem::temp_directory_path();
        const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
        for (int attempt = 0; attempt < 1000; ++attempt) {
            auto candidate = base / ("orrery-sizing-" + std::to_string(stamp) + "-" + std::to_string(attempt));
            if (std::filesystem::create_directory(candidate)) {
                m_path = candidate;
                return;
            }
        }
        throw std::runtime_error("SizingDatasetBuilder: cannot create a scratch directory under " + base.string());
    }
    ~ScratchDirectory()
    {
        std::error_code ignored;
        std::filesystem::remove_all(m_path, ignored);
    }
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;
    [[nodiscard]] const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

//! Share of the arrivals that reach each service (all of `full`, plus `path` where it passes).
std::vector<double> visitShares(const appgen::Application& app)
{
    std::vector<double> share(app.segments.size(), 1.0);
    if (app.pathLeaf < 0)
        return share;
    std::vector<bool> onPath(app.segments.size(), false);
    for (const std::size_t s : app.pathServices())
        onPath[s] = true;
    for (std::size_t s = 0; s < share.size(); ++s)
        share[s] = (1.0 - app.pathShare) + (onPath[s] ? app.pathShare : 0.0);
    return share;
}

SizingMeasurement measure(const model::Scenario& base, const appgen::Application& app, double cores,
                          const policy::PluginRegistry& registry)
{
    model::Scenario scenario = base;
    for (auto& workload : scenario.workloads) {
        auto* ms = kinds::microservices::ownMicroservicesSpecOf(workload);
        if (ms == nullptr)
            continue;
        ms->spans = false;
        ms->traceSampling = 0.0;
        for (std::size_t s = 0; s < ms->graph->size(); ++s) {
            kinds::microservices::InstanceLimits limits = ms->limitsOf(s);
            limits.millicores = static_cast<std::int64_t>(std::llround(cores * 1000.0));
            ms->serviceLimits[s] = limits;
        }
    }
    env::Simulation simulation(scenario, registry);
    sim::InMemoryRunRecorder recorder;
    const env::RunResult result = simulation.run(recorder);
    if (result.status != sim::RunStatus::Completed)
        throw std::runtime_error("SizingDatasetBuilder: " + app.name + " at " + std::to_string(cores)
                                 + " cores: the run did not complete: " + result.message);
    SizingMeasurement m;
    m.cores = cores;
    double utilizationSum = 0.0;
    std::size_t services = 0;
    for (const auto& metric : recorder.metrics()) {
        if (metric.name == "ms.full.latency.mean")
            m.meanLatency = metric.value;
        else if (metric.name == "ms.latency.p50")
            m.p50Latency = metric.value;
        else if (metric.name == "ms.latency.p99")
            m.p99Latency = metric.value;
        else if (metric.name == "ms.completed")
            m.completed = static_cast<std::uint64_t>(metric.value);
        else if (metric.name.starts_with("ms.service.") && endsWith(metric.name, ".utilization.mean")) {
            m.maxUtilization = std::max(m.maxUtilization, metric.value);
            utilizationSum += metric.value;
            ++services;
        }
    }
    m.meanUtilization = services > 0 ? utilizationSum / static_cast<double>(services) : 0.0;
    if (!(m.meanLatency > 0.0))
        throw std::runtime_error("SizingDatasetBuilder: " + app.name + " at " + std::to_string(cores)
                                 + " cores: no full request completed");
    return m;
}

} // namespace

SizingDatasetBuilder::SizingDatasetBuilder(const appgen::SegmentCatalog& catalog, const policy::PluginRegistry& registry)
    : m_catalog(catalog)
    , m_registry(registry)
{
    kinds::microservices::registerMicroservicesKind(); // the scenarios it writes and reads are Microservices
}

SizingDataset SizingDatasetBuilder::build(const SizingDatasetOptions& options, const Progress& progress) const
{
    if (options.cpuLimits.empty() || !std::is_sorted(options.cpuLimits.begin(), options.cpuLimits.end())
        || options.cpuLimits.front() <= 0.0)
        throw std::invalid_argument("SizingDatasetBuilder: CPU limits must be positive and ascending");
    if (!(options.referenceCores > 0.0) || options.horizon <= 0)
        throw std::invalid_argument("SizingDatasetBuilder: referenceCores and horizon must be positive");
    const auto started = std::chrono::steady_clock::now();
    const appgen::ApplicationGenerator generator(m_catalog, options.seed);
    const auto pool = appgen::ApplicationPool::generate(generator, options.applications, options.heldOutFraction);
    appgen::ScenarioSettings settings;
    settings.horizon = options.horizon;
    settings.samplePeriod = std::min<sim::SimTime>(options.horizon, 10 * sim::kSecond);
    const appgen::ApplicationWriter writer(m_catalog, settings);
    const ScratchDirectory scratch;

    SizingDataset dataset;
    dataset.options = options;
    const auto& apps = pool.applications();
    for (std::size_t i = 0; i < apps.size(); ++i) {
        appgen::Application app = apps[i];
        // Offered load: the generator's utilization of the busiest service at its segment's CPU,
        // moved to the reference limit.
        const auto share = visitShares(app);
        double perCore = 0.0, perRequest = 0.0;
        for (std::size_t s = 0; s < app.segments.size(); ++s) {
            const double work = sim::toSeconds(app.work[s]) * share[s];
            perCore = std::max(perCore, work / (static_cast<double>(m_catalog.at(app.segments[s]).millicores) / 1000.0));
            perRequest = std::max(perRequest, work);
        }
        const double utilization = app.rate() * perCore;
        const double rate = std::round(utilization * options.referenceCores / perRequest * 1000.0) / 1000.0;
        app.rateLow = app.rateHigh = std::max(0.001, rate);

        const auto graphPath = scratch.path() / (app.name + ".graph.yaml");
        std::ofstream(graphPath) << writer.graphYaml(app);
        const auto scenarioPath = scratch.path() / (app.name + ".yaml");
        const auto loaded = scenario::parseScenario(writer.scenarioYaml(app, graphPath.filename().string()),
                                                    scenarioPath.string());
        if (!loaded.ok())
            throw std::runtime_error("SizingDatasetBuilder: " + app.name + ": " + model::formatAll(loaded.diagnostics));

        SizingApplication out;
        out.name = app.name;
        out.heldOut = pool.isHeldOut(i);
        out.services = app.segments.size();
        out.rate = app.rateLow;
        out.utilizationAtReference = utilization;
        for (const double cores : options.cpuLimits)
            out.measurements.push_back(measure(*loaded.scenario, app, cores, m_registry));
        dataset.applications.push_back(std::move(out));
        if (progress)
            progress(i + 1, apps.size());
    }
    dataset.buildSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return dataset;
}

} // namespace orrery::sizing
