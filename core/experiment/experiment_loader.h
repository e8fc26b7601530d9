#pragma once
#include "experiment/experiment.h"
#include "model/diagnostic.h"
#include "scenario/scenario_load_options.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace orrery::experiment {

//! Experiment files larger than this are refused before parsing.
inline constexpr std::size_t kMaxExperimentFileBytes = 1024 * 1024;

//! What loading an experiment gives: the experiment and its scenario when both are valid, and
//! every problem found, the experiment file's first (in file order), then the scenario's.
struct ExperimentLoadResult {
    std::optional<Experiment> experiment; //!< set exactly when diagnostics is empty
    model::Diagnostics diagnostics;
    model::Diagnostics warnings; //!< worth showing, but the experiment can run

    [[nodiscard]] bool ok() const { return experiment.has_value(); }
};

//! Reads an experiment file and the scenario it names (`spec.scenario`, relative to the
//! experiment file's directory), and checks every sweep value against the scenario. Never
//! throws and never writes. Plugins are not checked here (see checkExperimentPolicies).
//! `options` says where the scenario's own references (service graphs) are found; its
//! baseDirectory is ignored (they resolve against the scenario's directory).
ExperimentLoadResult loadExperimentFile(const std::string& path, const scenario::ScenarioLoadOptions& options);
ExperimentLoadResult loadExperimentFile(const std::string& path);

//! The same for text in memory; `fileNameForMessages` names it and locates the scenario.
ExperimentLoadResult parseExperiment(std::string_view text, const std::string& fileNameForMessages,
                                     const scenario::ScenarioLoadOptions& options);

//! "file:line:column: warning: path: message", as Diagnostic::format() writes errors.
std::string formatWarning(const model::Diagnostic& warning);

} // namespace orrery::experiment
