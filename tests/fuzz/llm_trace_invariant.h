#pragma once
// What must hold for parseAzureLlmTrace on any text (tests/fuzz/llm_trace_fuzzer.cpp and the
// replay of tests/fixtures/fuzz-regressions/llm_trace/ in tst_azure_llm_trace).
#include "fuzz_check.h"
#include "kinds/model_serving/azure_llm_trace.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <stdexcept>

namespace orrery::fuzz {

//! "" when parseAzureLlmTrace(text, source) keeps its promises: a trace whose arrivals start at 0
//! (relative to the first row), are finite and never go back, with the source it was given; or a
//! std::runtime_error "<source>:<line>: <field>: <what>" whose line is between 1 and the text's
//! line count and whose field is one of the format's. Nothing else may escape.
inline std::string llmTraceProblem(std::string_view text, const std::string& source)
{
    const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    try {
        const kinds::model_serving::LlmRequestTrace trace = kinds::model_serving::parseAzureLlmTrace(text, source);
        if (trace.source != source)
            return "the trace names another source: " + trace.source;
        double previous = 0;
        for (std::size_t i = 0; i < trace.requests.size(); ++i) {
            const double at = trace.requests[i].arrivalSeconds;
            if (!std::isfinite(at) || at < previous || (i == 0 && at != 0.0))
                return "arrival " + std::to_string(i) + " is not finite, goes back or does not start at 0";
            previous = at;
        }
    } catch (const std::runtime_error& error) {
        const std::string what = error.what();
        if (!what.starts_with(source + ":"))
            return "error without the source: " + what;
        const std::string rest = what.substr(source.size() + 1);
        const auto colon = rest.find(':');
        std::size_t line = 0;
        try {
            line = colon == std::string::npos ? 0 : std::stoul(rest.substr(0, colon));
        } catch (const std::exception&) {
            return "error without a line number: " + what;
        }
        if (line < 1 || line > lines)
            return "error line outside the text (" + std::to_string(lines) + " lines): " + what;
        const std::string field = colon == std::string::npos ? std::string() : rest.substr(colon + 1);
        if (!field.starts_with(" TIMESTAMP:") && !field.starts_with(" ContextTokens:") && !field.starts_with(" GeneratedTokens:")
            && !field.starts_with(" header:") && !field.starts_with(" row:"))
            return "error without a field of the format: " + what;
    } catch (const std::exception& error) {
        return std::string("undocumented exception: ") + error.what();
    } catch (...) {
        return "a non-std exception";
    }
    return {};
}

} // namespace orrery::fuzz
