#pragma once
#include "model/scenario.h"
#include "policy/control_training.h"
#include "policy/plugin_registry.h"
#include "store/ids.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace orrery::store {
class Project;
}

namespace orrery::app {

//! The observers of trainControlIntoProject; either may be empty. They run on the training thread.
struct ControlTrainingHooks {
    //! After every episode; return false to stop after it (the run then counts as cancelled).
    std::function<bool(const policy::ControlEpisodeReport&)> onEpisode;
    //! After a checkpoint was stored in the project as model `id`.
    std::function<void(std::uint32_t episode, store::ModelId id)> onCheckpointStored;
};

//! What trainControlIntoProject did.
struct ControlTrainingOutcome {
    bool cancelled = false;                //!< a hook stopped training; no final model was stored
    int checkpoints = 0;                   //!< checkpoints stored
    std::uint64_t steps = 0;               //!< environment steps over all episodes
    std::optional<store::ModelId> modelId; //!< the final model, unless cancelled
    std::size_t modelBytes = 0;
    std::string report;                                  //!< the plugin's training report
    std::vector<std::pair<std::string, double>> metrics; //!< the plugin's training metrics
};

//! "one-for-all", "one-for-each" or "transfer" as a mode; nullopt for anything else.
std::optional<policy::ControlTrainingMode> controlTrainingModeFrom(const std::string& text);
//! The scenario's control choice when it names the plugin (its parameters apply), else defaults.
model::PolicyChoice controlTrainingChoice(const model::Scenario& scenario, const std::string& plugin);

//! Trains `choice`'s control plugin in `environment` and stores every checkpoint and, unless a
//! hook stopped training, the final model in the project `project()` returns (called on first
//! store, so a missing project file is created only when there is a model), as `orrery train`
//! and the window's training view both do. `modeText` labels checkpoints. Throws
//! policy::PluginError when training fails and store::StoreError when storing does; stored
//! checkpoints stay.
ControlTrainingOutcome trainControlIntoProject(const policy::PluginRegistry& registry,
                                               const model::PolicyChoice& choice, const model::Scenario& scenario,
                                               policy::Environment& environment,
                                               const policy::ControlTrainingConfig& config,
                                               const std::string& modeText,
                                               const std::function<store::Project&()>& project,
                                               const ControlTrainingHooks& hooks);

} // namespace orrery::app
