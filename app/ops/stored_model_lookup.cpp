#include "ops/stored_model_lookup.h"

namespace orrery::app {

std::optional<store::ModelSummary> newestModelOf(const store::Project& project, const std::string& plugin,
                                                 const std::string& scenarioName, std::uint64_t seed,
                                                 const std::function<bool(const store::ModelSummary&)>& accept)
{
    std::optional<store::ModelSummary> newest;
    for (store::ModelSummary& model : project.listModels()) {
        if (model.plugin == plugin && model.scenarioName == scenarioName && model.seed == seed && (!accept || accept(model)))
            newest = std::move(model); // oldest first: the last match is the newest
    }
    return newest;
}

std::optional<double> modelMetric(const store::ModelSummary& model, std::string_view name)
{
    for (const auto& [metric, value] : model.metrics) {
        if (metric == name)
            return value;
    }
    return std::nullopt;
}

} // namespace orrery::app
