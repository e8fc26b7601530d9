#include "analysis/roc.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace orrery::analysis {

RocCurve rocCurve(std::span<const double> scores, std::span<const int> labels)
{
    if (scores.size() != labels.size())
        throw std::invalid_argument("roc: scores and labels differ in size");
    RocCurve curve;
    for (std::size_t i = 0; i < scores.size(); ++i) {
        if (std::isnan(scores[i]))
            throw std::invalid_argument("roc: score " + std::to_string(i) + " is NaN");
        if (labels[i] > 0)
            ++curve.positives;
        else
            ++curve.negatives;
    }
    std::vector<std::size_t> order(scores.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    // Descending score; the stable sort keeps the result independent of the standard library.
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });

    const auto rate = [](std::size_t count, std::size_t total) {
        return total == 0 ? 0.0 : static_cast<double>(count) / static_cast<double>(total);
    };
    curve.points.push_back({std::numeric_limits<double>::infinity(), 0.0, 0.0});
    std::size_t truePositives = 0;
    std::size_t falsePositives = 0;
    double area = 0.0;
    for (std::size_t i = 0; i < order.size();) {
        const double threshold = scores[order[i]];
        // Every row tied at this score changes side at once.
        for (; i < order.size() && scores[order[i]] == threshold; ++i) {
            if (labels[order[i]] > 0)
                ++truePositives;
            else
                ++falsePositives;
        }
        const RocPoint& previous = curve.points.back();
        RocPoint point{threshold, rate(falsePositives, curve.negatives), rate(truePositives, curve.positives)};
        area += (point.falsePositiveRate - previous.falsePositiveRate)
            * (point.truePositiveRate + previous.truePositiveRate) / 2.0;
        curve.points.push_back(point);
    }
    curve.auc = (curve.positives == 0 || curve.negatives == 0) ? std::numeric_limits<double>::quiet_NaN() : area;
    return curve;
}

double ConfusionCounts::precision() const
{
    const std::size_t called = truePositives + falsePositives;
    return called == 0 ? 0.0 : static_cast<double>(truePositives) / static_cast<double>(called);
}

double ConfusionCounts::recall() const
{
    const std::size_t positives = truePositives + falseNegatives;
    return positives == 0 ? 0.0 : static_cast<double>(truePositives) / static_cast<double>(positives);
}

double ConfusionCounts::accuracy() const
{
    const std::size_t all = truePositives + falsePositives + trueNegatives + falseNegatives;
    return all == 0 ? 0.0 : static_cast<double>(truePositives + trueNegatives) / static_cast<double>(all);
}

ConfusionCounts confusionAt(std::span<const double> scores, std::span<const int> labels, double threshold)
{
    if (scores.size() != labels.size())
        throw std::invalid_argument("confusion: scores and labels differ in size");
    ConfusionCounts counts;
    for (std::size_t i = 0; i < scores.size(); ++i) {
        const bool called = scores[i] > threshold;
        if (labels[i] > 0)
            ++(called ? counts.truePositives : counts.falseNegatives);
        else
            ++(called ? counts.falsePositives : counts.trueNegatives);
    }
    return counts;
}

} // namespace orrery::analysis
