#include "experiment/metric_family.h"

#include <cmath>
#include <limits>
#include <map>
#include <numeric>

namespace orrery::experiment {

std::vector<MetricFamily> metricFamilies(const ExperimentReportData& data, int sweepIndex, std::size_t minItems)
{
    struct Member {
        std::string item;
        const MetricResults* results = nullptr;
    };
    std::vector<std::string> order;
    std::map<std::string, std::vector<Member>> byPattern;
    for (const MetricResults& results : data.metrics) {
        const std::string& name = results.metric;
        const auto first = name.find('.');
        const auto second = first == std::string::npos ? std::string::npos : name.find('.', first + 1);
        if (second == std::string::npos || second + 1 >= name.size())
            continue;
        const std::string pattern = name.substr(0, first) + ".*." + name.substr(second + 1);
        if (!byPattern.count(pattern))
            order.push_back(pattern);
        byPattern[pattern].push_back({name.substr(first + 1, second - first - 1), &results});
    }
    std::vector<MetricFamily> families;
    for (const std::string& pattern : order) {
        const std::vector<Member>& members = byPattern[pattern];
        if (members.size() < minItems)
            continue;
        MetricFamily family;
        family.pattern = pattern;
        family.unit = members.front().results->unit;
        family.arms = data.arms;
        family.means.assign(data.arms.size(), std::vector<double>(members.size(), std::numeric_limits<double>::quiet_NaN()));
        for (std::size_t i = 0; i < members.size(); ++i) {
            family.items.push_back(members[i].item);
            for (const MetricPoint& point : members[i].results->points) {
                if (point.sweepIndex != sweepIndex)
                    continue;
                for (std::size_t a = 0; a < point.arms.size() && a < data.arms.size(); ++a) {
                    const std::vector<double>& values = point.arms[a].values;
                    if (!values.empty())
                        family.means[a][i] = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
                }
            }
        }
        families.push_back(std::move(family));
    }
    return families;
}

} // namespace orrery::experiment
