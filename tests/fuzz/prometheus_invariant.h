#pragma once
// What must hold for PrometheusClient::parse on any answer body (tests/fuzz/prometheus_fuzzer.cpp
// and the replay of tests/fixtures/fuzz-regressions/prometheus/ in tst_prometheus_parse).
#include "fuzz_check.h"
#include "live/live_error.h"
#include "live/prometheus_client.h"

#include <cmath>
#include <exception>

namespace orrery::fuzz {

//! The prefix the client gives parse(): URL and PromQL, as PrometheusClient::get builds it.
inline const std::string kPrometheusPrefix = "prometheus http://fuzz.test:9090: query \"up\"";

//! "" when PrometheusClient::parse(body, httpStatus, prefix) keeps its promises: a PromResult
//! whose shape matches its type (a scalar is one unlabelled series of one sample, a string has
//! no series) and whose sample times are finite; or a LiveError of kind Protocol (not an API
//! answer, a malformed field) or Http (the answer's own error, carrying `httpStatus`) whose
//! message begins with the prefix, so it names the server and the query. Nothing else may escape.
inline std::string prometheusProblem(std::string_view body, long httpStatus)
{
    try {
        const live::PromResult result = live::PrometheusClient::parse(std::string(body), httpStatus, kPrometheusPrefix);
        if (result.type == live::PromResult::Type::Scalar &&
            (result.series.size() != 1 || !result.series[0].labels.empty() || result.series[0].samples.size() != 1))
            return "a scalar that is not one unlabelled series of one sample";
        if (result.type == live::PromResult::Type::String && !result.series.empty())
            return "a string result with series";
        for (const live::PromSeries& series : result.series) {
            for (const live::PromSample& sample : series.samples) {
                if (!std::isfinite(sample.timestampS))
                    return "a sample whose time is not finite";
            }
        }
    } catch (const live::LiveError& error) {
        const std::string message = error.what();
        if (!message.starts_with(kPrometheusPrefix + ": "))
            return "an error that does not name the server and query: " + message;
        if (error.kind() == live::LiveError::Kind::Http && error.httpStatus() != httpStatus)
            return "an Http error without the answer's status: " + message;
        if (error.kind() != live::LiveError::Kind::Http && error.kind() != live::LiveError::Kind::Protocol)
            return "a LiveError of another kind than Protocol or Http: " + message;
    } catch (const std::exception& error) {
        return std::string("undocumented exception: ") + error.what();
    } catch (...) {
        return "a non-std exception";
    }
    return {};
}

//! As a success (200) and as an error answer (422, bad_data) of the API.
inline std::string prometheusProblem(std::string_view body)
{
    for (const long status : {200L, 422L}) {
        if (std::string problem = prometheusProblem(body, status); !problem.empty())
            return problem;
    }
    return {};
}

} // namespace orrery::fuzz
