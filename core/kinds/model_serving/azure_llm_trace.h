#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::kinds::model_serving {

//! One request of an LLM inference trace: when it arrived and how many tokens it read and wrote.
struct LlmRequestRecord {
    double arrivalSeconds = 0; //!< relative to the first row of the trace
    std::uint32_t contextTokens = 0;
    std::uint32_t generatedTokens = 0;
};

//! LLM request traces larger than this are refused before reading: the reader holds the file
//! whole (about 40 bytes a row) and 16 bytes a request, so 256 MiB (some 7 M requests; the
//! published 2023 traces are 0.3 and 0.7 MB) stays well inside a laptop's memory
//! (docs/reliability.md, Limits).
inline constexpr std::uintmax_t kMaxLlmTraceFileBytes = std::uintmax_t{256} << 20;

//! An LLM inference request trace in arrival order, with the file it came from.
struct LlmRequestTrace {
    std::string source;
    std::vector<LlmRequestRecord> requests;
};

//! Reads an Azure LLM inference trace (Azure/AzurePublicDataset, `AzureLLMInferenceTrace_*.csv`):
//! the header `TIMESTAMP,ContextTokens,GeneratedTokens`, then one row per request with a
//! timestamp `YYYY-MM-DD hh:mm:ss[.fffffff]` (UTC) and two non-negative token counts. Rows must
//! be in time order, as published. Blank lines, a UTF-8 byte-order mark and CR line ends are
//! accepted. Throws std::runtime_error whose message is "<path>:<line>: <field>: <what is wrong>"
//! on a malformed row (lines count from 1, the header being line 1), and "<path>: <what>" when the
//! file cannot be opened or is larger than kMaxLlmTraceFileBytes.
LlmRequestTrace readAzureLlmTrace(const std::string& path);

//! The same from text already in memory; `source` names it in messages and in the result.
LlmRequestTrace parseAzureLlmTrace(std::string_view text, const std::string& source);

} // namespace orrery::kinds::model_serving
