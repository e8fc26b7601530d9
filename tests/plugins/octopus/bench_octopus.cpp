// Octopus's predictor: accuracy and inference cost of a single tree against small ensembles,
// and the cost of a placement decision with and without the prediction cache.
// Prints "<figure> <value> <unit>" lines (tests/bench convention).
#include "env/simulation.h"
#include "latency_model.h"
#include "octopus_policy.h"
#include "octopus_trainer.h"
#include "orrery_builtin_plugins.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"
#include "synthetic_samples.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <cstdio>
#include <string>

using namespace orrery;
using namespace orrery::plugins::octopus;
using Clock = std::chrono::steady_clock;

namespace {

struct Config {
    const char* name;
    int trees;
    int depth;
    double eta;
    bool logTarget;
};

double microseconds(Clock::duration d)
{
    return std::chrono::duration<double, std::micro>(d).count();
}

//! The fastest of five timings of `body` in µs: the figure least disturbed by other load on
//! the machine.
template <class Body>
double bestOfFive(Body&& body)
{
    double best = 1e300;
    for (int trial = 0; trial < 5; ++trial) {
        const auto start = Clock::now();
        body();
        best = std::min(best, microseconds(Clock::now() - start));
    }
    return best;
}

//! µs per candidate of one batched XGBoost call for a unit with three candidate kinds.
double coldMicrosPerCandidate(const LatencyModel& model, int repeats)
{
    model::Resources request;
    request.millicores = 1000;
    request.memoryBytes = orrery::testing::kGi;
    const FeatureRow rows[3] = {
        model.featuresOf("image-recognition", "media", request, 0, model::ComputeKind::Cpu),
        model.featuresOf("image-recognition", "media", request, 0, model::ComputeKind::Gpu),
        model.featuresOf("image-recognition", "media", request, 0, model::ComputeKind::Asic),
    };
    double out[3];
    double sink = 0.0;
    const double total = bestOfFive([&] {
        for (int i = 0; i < repeats; ++i) {
            model.predictSeconds(rows, out);
            sink += out[0];
        }
    });
    if (sink < 0)
        std::puts("");
    return total / (3.0 * repeats);
}

void compare(const char* dataset, const std::vector<policy::PlacementSample>& samples)
{
    const Config configs[] = {
        {"tree_d6", 1, 6, 1.0, true},       {"tree_d8", 1, 8, 1.0, true},   {"tree_d10", 1, 10, 1.0, true},
        {"tree_d12", 1, 12, 1.0, true},     {"tree_d8_raw", 1, 8, 1.0, false},
        {"gbt10_d6", 10, 6, 0.5, true},     {"gbt30_d6", 30, 6, 0.3, true}, {"gbt100_d6", 100, 6, 0.1, true},
        {"gbt30_d8_raw", 30, 8, 0.3, false},
    };
    for (const Config& config : configs) {
        policy::PlacementTrainingSet data;
        data.samples = samples;
        data.seed = 1;
        TrainerOptions options;
        options.tree.trees = config.trees;
        options.tree.maxDepth = config.depth;
        options.tree.learningRate = config.eta;
        options.tree.logTarget = config.logTarget;
        const auto start = Clock::now();
        const policy::TrainingResult result = trainOctopus(data, options);
        const double trainMs = microseconds(Clock::now() - start) / 1000.0;
        const LatencyModel model = LatencyModel::fromBytes(result.model);
        std::map<std::string, double> metrics(result.metrics.begin(), result.metrics.end());
        std::printf("%s_%s_heldout_accuracy %.4f ratio\n", dataset, config.name, metrics["heldout_accuracy"]);
        std::printf("%s_%s_heldout_mape %.4f ratio\n", dataset, config.name, metrics["heldout_mape"]);
        std::printf("%s_%s_heldout_rank_accuracy %.4f ratio\n", dataset, config.name, metrics["heldout_rank_accuracy"]);
        std::printf("%s_%s_heldout_accuracy_ceiling %.4f ratio\n", dataset, config.name,
                    metrics["heldout_accuracy_ceiling"]);
        std::printf("%s_%s_train %.1f ms\n", dataset, config.name, trainMs);
        std::printf("%s_%s_predict_cold %.2f us/candidate\n", dataset, config.name, coldMicrosPerCandidate(model, 4000));
        std::printf("%s_%s_model_size %zu bytes\n", dataset, config.name, result.model.size());
    }
}

model::NodePoolSpec pool(const char* name, int count)
{
    model::NodePoolSpec spec;
    spec.name = name;
    spec.count = count;
    spec.millicores = 32000;
    spec.memoryBytes = 128 * orrery::testing::kGi;
    return spec;
}

model::Cluster benchCluster(int nodes)
{
    model::NodePoolSpec cpu = pool("cpu", nodes / 2);
    model::NodePoolSpec gpu = pool("gpu", nodes / 4);
    gpu.devices = {{model::DeviceKind::Gpu, "V100", 4}};
    model::NodePoolSpec asic = pool("asic", nodes / 4);
    asic.devices = {{model::DeviceKind::Asic, "TPU", 4}};
    return model::Cluster(model::ClusterSpec{{cpu, gpu, asic}});
}

void decisionCost()
{
    policy::PlacementTrainingSet data;
    data.samples = orrery::testing::syntheticSamples(4000, 1);
    data.seed = 1;
    const auto bytes = trainOctopus(data, TrainerOptions{}).model;
    policy::PolicyContext context;
    context.model = &bytes;
    OctopusPolicy policy(context);

    policy::PendingUnit unit;
    unit.service = "image-recognition";
    unit.dependsOn = "media";
    unit.request.millicores = 1000;
    unit.request.memoryBytes = orrery::testing::kGi;
    unit.request.deviceCount(model::DeviceKind::Gpu) = 1;
    unit.declaredCompute = model::ComputeKind::Gpu;
    unit.computeOptions = model::bitOf(model::ComputeKind::Cpu) | model::bitOf(model::ComputeKind::Gpu)
        | model::bitOf(model::ComputeKind::Asic);

    // Cached prediction: the same unit features again and again.
    const int repeats = 200'000;
    double sink = 0.0;
    double best = bestOfFive([&] {
        for (int i = 0; i < repeats; ++i)
            sink += policy.predict(unit).seconds[1];
    });
    std::printf("predict_cached %.3f us/candidate\n", best / (3.0 * repeats));

    // Every unit new: distinct CPU requests defeat the cache, one XGBoost call per unit.
    const int distinct = 4000;
    int next = 0;
    best = bestOfFive([&] {
        for (int i = 0; i < distinct; ++i) {
            unit.request.millicores = 1000 + ++next;
            sink += policy.predict(unit).seconds[1];
        }
    });
    std::printf("predict_uncached %.3f us/candidate\n", best / (3.0 * distinct));
    // The figure: inference proper, i.e. a batched model call for every new unit.
    std::printf("octopus_inference %.3f us/candidate\n", best / (3.0 * distinct));
    unit.request.millicores = 1000;

    for (const int nodes : {100, 1000, 5000}) {
        const model::Cluster cluster = benchCluster(nodes);
        const int decisions = 200'000 / nodes;
        best = bestOfFive([&] {
            for (int i = 0; i < decisions; ++i)
                sink += policy.place(unit, policy::ClusterView(cluster)).node;
        });
        std::printf("place_%d_nodes %.3f us/decision\n", nodes, best / decisions);
    }
    if (sink < 0)
        std::puts("");
}

//! The placement samples of a scenario run with random placement exploring compute kinds, as
//! `orrery train` collects them.
std::vector<policy::PlacementSample> scenarioSamples(const char* path)
{
    policy::PluginRegistry registry;
    policy::registerBuiltinPlugins(registry);
    auto loaded = scenario::loadScenarioFile(path);
    if (!loaded.scenario) {
        std::fprintf(stderr, "%s", model::formatAll(loaded.diagnostics).c_str());
        std::exit(2);
    }
    model::PolicyChoice explore;
    explore.plugin = "random";
    explore.params.push_back({"exploreCompute", "true", {}});
    loaded.scenario->policies["placement"] = explore;
    std::vector<policy::PlacementSample> samples;
    env::Simulation simulation(*loaded.scenario, registry);
    simulation.setPlacementSampleSink([&](const policy::PlacementSample& sample) { samples.push_back(sample); });
    sim::InMemoryRunRecorder recorder;
    (void)simulation.run(recorder);
    return samples;
}

} // namespace

//! bench_octopus [SCENARIO.yaml…]: the synthetic comparison, then the same on the traces of
//! each scenario given (e.g. resources/scenarios/octopus-small.yaml), then decision costs.
int main(int argc, char** argv)
{
    compare("synthetic", orrery::testing::syntheticSamples(5000, 1));
    compare("synthetic_noisy", orrery::testing::syntheticSamples(5000, 1, 0.15));
    for (int i = 1; i < argc; ++i) {
        std::string name = std::filesystem::path(argv[i]).stem().string();
        std::replace(name.begin(), name.end(), '-', '_');
        compare(name.c_str(), scenarioSamples(argv[i]));
    }
    decisionCost();
    return 0;
}
