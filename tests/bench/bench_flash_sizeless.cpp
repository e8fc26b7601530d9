// bench_flash_sizeless: seed 001 Table 5.5 (§5.6.3) on Orrery's simulator — the Sizeless-style
//   resource-configuration search with and without FLASH. Generated applications (the pool of
//   `orrery generate apps`) are measured at several CPU limits (SizingDatasetBuilder); for each
//   k = 1, 2, 3 a regressor predicts the mean latency at a target limit from the measurements at
//   k base limits, trained with MAPE on the training applications and evaluated on the held-out
//   ones: the plain fully connected ReLU network (Sizeless) against the same network conditioned
//   on FLASH's embedding of the k samples (FlashRegressor). MAPE per application, averaged over
//   model seeds, with a bootstrap 95 % interval over applications; the paired difference too.
// Usage: bench_flash_sizeless [--apps 80] [--held-out 0.25] [--pool-seed 1] [--seeds 5]
//          [--horizon 600] [--epochs 200] [--hidden 64] [--layers 4] [--embedding 8]
//          [--encoder 32] [--weight-decay 1e-4] [--lr 1e-3] [--batch 32]
// Prints the dataset, the table and "<figure> <value> <unit>" lines. One intra-op thread.
#include "appgen/segment_catalog_reader.h"
#include "learn/deterministic_torch.h"
#include "learn/flash_regressor.h"
#include "orrery_plugin_first_fit.h"
#include "policy/plugin_registry.h"
#include "sizing/bootstrap_mean.h"
#include "sizing/sizing_dataset_builder.h"
#include "sizing/sizing_features.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

using namespace orrery;

namespace {

struct Options {
    sizing::SizingDatasetOptions dataset;
    std::size_t seeds = 5;
    learn::FlashRegressorConfig model;
};

std::vector<learn::FlashQuery> toFlash(const sizing::SizingDataset& dataset, const std::vector<sizing::SizingQuery>& queries)
{
    std::vector<learn::FlashQuery> out;
    for (const auto& q : queries) {
        learn::FlashQuery f;
        f.application = dataset.applications[q.application].name;
        f.context = q.bases; // buffer index = configuration index
        f.input = sizing::sizingInput(dataset, q);
        f.label = sizing::sizingLabel(dataset, q);
        out.push_back(std::move(f));
    }
    return out;
}

void insertSamples(learn::FlashRegressor& model, const sizing::SizingDataset& dataset, bool heldOut)
{
    for (const auto& app : dataset.applications) {
        if (app.heldOut != heldOut)
            continue;
        std::vector<std::vector<float>> samples;
        for (const auto& m : app.measurements)
            samples.push_back(sizing::sizingSample(m));
        model.insertDataSamples(app.name, samples);
    }
}

//! Per application (dataset index): the sum of APEs and their count.
using PerApp = std::map<std::size_t, std::pair<double, std::size_t>>;

void accumulate(PerApp& perApp, const std::vector<sizing::SizingQuery>& queries, const std::vector<float>& predicted,
                const sizing::SizingDataset& dataset)
{
    for (std::size_t i = 0; i < queries.size(); ++i) {
        const double y = sizing::sizingLabel(dataset, queries[i]);
        auto& [sum, n] = perApp[queries[i].application];
        sum += std::abs(static_cast<double>(predicted[i]) - y) / y;
        ++n;
    }
}

std::vector<double> mapes(const PerApp& perApp)
{
    std::vector<double> out;
    for (const auto& [app, v] : perApp)
        out.push_back(v.first / static_cast<double>(v.second));
    return out;
}

std::string cell(const analysis::ConfidenceInterval& ci)
{
    char text[96];
    std::snprintf(text, sizeof text, "%.3f (%.3f–%.3f)", ci.estimate, ci.low, ci.high);
    return text;
}

//! The latency of the base configuration nearest the target (in log cores; the larger on a tie):
//! what one would guess with no model.
std::vector<float> nearestBase(const sizing::SizingDataset& dataset, const std::vector<sizing::SizingQuery>& queries)
{
    std::vector<float> out;
    for (const auto& q : queries) {
        const auto& limits = dataset.options.cpuLimits;
        std::size_t best = q.bases.front();
        for (const std::size_t b : q.bases) {
            const double d = std::abs(std::log(limits[b] / limits[q.target]));
            const double bestD = std::abs(std::log(limits[best] / limits[q.target]));
            if (d < bestD - 1e-12 || (std::abs(d - bestD) <= 1e-12 && b > best))
                best = b;
        }
        out.push_back(static_cast<float>(dataset.applications[q.application].measurements[best].meanLatency));
    }
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    Options o;
    o.model.task = "resource-configuration-search";
    o.model.sampleDim = sizing::kSampleDim;
    o.model.embeddingDim = 8;
    o.model.encoderHidden = 32;
    o.model.hiddenUnits = 64;
    o.model.hiddenLayers = 4;
    o.model.epochs = 200;
    o.model.batchSize = 32;
    o.model.learningRate = 1e-3;
    o.model.weightDecay = 1e-4;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i];
        const char* v = argv[i + 1];
        if (key == "--apps") o.dataset.applications = std::strtoul(v, nullptr, 10);
        else if (key == "--held-out") o.dataset.heldOutFraction = std::atof(v);
        else if (key == "--pool-seed") o.dataset.seed = std::strtoull(v, nullptr, 10);
        else if (key == "--seeds") o.seeds = std::strtoul(v, nullptr, 10);
        else if (key == "--horizon") o.dataset.horizon = static_cast<sim::SimTime>(std::atof(v) * 1e9);
        else if (key == "--epochs") o.model.epochs = std::strtoul(v, nullptr, 10);
        else if (key == "--hidden") o.model.hiddenUnits = std::strtoul(v, nullptr, 10);
        else if (key == "--layers") o.model.hiddenLayers = std::strtoul(v, nullptr, 10);
        else if (key == "--embedding") o.model.embeddingDim = std::strtoul(v, nullptr, 10);
        else if (key == "--encoder") o.model.encoderHidden = std::strtoul(v, nullptr, 10);
        else if (key == "--weight-decay") o.model.weightDecay = std::atof(v);
        else if (key == "--lr") o.model.learningRate = std::atof(v);
        else if (key == "--batch") o.model.batchSize = std::strtoul(v, nullptr, 10);
        else {
            std::fprintf(stderr, "bench_flash_sizeless: unknown option %s\n", key.c_str());
            return 2;
        }
    }

    const auto load = appgen::loadSegmentCatalog(ORRERY_SOURCE_DIR "/resources/profiles/segments.yaml");
    if (!load.ok()) {
        std::fprintf(stderr, "%s\n", model::formatAll(load.diagnostics).c_str());
        return 2;
    }
    policy::PluginRegistry registry;
    registry.registerStatic(orrery_first_fit_descriptor());
    const sizing::SizingDatasetBuilder builder(load.catalog, registry);
    const sizing::SizingDataset dataset = builder.build(o.dataset);
    const std::size_t configs = o.dataset.cpuLimits.size();
    std::printf("dataset: %zu applications (%zu train, %zu held out, pool seed %llu), %zu CPU limits, horizon %.0f s, "
                "%zu simulations, built in %.1f s\n",
                dataset.applications.size(), dataset.applications.size() - dataset.heldOutCount(), dataset.heldOutCount(),
                static_cast<unsigned long long>(o.dataset.seed), configs, sim::toSeconds(o.dataset.horizon),
                dataset.applications.size() * configs, dataset.buildSeconds);
    {
        // Spread of the label: mean latency ratio between the smallest and the largest limit.
        std::vector<double> ratio;
        for (const auto& app : dataset.applications)
            ratio.push_back(app.measurements.front().meanLatency / app.measurements.back().meanLatency);
        std::printf("latency at %.2g cores / at %.2g cores: mean %.2f\n", o.dataset.cpuLimits.front(),
                    o.dataset.cpuLimits.back(), sizing::bootstrapMean(ratio).estimate);
    }
    std::printf("model: %zu x %zu ReLU, Adam lr %g, weight decay %g, %zu epochs, batch %zu, MAPE loss; FLASH embedding %zu "
                "(set encoder %zu); seeds 1..%zu\n\n",
                o.model.hiddenLayers, o.model.hiddenUnits, o.model.learningRate, o.model.weightDecay, o.model.epochs,
                o.model.batchSize, o.model.embeddingDim, o.model.encoderHidden, o.seeds);

    struct Result {
        analysis::ConfidenceInterval train, test, diff;
        double seconds = 0;
    };
    std::map<std::pair<std::string, std::size_t>, Result> results;
    for (std::size_t k = 1; k < configs && k <= 3; ++k) {
        const auto trainQ = sizing::sizingQueries(dataset, k, false);
        const auto testQ = sizing::sizingQueries(dataset, k, true);
        const auto trainF = toFlash(dataset, trainQ);
        const auto testF = toFlash(dataset, testQ);
        PerApp nearestTest;
        accumulate(nearestTest, testQ, nearestBase(dataset, testQ), dataset);
        results[{"nearest base (no model)", k}].test = sizing::bootstrapMean(mapes(nearestTest));
        PerApp perTrain[2], perTest[2];
        double seconds[2] = {0, 0};
        for (std::size_t seed = 1; seed <= o.seeds; ++seed) {
            for (int variant = 0; variant < 2; ++variant) {
                learn::makeTorchDeterministic(seed);
                learn::FlashRegressorConfig config = o.model;
                config.inputDim = sizing::sizingInputDim(k);
                config.embeddingDim = variant == 0 ? 0 : o.model.embeddingDim;
                config.seed = seed;
                learn::FlashRegressor model(config);
                insertSamples(model, dataset, false);
                const auto report = model.fit(trainF);
                insertSamples(model, dataset, true); // after fit: the held-out apps stay out of the standardisation
                seconds[variant] += report.seconds;
                accumulate(perTrain[variant], trainQ, model.predict(trainF), dataset);
                accumulate(perTest[variant], testQ, model.predict(testF), dataset);
                std::fprintf(stderr, "k=%zu seed=%zu %s: loss %.4f -> %.4f, %zu steps, %.1f s\n", k, seed,
                             variant == 0 ? "sizeless" : "flash", report.firstLoss, report.finalLoss, report.steps,
                             report.seconds);
            }
        }
        std::vector<double> diff;
        const auto base = mapes(perTest[0]);
        const auto flash = mapes(perTest[1]);
        for (std::size_t i = 0; i < base.size(); ++i)
            diff.push_back(flash[i] - base[i]);
        for (int variant = 0; variant < 2; ++variant) {
            Result& r = results[{variant == 0 ? "Sizeless" : "FLASH-Sizeless", k}];
            r.train = sizing::bootstrapMean(mapes(perTrain[variant]));
            r.test = sizing::bootstrapMean(mapes(perTest[variant]));
            r.seconds = seconds[variant] / static_cast<double>(o.seeds);
            if (variant == 1)
                r.diff = sizing::bootstrapMean(diff);
        }
    }

    std::printf("MAPE (mean over applications of each one's MAPE, itself averaged over %zu model seeds; 95 %% bootstrap "
                "interval over applications)\n\n",
                o.seeds);
    std::printf("| model | 1-shot | 2-shot | 3-shot |\n| --- | --- | --- | --- |\n");
    for (const char* name : {"Sizeless", "FLASH-Sizeless"}) {
        std::printf("| %s (training) |", name);
        for (std::size_t k = 1; k <= 3; ++k)
            std::printf(" %s |", cell(results[{name, k}].train).c_str());
        std::printf("\n| %s (testing) |", name);
        for (std::size_t k = 1; k <= 3; ++k)
            std::printf(" %s |", cell(results[{name, k}].test).c_str());
        std::printf("\n");
    }
    std::printf("| FLASH − Sizeless (testing, paired by application) |");
    for (std::size_t k = 1; k <= 3; ++k)
        std::printf(" %s |", cell(results[{"FLASH-Sizeless", k}].diff).c_str());
    std::printf("\n| Improved (testing) |");
    for (std::size_t k = 1; k <= 3; ++k)
        std::printf(" %.1f %% |", 100.0 * (1.0 - results[{"FLASH-Sizeless", k}].test.estimate
                                                   / results[{"Sizeless", k}].test.estimate));
    std::printf("\n| nearest base's latency, no model (testing) |");
    for (std::size_t k = 1; k <= 3; ++k)
        std::printf(" %s |", cell(results[{"nearest base (no model)", k}].test).c_str());
    std::printf("\n\n");
    std::printf("flash_sizeless_dataset_build %.2f s\n", dataset.buildSeconds);
    for (std::size_t k = 1; k <= 3; ++k) {
        std::printf("flash_sizeless_fit_sizeless_k%zu %.2f s\n", k, results[{"Sizeless", k}].seconds);
        std::printf("flash_sizeless_fit_flash_k%zu %.2f s\n", k, results[{"FLASH-Sizeless", k}].seconds);
    }
    return 0;
}
