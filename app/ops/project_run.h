#pragma once
#include "env/run_result.h"
#include "model/scenario.h"
#include "policy/plugin_registry.h"
#include "sim/engine.h"
#include "sim/run_control.h"
#include "store/ids.h"
#include "store/stored_model.h"

#include <string>

namespace orrery::app {

//! A run recorded in a project file.
struct ProjectRun {
    store::RunId runId = 0;
    env::RunResult result;
    std::vector<std::pair<std::string, std::string>> policies; //!< as recorded: point → "plugin {params}"
    std::vector<store::RunModel> models; //!< the stored models its trainable policies used
};

//! Simulates `scenario` and records the run into the project at `projectPath` (created if
//! missing). Throws env::SimulationSetupError before touching the project when the policies
//! cannot be set up, and store::StoreError when the project cannot be opened or written.
ProjectRun runIntoProject(const model::Scenario& scenario, const policy::PluginRegistry& registry,
                          const std::string& projectPath, sim::RunControl* control = nullptr,
                          const sim::ProgressCallback& progress = {});

} // namespace orrery::app
