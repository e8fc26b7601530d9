#include "octopus_trainer.h"

#include "model/compute_kind.h"
#include "sim/rng_stream.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>

namespace orrery::plugins::octopus {
namespace {

bool usable(const policy::PlacementSample& sample)
{
    return std::isfinite(sample.latencySeconds) && sample.latencySeconds > 0.0;
}

std::string formatted(const char* format, double value)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, value);
    return buffer;
}

//! Everything but the compute kind: samples with equal keys differ only in where they ran.
using GroupKey = std::tuple<std::string, std::string, std::int64_t, std::int64_t, std::int64_t>;

struct KindTotals {
    double latencySum[model::kComputeKindCount] = {};
    int count[model::kComputeKindCount] = {};
};

void addRankAccuracy(const LatencyModel& model, const std::vector<policy::PlacementSample>& samples,
                     std::span<const std::size_t> rows, Evaluation& evaluation)
{
    std::map<GroupKey, KindTotals> groups;
    for (const std::size_t row : rows) {
        const auto& sample = samples[row];
        KindTotals& totals = groups[GroupKey{sample.service, sample.dependsOn, sample.request.millicores,
                                            sample.request.memoryBytes, sample.diskBytes}];
        const int kind = static_cast<int>(sample.compute);
        totals.latencySum[kind] += sample.latencySeconds;
        ++totals.count[kind];
    }
    // One batched prediction for every (group, observed kind).
    std::vector<FeatureRow> features;
    std::vector<std::pair<std::size_t, int>> owners; // (group ordinal, kind) of each row
    std::vector<int> trueFastest;
    std::size_t ordinal = 0;
    for (const auto& [key, totals] : groups) {
        int observedKinds = 0;
        int fastest = -1;
        double fastestMean = std::numeric_limits<double>::infinity();
        for (int kind = 0; kind < model::kComputeKindCount; ++kind) {
            if (totals.count[kind] == 0)
                continue;
            ++observedKinds;
            const double mean = totals.latencySum[kind] / totals.count[kind];
            if (mean < fastestMean) {
                fastestMean = mean;
                fastest = kind;
            }
        }
        if (observedKinds < 2)
            continue;
        model::Resources request;
        request.millicores = std::get<2>(key);
        request.memoryBytes = std::get<3>(key);
        for (int kind = 0; kind < model::kComputeKindCount; ++kind) {
            if (totals.count[kind] == 0)
                continue;
            features.push_back(model.featuresOf(std::get<0>(key), std::get<1>(key), request, std::get<4>(key),
                                                static_cast<model::ComputeKind>(kind)));
            owners.emplace_back(ordinal, kind);
        }
        trueFastest.push_back(fastest);
        ++ordinal;
    }
    evaluation.rankGroups = trueFastest.size();
    if (trueFastest.empty())
        return;
    std::vector<double> predicted(features.size());
    model.predictSeconds(features, predicted);
    std::vector<int> predictedFastest(trueFastest.size(), -1);
    std::vector<double> best(trueFastest.size(), std::numeric_limits<double>::infinity());
    for (std::size_t i = 0; i < owners.size(); ++i) {
        const auto [group, kind] = owners[i];
        if (predicted[i] < best[group]) {
            best[group] = predicted[i];
            predictedFastest[group] = kind;
        }
    }
    std::size_t correct = 0;
    for (std::size_t group = 0; group < trueFastest.size(); ++group)
        correct += predictedFastest[group] == trueFastest[group] ? 1 : 0;
    evaluation.rankAccuracy = static_cast<double>(correct) / static_cast<double>(trueFastest.size());
}

//! Standard normal CDF.
double normalCdf(double x)
{
    return 0.5 * std::erfc(-x / std::sqrt(2.0));
}

} // namespace

std::optional<NoiseEstimate> estimateNoise(const std::vector<policy::PlacementSample>& samples,
                                           std::span<const std::size_t> rows, double tolerance)
{
    struct Moments {
        std::size_t count = 0;
        double mean = 0.0;
        double squares = 0.0; // Welford's sum of squared deviations
    };
    std::map<std::pair<GroupKey, int>, Moments> groups;
    for (const std::size_t row : rows) {
        const auto& sample = samples[row];
        Moments& m = groups[{GroupKey{sample.service, sample.dependsOn, sample.request.millicores,
                                      sample.request.memoryBytes, sample.diskBytes},
                             static_cast<int>(sample.compute)}];
        const double value = std::log(sample.latencySeconds);
        ++m.count;
        const double delta = value - m.mean;
        m.mean += delta / static_cast<double>(m.count);
        m.squares += delta * (value - m.mean);
    }
    // Noise differs between services (a batch job's duration varies far more than a
    // microservice's), so the ceiling is the sample-weighted mean of each group's own.
    const auto ceilingOf = [tolerance](double sigma) {
        if (!(sigma > 0.0))
            return 1.0;
        const double upper = tolerance < 1.0 ? normalCdf(-std::log(1.0 - tolerance) / sigma) : 1.0;
        return upper - normalCdf(-std::log(1.0 + tolerance) / sigma);
    };
    NoiseEstimate estimate;
    double squares = 0.0;
    std::size_t degrees = 0;
    double weightedCeiling = 0.0;
    std::size_t counted = 0;
    for (const auto& [key, m] : groups) {
        if (m.count < 2)
            continue;
        squares += m.squares;
        degrees += m.count - 1;
        ++estimate.groups;
        weightedCeiling += static_cast<double>(m.count) * ceilingOf(std::sqrt(m.squares / static_cast<double>(m.count - 1)));
        counted += m.count;
    }
    if (degrees == 0)
        return std::nullopt;
    estimate.logSigma = std::sqrt(squares / static_cast<double>(degrees));
    estimate.accuracyCeiling = weightedCeiling / static_cast<double>(counted);
    return estimate;
}

SampleSplit splitSamples(const std::vector<policy::PlacementSample>& samples, double heldOutShare, std::uint64_t seed)
{
    SampleSplit split;
    std::vector<std::size_t> order;
    order.reserve(samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i) {
        if (usable(samples[i]))
            order.push_back(i);
        else
            ++split.skipped;
    }
    if (order.size() < kMinimumSamples) {
        throw std::invalid_argument("octopus needs at least " + std::to_string(kMinimumSamples)
                                    + " samples with a positive latency to train, got " + std::to_string(order.size()));
    }
    // Fisher–Yates with the policy's own stream: the same seed always holds out the same samples.
    sim::RngStream rng(seed, "octopus-split");
    for (std::size_t i = order.size() - 1; i > 0; --i)
        std::swap(order[i], order[rng.below(i + 1)]);
    const auto wanted = static_cast<std::size_t>(std::llround(heldOutShare * static_cast<double>(order.size())));
    const std::size_t heldOut = std::clamp<std::size_t>(wanted, 1, order.size() - 1);
    split.heldOut.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(heldOut));
    split.train.assign(order.begin() + static_cast<std::ptrdiff_t>(heldOut), order.end());
    std::sort(split.heldOut.begin(), split.heldOut.end());
    std::sort(split.train.begin(), split.train.end());
    return split;
}

Evaluation evaluate(const LatencyModel& model, const std::vector<policy::PlacementSample>& samples,
                    std::span<const std::size_t> rows, double tolerance)
{
    Evaluation evaluation;
    evaluation.count = rows.size();
    if (rows.empty())
        return evaluation;
    std::vector<FeatureRow> features;
    features.reserve(rows.size());
    for (const std::size_t row : rows)
        features.push_back(model.featuresOf(samples[row]));
    std::vector<double> predicted(rows.size());
    model.predictSeconds(features, predicted);
    std::size_t within = 0;
    double errorSum = 0.0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const double observed = samples[rows[i]].latencySeconds;
        const double relative = std::abs(predicted[i] - observed) / observed;
        within += relative <= tolerance ? 1 : 0;
        errorSum += relative;
    }
    evaluation.accuracy = static_cast<double>(within) / static_cast<double>(rows.size());
    evaluation.mape = errorSum / static_cast<double>(rows.size());
    addRankAccuracy(model, samples, rows, evaluation);
    return evaluation;
}

policy::TrainingResult trainOctopus(const policy::PlacementTrainingSet& data, const TrainerOptions& options)
{
    const SampleSplit split = splitSamples(data.samples, options.heldOutShare, data.seed);
    TreeOptions tree = options.tree;
    tree.seed = data.seed;
    const LatencyModel model = LatencyModel::train(data.samples, split.train, tree);
    const Evaluation heldOut = evaluate(model, data.samples, split.heldOut, options.accuracyTolerance);
    const Evaluation trained = evaluate(model, data.samples, split.train, options.accuracyTolerance);

    policy::TrainingResult result;
    result.model = model.toBytes();
    result.metrics.emplace_back("heldout_accuracy", heldOut.accuracy);
    result.metrics.emplace_back("heldout_mape", heldOut.mape);
    if (heldOut.rankAccuracy)
        result.metrics.emplace_back("heldout_rank_accuracy", *heldOut.rankAccuracy);
    result.metrics.emplace_back("heldout_rank_groups", static_cast<double>(heldOut.rankGroups));
    result.metrics.emplace_back("train_accuracy", trained.accuracy);
    const auto noise = estimateNoise(data.samples, split.train, options.accuracyTolerance);
    if (noise) {
        result.metrics.emplace_back("noise_log_sigma", noise->logSigma);
        result.metrics.emplace_back("heldout_accuracy_ceiling", noise->accuracyCeiling);
    }
    result.metrics.emplace_back("train_samples", static_cast<double>(split.train.size()));
    result.metrics.emplace_back("heldout_samples", static_cast<double>(split.heldOut.size()));
    result.metrics.emplace_back("skipped_samples", static_cast<double>(split.skipped));

    std::string& report = result.report;
    report += "octopus latency model: " + std::to_string(tree.trees) + (tree.trees == 1 ? " tree" : " trees")
        + " of depth <= " + std::to_string(tree.maxDepth) + ", learning rate " + formatted("%g", tree.learningRate)
        + ", target " + (tree.logTarget ? "log(latency)" : "latency") + ", " + std::to_string(model.vocabulary().size() - 1)
        + " service names\n";
    report += "samples: " + std::to_string(split.train.size()) + " trained on, " + std::to_string(split.heldOut.size())
        + " held out (seed " + std::to_string(data.seed) + ")";
    if (split.skipped > 0)
        report += ", " + std::to_string(split.skipped) + " skipped (latency not > 0)";
    report += "\nheld-out accuracy " + formatted("%.4f", heldOut.accuracy) + " (share predicted within "
        + formatted("%g", 100.0 * options.accuracyTolerance) + "% of the observed latency); MAPE "
        + formatted("%.2f", 100.0 * heldOut.mape) + "%; training accuracy " + formatted("%.4f", trained.accuracy) + '\n';
    if (noise) {
        report += "observation noise: sigma of log(latency) " + formatted("%.3f", noise->logSigma)
            + " among samples with identical features, so even exact medians would be accurate for about "
            + formatted("%.4f", noise->accuracyCeiling) + " of the samples\n";
    }
    if (heldOut.rankAccuracy) {
        report += "held-out rank accuracy " + formatted("%.4f", *heldOut.rankAccuracy) + " over "
            + std::to_string(heldOut.rankGroups) + " groups seen on several compute kinds\n";
    } else {
        report += "held-out rank accuracy undefined: no held-out features were seen on two compute kinds\n";
    }
    return result;
}

} // namespace orrery::plugins::octopus
