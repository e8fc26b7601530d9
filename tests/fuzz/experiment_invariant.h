#pragma once
// What must hold for parseExperiment on any text (tests/fuzz/experiment_fuzzer.cpp and the
// replay of tests/fixtures/fuzz-regressions/experiment/ in tst_experiment_file).
#include "experiment/experiment_loader.h"
#include "fuzz_check.h"

#include <exception>

namespace orrery::fuzz {

//! "" when parseExperiment(text, file) keeps its promises: it does not throw (documented); an
//! experiment exactly when there is no diagnostic; a valid one carries its file name and text and
//! has at least one arm and one seed, with baseline and treatment among the arms; every
//! diagnostic and warning passes diagnosticProblem (the scenario's name the scenario file).
//! `file` should lie next to tests/fuzz/fixture/scenario.yaml so `scenario: scenario.yaml` resolves.
inline std::string experimentProblem(std::string_view text, const std::string& file,
                                     const scenario::ScenarioLoadOptions& options)
{
    experiment::ExperimentLoadResult result;
    try {
        result = experiment::parseExperiment(text, file, options);
    } catch (const std::exception& error) {
        return std::string("parseExperiment threw: ") + error.what();
    } catch (...) {
        return "parseExperiment threw a non-std exception";
    }
    if (result.ok() != result.diagnostics.empty())
        return "an experiment and diagnostics together, or neither";
    if (result.ok()) {
        const experiment::ExperimentSpec& spec = result.experiment->spec;
        if (spec.sourceFile != file || spec.sourceText != text)
            return "the experiment does not carry its file name and text";
        if (spec.arms.empty() || spec.seeds.empty())
            return "a valid experiment without arms or seeds";
        if (spec.baseline >= spec.arms.size() || spec.treatment >= spec.arms.size())
            return "baseline or treatment is not an arm";
    }
    for (const model::Diagnostic& diagnostic : result.diagnostics) {
        if (std::string problem = diagnosticProblem(diagnostic, file, /*otherFilesAllowed=*/true); !problem.empty())
            return problem;
    }
    for (const model::Diagnostic& warning : result.warnings) {
        if (std::string problem = diagnosticProblem(warning, file, /*otherFilesAllowed=*/true); !problem.empty())
            return "warning: " + problem;
    }
    return {};
}

} // namespace orrery::fuzz
