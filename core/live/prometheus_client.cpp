#include "live/prometheus_client.h"

#include "live/kube_json.h"
#include "live/live_error.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>

namespace orrery::live {
namespace {

using nlohmann::json;

std::string number(double value)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.3f", value);
    return buffer;
}

//! `key` of `object` when it is a string, else `fallback` (json::value() would throw nlohmann's
//! type_error, which is not a LiveError, for a member of another type).
std::string textOf(const json& object, const char* key, const std::string& fallback = {})
{
    if (!object.is_object())
        return fallback;
    const auto field = object.find(key);
    return field != object.end() && field->is_string() ? field->get<std::string>() : fallback;
}

//! Prometheus writes sample values as strings ("1", "NaN", "+Inf"). strtod rather than std::stod,
//! which throws std::out_of_range for a value that underflows to a denormal ("1e-310") and
//! std::invalid_argument for text that is no number.
PromSample sample(const json& pair, const std::string& prefix)
{
    const bool shaped = pair.is_array() && pair.size() == 2 && pair[0].is_number() && pair[1].is_string();
    if (!shaped) {
        // Named by type and size, never dumped: a dump recurses per nesting level and can be huge.
        const std::string got = pair.is_array() ? "an array of " + std::to_string(pair.size()) + " elements"
                                                : std::string("a JSON ") + pair.type_name();
        throw LiveError(LiveError::Kind::Protocol, prefix + ": expected a [time, \"value\"] sample, got " + got);
    }
    const double timestampS = pair[0].get<double>();
    if (!std::isfinite(timestampS))
        throw LiveError(LiveError::Kind::Protocol, prefix + ": sample time is not a finite number");
    const std::string& text = pair[1].get_ref<const std::string&>();
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size())
        throw LiveError(LiveError::Kind::Protocol,
                        prefix + ": sample value \"" + text.substr(0, 64) + "\" is not a number");
    return {timestampS, value};
}

} // namespace

std::optional<double> firstFiniteValue(const PromResult& result)
{
    for (const PromSeries& series : result.series) {
        for (const PromSample& sample : series.samples) {
            if (std::isfinite(sample.value))
                return sample.value;
        }
    }
    return std::nullopt;
}

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
    json answer;
    try {
        answer = detail::parseJsonDepthLimited(body);
    } catch (const std::exception&) {
        answer = json(); // reported below as "not a Prometheus API answer"
    }
    if (!answer.is_object() || !answer.contains("status")) {
        throw LiveError(LiveError::Kind::Protocol, prefix + ": HTTP " + std::to_string(httpStatus) +
                                                       ": not a Prometheus API answer: " + body.substr(0, 200),
                        httpStatus);
    }
    if (textOf(answer, "status") != "success" && textOf(answer, "error").empty()) {
        // Not Prometheus's own error shape (a proxy's or another API's JSON): the status says more.
        throw LiveError(LiveError::Kind::Http, prefix + ": HTTP " + std::to_string(httpStatus) + ": " + body.substr(0, 200),
                        httpStatus);
    }
    if (textOf(answer, "status") != "success") {
        throw LiveError(LiveError::Kind::Http, prefix + ": " + textOf(answer, "errorType", "error") + ": " +
                                                   textOf(answer, "error", "(no message)"),
                        httpStatus);
    }
    const auto data = answer.find("data");
    if (data == answer.end() || !data->is_object())
        throw LiveError(LiveError::Kind::Protocol, prefix + ": data: expected an object");
    const std::string type = textOf(*data, "resultType");
    PromResult result;
    const auto found = data->find("result");
    static const json kNoResult = json::array();
    const json& items = found != data->end() ? *found : kNoResult; // a reference, not a copy
    if (type == "vector" || type == "matrix") {
        result.type = type == "vector" ? PromResult::Type::Vector : PromResult::Type::Matrix;
        if (!items.is_array())
            throw LiveError(LiveError::Kind::Protocol, prefix + ": data.result: expected an array");
        for (const json& item : items) {
            PromSeries series;
            if (item.contains("metric") && item["metric"].is_object()) {
                for (const auto& [key, value] : item["metric"].items()) {
                    if (!value.is_string())
                        throw LiveError(LiveError::Kind::Protocol,
                                        prefix + ": metric label \"" + key.substr(0, 64) + "\": expected a string");
                    series.labels[key] = value.get<std::string>();
                }
            }
            if (item.contains("value"))
                series.samples.push_back(sample(item["value"], prefix));
            if (item.contains("values")) {
                const json& values = item["values"];
                if (!values.is_array())
                    throw LiveError(LiveError::Kind::Protocol, prefix + ": values: expected an array of samples");
                series.samples.reserve(values.size());
                for (const json& pair : values)
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
        throw LiveError(LiveError::Kind::Protocol, prefix + ": unknown resultType \"" + type.substr(0, 64) + "\"");
    }
    if (answer.contains("warnings") && answer["warnings"].is_array()) {
        for (const json& warning : answer["warnings"])
            result.warnings.push_back(warning.is_string() ? warning.get<std::string>() : std::string("(a JSON ") + warning.type_name() + ")");
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
    // A redirect is not followed and a 429/503 is not retried here: the error says where the
    // answer moved or when to ask again (retryAfter()), and the caller decides.
    const bool redirected = response.status >= 300 && response.status < 400;
    if (redirected || response.status == 429 || response.status == 503) {
        std::string message = prefix + ": HTTP " + std::to_string(response.status);
        if (redirected)
            message += " redirect to " + (response.redirectUrl.empty() ? std::string("(no Location)") : response.redirectUrl) +
                       " (redirects are not followed: use the URL it points to)";
        if (response.retryAfter.count() > 0)
            message += ", retry after " + std::to_string(response.retryAfter.count()) + " s";
        if (!response.body.empty())
            message += ": " + response.body.substr(0, 200);
        throw LiveError(LiveError::Kind::Http, message, response.status, response.retryAfter);
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
