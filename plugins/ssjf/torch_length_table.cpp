#include "torch_length_table.h"

#include "learn/deterministic_torch.h"
#include "learn/output_length_classifier.h"
#include "output_length_predictor.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <exception>

namespace orrery::plugins {
namespace {

constexpr int kBuckets = OutputLengthPredictor::kBuckets;

//! The input length a bucket stands for in the table (its lower bound; 0 for the empty prompt).
std::uint32_t representativeTokens(int bucket)
{
    return static_cast<std::uint32_t>((std::uint64_t{1} << bucket) - 1); // bucketOf(n) = ⌊log2(n + 1)⌋
}

void appendFeatures(std::vector<float>& out, std::uint32_t model, std::size_t models, std::uint32_t inputTokens)
{
    for (std::size_t m = 0; m < models; ++m)
        out.push_back(m == model ? 1.0f : 0.0f);
    out.push_back(static_cast<float>(std::log1p(static_cast<double>(inputTokens))));
}

} // namespace

TorchLengthTable::TorchLengthTable(Options options)
    : m_options(options)
{
}

std::uint32_t TorchLengthTable::modelIndex(std::string_view model)
{
    const auto it = std::find(m_models.begin(), m_models.end(), model);
    if (it != m_models.end())
        return static_cast<std::uint32_t>(it - m_models.begin());
    m_models.emplace_back(model);
    return static_cast<std::uint32_t>(m_models.size() - 1);
}

void TorchLengthTable::learn(std::string_view model, std::uint32_t inputTokens, std::uint32_t outputTokens)
{
    m_samples.push_back({modelIndex(model), inputTokens, outputTokens});
    if (m_samples.size() > m_options.window)
        m_samples.pop_front();
    ++m_sinceTraining;
    if (m_samples.size() >= m_options.minSamples && (m_retrains == 0 || m_sinceTraining >= m_options.retrainEvery))
        retrain();
}

void TorchLengthTable::retrain()
{
    m_sinceTraining = 0;
    // Groups are the models present in the window, numbered densely; the others keep no entry.
    std::vector<std::uint32_t> denseOf(m_models.size(), UINT32_MAX);
    std::vector<std::uint32_t> present;
    for (const Sample& sample : m_samples) {
        if (denseOf[sample.model] == UINT32_MAX) {
            denseOf[sample.model] = static_cast<std::uint32_t>(present.size());
            present.push_back(sample.model);
        }
    }
    const std::size_t groupsCount = present.size();
    std::vector<float> features;
    std::vector<std::uint32_t> groups;
    std::vector<double> lengths;
    features.reserve(m_samples.size() * (groupsCount + 1));
    for (const Sample& sample : m_samples) {
        appendFeatures(features, denseOf[sample.model], groupsCount, sample.inputTokens);
        groups.push_back(denseOf[sample.model]);
        lengths.push_back(sample.outputTokens);
    }
    learn::OutputLengthClassifierConfig config;
    config.objective = learn::LengthObjective::OrdinalMse;
    config.inputDim = groupsCount + 1;
    config.groups = groupsCount;
    config.epochs = m_options.epochs;
    config.seed = m_options.seed + m_retrains;
    learn::makeTorchDeterministic(config.seed);
    learn::OutputLengthClassifier classifier(config);
    try {
        classifier.fit(features, groups, lengths);
    } catch (const std::exception&) {
        return; // keep the previous table
    }
    // Mean output per (group, class) of the training rows: what a predicted class stands for.
    constexpr std::size_t kClasses = learn::OutputLengthClassifier::kClasses;
    std::vector<std::vector<double>> sum(groupsCount, std::vector<double>(kClasses, 0.0));
    std::vector<std::vector<double>> count(groupsCount, std::vector<double>(kClasses, 0.0));
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        const auto cls = static_cast<std::size_t>(classifier.classOf(groups[i], lengths[i]));
        sum[groups[i]][cls] += lengths[i];
        count[groups[i]][cls] += 1.0;
    }
    std::vector<float> grid;
    std::vector<std::uint32_t> gridGroups;
    for (std::uint32_t g = 0; g < groupsCount; ++g) {
        for (int b = 0; b < kBuckets; ++b) {
            appendFeatures(grid, g, groupsCount, representativeTokens(b));
            gridGroups.push_back(g);
        }
    }
    const std::vector<int> classes = classifier.predictClasses(grid, gridGroups);
    m_table.assign(m_models.size(), {});
    for (std::uint32_t g = 0; g < groupsCount; ++g) {
        std::vector<double>& row = m_table[present[g]];
        row.assign(kBuckets, 0.0);
        for (int b = 0; b < kBuckets; ++b) {
            const auto cls = static_cast<std::size_t>(classes[g * kBuckets + static_cast<std::size_t>(b)]);
            // A predicted class with no training row of this model: the nearest class that has rows.
            std::size_t best = cls;
            for (std::size_t d = 1; d < kClasses && count[g][best] == 0; ++d) {
                if (cls >= d && count[g][cls - d] > 0)
                    best = cls - d;
                else if (cls + d < kClasses && count[g][cls + d] > 0)
                    best = cls + d;
            }
            row[static_cast<std::size_t>(b)] = count[g][best] > 0 ? sum[g][best] / count[g][best] : 0.0;
        }
    }
    ++m_retrains;
}

std::optional<double> TorchLengthTable::predictedTokens(std::string_view model, std::uint32_t inputTokens) const
{
    const auto it = std::find(m_models.begin(), m_models.end(), model);
    const auto m = static_cast<std::size_t>(it - m_models.begin());
    if (it == m_models.end() || m >= m_table.size() || m_table[m].empty())
        return std::nullopt;
    const int bucket = std::clamp(OutputLengthPredictor::bucketOf(inputTokens), 0, kBuckets - 1);
    return m_table[m][static_cast<std::size_t>(bucket)];
}

} // namespace orrery::plugins
