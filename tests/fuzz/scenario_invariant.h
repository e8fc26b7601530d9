#pragma once
// What must hold for parseScenario on any text (tests/fuzz/scenario_fuzzer.cpp and the replay of
// tests/fixtures/fuzz-regressions/scenario/ in tst_scenario_parser).
#include "fuzz_check.h"
#include "scenario/scenario_loader.h"

#include <exception>

namespace orrery::fuzz {

//! "" when parseScenario(text, file) keeps its promises: it does not throw (documented); it gives
//! a scenario exactly when it gives no diagnostic; the scenario carries its file name and text;
//! every diagnostic passes diagnosticProblem (those of a service graph the text refers to name
//! that graph's file).
inline std::string scenarioProblem(std::string_view text, const std::string& file,
                                   const scenario::ScenarioLoadOptions& options)
{
    scenario::LoadResult result;
    try {
        result = scenario::parseScenario(text, file, options);
    } catch (const std::exception& error) {
        return std::string("parseScenario threw: ") + error.what();
    } catch (...) {
        return "parseScenario threw a non-std exception";
    }
    if (result.ok() != result.diagnostics.empty())
        return "a scenario and diagnostics together, or neither";
    if (result.ok() && (result.scenario->sourceFile != file || result.scenario->sourceText != text))
        return "the scenario does not carry its file name and text";
    for (const model::Diagnostic& diagnostic : result.diagnostics) {
        if (std::string problem = diagnosticProblem(diagnostic, file, /*otherFilesAllowed=*/true); !problem.empty())
            return problem;
    }
    return {};
}

} // namespace orrery::fuzz
