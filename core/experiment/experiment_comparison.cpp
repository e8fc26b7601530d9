#include "experiment/experiment_comparison.h"

#include "analysis/bootstrap.h"
#include "analysis/mann_whitney.h"
#include "analysis/sample_summary.h"
#include "experiment/metric_catalog.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace orrery::experiment {
namespace {

//! The per-run values of one (sweep point, metric, arm), in cell order.
struct Sample {
    std::vector<std::pair<std::pair<std::uint64_t, int>, double>> keyed; //!< ((seed, repeat), value)
    std::string unit;

    [[nodiscard]] std::vector<double> values(const std::vector<std::uint64_t>& seedOrder) const
    {
        auto ordered = keyed;
        const auto seedRank = [&](std::uint64_t seed) {
            return std::find(seedOrder.begin(), seedOrder.end(), seed) - seedOrder.begin();
        };
        std::sort(ordered.begin(), ordered.end(), [&](const auto& a, const auto& b) {
            return std::make_pair(seedRank(a.first.first), a.first.second) < std::make_pair(seedRank(b.first.first), b.first.second);
        });
        std::vector<double> result;
        for (const auto& entry : ordered)
            result.push_back(entry.second);
        return result;
    }
};

std::uint64_t fnv1a(std::string_view text, std::uint64_t hash = 14695981039346656037ull)
{
    for (const char c : text) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ull;
    }
    return hash;
}

double ratio(double numerator, double denominator)
{
    return std::isnan(numerator) || std::isnan(denominator) ? store::ExperimentResultRow::kNaN
                                                            : analysis::ratioOf(numerator, denominator);
}

void fillSummary(store::ExperimentResultRow& row, const std::vector<double>& values)
{
    row.runs = static_cast<std::int64_t>(values.size());
    if (values.empty())
        return;
    const analysis::SampleSummary summary = analysis::summarize(values);
    row.mean = summary.mean;
    row.p50 = summary.p50;
    row.p90 = summary.p90;
    row.p99 = summary.p99;
    row.min = summary.min;
    row.max = summary.max;
}

} // namespace

std::vector<store::ExperimentResultRow> compareArms(const ExperimentSpec& spec,
                                                    const std::vector<store::ExperimentCellMetric>& cellMetrics,
                                                    const ComparisonOptions& options)
{
    // (sweep index, metric, arm) → values
    std::map<std::tuple<int, std::string, std::string>, Sample> samples;
    for (const auto& entry : cellMetrics) {
        if (std::isnan(entry.value))
            continue;
        Sample& sample = samples[{entry.cell.sweepIndex, entry.metric, entry.cell.arm}];
        sample.keyed.push_back({{entry.cell.seed, entry.cell.repeat}, entry.value});
        sample.unit = entry.unit;
    }
    const std::string& baselineArm = spec.arms.at(spec.baseline).name;

    std::vector<store::ExperimentResultRow> rows;
    for (std::size_t point = 0; point < spec.pointCount(); ++point) {
        const int sweepIndex = static_cast<int>(point);
        const std::string sweepValue = spec.sweep ? spec.sweep->points[point].text : std::string();
        for (const MetricSpec& metric : spec.metrics) {
            const auto sampleOf = [&](const std::string& arm) -> const Sample* {
                const auto it = samples.find({sweepIndex, metric.name, arm});
                return it == samples.end() ? nullptr : &it->second;
            };
            const Sample* baselineSample = sampleOf(baselineArm);
            const std::vector<double> baseline = baselineSample ? baselineSample->values(spec.seeds) : std::vector<double>{};
            const analysis::SampleSummary baselineSummary = analysis::summarize(baseline);
            for (const ArmSpec& arm : spec.arms) {
                store::ExperimentResultRow row;
                row.sweepIndex = sweepIndex;
                row.sweepValue = sweepValue;
                row.metric = metric.name;
                row.arm = arm.name;
                row.baselineArm = baselineArm;
                const Sample* sample = sampleOf(arm.name);
                const std::vector<double> values = sample ? sample->values(spec.seeds) : std::vector<double>{};
                if (sample)
                    row.unit = sample->unit;
                else if (baselineSample)
                    row.unit = baselineSample->unit;
                fillSummary(row, values);
                if (arm.name != baselineArm && !values.empty() && !baseline.empty()) {
                    analysis::BootstrapOptions bootstrap;
                    bootstrap.resamples = options.resamples;
                    bootstrap.confidence = options.confidence;
                    bootstrap.seed = fnv1a(metric.name + '\n' + arm.name + '\n' + std::to_string(point), options.seed);
                    const analysis::ConfidenceInterval interval = analysis::bootstrapRatioOfMedians(baseline, values, bootstrap);
                    row.medianRatio = interval.estimate;
                    row.medianRatioLow = interval.low;
                    row.medianRatioHigh = interval.high;
                    const analysis::MannWhitneyResult test = analysis::mannWhitneyU(baseline, values);
                    row.mannWhitneyU = test.u;
                    row.pValue = test.pValue;
                    row.meanRatio = ratio(row.mean, baselineSummary.mean);
                    if (isLatencyLike(metric.name))
                        row.speedup = ratio(baselineSummary.mean, row.mean);
                }
                rows.push_back(std::move(row));
            }
        }
    }
    return rows;
}

std::vector<std::string> missingMetrics(const ExperimentSpec& spec,
                                        const std::vector<store::ExperimentCellMetric>& cellMetrics)
{
    std::vector<std::string> missing;
    for (const MetricSpec& metric : spec.metrics) {
        const bool recorded = std::any_of(cellMetrics.begin(), cellMetrics.end(),
                                          [&](const auto& entry) { return entry.metric == metric.name; });
        if (!recorded)
            missing.push_back(metric.name);
    }
    return missing;
}

} // namespace orrery::experiment
