#include "output_length_predictor.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace orrery::plugins {

OutputLengthPredictor::OutputLengthPredictor()
    : OutputLengthPredictor(Options{})
{
}

OutputLengthPredictor::OutputLengthPredictor(Options options)
    : m_options(options)
{
    m_options.window = std::max<std::size_t>(m_options.window, 1);
    m_options.priorWeight = std::max(m_options.priorWeight, 0.0);
}

int OutputLengthPredictor::bucketOf(std::uint32_t inputTokens)
{
    const int width = std::bit_width(static_cast<std::uint64_t>(inputTokens) + 1) - 1; // ⌊log2(n+1)⌋
    return std::min(width, kBuckets - 1);
}

const OutputLengthPredictor::ModelStats* OutputLengthPredictor::find(std::string_view model) const
{
    for (const ModelStats& stats : m_models)
        if (stats.name == model)
            return &stats;
    return nullptr;
}

OutputLengthPredictor::ModelStats& OutputLengthPredictor::findOrAdd(std::string_view model)
{
    for (ModelStats& stats : m_models)
        if (stats.name == model)
            return stats;
    ModelStats& stats = m_models.emplace_back();
    stats.name = std::string(model);
    stats.window.reserve(std::min<std::size_t>(m_options.window, 1024));
    return stats;
}

int OutputLengthPredictor::classIn(const ModelStats& stats, std::uint32_t outputTokens)
{
    int c = 0;
    while (c < 4 && static_cast<double>(outputTokens) >= stats.boundaries[static_cast<std::size_t>(c)])
        ++c;
    return c;
}

void OutputLengthPredictor::refresh(ModelStats& stats)
{
    // Percentiles p25, p50, p75, p99 of the window (lower order statistic at ⌊q·(n−1)⌋).
    std::vector<std::uint32_t> lengths;
    lengths.reserve(stats.window.size());
    for (const auto& sample : stats.window)
        lengths.push_back(sample.outputTokens);
    constexpr std::array<double, 4> kQuantiles{0.25, 0.50, 0.75, 0.99};
    for (std::size_t i = 0; i < kQuantiles.size(); ++i) {
        const auto k = static_cast<std::size_t>(std::floor(kQuantiles[i] * static_cast<double>(lengths.size() - 1)));
        std::nth_element(lengths.begin(), lengths.begin() + static_cast<std::ptrdiff_t>(k), lengths.end());
        stats.boundaries[i] = lengths[k];
    }
    // Recount every class under the new boundaries, so counts and boundaries always agree.
    stats.total = {};
    for (auto& counts : stats.bucket)
        counts = {};
    std::array<double, kClasses> sums{};
    for (const auto& sample : stats.window) {
        const auto c = static_cast<std::size_t>(classIn(stats, sample.outputTokens));
        stats.bucket[sample.bucket][c] += 1;
        stats.total[c] += 1;
        sums[c] += sample.outputTokens;
    }
    for (std::size_t c = 0; c < kClasses; ++c) {
        // An empty class (ties at a boundary) stands at its lower edge, keeping the means monotone.
        stats.classMean[c] = stats.total[c] > 0 ? sums[c] / stats.total[c] : (c == 0 ? 0.0 : stats.boundaries[c - 1]);
    }
}

void OutputLengthPredictor::learn(std::string_view model, std::uint32_t inputTokens, std::uint64_t inputHash,
                                  std::uint32_t outputTokens)
{
    ModelStats& stats = findOrAdd(model);
    const ModelStats::Sample sample{outputTokens, static_cast<std::uint8_t>(bucketOf(inputTokens))};
    if (stats.window.size() < m_options.window) {
        stats.window.push_back(sample);
    } else {
        // The ring drops its oldest completion; its class is counted under the current boundaries.
        const ModelStats::Sample old = stats.window[stats.next];
        const auto c = static_cast<std::size_t>(classIn(stats, old.outputTokens));
        stats.bucket[old.bucket][c] -= 1;
        stats.total[c] -= 1;
        stats.window[stats.next] = sample;
        stats.next = (stats.next + 1) % m_options.window;
    }
    ++stats.seen;
    if (stats.seen >= stats.nextRefresh) {
        // Boundaries settle quickly: refresh at 1, 2, 4, … 1024 completions, then every 1024.
        refresh(stats);
        stats.nextRefresh = stats.seen < 1024 ? stats.seen * 2 : stats.seen + 1024;
    } else {
        const auto c = static_cast<std::size_t>(classIn(stats, outputTokens));
        stats.bucket[sample.bucket][c] += 1;
        stats.total[c] += 1;
    }
    if (inputHash != 0)
        remember(static_cast<std::size_t>(&stats - m_models.data()), inputHash, outputTokens);
}

void OutputLengthPredictor::remember(std::size_t modelIndex, std::uint64_t inputHash, std::uint32_t outputTokens)
{
    if (m_options.cacheCapacity == 0)
        return;
    auto& cache = m_models[modelIndex].cache;
    if (auto it = cache.find(inputHash); it != cache.end()) {
        it->second = outputTokens;
        return;
    }
    if (m_cacheOrder.size() < m_options.cacheCapacity) {
        m_cacheOrder.emplace_back(modelIndex, inputHash);
    } else {
        const auto [oldModel, oldHash] = m_cacheOrder[m_cacheNext];
        m_models[oldModel].cache.erase(oldHash);
        --m_cacheSize;
        m_cacheOrder[m_cacheNext] = {modelIndex, inputHash};
        m_cacheNext = (m_cacheNext + 1) % m_options.cacheCapacity;
    }
    cache.emplace(inputHash, outputTokens);
    ++m_cacheSize;
}

std::optional<std::uint32_t> OutputLengthPredictor::cached(std::string_view model, std::uint64_t inputHash) const
{
    if (inputHash == 0)
        return std::nullopt;
    const ModelStats* stats = find(model);
    if (stats == nullptr)
        return std::nullopt;
    const auto it = stats->cache.find(inputHash);
    if (it == stats->cache.end())
        return std::nullopt;
    return it->second;
}

std::optional<double> OutputLengthPredictor::expectedClass(std::string_view model, std::uint32_t inputTokens) const
{
    const ModelStats* stats = find(model);
    if (stats == nullptr || stats->seen == 0)
        return std::nullopt;
    double modelCount = 0;
    double modelSum = 0;
    double bucketCount = 0;
    double bucketSum = 0;
    const auto& bucket = stats->bucket[static_cast<std::size_t>(bucketOf(inputTokens))];
    for (std::size_t c = 0; c < kClasses; ++c) {
        modelCount += stats->total[c];
        modelSum += static_cast<double>(c) * stats->total[c];
        bucketCount += bucket[c];
        bucketSum += static_cast<double>(c) * bucket[c];
    }
    const double prior = modelCount > 0 ? modelSum / modelCount : 2.0;
    const double w = m_options.priorWeight;
    if (bucketCount + w <= 0)
        return prior;
    return (bucketSum + w * prior) / (bucketCount + w);
}

std::optional<int> OutputLengthPredictor::predictedClass(std::string_view model, std::uint32_t inputTokens) const
{
    const auto expected = expectedClass(model, inputTokens);
    if (!expected)
        return std::nullopt;
    return std::clamp(static_cast<int>(std::lround(*expected)), 0, kClasses - 1);
}

std::optional<double> OutputLengthPredictor::predictedTokens(std::string_view model, std::uint32_t inputTokens,
                                                             std::uint64_t inputHash) const
{
    if (const auto exact = cached(model, inputHash))
        return static_cast<double>(*exact);
    const auto expected = expectedClass(model, inputTokens);
    if (!expected)
        return std::nullopt;
    const ModelStats& stats = *find(model);
    const double e = std::clamp(*expected, 0.0, static_cast<double>(kClasses - 1));
    const auto lower = static_cast<std::size_t>(std::floor(e));
    const std::size_t upper = std::min<std::size_t>(lower + 1, kClasses - 1);
    const double t = e - static_cast<double>(lower);
    return (1 - t) * stats.classMean[lower] + t * stats.classMean[upper];
}

std::optional<int> OutputLengthPredictor::classOf(std::string_view model, std::uint32_t outputTokens) const
{
    const ModelStats* stats = find(model);
    if (stats == nullptr || stats->seen == 0)
        return std::nullopt;
    return classIn(*stats, outputTokens);
}

std::optional<std::array<double, 4>> OutputLengthPredictor::boundaries(std::string_view model) const
{
    const ModelStats* stats = find(model);
    if (stats == nullptr || stats->seen == 0)
        return std::nullopt;
    return stats->boundaries;
}

} // namespace orrery::plugins
