// libFuzzer harness: trace JSON text → readTraceText (core/trace; Jaeger, OTLP and Zipkin v2
// detected from the content); the invariant is traceProblem (trace_invariant.h).
#include "trace_invariant.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    orrery::fuzz::check("trace", orrery::fuzz::traceProblem(orrery::fuzz::asText(data, size), "fuzzed-trace.json"));
    return 0;
}
