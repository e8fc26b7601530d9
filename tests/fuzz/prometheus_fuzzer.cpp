// libFuzzer harness: a Prometheus HTTP API answer (/api/v1/query, /api/v1/query_range) →
// PrometheusClient::parse (core/live); the invariant is prometheusProblem (prometheus_invariant.h).
#include "prometheus_invariant.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    orrery::fuzz::check("prometheus", orrery::fuzz::prometheusProblem(orrery::fuzz::asText(data, size)));
    return 0;
}
