// libFuzzer harness: Azure LLM inference trace CSV → parseAzureLlmTrace (core/kinds/model_serving);
// the invariant is llmTraceProblem (llm_trace_invariant.h).
#include "llm_trace_invariant.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    orrery::fuzz::check("llm_trace", orrery::fuzz::llmTraceProblem(orrery::fuzz::asText(data, size), "fuzzed-trace.csv"));
    return 0;
}
