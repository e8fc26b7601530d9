#include "live/prometheus_client.h"

#include "live/live_error.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace orrery::live {
namespace {

using nlohmann::json;

std::string number(double value)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.3f", value);
    return buffer;
}

//! Prometheus writes sample values as strings ("1", "NaN", "+Inf").
PromSample sample(const json& pair, const std::string& prefix)
{
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number() || !pair[1].is_string())
        throw LiveError(LiveError::Kind::Protocol, prefix + ": expected a [time, \"value\"] sample, got " + pair.dump());
    return {pair[0].get<double>(), std::stod(pair[1].get<std::string>())};
}

} // namespace

const char* toString(PromResult::Type type)
{
    switch (type) {
    case PromResult::Type::Vector: return "vector";
    case PromResult::Type::Matrix: return "matrix";
    case PromResult::Type::Scalar: return "scalar";
    case PromResult::Type::String: return "string";
    }
    return "vector";
}

PrometheusClient::PrometheusClient(std::string baseUrl, HttpTimeouts timeouts, HttpEndpoint endpoint)
    : m_baseUrl(std::move(baseUrl)), m_http(std::make_unique<HttpClient>(std::move(endpoint), timeouts))
{
    while (!m_baseUrl.empty() && m_baseUrl.back() == '/')
        m_baseUrl.pop_back();
}

PrometheusClient::~PrometheusClient() = default;

PromResult PrometheusClient::parse(const std::string& body, long httpStatus, const std::string& prefix)
{
    const json answer = json::parse(body, nullptr, false);
    if (!answer.is_object() || !answer.contains("status")) {
        throw LiveError(LiveError::Kind::Protocol, prefix + ": HTTP " + std::to_string(httpStatus) +
                                                       ": not a Prometheus API answer: " + body.substr(0, 200),
                        httpStatus);
    }
    if (answer.value("status", "") != "success") {
        throw LiveError(LiveError::Kind::Http, prefix + ": " + answer.value("errorType", "error") + ": " +
                                                   answer.value("error", "(no message)"),
                        httpStatus);
    }
    const json& data = answer.contains("data") ? answer["data"] : json::object();
    const std::string type = data.value("resultType", "");
    PromResult result;
    const json& items = data.contains("result") ? data["result"] : json::array();
    if (type == "vector" || type == "matrix") {
        result.type = type == "vector" ? PromResult::Type::Vector : PromResult::Type::Matrix;
        for (const json& item : items) {
            PromSeries series;
            if (item.contains("metric") && item["metric"].is_object()) {
                for (const auto& [key, value] : item["metric"].items())
                    series.labels[key] = value.is_string() ? value.get<std::string>() : value.dump();
            }
            if (item.contains("value"))
                series.samples.push_back(sample(item["value"], prefix));
            if (item.contains("values")) {
                series.samples.reserve(item["values"].size());
                for (const json& pair : item["values"])
                    series.samples.push_back(sample(pair, prefix));
            }
            result.series.push_back(std::move(series));
        }
    } else if (type == "scalar") {
        result.type = PromResult::Type::Scalar;
        result.series.push_back({{}, {sample(items, prefix)}});
    } else if (type == "string") {
        result.type = PromResult::Type::String;
        result.stringValue = items.is_array() && items.size() == 2 && items[1].is_string() ? items[1].get<std::string>() : "";
    } else {
        throw LiveError(LiveError::Kind::Protocol, prefix + ": unknown resultType \"" + type + "\"");
    }
    if (answer.contains("warnings") && answer["warnings"].is_array()) {
        for (const json& warning : answer["warnings"])
            result.warnings.push_back(warning.is_string() ? warning.get<std::string>() : warning.dump());
    }
    return result;
}

PromResult PrometheusClient::get(const std::string& endpoint, const std::string& query, const std::string& promql,
                                 const char* what)
{
    const std::string prefix = "prometheus " + m_baseUrl + ": " + what + " \"" + promql + "\"";
    HttpResponse response;
    try {
        response = m_http->perform({"GET", m_baseUrl + endpoint + "?" + query, {"Accept: application/json"}, {}});
    } catch (const LiveError& error) {
        throw LiveError(error.kind(), prefix + ": " + error.what());
    }
    return parse(response.body, response.status, prefix);
}

PromResult PrometheusClient::query(const std::string& promql, std::optional<double> timeS)
{
    std::string query = "query=" + HttpClient::escape(promql);
    if (timeS)
        query += "&time=" + number(*timeS);
    return get("/api/v1/query", query, promql, "query");
}

PromResult PrometheusClient::queryRange(const std::string& promql, double startS, double endS, double stepS)
{
    const std::string query = "query=" + HttpClient::escape(promql) + "&start=" + number(startS) + "&end=" + number(endS) +
                              "&step=" + number(stepS);
    return get("/api/v1/query_range", query, promql, "range query");
}

bool PrometheusClient::ready()
{
    try {
        return m_http->perform({"GET", m_baseUrl + "/-/ready", {}, {}}).status == 200;
    } catch (const LiveError&) {
        return false;
    }
}

} // namespace orrery::live
