#include "ops/run_summary_json.h"

#include <nlohmann/json.hpp>

namespace orrery::app {

std::string runSummaryJson(const model::Scenario& scenario,
                           const std::vector<std::pair<std::string, std::string>>& policies,
                           const env::RunResult& result)
{
    nlohmann::ordered_json document;
    document["scenario"] = scenario.name;
    document["seed"] = scenario.seed;
    document["horizon_s"] = sim::toSeconds(scenario.horizon);
    nlohmann::ordered_json policyObject = nlohmann::ordered_json::object();
    for (const auto& [point, description] : policies)
        policyObject[point] = description;
    document["policies"] = policyObject;
    document["status"] = std::string(sim::toString(result.status));
    document["events"] = result.events;
    nlohmann::ordered_json metrics = nlohmann::ordered_json::object();
    for (const auto& metric : result.metrics)
        metrics[metric.name] = {{"value", metric.value}, {"unit", metric.unit}};
    document["metrics"] = metrics;
    return document.dump(2) + '\n';
}

} // namespace orrery::app
