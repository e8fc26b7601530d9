#pragma once
#include "live/http_client.h"
#include "live/prometheus_result.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace orrery::live {

//! The Prometheus HTTP API (instant and range queries) over one libcurl handle; thread-confined.
//! Every failure is a LiveError whose message carries the URL and the PromQL, e.g.
//! `prometheus http://h:9090: query "rate(x[5m]": bad_data: 1:11: parse error: unclosed left parenthesis`.
class PrometheusClient {
public:
    explicit PrometheusClient(std::string baseUrl, HttpTimeouts timeouts = {}, HttpEndpoint endpoint = {});
    ~PrometheusClient();
    PrometheusClient(const PrometheusClient&) = delete;
    PrometheusClient& operator=(const PrometheusClient&) = delete;

    //! /api/v1/query at `timeS` (Unix seconds), or now.
    PromResult query(const std::string& promql, std::optional<double> timeS = std::nullopt);
    //! /api/v1/query_range from `startS` to `endS` every `stepS` seconds.
    PromResult queryRange(const std::string& promql, double startS, double endS, double stepS);
    //! True when /-/ready answers 200.
    bool ready();

    [[nodiscard]] const std::string& baseUrl() const { return m_baseUrl; }
    //! Parses an API answer's JSON body (exposed for tests over recorded answers).
    static PromResult parse(const std::string& body, long httpStatus, const std::string& messagePrefix);

private:
    PromResult get(const std::string& endpoint, const std::string& query, const std::string& promql,
                   const char* what);

    std::string m_baseUrl;
    std::unique_ptr<HttpClient> m_http;
};

} // namespace orrery::live
