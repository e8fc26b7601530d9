#pragma once
// What must hold for parseStrlRequests on any text (tests/fuzz/strl_fuzzer.cpp and the replay of
// tests/fixtures/fuzz-regressions/strl/ in tst_strl_parser).
#include "fuzz_check.h"
#include "strl/strl_parser.h"

#include <exception>

namespace orrery::fuzz {

//! "" when parseStrlRequests(text, file) keeps its promises: it does not throw; it gives requests
//! exactly when it gives no diagnostic; every diagnostic names `file`, a line and a message
//! (diagnosticProblem; file-level problems such as an empty file have no field path).
inline std::string strlProblem(std::string_view text, const std::string& file)
{
    strl::StrlParseResult result;
    try {
        result = strl::parseStrlRequests(text, file);
    } catch (const std::exception& error) {
        return std::string("parseStrlRequests threw: ") + error.what();
    } catch (...) {
        return "parseStrlRequests threw a non-std exception";
    }
    if (result.ok() != result.diagnostics.empty())
        return "requests and diagnostics together, or neither";
    for (const model::Diagnostic& diagnostic : result.diagnostics) {
        if (std::string problem = diagnosticProblem(diagnostic, file, /*otherFilesAllowed=*/false); !problem.empty())
            return problem;
    }
    return {};
}

} // namespace orrery::fuzz
