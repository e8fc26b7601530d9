#include "sizing/sizing_features.h"

#include <cmath>
#include <stdexcept>

namespace orrery::sizing {

std::vector<float> sizingSample(const SizingMeasurement& m)
{
    return {static_cast<float>(std::log2(m.cores)),         static_cast<float>(m.maxUtilization),
            static_cast<float>(m.meanUtilization),          static_cast<float>(std::log(m.p50Latency)),
            static_cast<float>(std::log(m.p99Latency)),     static_cast<float>(std::log(m.meanLatency))};
}

std::vector<float> sizingInput(const SizingDataset& dataset, const SizingQuery& query)
{
    const SizingApplication& app = dataset.applications.at(query.application);
    std::vector<float> input;
    input.reserve(sizingInputDim(query.bases.size()));
    for (const std::size_t base : query.bases) {
        const auto sample = sizingSample(app.measurements.at(base));
        input.insert(input.end(), sample.begin(), sample.end());
    }
    input.push_back(static_cast<float>(std::log2(app.measurements.at(query.target).cores)));
    return input;
}

float sizingLabel(const SizingDataset& dataset, const SizingQuery& query)
{
    return static_cast<float>(dataset.applications.at(query.application).measurements.at(query.target).meanLatency);
}

std::vector<SizingQuery> sizingQueries(const SizingDataset& dataset, std::size_t shots, bool heldOut)
{
    const std::size_t configs = dataset.options.cpuLimits.size();
    if (shots == 0 || shots >= configs)
        throw std::invalid_argument("sizingQueries: " + std::to_string(shots) + "-shot needs 1 to "
                                    + std::to_string(configs - 1) + " base configurations of " + std::to_string(configs));
    // Every k-subset of 0..configs-1 as a bit mask, in lexicographic order of the index lists.
    std::vector<std::vector<std::size_t>> subsets;
    std::vector<std::size_t> current;
    auto recurse = [&](auto& self, std::size_t from) -> void {
        if (current.size() == shots) {
            subsets.push_back(current);
            return;
        }
        for (std::size_t c = from; c < configs; ++c) {
            current.push_back(c);
            self(self, c + 1);
            current.pop_back();
        }
    };
    recurse(recurse, 0);
    std::vector<SizingQuery> out;
    for (std::size_t a = 0; a < dataset.applications.size(); ++a) {
        if (dataset.applications[a].heldOut != heldOut)
            continue;
        for (const auto& bases : subsets)
            for (std::size_t t = 0; t < configs; ++t) {
                bool isBase = false;
                for (const std::size_t b : bases)
                    isBase = isBase || b == t;
                if (!isBase)
                    out.push_back(SizingQuery{a, bases, t});
            }
    }
    return out;
}

} // namespace orrery::sizing
