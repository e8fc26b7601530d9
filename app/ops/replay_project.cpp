#include "ops/replay_project.h"

#include "env/gpu_share_annotations.h"
#include "experiment/experiment_comparison.h"
#include "fleet/alibaba_fleet_scenario.h"
#include "policy/plugin_descriptor_check.h"
#include "sim/rng_stream.h"
#include "store/experiment_store.h"
#include "store/project.h"
#include "store/project_run_recorder.h"

#include <cmath>
#include <map>
#include <tuple>

namespace orrery::app {
namespace {

// Metric names and units of the stored comparison.
constexpr const char* kAllocation = "gpu.allocation";
constexpr const char* kFragmentation = "gpu.fragmentation";
constexpr const char* kFailedPods = "pods.failed";

//! The scenario node name of each trace node: the importer's pools by shape name their nodes
//! "<pool>-<i>", i counting that shape's nodes in node-list order.
std::map<std::string, std::string> scenarioNodeNames(const std::vector<fleet::FleetPool>& pools,
                                                     const std::vector<fleet::AlibabaGpuNode>& nodes)
{
    std::map<std::tuple<std::string, int, std::int64_t, std::int64_t>, std::pair<std::string, int>> next;
    for (const fleet::FleetPool& pool : pools)
        next[{pool.gpuModel, pool.gpuCount, pool.cpuMillicores, pool.memoryMib}] = {pool.name, 0};
    std::map<std::string, std::string> names;
    for (const fleet::AlibabaGpuNode& node : nodes) {
        const auto found = next.find({node.gpuModel, node.gpuCount, node.cpuMillicores, node.memoryMib});
        if (found != next.end())
            names[node.name] = found->second.first + '-' + std::to_string(found->second.second++);
    }
    return names;
}

double at(const std::vector<double>& curve, int percent)
{
    return percent < static_cast<int>(curve.size()) ? curve[static_cast<std::size_t>(percent)] : std::nan("");
}

} // namespace

fleet::ReplayPolicyFactory replayPolicyFactory(const policy::PluginRegistry& registry)
{
    return [&registry](const std::string& id, std::uint64_t seed) {
        fleet::ReplayPolicyInstance instance;
        instance.rng = std::make_shared<sim::RngStream>(seed, "policy:" + id);
        policy::PolicyContext context;
        context.rng = instance.rng.get();
        model::PolicyChoice choice;
        choice.plugin = id;
        choice.fieldPath = "--policy";
        instance.policy = registry.createPlacement(choice, context);
        instance.placesShares = policy::writtenForMinor(registry.find(id)->compatVersion, 6);
        return instance;
    };
}

ReplayProjectRecord storeReplayStudy(const ReplayProjectInput& input, const fleet::GpuReplayStudy& study,
                                     const fleet::GpuReplayStudyOptions& options,
                                     const std::vector<fleet::AlibabaGpuNode>& nodes,
                                     const std::vector<fleet::AlibabaGpuPod>& pods)
{
    const std::vector<fleet::FleetPool> pools = fleet::poolsByShape(nodes);
    fleet::FleetScenarioOptions scenarioOptions;
    scenarioOptions.nodesFile = input.nodesFile;
    scenarioOptions.podsFile = input.podsFile;
    scenarioOptions.totalNodes = nodes.size();
    scenarioOptions.seed = options.arrivals.seed;
    const std::string scenarioText =
        "# The fleet of `orrery replay alibaba-gpu` (docs/fleet.md, \"GPU sharing replay\"). The replay placed the\n"
        "# pods of " + input.podsFile + " one by one; the workloads below are the importer's summary of them,\n"
        "# for `orrery run`, not what the replay ran.\n" +
        fleet::writeAlibabaFleetScenario(pools, pods, scenarioOptions);

    // The experiment: arms = policies, sweep = arrived GPU demand, one cell per (point, policy, seed).
    experiment::ExperimentSpec spec;
    for (const std::string& policy : options.policies)
        spec.arms.push_back({policy, {}, std::nullopt, {}});
    spec.baseline = 0;
    spec.treatment = spec.arms.size() - 1;
    for (int run = 0; run < options.runs; ++run)
        spec.seeds.push_back(options.arrivals.seed + static_cast<std::uint64_t>(run));
    spec.metrics = {{kAllocation, {}}, {kFragmentation, {}}, {kFailedPods, {}}};
    spec.sweep.emplace();
    for (int percent = 0; percent <= options.maxPercent; percent += input.sweepStep)
        spec.sweep->points.push_back({static_cast<double>(percent), std::to_string(percent), {}});

    std::vector<store::ExperimentCellMetric> cellMetrics;
    for (std::size_t point = 0; point < spec.sweep->points.size(); ++point) {
        const int percent = static_cast<int>(spec.sweep->points[point].value);
        for (const fleet::GpuReplayRun& run : study.runs) {
            store::ExperimentCell cell{static_cast<int>(point), spec.sweep->points[point].text, run.policy, run.seed, 0};
            cellMetrics.push_back({cell, 0, kAllocation, at(run.allocationPercent, percent), "%"});
            cellMetrics.push_back({cell, 0, kFragmentation, at(run.fragmentationPercent, percent), "%"});
            cellMetrics.push_back({cell, 0, kFailedPods, at(run.failedPodsCurve, percent), "pods"});
        }
    }

    store::ExperimentRecord record;
    record.name = "alibaba-gpu-replay";
    record.description = "GPU sharing replay of the Alibaba 2023 openb pods (docs/fleet.md, \"GPU sharing replay\"): "
                         "per policy and seed, GPU allocation and fragmentation against arrived GPU demand.";
    record.experimentFile = "orrery replay alibaba-gpu";
    record.experimentText = input.parameters;
    record.scenarioFile = input.nodesFile;
    record.scenarioText = scenarioText;
    record.baselineArm = spec.arms.front().name;
    record.treatmentArm = spec.arms.back().name;
    record.sweepParameter = "arrived GPU demand (% of capacity)";
    // One replay gives every sweep point, so the experiment's runs are the replays.
    record.cellCount = static_cast<std::int64_t>(spec.arms.size() * spec.seeds.size());

    store::Project project = store::Project::open(input.projectPath);
    ReplayProjectRecord stored;
    store::ExperimentStore experiments(project);
    stored.experiment = experiments.findOrCreate(record).id;
    experiments.saveResults(stored.experiment, experiment::compareArms(spec, cellMetrics));

    // Per policy, its first seed's GPUs after the last pod: pods stay, so that is the peak.
    const std::map<std::string, std::string> names = scenarioNodeNames(pools, nodes);
    store::ProjectRunRecorder recorder(project);
    for (const std::string& policy : options.policies) {
        const auto run = std::find_if(study.runs.begin(), study.runs.end(),
                                      [&](const fleet::GpuReplayRun& candidate) { return candidate.policy == policy; });
        if (run == study.runs.end())
            continue;
        sim::RunInfo info;
        info.scenarioName = "alibaba-gpu-replay";
        info.scenarioText = scenarioText;
        info.seed = run->seed;
        info.policies = {{"placement", policy}};
        recorder.beginRun(info);
        recorder.recordMetric("gpu.allocation.final", at(run->allocationPercent, options.maxPercent), "%");
        recorder.recordMetric("gpu.fragmentation.final", at(run->fragmentationPercent, options.maxPercent), "%");
        recorder.recordMetric("pods.arrived", static_cast<double>(run->pods), "pods");
        recorder.recordMetric("pods.failed", static_cast<double>(run->failedPods), "pods");
        std::vector<std::pair<std::string, std::vector<model::GpuShare>>> gpus;
        gpus.reserve(run->finalGpus.size());
        for (const auto& [node, shares] : run->finalGpus) {
            const auto name = names.find(node);
            if (name != names.end())
                gpus.emplace_back(name->second, shares);
        }
        for (const sim::RunAnnotation& annotation : env::gpuShareAnnotations(gpus, 0))
            recorder.recordAnnotation(annotation);
        recorder.endRun(sim::RunStatus::Completed,
                        "replay of " + std::to_string(run->pods) + " pods with " + policy + ", seed " + std::to_string(run->seed));
        stored.runs.push_back(*recorder.runId());
    }
    return stored;
}

} // namespace orrery::app
