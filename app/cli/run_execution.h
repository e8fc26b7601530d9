#pragma once
#include "model/scenario.h"
#include "policy/plugin_registry.h"
#include "store/ids.h"

#include <optional>
#include <string>

namespace orrery::app {

//! What `orrery run` and `orrery demo` share: run a checked scenario into a project with
//! progress lines on stderr and Ctrl-C cancelling cleanly, then report.
struct RunExecution {
    int exitCode = 0;
    std::optional<store::RunId> runId;
};

//! Writes `--summary-json` atomically (temp file + rename) when summaryJsonPath is set.
RunExecution executeRun(const model::Scenario& scenario, const policy::PluginRegistry& registry,
                        const std::string& projectPath, const std::optional<std::string>& summaryJsonPath,
                        bool quiet);

} // namespace orrery::app
