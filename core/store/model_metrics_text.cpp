#include "store/model_metrics_text.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace orrery::store {

std::string canonicalMetricsText(const ModelMetrics& metrics)
{
    nlohmann::json object = nlohmann::json::object();
    for (const auto& [name, value] : metrics) {
        if (object.contains(name))
            throw std::invalid_argument("metric '" + name + "' is listed twice");
        object[name] = std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
    }
    // std::map-backed objects iterate in key order and dump() without indent is compact; doubles
    // are written in their shortest round-trip form.
    return object.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

ModelMetrics parseMetricsText(std::string_view text)
{
    const nlohmann::json object = nlohmann::json::parse(text, nullptr, false);
    if (!object.is_object())
        throw std::invalid_argument("model metrics are not a JSON object");
    ModelMetrics metrics;
    for (const auto& [name, value] : object.items()) {
        if (value.is_null())
            metrics.emplace_back(name, std::numeric_limits<double>::quiet_NaN());
        else if (value.is_number())
            metrics.emplace_back(name, value.get<double>());
        else
            throw std::invalid_argument("model metric '" + name + "' is not a number");
    }
    return metrics;
}

} // namespace orrery::store
