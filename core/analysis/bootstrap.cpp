#include "analysis/bootstrap.h"

#include "analysis/sample_summary.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace orrery::analysis {
namespace {

//! Uniform in [0, n) without modulo bias; deterministic for a given generator state.
std::size_t uniformIndex(std::mt19937_64& generator, std::size_t n)
{
    const auto range = static_cast<std::uint64_t>(n);
    const std::uint64_t threshold = (0 - range) % range; // 2^64 mod n: values below it are rejected
    for (;;) {
        const std::uint64_t draw = generator();
        if (draw >= threshold)
            return static_cast<std::size_t>(draw % range);
    }
}

double medianOfResample(const std::vector<double>& sample, std::vector<double>& scratch, std::mt19937_64& generator)
{
    scratch.resize(sample.size());
    for (double& value : scratch)
        value = sample[uniformIndex(generator, sample.size())];
    std::sort(scratch.begin(), scratch.end());
    return quantileOfSorted(scratch, 0.5);
}

//! Type-7 quantile that tolerates infinite ratios (inf - inf would interpolate to NaN).
double quantileOfRatios(const std::vector<double>& sorted, double q)
{
    const double position = q * static_cast<double>(sorted.size() - 1);
    const auto lower = static_cast<std::size_t>(std::floor(position));
    const std::size_t upper = std::min(lower + 1, sorted.size() - 1);
    if (sorted[lower] == sorted[upper] || std::isinf(sorted[lower]) || std::isinf(sorted[upper]))
        return position - static_cast<double>(lower) < 0.5 ? sorted[lower] : sorted[upper];
    return sorted[lower] + (position - static_cast<double>(lower)) * (sorted[upper] - sorted[lower]);
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return quantileOfSorted(values, 0.5);
}

} // namespace

double ratioOf(double a, double b)
{
    if (b == 0.0) {
        if (a == 0.0)
            return 1.0;
        return a > 0.0 ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity();
    }
    return a / b;
}

ConfidenceInterval bootstrapRatioOfMedians(const std::vector<double>& baseline, const std::vector<double>& treatment,
                                           const BootstrapOptions& options)
{
    ConfidenceInterval interval;
    if (baseline.empty() || treatment.empty())
        return interval;
    interval.estimate = ratioOf(median(treatment), median(baseline));
    if (options.resamples <= 0)
        return interval;

    std::mt19937_64 generator(options.seed);
    std::vector<double> ratios;
    ratios.reserve(static_cast<std::size_t>(options.resamples));
    std::vector<double> scratch;
    for (int replicate = 0; replicate < options.resamples; ++replicate) {
        const double baselineMedian = medianOfResample(baseline, scratch, generator);
        const double treatmentMedian = medianOfResample(treatment, scratch, generator);
        ratios.push_back(ratioOf(treatmentMedian, baselineMedian));
    }
    std::sort(ratios.begin(), ratios.end());
    const double alpha = 1.0 - std::clamp(options.confidence, 0.0, 1.0);
    interval.low = quantileOfRatios(ratios, alpha / 2.0);
    interval.high = quantileOfRatios(ratios, 1.0 - alpha / 2.0);
    return interval;
}

} // namespace orrery::analysis
